import BrowserSupport
import Foundation
import XCTest

/// `simulate --trace FILE` writes a file and touches nothing else. An audit found that a
/// folder at FILE (a render's folder, `..`) was deleted, whole, to make room for the trace.
final class SimulateTraceFileTests: XCTestCase {
    func testATraceNeverReplacesAFolder() throws {
        let dir = try CLI.temporaryDirectory("trace-file")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/render/push/deeper", withIntermediateDirectories: true)
        try "keep".write(toFile: dir + "/render/push/deeper/f.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: dir + "/render/here", withIntermediateDirectories: true)
        let simulate = ["simulate", CLI.packageRoot + "/scenes/push.json", "--duration", "0.1", "--quiet", "--trace"]

        let folder = try CLI.run(simulate + ["render/push"], in: dir)
        XCTAssertEqual(folder.status, 1, folder.stderr)
        XCTAssertTrue(folder.stderr.contains("cannot write the trace file render/push: it is a folder"), folder.stderr)
        let parent = try CLI.run(simulate + [".."], in: dir + "/render/here")
        XCTAssertEqual(parent.status, 1, parent.stderr)
        XCTAssertEqual(try String(contentsOfFile: dir + "/render/push/deeper/f.txt", encoding: .utf8), "keep")
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/render/here"))
        let empty = try CLI.run(simulate + [""], in: dir)
        XCTAssertEqual(empty.status, 2, empty.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), ["render"], "no temporary file is left")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/render").sorted(), ["here", "push"])

        // A file at the path is replaced by the trace: six lines at 60 fps for 0.1 s.
        try "old".write(toFile: dir + "/t.jsonl", atomically: true, encoding: .utf8)
        let file = try CLI.run(simulate + ["t.jsonl"], in: dir)
        XCTAssertEqual(file.status, 0, file.stderr)
        let lines = try String(contentsOfFile: dir + "/t.jsonl", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 6)
        XCTAssertTrue(lines[0].hasPrefix("{\"frame\":0,"), String(lines[0]))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).sorted(), ["render", "t.jsonl"])
    }

    /// A trace or a summary that cannot be written (a full disk; /dev/full here) ended the
    /// process with a trap (FileHandle's plain write: exit 132 and a stack trace).
    func testAFullDeviceIsAFailureToWriteNotACrash() throws {
        let scene = CLI.packageRoot + "/scenes/push.json"
        func bash(_ script: String) throws -> (status: Int32, stderr: String) {
            let r = try ExternalTool.capture("/bin/bash", ["-c", script])
            return (r.status, r.stderr)
        }
        let trace = try bash("'\(CLI.executable)' simulate '\(scene)' --duration 5 --trace - > /dev/full")
        XCTAssertEqual(trace.status, 1, trace.stderr)
        XCTAssertTrue(trace.stderr.contains("cannot write the trace to standard output: No space left on device"), trace.stderr)
        let dir = try CLI.temporaryDirectory("full-device")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertEqual(try CLI.run(["render", "push", "--frames", "0:1", "--scale", "0.25", "--quiet", "--out", dir]).status, 0)
        let png = dir + "/push/frame_00000.png"
        let summary = try bash("'\(CLI.executable)' diff '\(png)' '\(png)' --json > /dev/full")
        XCTAssertEqual(summary.status, 1, summary.stderr)
        XCTAssertTrue(summary.stderr.contains("cannot write the summary to standard output"), summary.stderr)

        // Lines that go through `print` (buffered) were lost with exit 0: simulate's summary,
        // diff's plain summary, list, --version. Each is now a failure with the reason.
        for command in ["simulate '\(scene)' --duration 0.1", "diff '\(png)' '\(png)'", "--version", "help render"] {
            let plain = try bash("'\(CLI.executable)' \(command) > /dev/full")
            XCTAssertEqual(plain.status, 1, command + ": " + plain.stderr)
            XCTAssertTrue(plain.stderr.contains("cannot write the standard output: No space left on device"),
                          command + ": " + plain.stderr)
        }
        // A command that already failed keeps its status (diff: 1 for differences, here 2 for
        // a missing file), and a closed standard output is told the same way.
        let missing = try bash("'\(CLI.executable)' diff '\(png)' '\(dir)/none.png' > /dev/full")
        XCTAssertEqual(missing.status, 2, missing.stderr)
        let closed = try bash("'\(CLI.executable)' --version >&-")
        XCTAssertEqual(closed.status, 1, closed.stderr)
        XCTAssertTrue(closed.stderr.contains("cannot write the standard output: Bad file descriptor"), closed.stderr)
    }
}
