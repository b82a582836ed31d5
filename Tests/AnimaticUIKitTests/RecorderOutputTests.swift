import BrowserSupport
import AnimaticUIKit
import FrameFiles
import FrameOutput
import ScenePlayer
import XCTest
@testable import recipes

/// A recording is written as `animatic render` writes a scene: contiguous frames of the right
/// size, a manifest whose hashes are the files', a trace, previews ffprobe can read, and a
/// folder `animatic check` and `animatic diff` accept as the scene's golden frames. Hashes are
/// checked with coreutils' sha256sum and sizes read from the PNG headers, not with the code
/// that wrote them.
final class RecorderOutputTests: XCTestCase {
    /// Width and height from a PNG's IHDR chunk (bytes 16...23, big-endian).
    func pngSize(_ path: String) throws -> (Int, Int) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(24))
        XCTAssertEqual(Array(bytes[12..<16]), Array("IHDR".utf8))
        func int(_ k: Int) -> Int { bytes[k..<(k + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (int(16), int(20))
    }

    func testARecordingIsWrittenAsARenderIs() throws {
        let out = try temporaryFolder("output", self)
        let recipe = try XCTUnwrap(Recipe.named("collision-delegate"))
        let hasFFmpeg = FFmpegPreview.isAvailable
        let settings = RenderSettings(outputFolder: out, frames: FrameSequenceOptions(writesTrace: true),
                                      previews: hasFFmpeg ? [.apng, .gif, .mp4] : [.apng], preview: PreviewOptions(fps: 15, width: 376),
                                      sheet: true, poster: true)
        let result = try recipe.recorder().render(settings)
        let folder = out + "/collision-delegate"
        XCTAssertEqual(result.folder, folder)

        // Frames 0...239, contiguous, 750 x 1334 pixels (375 x 667 points at scale 2).
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let frames = files.filter { $0.hasPrefix("frame_") }
        XCTAssertEqual(frames, (0..<240).map { String(format: "frame_%05d.png", $0) })
        for name in [frames[0], frames[120], frames[239]] {
            let (w, h) = try pngSize(folder + "/" + name)
            XCTAssertEqual([w, h], [750, 1334], name)
        }
        XCTAssertEqual(Set(files).subtracting(frames),
                       Set(["manifest.json", "trace.jsonl", "sheet.png", "poster.png", "preview.apng"] + (hasFFmpeg ? ["preview.gif", "preview.mp4"] : [])))

        // The manifest: the recording's id, title, 240 frames, and every file's size and SHA-256.
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/manifest.json"))) as! [String: Any]
        XCTAssertEqual(manifest["scene"] as? String, "collision-delegate")
        XCTAssertEqual(manifest["title"] as? String, "Collision delegate: squares burst on the bottom boundary")
        XCTAssertEqual(manifest["frameCount"] as? Int, 240)
        XCTAssertEqual(manifest["fps"] as? Int, 60)
        XCTAssertEqual(manifest["width"] as? Int, 750)
        XCTAssertEqual(manifest["height"] as? Int, 1334)
        XCTAssertEqual(manifest["trace"] as? Bool, true)
        let listed = manifest["frames"] as! [[String: Any]]
        XCTAssertEqual(listed.map { $0["file"] as! String }, frames)
        for entry in listed.prefix(5) {
            let size = try FileManager.default.attributesOfItem(atPath: folder + "/" + (entry["file"] as! String))[.size] as! Int
            XCTAssertEqual(entry["bytes"] as? Int, size)
        }
        if let sums = try runCommand("sha256sum", frames, in: folder) {
            XCTAssertEqual(sums.status, 0)
            let expected = sums.stdout.split(separator: "\n").map { String($0.prefix(64)) }
            XCTAssertEqual(listed.map { $0["sha256"] as! String }, expected, "manifest hashes are sha256sum's")
        }

        // The trace: one line per frame; the green square's first touch of the boundary is
        // reported in frame 61 (the step from 1.0 s), by the recipe's collision delegate.
        let trace = try String(contentsOfFile: folder + "/trace.jsonl", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(trace.count, 240)
        let lines = try trace.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        XCTAssertEqual(lines.map { $0["frame"] as! Int }, Array(0..<240))
        let firstContact = try XCTUnwrap(lines.firstIndex { !($0["events"] as! [Any]).isEmpty })
        XCTAssertEqual(firstContact, 61)
        let event = (lines[61]["events"] as! [[String: Any]])[0]
        XCTAssertEqual(event["type"] as? String, "contactBegan")
        XCTAssertEqual(event["item"] as? String, "view1", "the green square, the second view")
        XCTAssertEqual(event["boundary"] as? String, "bottomBoundary")
        XCTAssertEqual(event["time"] as? Double, 1)
        let items = lines[0]["items"] as! [[String: Any]]
        XCTAssertEqual(items.map { $0["center"] as! [Double] }, [[187.5, 0], [187.5, 60]])
        XCTAssertEqual(items.map { $0["color"] as! String }, ["#FF0000FF", "#00FF00FF"])
        XCTAssertEqual(result.manifest.frames.count, 240)

        // Previews ffprobe reads as 376 pixels wide video of the frames' shape (1334 x 376 / 750
        // = 668.8 high), 4 s at 15 fps (the APNG needs no ffmpeg to be written).
        if hasFFmpeg {
            for preview in ["preview.apng", "preview.gif", "preview.mp4"] {
                let probe = try XCTUnwrap(try runCommand("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                                                    "-show_entries", "stream=width,height,nb_read_frames", "-of", "csv=p=0",
                                                                    folder + "/" + preview]))
                XCTAssertEqual(probe.status, 0, preview + probe.stderr)
                let fields = probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
                XCTAssertEqual(fields.count, 3, preview + ": " + probe.stdout)
                guard fields.count == 3 else { continue }
                XCTAssertEqual(fields[0], 376, preview)
                XCTAssertEqual(Double(fields[1]), 668.8, accuracy: 1.5, preview)
                XCTAssertEqual(fields[2], 60, preview)
            }
        }

        // `animatic check` renders the bundled scene and finds the recording to be its golden
        // frames; `animatic diff` agrees.
        let check = try XCTUnwrap(try runCommand(animaticExecutable, ["check", "collision-delegate", "--golden", out]))
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("collision-delegate: ok (0 differing pixels in 0 frames)"), check.stdout)
        let scene = try XCTUnwrap(try runCommand(animaticExecutable, ["render", "collision-delegate", "--out", out + "/scene",
                                                                      "--frames", "100:101", "--quiet"]))
        XCTAssertEqual(scene.status, 0, scene.stderr)
        let diff = try XCTUnwrap(try runCommand(animaticExecutable, ["diff", out + "/scene/collision-delegate/frame_00100.png",
                                                                     folder + "/frame_00100.png", "--threshold", "0", "--include-aa"]))
        XCTAssertEqual(diff.status, 0, diff.stdout + diff.stderr)
    }

    func testTheRecipesCommand() throws {
        let tool = Bundle.main.bundleURL.appendingPathComponent("recipes").path
        let list = try XCTUnwrap(try runCommand(tool, ["--list"]))
        XCTAssertEqual(list.status, 0)
        XCTAssertEqual(list.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }, Recipe.all.map(\.id))
        let unknown = try XCTUnwrap(try runCommand(tool, ["snapp"]))
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("no recipe 'snapp'; did you mean 'snap'?"), unknown.stderr)
        let out = try temporaryFolder("command", self)
        // Usage as animatic's (each refused before anything is written, exit 2), wherever --list stands.
        for (args, says) in [(["push", "push", "--out", out], "recipe 'push' is named twice"),
                             (["--list", "--bogus"], "unknown option --bogus"),
                             (["push", "--out="], "--out needs a folder"),
                             (["push", "--video", "", "--out", out], "--video needs at least one format"),
                             // An on/off option given a value: `--poster=ID` recorded ID with a
                             // poster; `--list ID` listed everything and ignored ID.
                             (["--poster=gravity-collision", "--out", out], "--poster takes no value"),
                             (["--trace=false", "push", "--out", out], "--trace takes no value"),
                             (["--list", "nosuch"], "--list takes no recipe ids")] {
            let refused = try XCTUnwrap(try runCommand(tool, args))
            XCTAssertEqual(refused.status, 2, "recipes \(args)")
            XCTAssertTrue(refused.stderr.contains(says), refused.stderr)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), [])
        // A standard error or output that cannot be written: no trap (exit 132), and a lost
        // list is a failure, as animatic's.
        let noStderr = try ExternalTool.capture("/bin/bash", ["-c", "'\(tool)' --bogus 2>/dev/full"])
        XCTAssertEqual(noStderr.status, 2)
        let noStdout = try ExternalTool.capture("/bin/bash", ["-c", "'\(tool)' --list >/dev/full"])
        XCTAssertEqual(noStdout.status, 1)
        XCTAssertTrue(noStdout.stderr.contains("recipes: cannot write the standard output: No space left on device"), noStdout.stderr)
        // --name=value and --, as animatic takes them.
        let run = try XCTUnwrap(try runCommand(tool, ["--out=" + out, "--jobs=2", "--", "gravity-collision"]))
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("gravity-collision: 240 frames 750x1334"), run.stdout)
        let frames = try FileManager.default.contentsOfDirectory(atPath: out + "/gravity-collision").filter { $0.hasPrefix("frame_") }
        XCTAssertEqual(frames.count, 240)
    }
}
