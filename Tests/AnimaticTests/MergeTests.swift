import BrowserSupport
import Foundation
import FrameFiles
import XCTest

/// Rendering in pieces and merging them: the README's GNU parallel example as written, the
/// Slurm script's pieces, and every refusal of `merge`.
final class MergeTests: XCTestCase {
    /// A scratch folder where `animatic render ID` finds the bundled scenes.
    func workspace(_ name: String) throws -> String {
        let dir = try CLI.temporaryDirectory(name)
        try FileManager.default.createSymbolicLink(atPath: dir + "/scenes", withDestinationPath: CLI.packageRoot + "/scenes")
        return dir
    }

    /// Runs `script` with bash in `directory`, the built animatic first on the PATH.
    func bash(_ script: String, in directory: String) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-euo", "pipefail", "-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = (CLI.executable as NSString).deletingLastPathComponent + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile(), errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                             stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Every file of two folders, byte for byte.
    func assertIdenticalFolders(_ a: String, _ b: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: a).sorted()
        XCTAssertEqual(names, try FileManager.default.contentsOfDirectory(atPath: b).sorted(), file: file, line: line)
        for name in names {
            XCTAssertEqual(FileManager.default.contents(atPath: a + "/" + name), FileManager.default.contents(atPath: b + "/" + name),
                           name, file: file, line: line)
        }
    }

    /// The shell block that follows the README's parallel-example marker.
    func readmeExample() throws -> String {
        let readme = try String(contentsOfFile: CLI.packageRoot + "/README.md", encoding: .utf8)
        let marker = try XCTUnwrap(readme.range(of: "<!-- test: parallel-example"))
        let start = try XCTUnwrap(readme.range(of: "```sh\n", range: marker.upperBound..<readme.endIndex))
        let end = try XCTUnwrap(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        return String(readme[start.upperBound..<end.lowerBound])
    }

    func testTheReadmeParallelExampleMergesIntoASingleRender() throws {
        _ = try ExternalTool.require("parallel", install: "apt-get install -y parallel")
        let dir = try workspace("parallel")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let example = try readmeExample()
        XCTAssertTrue(example.contains("parallel ") && example.contains("animatic merge"), example)
        let run = try bash(example, in: dir)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/parts").sorted(), ["1", "2", "3", "4"])
        let single = try CLI.run(["render", "push", "--quiet", "--out", dir + "/single"], in: dir)
        XCTAssertEqual(single.status, 0, single.stderr)
        try assertIdenticalFolders(dir + "/output/push", dir + "/single/push")
        // The merged folder works like a render: a contact sheet, and it serves as goldens.
        XCTAssertEqual(try CLI.run(["sheet", dir + "/output/push"], in: dir).status, 0)
        let check = try CLI.run(["check", "push", "--golden", dir + "/output", "--quiet"], in: dir)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    }

    func testTheSlurmScriptsPiecesMergeIntoASingleRender() throws {
        let dir = try workspace("slurm")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Three array tasks of the 180-frame snap scene at 30 fps, run one after the other
        // with the variables Slurm would set.
        let script = CLI.packageRoot + "/scripts/slurm-render.sh"
        for task in 0..<3 {
            let run = try bash("SLURM_ARRAY_TASK_COUNT=3 SLURM_ARRAY_TASK_ID=\(task) bash \(script) snap 100 parts", in: dir)
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        let merged = try CLI.run(["merge", "parts/0/snap", "parts/1/snap", "parts/2/snap", "--out", "merged"], in: dir)
        XCTAssertEqual(merged.status, 0, merged.stderr)
        let manifest = try FrameManifest.read(fromFolder: dir + "/merged/snap")
        XCTAssertEqual(manifest.range, 0..<manifest.frameCount)
        XCTAssertEqual(try CLI.run(["render", "snap", "--quiet", "--out", "single"], in: dir).status, 0)
        try assertIdenticalFolders(dir + "/merged/snap", dir + "/single/snap")
    }

    func testMergeRefusesGapsDifferingOverlapsAndOtherScenes() throws {
        let dir = try workspace("merge-refusals")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // push rests until its first tap at 0.5 s (frame 30), then moves.
        for (range, out) in [("0:40", "a"), ("40:60", "b"), ("70:80", "c"), ("30:50", "d")] {
            XCTAssertEqual(try CLI.run(["render", "push", "--quiet", "--trace", "--frames", range, "--out", out], in: dir).status, 0)
        }
        XCTAssertEqual(try CLI.run(["render", "snap", "--quiet", "--trace", "--frames", "20:40", "--out", "s"], in: dir).status, 0)
        // A gap: frames 60..<70 are in no part.
        let gap = try CLI.run(["merge", "a/push", "b/push", "c/push", "--out", "m"], in: dir)
        XCTAssertEqual(gap.status, 2)
        XCTAssertTrue(gap.stderr.contains("no part holds frames 60..<70"), gap.stderr)
        // An overlap is fine when it holds the same frames...
        let overlap = try CLI.run(["merge", "a/push", "d/push", "b/push", "--out", "m"], in: dir)
        XCTAssertEqual(overlap.status, 0, overlap.stderr)
        XCTAssertEqual(try FrameManifest.read(fromFolder: dir + "/m/push").range, 0..<60)
        // ...and refused when a frame differs (d's frame 35 replaced by its frame 45, where the
        // square has moved, and d's manifest made to agree so d alone looks sound).
        let tampered = dir + "/d/push"
        try FileManager.default.removeItem(atPath: tampered + "/frame_00035.png")
        try FileManager.default.copyItem(atPath: tampered + "/frame_00045.png", toPath: tampered + "/frame_00035.png")
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tampered + "/manifest.json"))) as! [String: Any]
        var frames = json["frames"] as! [[String: Any]]
        XCTAssertNotEqual(frames[5]["sha256"] as? String, frames[15]["sha256"] as? String)
        frames[5]["sha256"] = frames[15]["sha256"]
        frames[5]["bytes"] = frames[15]["bytes"]
        json["frames"] = frames
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: tampered + "/manifest.json"))
        let before = try FileManager.default.contentsOfDirectory(atPath: dir + "/m/push").sorted()
        let differs = try CLI.run(["merge", "a/push", "d/push", "--out", "m"], in: dir)
        XCTAssertEqual(differs.status, 2)
        XCTAssertTrue(differs.stderr.contains("frame 35 differs"), differs.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/m/push").sorted(), before, "the previous merge stays")
        // A piece of another scene.
        let other = try CLI.run(["merge", "a/push", "s/snap", "--out", "m"], in: dir)  // s holds 20:40
        XCTAssertEqual(other.status, 2)
        XCTAssertTrue(other.stderr.contains("not parts of one render: the scene is push in one and snap in the other"), other.stderr)
        // A frame that no longer matches its own manifest.
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: dir + "/b/push/frame_00045.png"))
        let corrupt = try CLI.run(["merge", "a/push", "b/push", "--out", "m"], in: dir)
        XCTAssertEqual(corrupt.status, 2)
        XCTAssertTrue(corrupt.stderr.contains("frame_00045.png does not match its SHA-256"), corrupt.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/m").filter { $0.hasPrefix(".") }, [],
                       "nothing staged is left behind")
    }

    /// Rewrites a part's manifest through `edit` (JSON, as a user's tool would).
    func editManifest(_ folder: String, _ edit: (inout [String: Any]) -> Void) throws {
        let url = URL(fileURLWithPath: folder + "/manifest.json")
        var json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        edit(&json)
        try JSONSerialization.data(withJSONObject: json).write(to: url)
    }

    /// Found by an audit of tampered and hand-made parts: a frame's `file` was trusted (a
    /// "../../x.png" was copied outside --out with exit 0), a huge `range` crashed, links were
    /// copied as links, wrong sizes went into the merged manifest, a CRLF trace had "0 lines".
    func testMergeTrustsNoNameSizeOrRangeOfAPartAndCopiesTheBytesOfLinkedFrames() throws {
        let dir = try workspace("merge-tampered")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (range, out) in [("0:20", "a"), ("20:40", "b"), ("0:40", "whole")] {
            XCTAssertEqual(try CLI.run(["render", "push", "--quiet", "--trace", "--frames", range, "--out", out], in: dir).status, 0)
        }
        func copyPart(_ from: String, _ to: String) throws {
            try? FileManager.default.removeItem(atPath: dir + "/" + to)
            try FileManager.default.createDirectory(atPath: dir + "/" + to, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: dir + "/" + from + "/push", toPath: dir + "/" + to + "/push")
        }
        func merge(_ parts: [String]) throws -> CommandResult {
            try CLI.run(["merge"] + parts + ["--out", "m"], in: dir)
        }
        // A frame's file that leaves the part folder.
        try copyPart("b", "escape")
        try FileManager.default.copyItem(atPath: dir + "/b/push/frame_00039.png", toPath: dir + "/ESCAPED.png")
        try editManifest(dir + "/escape/push") { json in
            var frames = json["frames"] as! [[String: Any]]
            frames[19]["file"] = "../../ESCAPED.png"
            json["frames"] = frames
        }
        let escape = try merge(["a/push", "escape/push"])
        XCTAssertEqual(escape.status, 2, escape.stderr)
        XCTAssertTrue(escape.stderr.contains("escape/push is not a usable part"), escape.stderr)
        XCTAssertTrue(escape.stderr.contains("frame 39's file is \"../../ESCAPED.png\", not frame_00039.png"), escape.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/m"), "nothing written")
        // A range of 2^62 frames: refused, not a crash.
        try copyPart("a", "huge")
        try editManifest(dir + "/huge/push") { $0["range"] = [0, 4_611_686_018_427_387_904] }
        let huge = try merge(["huge/push"])
        XCTAssertEqual(huge.status, 2, huge.stderr)
        XCTAssertTrue(huge.stderr.contains("'range' is not [first, end] with 0 <= first <= end <= frameCount"), huge.stderr)
        // A frame rate of 0 names the part.
        try copyPart("a", "still")
        try editManifest(dir + "/still/push") { $0["fps"] = 0 }
        let still = try merge(["still/push", "b/push"])
        XCTAssertEqual(still.status, 2, still.stderr)
        XCTAssertTrue(still.stderr.contains("still/push is not a usable part") && still.stderr.contains("'fps' is 0.0"), still.stderr)
        // A size the file does not have.
        try copyPart("a", "sized")
        try editManifest(dir + "/sized/push") { json in
            var frames = json["frames"] as! [[String: Any]]
            frames[3]["bytes"] = (frames[3]["bytes"] as! Int) + 1
            json["frames"] = frames
        }
        let sized = try merge(["sized/push", "b/push"])
        XCTAssertEqual(sized.status, 2, sized.stderr)
        XCTAssertTrue(sized.stderr.contains("frame_00003.png is"), sized.stderr)
        XCTAssertTrue(sized.stderr.contains("its manifest says"), sized.stderr)
        // Frames that are relative links into another folder, and a trace with CRLF line ends:
        // the merge is the single render, byte for byte, and stands on its own.
        try FileManager.default.createDirectory(atPath: dir + "/linked/push", withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: dir + "/b/push") {
            if name.hasPrefix("frame_") {
                try FileManager.default.createSymbolicLink(atPath: dir + "/linked/push/" + name, withDestinationPath: "../../b/push/" + name)
            } else {
                try FileManager.default.copyItem(atPath: dir + "/b/push/" + name, toPath: dir + "/linked/push/" + name)
            }
        }
        let trace = try String(contentsOfFile: dir + "/linked/push/trace.jsonl", encoding: .utf8)
        try trace.replacingOccurrences(of: "\n", with: "\r\n").write(toFile: dir + "/linked/push/trace.jsonl", atomically: true, encoding: .utf8)
        let linked = try CLI.run(["merge", "a/push", "linked/push", "--out", "deep/m"], in: dir)
        XCTAssertEqual(linked.status, 0, linked.stderr)
        let merged = dir + "/deep/m/push"
        let attributes = try FileManager.default.attributesOfItem(atPath: merged + "/frame_00030.png")
        XCTAssertEqual(attributes[.type] as? FileAttributeType, .typeRegular, "a copy of the bytes, not a link")
        try assertIdenticalFolders(merged, dir + "/whole/push")
        // An overlap whose frames agree but whose trace lines do not says so.
        try copyPart("b", "retraced")
        let lines = try String(contentsOfFile: dir + "/retraced/push/trace.jsonl", encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let changed = [lines[0].replacingOccurrences(of: "\"frame\":20", with: "\"frame\":20,\"x\":1")] + lines.dropFirst()
        XCTAssertNotEqual(changed[0], lines[0])
        try (changed.joined(separator: "\n") + "\n").write(toFile: dir + "/retraced/push/trace.jsonl", atomically: true, encoding: .utf8)
        let retraced = try merge(["whole/push", "retraced/push"])
        XCTAssertEqual(retraced.status, 2, retraced.stderr)
        XCTAssertTrue(retraced.stderr.contains("the trace line of frame 20 differs between"), retraced.stderr)
    }
}
