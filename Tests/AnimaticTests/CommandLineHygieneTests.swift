import BrowserSupport
import Foundation
import XCTest

/// Findings of an audit of the command line's smaller commands and options (bench, list,
/// validate, help): each was reproduced on the old code and is refused or fixed now.
final class CommandLineHygieneTests: XCTestCase {
    /// An on/off option given a value was read as the option, its value dropped:
    /// `validate --quiet=false` was quiet, `bench --quick=no` quick, `list --help=no` helped.
    func testAnOnOffOptionTakesNoValue() throws {
        for args in [["validate", "snap", "--quiet=false"], ["bench", "physics", "--quick=no", "--only", "pile1000"],
                     ["list", "--help=no"], ["render", "snap", "--sheet=0"]] {
            let r = try CLI.run(args)
            XCTAssertEqual(r.status, 2, "\(args)")
            let name = args.first { $0.contains("=") }!.split(separator: "=")[0]
            XCTAssertTrue(r.stderr.contains("\(name) takes no value (got '\(args.first { $0.contains("=") }!)')"), r.stderr)
            XCTAssertEqual(r.stdout, "", "nothing run")
        }
        // A value option still takes `=`.
        XCTAssertEqual(try CLI.run(["simulate", "snap", "--duration=0.1", "--quiet"]).status, 0)
    }

    /// A folder in the current directory named like a scene id hid the scene: a second
    /// `render snap --out .` (which made the folder `snap`) said "is a directory".
    func testAFolderNamedLikeASceneIDDoesNotHideTheScene() throws {
        let dir = try CLI.temporaryDirectory("scene-folder")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.copyItem(atPath: CLI.packageRoot + "/scenes", toPath: dir + "/scenes")
        let render = ["render", "snap", "--out", ".", "--frames", "0:1", "--scale", "0.2", "--quiet"]
        XCTAssertEqual(try CLI.run(render, in: dir).status, 0)
        var isDirectory: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/snap", isDirectory: &isDirectory) && isDirectory.boolValue)
        let again = try CLI.run(render, in: dir)
        XCTAssertEqual(again.status, 0, again.stderr)
        let validate = try CLI.run(["validate", "snap"], in: dir)
        XCTAssertEqual(validate.status, 0, validate.stderr)
        XCTAssertTrue(validate.stdout.hasPrefix("ok: scenes/snap.json"), validate.stdout)
        XCTAssertTrue(try CLI.run(["list", "snap"], in: dir).stdout.hasPrefix("snap "))
        // A folder that is no scene id is still named and refused as a folder.
        try FileManager.default.createDirectory(atPath: dir + "/other", withIntermediateDirectories: false)
        let folder = try CLI.run(["validate", "other"], in: dir)
        XCTAssertEqual(folder.status, 2)
        XCTAssertTrue(folder.stderr.contains("other"), folder.stderr)
    }

    /// `bench --only ""` and `--only ,` ran nothing with exit 0; a repeated workload was
    /// timed against itself (as `--workers 1,1`, refused).
    func testBenchOnlyNamesEachWorkloadOnce() throws {
        for (only, says) in [("", "--only takes workload names separated by commas"), (",", "--only takes workload names"),
                             ("pile1000,", "--only takes workload names"),
                             ("pile1000,pile1000", "--only names pile1000 twice")] {
            let r = try CLI.run(["bench", "physics", "--only", only, "--quick", "--runs", "1"])
            XCTAssertEqual(r.status, 2, "--only '\(only)'")
            XCTAssertTrue(r.stderr.contains(says), r.stderr)
            XCTAssertEqual(r.stdout, "")
        }
    }

    /// `bench render` made a missing $TMPDIR (and left it), and an interrupt left its frames
    /// in $TMPDIR/animatic-bench-PID (40 MB after three seconds).
    func testBenchRenderKeepsToItsOwnTemporaryFolder() throws {
        let dir = try CLI.temporaryDirectory("bench-tmp")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let missing = try ExternalTool.capture("/usr/bin/env", ["TMPDIR=\(dir)/none/x", CLI.executable, "bench", "render",
                                                                "--frames", "1", "--runs", "1", "--jobs", "1"])
        XCTAssertEqual(missing.status, 1, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("the temporary folder \(dir)/none/x does not exist or is not a folder; set TMPDIR"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/none"))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.executable)
        process.arguments = ["bench", "render", "--frames", "3000", "--runs", "1", "--jobs", "1"]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": dir]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let folder = dir + "/animatic-bench-\(process.processIdentifier)"
        let deadline = Date().addingTimeInterval(60)
        func frames() -> Int {
            let staging = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.first ?? ""
            return (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + staging))?.count ?? 0
        }
        while process.isRunning && Date() < deadline && frames() < 20 { Thread.sleep(forTimeInterval: 0.01) }
        XCTAssertTrue(process.isRunning, "bench render finished before the interrupt")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 143)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir), [], "nothing left in $TMPDIR")
    }

    /// `list` printed a title as written: a line break split its line, an escape drove the
    /// terminal. Control characters are shown escaped.
    func testListKeepsOneSceneALine() throws {
        let dir = try CLI.temporaryDirectory("list-title")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var scene = try String(contentsOfFile: CLI.packageRoot + "/scenes/snap.json", encoding: .utf8)
        let title = try XCTUnwrap(scene.range(of: #"title: "[^"]*""#, options: .regularExpression))
        scene.replaceSubrange(title, with: #"title: "Two\nlines\u001b[31mred\tend""#)
        try scene.write(toFile: dir + "/odd.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["list", "odd.json"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").count, 1, r.stdout)
        XCTAssertTrue(r.stdout.hasSuffix("Two\\nlines\\u001B[31mred\\tend\n"), r.stdout)
    }

    /// `help rendr` had no "did you mean", as an unknown command has.
    func testHelpSuggestsTheCommand() throws {
        let r = try CLI.run(["help", "rendr"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("no command 'rendr'; did you mean 'render'?"), r.stderr)
    }
}

extension CommandLineHygieneTests {
    /// A file name that is not UTF-8 reaches the program repaired (U+FFFD) and matches no
    /// file: the error says why, for a named file and for one under ./scenes.
    func testANameThatIsNotUTF8IsToldSo() throws {
        let dir = try CLI.temporaryDirectory("latin1")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/scenes", withIntermediateDirectories: false)
        let script = "cp '\(CLI.packageRoot)/scenes/snap.json' \"$(printf 'scenes/caf\\xe9.json')\" && "
            + "'\(CLI.executable)' validate \"$(printf 'scenes/caf\\xe9.json')\"; echo \"status $?\"; '\(CLI.executable)' validate; echo \"status $?\""
        let r = try ExternalTool.capture("/bin/bash", ["-c", script], in: dir)
        XCTAssertEqual(r.stdout.components(separatedBy: "status 2").count, 3, r.stdout + r.stderr)
        XCTAssertTrue(r.stderr.contains("no such scene file or scene id; a name that is not valid UTF-8 cannot be given: rename the file"), r.stderr)
        XCTAssertTrue(r.stderr.contains("its name is not valid UTF-8 as given; rename the file"), r.stderr)
    }
}

extension CommandLineHygieneTests {
    /// A frame folder with a FIFO or a non-PNG as a frame: `sheet` waited for ever on the
    /// FIFO, and said exit 1 for a bad frame (bad input is 2); `diff` waited too.
    func testFramesThatAreNoPNGFilesAreBadInputAndNothingWaits() throws {
        let dir = try CLI.temporaryDirectory("bad-frames")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertEqual(try CLI.run(["render", "push", "--frames", "0:2", "--scale", "0.25", "--quiet", "--out", dir]).status, 0)
        let folder = dir + "/push"
        try FileManager.default.copyItem(atPath: folder, toPath: dir + "/fifo")
        try FileManager.default.removeItem(atPath: dir + "/fifo/frame_00000.png")
        XCTAssertEqual(mkfifo(dir + "/fifo/frame_00000.png", 0o600), 0)
        let start = Date()
        let sheet = try CLI.run(["sheet", dir + "/fifo"])
        XCTAssertEqual(sheet.status, 2, sheet.stderr)
        XCTAssertTrue(sheet.stderr.contains("not a regular file"), sheet.stderr)
        let diff = try CLI.run(["diff", folder, dir + "/fifo"])
        XCTAssertEqual(diff.status, 2, diff.stderr)
        XCTAssertTrue(diff.stderr.contains("not a regular file"), diff.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(start), 30, "nothing waited on the FIFO")

        try FileManager.default.copyItem(atPath: folder, toPath: dir + "/text")
        try "not a png".write(toFile: dir + "/text/frame_00000.png", atomically: true, encoding: .utf8)
        let text = try CLI.run(["sheet", dir + "/text"])
        XCTAssertEqual(text.status, 2, text.stderr)
        XCTAssertTrue(text.stderr.contains("is not a PNG"), text.stderr)
    }
}
