import BrowserSupport
import Foundation
import Images
import XCTest

/// Findings of an audit of the commands that compare and assemble frame folders (diff, check,
/// merge, sheet): each was reproduced on the old code and is refused or fixed now.
final class CompareAuditTests: XCTestCase {
    /// A few small frames of a bundled scene in `dir/name/` (a render's folder).
    func render(into dir: String, frames: String = "0:3") throws -> String {
        let r = try CLI.run(["render", "collision-delegate", "--frames", frames, "--scale", "0.2", "--quiet", "--out", dir])
        XCTAssertEqual(r.status, 0, r.stderr)
        return dir + "/collision-delegate"
    }

    /// Goldens of the collision-delegate scene cut to `duration`, recorded with `options` in
    /// `dir/golden/short/`: the scene file and the goldens' folder.
    func recordGoldens(in dir: String, duration: String, _ options: [String]) throws -> (scene: String, golden: String) {
        let scene = try CLI.shortScene("collision-delegate", "duration: 4,", "duration: \(duration),", in: dir)
        let golden = dir + "/golden"
        let update = try CLI.run(["check", scene, "--golden", golden, "--update"] + options)
        XCTAssertEqual(update.status, 0, update.stderr)
        return (scene, golden)
    }

    func listing(_ path: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// `diff A B --out B` swapped the diff images in over B, and `--report A`, `--out` at the
    /// folder holding both, deleted the inputs being compared (exit 1, no warning). An output
    /// that is an input, holds one or lies inside one is bad usage now, and nothing is touched.
    func testDiffRefusesAnOutputThatWouldReplaceOrEnterAnInput() throws {
        let dir = try CLI.temporaryDirectory("diff-overlap")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let a = try render(into: dir + "/a", frames: "0:31")
        let b = dir + "/b/collision-delegate"
        try FileManager.default.createDirectory(atPath: dir + "/b", withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: a, toPath: b)
        try Data("notes".utf8).write(to: URL(fileURLWithPath: b + "/README"))
        // The second frame made different (the squares have fallen by frame 30), so there is a
        // diff image to write.
        try FileManager.default.removeItem(atPath: b + "/frame_00001.png")
        try FileManager.default.copyItem(atPath: a + "/frame_00030.png", toPath: b + "/frame_00001.png")
        let before = (listing(a), listing(b))
        let cases: [([String], String)] = [
            (["--out", b], "--out \(b) is the actual folder"),
            (["--report", a], "--report \(a) is the expected folder"),
            (["--out", dir], "--out \(dir) holds the expected folder"),
            (["--report", dir + "/b"], "holds the actual folder"),
            (["--out", b + "/diffs"], "lies inside the actual folder"),
            // Through a symbolic link to the input, too, and through `link/..`, which the
            // kernel takes as the parent of the link's target (read as text it was `dir`).
            (["--out", dir + "/link"], "is the expected folder"),
            (["--out", dir + "/other/l/../collision-delegate"], "is the actual folder"),
            // The report would replace the diff images.
            (["--out", dir + "/d", "--report", dir + "/d"], "--report \(dir)/d is the --out folder"),
        ]
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: a)
        try FileManager.default.createDirectory(atPath: dir + "/other", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: dir + "/other/l", withDestinationPath: dir + "/b/x")
        try FileManager.default.createDirectory(atPath: dir + "/b/x", withIntermediateDirectories: false)
        for (options, says) in cases {
            let r = try CLI.run(["diff", a, b] + options)
            XCTAssertEqual(r.status, 2, "\(options): \(r.stdout) \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(says), "\(options): \(r.stderr)")
            XCTAssertEqual(r.stdout, "", "nothing compared")
            XCTAssertEqual(listing(a), before.0, "\(options)")
            XCTAssertEqual(listing(b), before.1, "\(options)")
        }
        XCTAssertEqual(try String(contentsOfFile: b + "/README", encoding: .utf8), "notes")
        // A folder of its own beside them is fine.
        let fine = try CLI.run(["diff", a, b, "--out", dir + "/diffs", "--report", dir + "/report"])
        XCTAssertEqual(fine.status, 1, fine.stderr)
        XCTAssertEqual(listing(dir + "/diffs"), ["frame_00001.png"])
        // Two files: the diff image OUT/diff.png must not be one of them.
        try FileManager.default.createDirectory(atPath: dir + "/x", withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: a + "/frame_00000.png", toPath: dir + "/x/diff.png")
        let file = try CLI.run(["diff", dir + "/x/diff.png", b + "/frame_00001.png", "--out", dir + "/x"])
        XCTAssertEqual(file.status, 2, file.stderr)
        XCTAssertTrue(file.stderr.contains("is the expected file"), file.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: dir + "/x/diff.png"), FileManager.default.contents(atPath: a + "/frame_00000.png"))
    }

    /// `check --report G` with `--golden G` put each scene's report where its goldens were:
    /// the next check found no frames. Refused now.
    func testCheckReportNeverReplacesTheGoldens() throws {
        let dir = try CLI.temporaryDirectory("check-report-overlap")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (scene, golden) = try recordGoldens(in: dir, duration: "0.2", ["--scale", "0.2"])
        let before = listing(golden + "/short")
        for report in [golden, golden + "/short"] {
            let r = try CLI.run(["check", scene, "--golden", golden, "--report", report])
            XCTAssertEqual(r.status, 2, r.stdout + r.stderr)
            XCTAssertTrue(r.stderr.contains("the goldens of short"), r.stderr)
            XCTAssertEqual(listing(golden + "/short"), before)
        }
        XCTAssertEqual(try CLI.run(["check", scene, "--golden", golden, "--report", dir + "/report"]).status, 0)
    }

    /// A hand-edited golden.json: `"every": 0` trapped (exit 132, the scratch folder left in
    /// $TMPDIR), a scale of 0 failed the render as if the scene were wrong, a string or a huge
    /// `every` was read as a default. Each is bad input naming the file now.
    func testCheckRefusesABadGoldenJSONNamingIt() throws {
        let dir = try CLI.temporaryDirectory("golden-json")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (scene, golden) = try recordGoldens(in: dir, duration: "0.2", ["--scale", "0.2", "--every", "3"])
        let settings = golden + "/short/golden.json"
        XCTAssertEqual(try CLI.run(["check", scene, "--golden", golden]).status, 0)
        for (text, says) in [(#"{"scale": 0.2, "every": 0}"#, "\"every\" must be a whole number"),
                             (#"{"scale": 0.2, "every": -3}"#, "\"every\" must be a whole number"),
                             (#"{"scale": 0.2, "every": 1e30}"#, "\"every\" must be a whole number"),
                             (#"{"scale": 0.2, "every": "7"}"#, "\"every\" must be a whole number"),
                             (#"{"scale": 0.2, "every": 2.5}"#, "\"every\" must be a whole number"),
                             (#"{"scale": 0, "every": 3}"#, "\"scale\" must be a number in 0.1...8"),
                             (#"{"scale": -1, "every": 3}"#, "\"scale\" must be a number in 0.1...8"),
                             (#"{"scale": true, "every": 3}"#, "\"scale\" must be a number"),
                             ("not json", "not a JSON object"), ("[1, 2]", "not a JSON object")] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: settings))
            let r = try CLI.run(["check", scene, "--golden", golden])
            XCTAssertEqual(r.status, 2, "\(text): \(r.stdout) \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(settings) && r.stderr.contains(says), "\(text): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains("animatic check --golden \(golden) --update"), r.stderr)
        }
        // A golden.json that is no regular file says so.
        try FileManager.default.removeItem(atPath: settings)
        XCTAssertEqual(mkfifo(settings, 0o600), 0)
        let fifo = try ExternalTool.capture("/usr/bin/timeout", ["20", CLI.executable, "check", scene, "--golden", golden])
        XCTAssertEqual(fifo.status, 2, fifo.stderr)
        XCTAssertTrue(fifo.stderr.contains("not a regular file"), fifo.stderr)
        // The remedy the hint names works: --update does not read the broken record.
        try FileManager.default.removeItem(atPath: settings)
        try Data(#"{"every": 0}"#.utf8).write(to: URL(fileURLWithPath: settings))
        let repaired = try CLI.run(["check", scene, "--golden", golden, "--update", "--scale", "0.2", "--every", "3"])
        XCTAssertEqual(repaired.status, 0, repaired.stderr)
        XCTAssertEqual(try CLI.run(["check", scene, "--golden", golden]).status, 0)
        // What --update writes still reads, a whole number written 3.0 too.
        try Data(#"{"scale": 0.2, "every": 3.0}"#.utf8).write(to: URL(fileURLWithPath: settings))
        XCTAssertEqual(try CLI.run(["check", scene, "--golden", golden]).status, 0)
    }

    /// `check` said "DIFFERS, first at frame K" with K the first frame that differed at all,
    /// though it was within the tolerance; K is the first frame beyond it now.
    func testCheckNamesTheFirstFrameBeyondTheTolerance() throws {
        let dir = try CLI.temporaryDirectory("check-first-rejected")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (scene, golden) = try recordGoldens(in: dir, duration: "0.5", ["--scale", "0.5"])
        // Frame 5: one pixel of the background blackened; frame 20: four.
        func blacken(_ frame: Int, pixels: Int) throws {
            let path = golden + "/short/" + String(format: "frame_%05d.png", frame)
            var image = try RGBAImage.decodePNG(path: path)
            for k in 0..<pixels {
                let at = 4 * (image.width * 2 + 2 + 4 * k)
                XCTAssertEqual(Array(image.pixels[at..<(at + 3)]), [255, 255, 255], "a white background pixel")
                image.pixels.replaceSubrange(at..<(at + 3), with: [0, 0, 0])
            }
            try PNGEncoder.write(try image.pngData(), to: path)
        }
        try blacken(5, pixels: 1)
        try blacken(20, pixels: 4)
        let r = try CLI.run(["check", scene, "--golden", golden, "--max-diff-pixels", "2"])
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("short: DIFFERS, first at frame 20, 5 pixels in 2 of 30 frames (1 beyond the tolerance)"), r.stdout)
        let strict = try CLI.run(["check", scene, "--golden", golden])
        XCTAssertTrue(strict.stdout.contains("short: DIFFERS, first at frame 5, 5 pixels in 2 of 30 frames\n"), strict.stdout)
    }

    /// `merge` hashed a part's frames with a blocking open: a FIFO in a part waited for a
    /// writer for ever, a link to /dev/zero hashed for ever. Only regular files are read.
    func testMergeRefusesAFrameThatIsNoRegularFile() throws {
        let dir = try CLI.temporaryDirectory("merge-fifo")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let part = try render(into: dir + "/p", frames: "0:4")
        try FileManager.default.removeItem(atPath: part + "/frame_00002.png")
        XCTAssertEqual(mkfifo(part + "/frame_00002.png", 0o600), 0)
        let fifo = try ExternalTool.capture("/usr/bin/timeout", ["20", CLI.executable, "merge", part, "--out", dir + "/m"])
        XCTAssertEqual(fifo.status, 2, fifo.stderr)
        XCTAssertTrue(fifo.stderr.contains("frame_00002.png is missing or unreadable (not a regular file"), fifo.stderr)
        try FileManager.default.removeItem(atPath: part + "/frame_00002.png")
        try FileManager.default.createSymbolicLink(atPath: part + "/frame_00002.png", withDestinationPath: "/dev/zero")
        let device = try ExternalTool.capture("/usr/bin/timeout", ["20", CLI.executable, "merge", part, "--out", dir + "/m"])
        XCTAssertEqual(device.status, 2, device.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/m"), "nothing written")
    }

    /// A trace whose last line has no line break (an editor's save) was counted a line short.
    func testMergeCountsATraceLineWithoutItsFinalBreak() throws {
        let dir = try CLI.temporaryDirectory("merge-trace")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let r = try CLI.run(["render", "collision-delegate", "--frames", "0:3", "--scale", "0.2", "--quiet", "--trace", "--out", dir + "/p"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let trace = dir + "/p/collision-delegate/trace.jsonl"
        var text = try String(contentsOfFile: trace, encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("\n"))
        text.removeLast()
        try text.write(toFile: trace, atomically: true, encoding: .utf8)
        let merged = try CLI.run(["merge", dir + "/p/collision-delegate", "--out", dir + "/m"])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        XCTAssertEqual(try String(contentsOfFile: dir + "/m/collision-delegate/trace.jsonl", encoding: .utf8), text + "\n")
    }

    /// A part whose manifest lists no frames failed inside the hidden staging folder (named in
    /// the message) and left an empty output folder behind.
    func testMergeRefusesAPartWithoutFrames() throws {
        let dir = try CLI.temporaryDirectory("merge-empty")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let part = try render(into: dir + "/p", frames: "0:1")
        let manifestPath = part + "/manifest.json"
        var manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: manifestPath))) as? [String: Any])
        manifest["range"] = [1, 1]
        manifest["frames"] = [Any]()
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: manifestPath))
        try FileManager.default.removeItem(atPath: part + "/frame_00000.png")
        let r = try CLI.run(["merge", part, "--out", dir + "/m"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertFalse(r.stderr.contains(".tmp-"), r.stderr)
        XCTAssertTrue(r.stderr.contains(part), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/m"), "no output folder left")
    }

    /// `sheet` trapped (exit 132) on a frame file numbered near Int.max: counting the frames
    /// overflowed. Numbers beyond 999,999,999 are no frame numbers.
    func testSheetIgnoresFrameNumbersTooLargeToCount() throws {
        let dir = try CLI.temporaryDirectory("sheet-huge-number")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let part = try render(into: dir + "/p", frames: "0:1")
        try FileManager.default.createDirectory(atPath: dir + "/huge", withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: part + "/frame_00000.png", toPath: dir + "/huge/frame_9223372036854775807.png")
        let alone = try CLI.run(["sheet", dir + "/huge", "--fps", "1"])
        XCTAssertEqual(alone.status, 2, alone.stderr)
        XCTAssertTrue(alone.stderr.contains("holds no frame_NNNNN.png files"), alone.stderr)
        try FileManager.default.copyItem(atPath: part + "/frame_00000.png", toPath: dir + "/huge/frame_999999999.png")
        let largest = try CLI.run(["sheet", dir + "/huge", "--fps", "1"])
        XCTAssertEqual(largest.status, 0, largest.stderr)
    }
}
