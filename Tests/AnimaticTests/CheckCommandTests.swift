import BrowserSupport
import Foundation
import Images
import XCTest

/// The golden-frame workflow: record, pass, drift detected with exit 1 and a report.
final class CheckCommandTests: XCTestCase {
    func shortScene(_ id: String, _ long: String, _ short: String, in folder: String) throws -> String {
        try CLI.shortScene(id, long, short, in: folder)
    }

    func testCheckRecordsPassesAndCatchesADriftedFrame() throws {
        let golden = try CLI.temporaryDirectory("golden")
        defer { try? FileManager.default.removeItem(atPath: golden) }
        // The scenes are long; shorten them with a copy of one scene.
        let scene = try shortScene("collision-delegate", "duration: 4,", "duration: 0.5,", in: golden)
        let update = try CLI.run(["check", scene, "--golden", golden + "/frames", "--update"])
        XCTAssertEqual(update.status, 0, update.stderr)
        let pass = try CLI.run(["check", scene, "--golden", golden + "/frames"])
        XCTAssertEqual(pass.status, 0, pass.stdout + pass.stderr)
        XCTAssertTrue(pass.stdout.contains("short: ok"), pass.stdout)
        // Replace a golden frame with another frame: the check must fail and name the frame.
        let frames = golden + "/frames/short"
        try FileManager.default.removeItem(atPath: frames + "/frame_00005.png")
        try FileManager.default.copyItem(atPath: frames + "/frame_00029.png", toPath: frames + "/frame_00005.png")
        let fail = try CLI.run(["check", scene, "--golden", golden + "/frames", "--report", golden + "/report"])
        XCTAssertEqual(fail.status, 1, fail.stdout + fail.stderr)
        XCTAssertTrue(fail.stdout.contains("first at frame 5"), fail.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden + "/report/short/index.html"))
        // A generous tolerance accepts it.
        let tolerated = try CLI.run(["check", scene, "--golden", golden + "/frames", "--max-diff-ratio", "0.5"])
        XCTAssertEqual(tolerated.status, 0)
        // Missing goldens: exit 2 with the hint to record them.
        let missing = try CLI.run(["check", scene, "--golden", golden + "/nothing"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("--update"), missing.stderr)
    }

    func testSlimGoldensAtAScaleAndAStrideAreRecordedAndReused() throws {
        let golden = try CLI.temporaryDirectory("slim-golden")
        defer { try? FileManager.default.removeItem(atPath: golden) }
        // collision-delegate: 4 s at 60 fps = 240 frames of 750 x 1334; at scale 0.5 every 10th
        // frame and the last: 0, 10, ..., 230, 239 = 25 frames of 188 x 334 (187.5 rounds up).
        let update = try CLI.run(["check", "collision-delegate", "--golden", golden, "--update", "--scale", "0.5", "--every", "10"])
        XCTAssertEqual(update.status, 0, update.stderr)
        let folder = golden + "/collision-delegate"
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(frames.count, 25)
        XCTAssertEqual(frames.first, "frame_00000.png")
        XCTAssertEqual(frames[1], "frame_00010.png")
        XCTAssertEqual(frames.last, "frame_00239.png")
        let image = try RGBAImage.decodePNG(path: folder + "/frame_00010.png")
        XCTAssertEqual([image.width, image.height], [188, 334])
        // A plain check uses the recorded settings; --include-aa is accepted and counts more.
        let pass = try CLI.run(["check", "collision-delegate", "--golden", golden])
        XCTAssertEqual(pass.status, 0, pass.stdout + pass.stderr)
        XCTAssertEqual(try CLI.run(["check", "collision-delegate", "--golden", golden, "--include-aa", "--quiet"]).status, 0)
        // Asking for another scale than the goldens': the sizes differ, exit 2 (not a drift).
        let other = try CLI.run(["check", "collision-delegate", "--golden", golden, "--scale", "1"])
        XCTAssertEqual(other.status, 2, other.stdout + other.stderr)
        // Told as a check user can act on it: the goldens' and the render's sizes, the remedy
        // (record again), and not the render's scratch folder, gone by the time it is read.
        XCTAssertTrue(other.stderr.contains("frame 0 of the goldens in \(folder) is 188 x 334 pixels, this render's is 375 x 667"), other.stderr)
        XCTAssertTrue(other.stderr.contains("animatic check --update"), other.stderr)
        XCTAssertFalse(other.stderr.contains("animatic-check-"), other.stderr)
        // Goldens of another stride: frames of the goldens missing from this render.
        let stride = try CLI.run(["check", "collision-delegate", "--golden", golden, "--every", "20"])
        XCTAssertEqual(stride.status, 2, stride.stdout + stride.stderr)
        XCTAssertTrue(stride.stderr.contains("of the goldens in \(folder) are not in this render"), stride.stderr)
        XCTAssertFalse(stride.stderr.contains("animatic-check-"), stride.stderr)
        // A drifted kept frame is found at its own number.
        try FileManager.default.removeItem(atPath: folder + "/frame_00120.png")
        try FileManager.default.copyItem(atPath: folder + "/frame_00230.png", toPath: folder + "/frame_00120.png")
        let fail = try CLI.run(["check", "collision-delegate", "--golden", golden, "--quiet"])
        XCTAssertEqual(fail.status, 1, fail.stdout + fail.stderr)
        XCTAssertTrue(fail.stdout.contains("first at frame 120"), fail.stdout)
    }

    func testCheckRendersWithTheDebugOverlayWhenAsked() throws {
        let golden = try CLI.temporaryDirectory("golden-debug")
        defer { try? FileManager.default.removeItem(atPath: golden) }
        let scene = try shortScene("radial-gravity", "duration: 5,", "duration: 0.25,", in: golden)
        let update = try CLI.run(["check", scene, "--golden", golden + "/frames", "--update", "--debug", "fields,shapes"])
        XCTAssertEqual(update.status, 0, update.stderr)
        let pass = try CLI.run(["check", scene, "--golden", golden + "/frames", "--debug", "fields,shapes"])
        XCTAssertEqual(pass.status, 0, pass.stdout + pass.stderr)
        XCTAssertTrue(pass.stdout.contains("short: ok (0 differing pixels in 0 frames)"), pass.stdout)
        // Without the overlay the field's arrows and the view's outline are missing.
        let plain = try CLI.run(["check", scene, "--golden", golden + "/frames"])
        XCTAssertEqual(plain.status, 1, plain.stdout + plain.stderr)
        let typo = try CLI.run(["check", scene, "--golden", golden + "/frames", "--debug", "feilds"])
        XCTAssertEqual(typo.status, 2, typo.stdout + typo.stderr)
    }

    /// The report's "Actual" named check's scratch render, deleted before anyone reads the page;
    /// `--update` deleted whatever the user kept beside the goldens.
    func testReportNamesTheRenderNotItsScratchFolderAndUpdateKeepsTheUsersFiles() throws {
        let golden = try CLI.temporaryDirectory("golden-own")
        defer { try? FileManager.default.removeItem(atPath: golden) }
        let scene = try shortScene("collision-delegate", "duration: 4,", "duration: 0.25,", in: golden)
        let frames = golden + "/frames/short"
        XCTAssertEqual(try CLI.run(["check", scene, "--golden", golden + "/frames", "--update"]).status, 0)
        try "why these goldens\n".write(toFile: frames + "/NOTES.md", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: frames + "/extra", withIntermediateDirectories: true)
        try "x".write(toFile: frames + "/extra/a.txt", atomically: true, encoding: .utf8)
        // Recorded again at a stride of 5: the user's files stay, the frames of the old stride go.
        let update = try CLI.run(["check", scene, "--golden", golden + "/frames", "--update", "--every", "5"])
        XCTAssertEqual(update.status, 0, update.stderr)
        XCTAssertEqual(try String(contentsOfFile: frames + "/NOTES.md", encoding: .utf8), "why these goldens\n")
        XCTAssertEqual(try String(contentsOfFile: frames + "/extra/a.txt", encoding: .utf8), "x")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: frames).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(pngs, ["frame_00000.png", "frame_00005.png", "frame_00010.png", "frame_00014.png"], "every 5th and the last")

        try FileManager.default.removeItem(atPath: frames + "/frame_00005.png")
        try FileManager.default.copyItem(atPath: frames + "/frame_00010.png", toPath: frames + "/frame_00005.png")
        let fail = try CLI.run(["check", scene, "--golden", golden + "/frames", "--report", golden + "/report"])
        XCTAssertEqual(fail.status, 1, fail.stdout + fail.stderr)
        let page = try String(contentsOfFile: golden + "/report/short/index.html", encoding: .utf8)
        XCTAssertFalse(page.contains("animatic-check-"), "the page names the deleted scratch folder")
        XCTAssertTrue(page.contains("<tr><th>Actual</th><td>this check&#39;s render of short")
                      || page.contains("<tr><th>Actual</th><td>this check's render of short"), page)
        XCTAssertTrue(page.contains("<code>\(frames)</code>"), "the goldens are named by their folder")
    }

    /// `--update` on a full disk: exit 1 saying the disk is full, the old goldens whole, no
    /// hidden staged folder left (it was left for good, one more each run, with Foundation's
    /// "Error Domain=NSCocoaErrorDomain Code=640"; an audit's finding). On a small tmpfs,
    /// where this machine lets the tests mount one.
    func testAnUpdateThatRunsOutOfSpaceKeepsTheOldGoldensAndLeavesNothing() throws {
        let dir = try CLI.temporaryDirectory("golden-full")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let small = dir + "/small"
        try FileManager.default.createDirectory(atPath: small, withIntermediateDirectories: true)
        let mount = try ExternalTool.capture("/bin/mount", ["-t", "tmpfs", "-o", "size=256k", "tmpfs", small])
        guard mount.status == 0 else { throw XCTSkip("cannot mount a tmpfs here: \(mount.stderr)") }
        defer { _ = try? ExternalTool.capture("/bin/umount", [small]) }
        let scene = try shortScene("collision-delegate", "duration: 4,", "duration: 1,", in: dir)
        let golden = small + "/g"
        let first = try CLI.run(["check", scene, "--golden", golden, "--update", "--scale", "0.1", "--every", "20", "--jobs", "1"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let before = try FileManager.default.contentsOfDirectory(atPath: golden + "/short").sorted()
        let full = try CLI.run(["check", scene, "--golden", golden, "--update", "--scale", "1", "--jobs", "1"])
        XCTAssertEqual(full.status, 1, full.stderr)
        XCTAssertTrue(full.stderr.contains("the disk is full while writing \(golden)"), full.stderr)
        XCTAssertFalse(full.stderr.contains("NSCocoaErrorDomain"), full.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: golden).sorted(), ["short"], "nothing hidden is left")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: golden + "/short").sorted(), before)
        let again = try CLI.run(["check", scene, "--golden", golden, "--jobs", "1"])
        XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
    }
}
