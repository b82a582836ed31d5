import BrowserSupport
import Foundation
import XCTest

/// Findings of a fuzz of the command line and of extreme scenes: each was reproduced on the
/// old code and is refused or fixed now.
final class FuzzAuditTests: XCTestCase {
    /// A FIFO named like a scene made validate, list, simulate and render wait for a writer
    /// for ever: with nobody writing it reads as empty; a pipe being written (a process
    /// substitution, `<(make-scene)`) is read whole.
    func testAFIFOGivenAsASceneIsNotWaitedOn() throws {
        let dir = try CLI.temporaryDirectory("fifo-scene")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertEqual(mkfifo(dir + "/f.json", 0o600), 0)
        for command in [["validate"], ["list"], ["simulate"], ["render", "--out", dir + "/o"]] {
            let r = try ExternalTool.capture("/usr/bin/timeout", ["20", CLI.executable] + command + [dir + "/f.json"])
            XCTAssertEqual(r.status, 2, "\(command): \(r.stderr)")
            XCTAssertTrue(command == ["list"] || r.stderr.contains("the document is empty"), "\(command): \(r.stderr)")
        }
        let fed = try ExternalTool.capture("/bin/bash", ["-c", "timeout 20 '\(CLI.executable)' validate <(cat '\(CLI.packageRoot)/scenes/snap.json')"])
        XCTAssertEqual(fed.status, 0, fed.stderr)
    }

    /// `simulate --trace` renamed its temporary file over whatever was at the path: a device
    /// node (/dev/null made by mknod) became a regular file. A device or a FIFO is written into.
    func testATraceIntoADeviceOrAPipeWritesIntoItWithoutReplacingIt() throws {
        let dir = try CLI.temporaryDirectory("trace-node")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertEqual(mkfifo(dir + "/pipe", 0o600), 0)
        // A reader on the FIFO, as a user's consumer would be.
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/sh")
        reader.arguments = ["-c", "timeout 30 cat '\(dir)/pipe' > '\(dir)/read.jsonl'"]
        try reader.run()
        let r = try CLI.run(["simulate", "snap", "--duration", "0.1", "--trace", dir + "/pipe", "--quiet"])
        reader.waitUntilExit()
        XCTAssertEqual(r.status, 0, r.stderr)
        var info = stat()
        XCTAssertEqual(lstat(dir + "/pipe", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "still a FIFO")
        let lines = try String(contentsOfFile: dir + "/read.jsonl", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 6, "the 6 frames of 0.1 s at 60 fps")
        // /dev/null through a link: written into, the link and the device stay.
        try FileManager.default.createSymbolicLink(atPath: dir + "/null", withDestinationPath: "/dev/null")
        XCTAssertEqual(try CLI.run(["simulate", "snap", "--duration", "0.1", "--trace", dir + "/null", "--quiet"]).status, 0)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/null"), "/dev/null")
        // A link to a file: the file is replaced, the link stays (/dev/stderr with 2>log is one).
        try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/target.jsonl"))
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.jsonl", withDestinationPath: dir + "/target.jsonl")
        XCTAssertEqual(try CLI.run(["simulate", "snap", "--duration", "0.1", "--trace", dir + "/link.jsonl", "--quiet"]).status, 0)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.jsonl"), dir + "/target.jsonl")
        XCTAssertEqual(try String(contentsOfFile: dir + "/target.jsonl", encoding: .utf8).split(separator: "\n").count, 6)
        // A dangling link: the file it names is made, the link stays.
        try FileManager.default.createSymbolicLink(atPath: dir + "/dangling", withDestinationPath: "made.jsonl")
        XCTAssertEqual(try CLI.run(["simulate", "snap", "--duration", "0.1", "--trace", dir + "/dangling", "--quiet"]).status, 0)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/dangling"), "made.jsonl")
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/made.jsonl"))
        // A loop of links: said so, nothing replaced.
        try FileManager.default.createSymbolicLink(atPath: dir + "/loop", withDestinationPath: "loop")
        let loop = try CLI.run(["simulate", "snap", "--duration", "0.1", "--trace", dir + "/loop", "--quiet"])
        XCTAssertEqual(loop.status, 1, loop.stderr)
        XCTAssertTrue(loop.stderr.contains("its links lead round in a loop"), loop.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/loop"), "loop")
        // /dev/stdout redirected to a file: written into the redirection, which keeps what
        // came before and after (replacing the file cut the caller's own output).
        let shell = try ExternalTool.capture("/bin/bash", ["-c", "{ echo header; '\(CLI.executable)' simulate '\(CLI.packageRoot)/scenes/snap.json' --duration 0.1 --trace /dev/stdout --quiet; echo footer; } > '\(dir)/log.txt'"])
        XCTAssertEqual(shell.status, 0, shell.stderr)
        let log = try String(contentsOfFile: dir + "/log.txt", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(log.first, "header")
        XCTAssertEqual(log.last, "footer")
        XCTAssertEqual(log.count, 8, "header, 6 frames, footer")
        // The scene file itself is refused.
        try FileManager.default.copyItem(atPath: CLI.packageRoot + "/scenes/snap.json", toPath: dir + "/snap.json")
        let itself = try CLI.run(["simulate", dir + "/snap.json", "--duration", "0.1", "--trace", dir + "/snap.json"])
        XCTAssertEqual(itself.status, 2, itself.stderr)
        XCTAssertTrue(itself.stderr.contains("is the scene file"), itself.stderr)
        XCTAssertEqual(FileManager.default.contents(atPath: dir + "/snap.json"), FileManager.default.contents(atPath: CLI.packageRoot + "/scenes/snap.json"))
    }

    /// `render ow/push/push.json --out ow` swapped the render in over the folder that held its
    /// own scene file (and everything beside it). (`check --update` keeps what it did not
    /// write, so a scene kept beside its goldens is fine there.)
    func testRenderRefusesAnOutputFolderHoldingItsSceneFile() throws {
        let dir = try CLI.temporaryDirectory("scene-inside-output")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/ow/snap", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLI.packageRoot + "/scenes/snap.json", toPath: dir + "/ow/snap/snap.json")
        try Data("notes".utf8).write(to: URL(fileURLWithPath: dir + "/ow/snap/notes.txt"))
        let r = try CLI.run(["render", "ow/snap/snap.json", "--out", "ow", "--frames", "0:1"], in: dir)
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("holds its scene file ow/snap/snap.json"), r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/ow/snap").sorted(), ["notes.txt", "snap.json"])
        let check = try CLI.run(["check", "ow/snap/snap.json", "--golden", "ow", "--update", "--scale", "0.1", "--every", "100"], in: dir)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertTrue(try FileManager.default.contentsOfDirectory(atPath: dir + "/ow/snap").contains("snap.json"), "kept by --update")
    }

    /// `merge parts/p/ID --out parts/p` replaced the part it was reading with the merge.
    func testMergeRefusesAnOutputThatIsAPart() throws {
        let dir = try CLI.temporaryDirectory("merge-into-part")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertEqual(try CLI.run(["render", "snap", "--frames", "0:2", "--scale", "0.2", "--quiet", "--out", dir + "/p"]).status, 0)
        let r = try CLI.run(["merge", dir + "/p/snap", "--out", dir + "/p"])
        XCTAssertEqual(r.status, 2, r.stderr)
        XCTAssertTrue(r.stderr.contains("the merged folder \(dir)/p/snap would replace the part \(dir)/p/snap"), r.stderr)
    }

    /// `list` of an invalid scene exited 2 with nothing on standard error.
    func testListSaysOnStandardErrorWhichScenesAreInvalid() throws {
        let r = try CLI.run(["list", "/dev/null", "snap"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stdout.contains("(invalid: run animatic validate /dev/null)"), r.stdout)
        XCTAssertTrue(r.stderr.contains("animatic list: 1 scene is invalid; hint: animatic validate /dev/null says why"), r.stderr)
    }

    /// An empty path option: `diff --out=` tried to write into "", `check --golden=` looked
    /// for goldens in /ID. Refused as for render and merge.
    func testAnEmptyPathOptionIsRefused() throws {
        for (args, says) in [(["diff", "a.png", "b.png", "--out="], "--out needs a folder"),
                             (["diff", "a", "b", "--report="], "--report needs a folder"),
                             (["check", "snap", "--golden="], "--golden needs a folder"),
                             (["check", "snap", "--golden", "g", "--report="], "--report needs a folder")] {
            let r = try CLI.run(args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(says), "\(args): \(r.stderr)")
        }
    }
}
