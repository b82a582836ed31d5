// Design note: `check` is the golden-frame workflow for CI: render scenes into a scratch
// folder, compare each with GOLDEN/ID frame by frame (pixelmatch, with a tolerance), print
// one line per scene and exit 1 when any scene is beyond tolerance. `--update` replaces the
// goldens with the new renders instead (review the diff in version control).
import Compare
import Foundation
import Rendering
import Images
import FrameFiles
import FrameOutput
import SceneFormat
import ScenePlayer

enum CheckCommand {
    static let help = """
    usage: animatic check [SCENE ...] --golden DIR [--update] [--max-diff-pixels N] [--max-diff-ratio R]
                          [--threshold T] [--report DIR] [--jobs N] [--debug [LIST]]
    Renders the scenes and compares them with golden frames in DIR/ID/ (frame_00000.png ...).
      --update             write the new renders as the goldens instead of comparing
      --report DIR         HTML report per differing scene in DIR/ID/
      --debug [LIST]       render with the debug overlay, as render --debug does (for goldens
                           that show it, such as recordings of animators with debugEnabled)
    Exit status: 0 all within tolerance, 1 some scene differs, 2 bad usage, invalid scene or
    missing goldens.
    """

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(SceneArguments.normalizingDebugFlag(args),
                              valueFlags: ["golden", "max-diff-pixels", "max-diff-ratio", "threshold", "report", "jobs", "debug"],
                              boolFlags: ["help", "update", "quiet"])
        if a.flags.contains("help") { print(help); return 0 }
        guard let golden = a.values["golden"] else { throw UsageError(message: "check needs --golden DIR") }
        let tolerance = try DiffTolerance(maxDiffPixels: try a.int("max-diff-pixels", range: 0...Int.max),
                                          maxDiffRatio: try a.double("max-diff-ratio", range: 0...1))
        var options = PixelmatchOptions()
        if let t = try a.double("threshold", range: 0...1) { options.threshold = t }
        let files = try SceneArguments.resolve(a.positional)
        var scenes: [Scene] = []
        for file in files {
            guard let scene = SceneArguments.load(file) else { return 2 }
            scenes.append(scene)
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("animatic-check-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let jobs = try a.int("jobs", range: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        var settings = RenderSettings(outputFolder: scratch, frames: FrameSequenceOptions(jobs: jobs))
        if let d = a.values["debug"] { settings.debug = try DebugLayers(parsing: d) }
        InterruptCleanup.install()
        InterruptCleanup.register(path: scratch)
        defer { InterruptCleanup.unregister(path: scratch) }
        var failed = 0
        for scene in scenes {
            try FramePipeline.render(scene: scene, settings: settings)
            let rendered = scratch + "/" + scene.id
            let target = golden + "/" + scene.id
            if a.flags.contains("update") {
                try FileManager.default.createDirectory(atPath: golden, withIntermediateDirectories: true)
                if FileManager.default.fileExists(atPath: target) { try FileManager.default.removeItem(atPath: target) }
                try FileManager.default.copyItem(atPath: rendered, toPath: target)
                print("\(scene.id): golden updated (\(target))")
                continue
            }
            guard FileManager.default.fileExists(atPath: target) else {
                printError("\(scene.id): no golden frames at \(target); hint: animatic check --golden \(golden) --update")
                return 2
            }
            do {
                let diff = try FolderDiff.compare(expectedFolder: target, actualFolder: rendered, options: options)
                let summary = DiffSummary(diff)
                if tolerance.accepts(summary) {
                    print("\(scene.id): ok (\(diff.differentPixels) differing pixels in \(diff.differentFrames.count) frames)")
                } else {
                    failed += 1
                    print("\(scene.id): DIFFERS, first at frame \(diff.firstDifferentFrame ?? -1), \(diff.differentPixels) pixels in "
                          + "\(diff.differentFrames.count) of \(diff.frames.count) frames")
                    if let dir = a.values["report"] {
                        let index = try DiffReport(title: "animatic check \(scene.id)").write(diff, to: dir + "/" + scene.id)
                        print("  report: \(index)")
                    }
                }
            } catch let e as CompareError {
                printError("\(scene.id): \(e)")
                return 2
            }
        }
        return failed > 0 ? 1 : 0
    }
}

enum SheetCommand {
    static let help = """
    usage: animatic sheet FOLDER [--cells N] [--columns N] [--cell-width W]
    Writes FOLDER/sheet.png: evenly spaced frames of a rendered folder with their times
    (frames where contacts began are marked when FOLDER/trace.jsonl exists).
    """

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, valueFlags: ["cells", "columns", "cell-width"], boolFlags: ["help"])
        if a.flags.contains("help") { print(help); return 0 }
        guard a.positional.count == 1 else { throw UsageError(message: "sheet takes one rendered folder") }
        let folder = try FrameFolder(path: a.positional[0])
        var options = ContactSheetOptions()
        if let n = try a.int("cells", range: 1...400) { options.cellCount = n }
        if let n = try a.int("columns", range: 1...100) { options.columns = n }
        if let n = try a.int("cell-width", range: 16...4096) { options.cellWidth = n }
        options.contactFrames = contactFrames(fromTraceIn: a.positional[0])
        let file = try ContactSheet.write(from: folder, to: a.positional[0] + "/" + ContactSheet.defaultFileName, options: options)
        print(file.path)
        return 0
    }

    /// Frames whose trace line lists a contactBegan event.
    static func contactFrames(fromTraceIn folder: String) -> Set<Int> {
        guard let text = try? String(contentsOfFile: folder + "/trace.jsonl", encoding: .utf8) else { return [] }
        var frames = Set<Int>()
        for (k, line) in text.split(separator: "\n").enumerated() where line.contains("\"contactBegan\"") { frames.insert(k) }
        return frames
    }
}
