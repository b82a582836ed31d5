import Foundation
import XCTest

/// One exit-status contract for every command, one case of each kind per command:
/// 0 done; 1 a failure while running, or differences found; 2 bad usage or bad input.
final class ExitStatusTests: XCTestCase {
    struct Case {
        let args: [String]
        let status: Int32
        /// Text the message must contain (stderr, or stdout for successes).
        let says: String
    }

    func testEveryCommandFollowsTheContract() throws {
        let dir = try CLI.temporaryDirectory("exit-status")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Fixtures: a render, a copy of it with one frame changed, a non-render folder, a file.
        XCTAssertEqual(try CLI.run(["render", "push", "--duration", "0.1", "--out", dir + "/a", "--quiet", "--trace"]).status, 0)
        XCTAssertEqual(try CLI.run(["render", "push", "--duration", "0.1", "--out", dir + "/b", "--quiet"]).status, 0)
        try FileManager.default.removeItem(atPath: dir + "/b/push/frame_00000.png")
        let moved = try CLI.run(["render", "collision-delegate", "--duration", "0.5", "--out", dir + "/c", "--quiet"])
        XCTAssertEqual(moved.status, 0)
        try FileManager.default.copyItem(atPath: dir + "/c/collision-delegate/frame_00029.png", toPath: dir + "/b/push/frame_00000.png")
        try FileManager.default.createDirectory(atPath: dir + "/empty", withIntermediateDirectories: true)
        try "not a folder".write(toFile: dir + "/file", atomically: true, encoding: .utf8)
        XCTAssertEqual(try CLI.run(["check", "snap", "--golden", dir + "/golden", "--update", "--every", "30", "--quiet"]).status, 0)
        let bad = CLI.packageRoot + "/Tests/SceneFormatTests/Fixtures/bad/unknown-scene-key.json5"
        let big = CLI.packageRoot + "/Tests/SceneFormatTests/Fixtures/good/large-canvas-pixels.json5"

        let cases: [Case] = [
            // The tool itself.
            Case(args: [], status: 2, says: "usage: animatic COMMAND"),
            Case(args: ["help"], status: 0, says: "commands:"),
            Case(args: ["--version"], status: 0, says: "animatic 0."),
            Case(args: ["help", "help"], status: 0, says: "commands:"),
            Case(args: ["help", "version"], status: 0, says: "usage: animatic version"),
            Case(args: ["version", "extra"], status: 2, says: "version takes no arguments"),
            Case(args: ["--version", "--foo"], status: 2, says: "version takes no arguments"),
            Case(args: ["rendr"], status: 2, says: "did you mean 'render'?"),
            // render
            Case(args: ["render", "push", "--duration", "0.05", "--out", dir + "/r", "--quiet"], status: 0, says: "push: 3 frames"),
            Case(args: ["render", "push", "--colour"], status: 2, says: "unknown option --colour"),
            Case(args: ["render", bad, "--out", dir + "/r"], status: 2, says: "unknown key `frameRate`"),
            Case(args: ["render", "nosuch"], status: 2, says: "no such scene file or scene id"),
            Case(args: ["render", "push", "--frames", "0:99999", "--out", dir + "/r"], status: 2, says: "ends after the scene's last frame"),
            Case(args: ["render", "push", "--debug", "fieldz,shapes", "--out", dir + "/r"], status: 2, says: "did you mean 'fields'?"),
            Case(args: ["render", "push", "--video", "mov", "--out", dir + "/r"], status: 2, says: "unknown preview format 'mov'"),
            // (It once hung: two MP4 encoders writing one file.)
            Case(args: ["render", "push", "--video", "mp4,gif,mp4", "--out", dir + "/r"], status: 2, says: "--video names mp4 twice"),
            Case(args: ["render", "push", "snap", "push", "--out", dir + "/r"], status: 2, says: "scenes/push.json is named twice"),
            Case(args: ["render", "push", "--out", ""], status: 2, says: "--out needs a folder"),
            Case(args: ["render", "push", "--video", "", "--out", dir + "/r"], status: 2, says: "--video needs at least one format"),
            // A trailing comma was taken as no name at all.
            Case(args: ["render", "push", "--video", "gif,", "--out", dir + "/r"], status: 2, says: "--video has an empty name in 'gif,'"),
            Case(args: ["render", "push", "--video", ",", "--out", dir + "/r"], status: 2, says: "--video has an empty name"),
            Case(args: ["render", "push", "--duration", "0.001", "--out", dir + "/r"], status: 2, says: "would have 0 frames"),
            Case(args: ["render", big, "--out", dir + "/r"], status: 2, says: "64,000,000 pixels"),
            Case(args: ["render", "push", "--duration", "0.05", "--out", dir + "/file/r", "--quiet"], status: 1, says: "file"),
            // validate
            Case(args: ["validate", "scenes/push.json"], status: 0, says: "ok: scenes/push.json"),
            Case(args: ["validate", bad], status: 2, says: "unknown key `frameRate`"),
            // simulate
            Case(args: ["simulate", "push", "--duration", "0.1"], status: 0, says: "simulated push"),
            Case(args: ["simulate", "push", "snap"], status: 2, says: "exactly one SCENE"),
            Case(args: ["simulate", "push", "--duration", "0.1", "--trace", dir + "/nosuch/t.jsonl"], status: 1, says: "cannot write the trace file"),
            // diff
            Case(args: ["diff", dir + "/a/push", dir + "/a/push"], status: 0, says: "0 of 6 frames differ"),
            Case(args: ["diff", dir + "/a/push", dir + "/b/push"], status: 1, says: "1 of 6 frames differ"),
            Case(args: ["diff", dir + "/a/push", dir + "/nosuch"], status: 2, says: "animatic diff: \(dir)/nosuch: no such file or folder"),
            Case(args: ["diff", dir + "/a/push", dir + "/a/push/frame_00000.png"], status: 2,
                 says: "animatic diff: cannot compare a folder with a file"),
            Case(args: ["diff", dir + "/a/push/frame_00000.png", dir + "/a/push/frame_00001.png", "--report", dir + "/rep"],
                 status: 2, says: "--report makes a report of two frame folders"),
            // Outputs that cannot be written: a failure while running, said in words (not "error 512").
            Case(args: ["diff", dir + "/a/push/frame_00000.png", dir + "/b/push/frame_00000.png", "--out", dir + "/file/d"],
                 status: 1, says: "\(dir)/file is a file, not a folder"),
            Case(args: ["diff", dir + "/a/push", dir + "/b/push", "--report", dir + "/file/r"], status: 1, says: "is a file, not a folder"),
            Case(args: ["diff", dir + "/a/push", dir + "/b/push", "--out", dir + "/file/r"], status: 1, says: "is a file, not a folder"),
            // check
            Case(args: ["check", "snap", "--golden", dir + "/golden"], status: 0, says: "snap: ok"),
            Case(args: ["check", "snap", "--golden", dir + "/nothing"], status: 2, says: "--update"),
            Case(args: ["check", "snap"], status: 2, says: "check needs --golden DIR"),
            // sheet
            Case(args: ["sheet", dir + "/a/push"], status: 0, says: "sheet.png"),
            Case(args: ["sheet", dir + "/empty"], status: 2, says: "not a frame folder"),
            Case(args: ["sheet", dir + "/nosuch"], status: 2, says: "not a frame folder"),
            // merge
            Case(args: ["merge", dir + "/a/push", "--out", dir + "/m"], status: 0, says: "6 frames from 1 part "),
            Case(args: ["merge", dir + "/empty", "--out", dir + "/m"], status: 2, says: "not a usable part"),
            Case(args: ["merge"], status: 2, says: "merge needs the part folders"),
            // list and bench
            Case(args: ["list"], status: 0, says: "collision-delegate"),
            Case(args: ["bench", "physics", "--only", "rain1000", "--quick", "--runs", "1"], status: 0, says: "\"workload\":\"rain1000\""),
            Case(args: ["bench", "physics", "--only", "rain100"], status: 2, says: "did you mean 'rain1000'?"),
            Case(args: ["bench", "physics", "--only", "rain1000", "--quick", "--runs", "1", "--workers", "1,2"], status: 0, says: "\"speedup\":"),
            Case(args: ["bench", "physics", "--workers", "2,2"], status: 2, says: "names 2 twice"),
            Case(args: ["bench", "physics", "--only", "rain1000,pile1000", "--quick", "--runs", "1", "--interleave"], status: 0,
                 says: "\"per_body_step_ratio\":"),
            Case(args: ["bench", "physics", "--workers", "1,0"], status: 2, says: "from 1 to 64"),
            Case(args: ["bench", "graphics"], status: 2, says: "unknown benchmark 'graphics'"),
            // Options of the other benchmark are refused, not ignored.
            Case(args: ["bench", "render", "--quick"], status: 2, says: "--quick is an option of bench physics, not of bench render (a shorter render: --frames N)"),
            Case(args: ["bench", "render", "--workers", "2"], status: 2, says: "--workers is an option of bench physics"),
            Case(args: ["bench", "physics", "--frames", "60"], status: 2, says: "--frames is an option of bench render, not of bench physics"),
            Case(args: ["bench", "--jobs", "2"], status: 2, says: "--jobs is an option of bench render"),
        ]
        for c in cases {
            let r = try CLI.run(c.args)
            let text = c.status == 0 ? r.stdout : r.stderr + r.stdout
            XCTAssertEqual(r.status, c.status, "animatic \(c.args.joined(separator: " ")): \(r.stderr)")
            XCTAssertTrue(text.contains(c.says), "animatic \(c.args.joined(separator: " ")) says: \(text.prefix(600))")
        }
        // Failures and refusals leave no output and nothing staged behind.
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/r/push/frame_00005.png"))
        let hidden = try FileManager.default.contentsOfDirectory(atPath: dir + "/r").filter { $0.hasPrefix(".") }
        XCTAssertEqual(hidden, [])
    }
}
