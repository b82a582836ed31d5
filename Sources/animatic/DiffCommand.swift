// Design note: `diff A B` compares two PNG files or two frame folders with the pixelmatch
// algorithm (module Compare). Exit status: 0 within tolerance, 1 beyond it, 2 for unreadable
// or mismatched inputs (said plainly: which frame is missing, which sizes differ).
import Compare
import Foundation
import Rendering
import Images
import FrameFiles
import FrameOutput

enum DiffCommand {
    static let help = """
    usage: animatic diff A B [--threshold T] [--include-aa] [--max-diff-pixels N] [--max-diff-ratio R]
                             [--out DIR] [--report DIR] [--json]
    Compares two PNG files or two frame folders (frame_00000.png ...).
      --threshold T        per-pixel color threshold 0...1 (default 0.1)
      --include-aa         count anti-aliased pixels as differences
      --max-diff-pixels N  tolerate up to N differing pixels (per frame)
      --max-diff-ratio R   tolerate up to this share of differing pixels (per frame)
      --out DIR            write diff images (pixelmatch colors) for differing frames
      --report DIR         write a self-contained HTML report (folders)
      --json               print a machine-readable summary
    Exit status: 0 within tolerance, 1 beyond it, 2 unreadable or mismatched inputs.
    """

    /// The folder that holds `path` ("." for a bare name).
    static func parent(of path: String) -> String {
        let parent = FilePath.parent(of: path)
        return parent.isEmpty ? "." : parent
    }

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, valueFlags: ["threshold", "max-diff-pixels", "max-diff-ratio", "out", "report"],
                              boolFlags: ["help", "include-aa", "json"])
        if a.flags.contains("help") { print(help); return 0 }
        guard a.positional.count == 2 else { throw UsageError(message: "diff takes two paths: A B") }
        var options = PixelmatchOptions()
        if let t = try a.double("threshold", range: 0...1) { options.threshold = t }
        options.includeAA = a.flags.contains("include-aa")
        let tolerance = try DiffTolerance(maxDiffPixels: try a.int("max-diff-pixels", range: 0...Int.max),
                                          maxDiffRatio: try a.double("max-diff-ratio", range: 0...1))
        let (pathA, pathB) = (a.positional[0], a.positional[1])
        let outFolder = try a.path("out"), reportFolder = try a.path("report")
        var isDirA: ObjCBool = false, isDirB: ObjCBool = false
        let existsA = FileManager.default.fileExists(atPath: pathA, isDirectory: &isDirA)
        let existsB = FileManager.default.fileExists(atPath: pathB, isDirectory: &isDirB)
        guard existsA else { printError("animatic diff: \(pathA): no such file or folder"); return 2 }
        guard existsB else { printError("animatic diff: \(pathB): no such file or folder"); return 2 }
        if !isDirA.boolValue, reportFolder != nil {
            throw UsageError(message: "--report makes a report of two frame folders; for two PNG files use --out DIR for the diff image")
        }
        guard isDirA.boolValue == isDirB.boolValue else {
            printError("animatic diff: cannot compare a folder with a file: \(pathA) and \(pathB)")
            return 2
        }
        // The diff images and the report replace the folder they are written to.
        let inputs = [(label: "the expected folder", path: pathA), (label: "the actual folder", path: pathB)]
        if isDirA.boolValue, let out = outFolder { try OutputOverlap.refuse(output: out, option: "--out", inputs: inputs) }
        if !isDirA.boolValue, let out = outFolder {
            // Two files: the diff image is OUT/diff.png, written over whatever is there.
            try OutputOverlap.refuse(output: (out as NSString).appendingPathComponent("diff.png"), option: "--out's diff image",
                                     inputs: [(label: "the expected file", path: pathA), (label: "the actual file", path: pathB)])
        }
        if let dir = reportFolder {
            try OutputOverlap.refuse(output: dir, option: "--report", inputs: inputs)
            // (The report would replace the diff images, or they it.)
            if let out = outFolder { try OutputOverlap.refuse(output: dir, option: "--report", inputs: [(label: "the --out folder", path: out)]) }
        }
        InterruptCleanup.install()
        do {
            let summary: DiffSummary
            if isDirA.boolValue {
                // The diff images and the report are written into staged folders and swapped
                // in whole (`StagedOutput.write`): interrupted, they were a mix of two runs.
                var compared: FolderDiff?
                let compare = { (images: String?) throws -> String in
                    compared = try FolderDiff.compare(expectedFolder: pathA, actualFolder: pathB, options: options, diffImagesFolder: images)
                    return images ?? ""
                }
                if let out = outFolder {
                    _ = try StagedOutput.write(into: Self.parent(of: out), name: (out as NSString).lastPathComponent, compare)
                } else {
                    _ = try compare(nil)
                }
                let diff = compared!
                summary = DiffSummary(diff)
                if let dir = reportFolder {
                    let index = try StagedOutput.write(into: Self.parent(of: dir), name: (dir as NSString).lastPathComponent,
                                                             shown: dir) { folder in
                        try DiffReport(title: "animatic diff \(pathA) \(pathB)").write(diff, to: folder)
                    }
                    if !a.flags.contains("json") { print("report: \(index)") }
                }
                if !a.flags.contains("json") {
                    print("\(diff.differentFrames.count) of \(diff.frames.count) frames differ; \(diff.differentPixels) pixels "
                          + String(format: "(%.4f%%)", diff.ratio * 100)
                          + (diff.firstDifferentFrame.map { "; first differing frame \($0)" } ?? ""))
                }
            } else {
                let diff = try Pixelmatch.compareFiles(expected: pathA, actual: pathB, options: options,
                                                       producingDiffImage: outFolder != nil)
                if let out = outFolder, let image = diff.diffImage {
                    // Through a temporary file an interrupt removes (Foundation's atomic write
                    // left its own behind), over whatever OUT/diff.png was.
                    let path = (out as NSString).appendingPathComponent("diff.png")
                    let png: [UInt8]
                    do { png = try image.pngData() } catch { throw CompareError.unwritableOutput(path: path, reason: "\(error)") }
                    do {
                        try StagingFolder.makeFolders(out)
                        try AtomicFile.write(png, to: path)
                    } catch let OutputError.unwritableFolder(folder, reason) {
                        // "F is a file, not a folder" where a file stands in the way.
                        var info = stat()
                        let inTheWay = stat(folder, &info) == 0 && (info.st_mode & S_IFMT) != S_IFDIR
                        throw CompareError.unwritableOutput(path: path, reason: inTheWay ? "\(folder) is a file, not a folder" : "\(folder): \(reason)")
                    } catch let error as OutputError {
                        throw CompareError.unwritableOutput(path: path, reason: "\(error)")
                    }
                }
                summary = DiffSummary(diff, options: options)
                if !a.flags.contains("json") {
                    let box = diff.boundingBox.map { " in box x \($0.x) y \($0.y) w \($0.width) h \($0.height)" } ?? ""
                    print("\(diff.differentPixels) of \(diff.totalPixels) pixels differ " + String(format: "(%.4f%%)", diff.ratio * 100) + box)
                }
            }
            if a.flags.contains("json") {
                do { try FileHandle.standardOutput.write(contentsOf: try summary.jsonData()) } catch {
                    // (FileHandle.write(_: Data) traps on a write error such as a full disk.)
                    printError("animatic diff: cannot write the summary to standard output: \(OutputError.systemReason(error))")
                    return 1
                }
            }
            return tolerance.outcome(for: summary).exitCode
        } catch let error as CompareError {
            printError("animatic diff: \(error)")
            // An output that cannot be written is a failure while running, not bad input.
            if case .unwritableOutput = error { return 1 }
            return 2
        }
    }
}
