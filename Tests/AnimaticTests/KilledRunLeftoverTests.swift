import BrowserSupport
import Foundation
import XCTest

/// Through the real binary: a closed terminal (SIGHUP) is handled as Ctrl-C is, and what a
/// run killed outright leaves (its temporary paths, named after its PID) goes with the next
/// run that writes there. Before: SIGHUP killed a render without its cleanup (status 129, the
/// staging folder left), and check's `$TMPDIR/animatic-check-PID`, bench render's, a trace's
/// `FILE.tmp-PID`, a `.removing` folder (SIGKILL after SIGTERM) and `diff`'s temporary diff
/// image (Foundation's own, unregistered) were never removed.
final class KilledRunLeftoverTests: XCTestCase {
    /// A PID no process has, at most the largest the kernel hands out (2^22).
    let deadPID = (1...4_000).lazy.map { 4_194_305 - $0 }.first { kill(Int32($0), 0) != 0 && errno == ESRCH }!
    /// Another.
    var otherDeadPID: Int { (1...4_000).lazy.map { self.deadPID - $0 }.first { kill(Int32($0), 0) != 0 && errno == ESRCH }! }

    func makeLeftover(_ path: String, folder: Bool) throws {
        if folder {
            try FileManager.default.createDirectory(atPath: path + "/render", withIntermediateDirectories: true)
            XCTAssertTrue(FileManager.default.createFile(atPath: path + "/render/frame_00000.png", contents: Data([1])))
        } else {
            XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("half a line".utf8)))
        }
    }

    func testAHangUpIsAnInterrupt() throws {
        let out = try CLI.temporaryDirectory("hangup")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let first = try CLI.run(["render", "push", "--out", out, "--duration", "1", "--quiet"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let before = try FileManager.default.contentsOfDirectory(atPath: out + "/push").sorted()
        // (Through env, which sets the hang-up's default first: a test run under nohup would
        // hand its ignoring down, and an ignored hang-up stays ignored.)
        let (status, _, running) = try CLI.signalledRender(["render", "push", "--out", out, "--duration", "8", "--jobs", "1", "--quiet"],
                                                           out: out, env: ["--default-signal=HUP"], signal: SIGHUP) {
            FileManager.default.fileExists(atPath: $0 + "/frame_00010.png")
        }
        XCTAssertTrue(running, "the render finished before the hang-up")
        XCTAssertEqual(status, 129)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), ["push"], "nothing staged is left")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out + "/push").sorted(), before)
    }

    func testWhatAKilledRunLeftGoesWithTheNextRun() throws {
        let dir = try CLI.temporaryDirectory("killed-leftovers")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let temporary = dir + "/tmp", out = dir + "/out"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        let scene = try CLI.shortScene("push", "duration: 10", "duration: 0.2", in: dir)
        func run(_ args: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
            try ExternalTool.capture("/usr/bin/env", ["TMPDIR=\(temporary)", CLI.executable] + args, in: dir)
        }
        // A render's staging folder as an interrupt's cleanup renames it, killed before
        // removing it; and check's, bench render's scratch folders, a trace's temporary file.
        try makeLeftover(out + "/.short.tmp-\(deadPID).removing", folder: true)
        try makeLeftover(temporary + "/animatic-check-\(deadPID)", folder: true)
        try makeLeftover(temporary + "/animatic-check-\(otherDeadPID).removing", folder: true)
        try makeLeftover(temporary + "/animatic-bench-\(deadPID)", folder: true)
        try makeLeftover(dir + "/trace.jsonl.tmp-\(deadPID)", folder: false)
        try makeLeftover(out + "/.diff.png.tmp-\(deadPID)", folder: false)

        let render = try run(["render", scene, "--out", out, "--quiet"])
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), [".diff.png.tmp-\(deadPID)", "short"])
        let update = try run(["check", scene, "--golden", dir + "/golden", "--update", "--quiet"])
        XCTAssertEqual(update.status, 0, update.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary), ["animatic-bench-\(deadPID)"])
        let bench = try run(["bench", "render", "--frames", "1", "--runs", "1", "--jobs", "1"])
        XCTAssertEqual(bench.status, 0, bench.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: temporary), [])
        let simulate = try run(["simulate", scene, "--trace", "trace.jsonl"])
        XCTAssertEqual(simulate.status, 0, simulate.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/trace.jsonl.tmp-\(deadPID)"))
        // diff of two files writes OUT/diff.png through a temporary file of its own.
        let frame = out + "/short/frame_00000.png", last = out + "/short/frame_00011.png"
        let diff = try run(["diff", frame, last, "--out", out])
        XCTAssertTrue([0, 1].contains(diff.status), diff.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), ["diff.png", "short"])
    }

    /// `nohup animatic render`: a hang-up the caller ignores stays ignored (handling it
    /// anyway ended the render as the terminal closed).
    func testAnIgnoredHangUpStaysIgnored() throws {
        let out = try CLI.temporaryDirectory("nohup")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let (status, _, running) = try CLI.signalledRender(["render", "push", "--out", out, "--duration", "2", "--jobs", "1", "--quiet"],
                                                           out: out, env: ["--ignore-signal=HUP"], signal: SIGHUP) {
            FileManager.default.fileExists(atPath: $0 + "/frame_00010.png")
        }
        XCTAssertTrue(running, "the render finished before the hang-up")
        XCTAssertEqual(status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out + "/push/frame_00119.png"))
    }
}
