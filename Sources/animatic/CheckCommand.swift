// Design note: `check` is the golden-frame workflow for CI: render scenes into a scratch
// folder, compare each with GOLDEN/ID frame by frame (pixelmatch, with a tolerance), print
// one line per scene and exit 1 when any scene is beyond tolerance. `--update` replaces the
// goldens with the new renders instead (review the diff in version control). Goldens that
// fit in a repository come from `--scale` (fewer pixels) and `--every` (fewer frames); the
// settings are recorded beside the goldens so a plain `check` compares like with like.
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
    usage: animatic check [SCENE ...] --golden DIR [--update] [--scale S] [--every N] [--include-aa]
                          [--threshold T] [--max-diff-pixels N] [--max-diff-ratio R] [--report DIR]
                          [--jobs N] [--debug [LIST]] [--quiet]
    Renders the scenes and compares them with golden frames in DIR/ID/ (frame_00000.png ...).
      --update             write the new renders as the goldens instead of comparing
      --scale S            render (and keep goldens) at S pixels per point: smaller goldens
      --every N            keep and compare every Nth frame only (0, N, 2N, ... and the last)
      --include-aa         count anti-aliased pixels as differences
      --report DIR         HTML report per differing scene in DIR/ID/
      --debug [LIST]       render with the debug overlay, as render --debug does (for goldens
                           that show it, such as recordings of animators with debugEnabled)
      --quiet              print only the scenes that differ
    --update records --scale and --every in DIR/ID/golden.json; later checks use them unless
    given again. Exit status: 0 all within tolerance, 1 some scene differs, 2 bad usage, invalid
    scene or missing goldens.
    """

    /// The settings goldens were recorded with (DIR/ID/golden.json).
    struct GoldenSettings: Equatable {
        var scale: Double?
        var every: Int

        static let fileName = "golden.json"

        var json: String {
            JSON5Value.object([("scale", scale.map { .number($0) } ?? .null), ("every", .number(every))]).formatted() + "\n"
        }

        /// The settings recorded in `folder` (goldens of `golden`, named in the hint), nil when
        /// it has no golden.json; a golden.json that is not what `--update` writes (not a
        /// regular file, not a JSON object, a scale outside 0.1...8, an `every` that is not a
        /// whole number in 1...100,000) is bad input, not a default: an `every` of 0 trapped, a
        /// scale of 0 failed the render as if the scene were at fault.
        static func read(from folder: String, golden: String) throws -> GoldenSettings? {
            let path = folder + "/" + fileName
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            func bad(_ what: String) -> BadInputError {
                BadInputError(message: "\(path): \(what); hint: record the goldens again with animatic check --golden \(golden) --update")
            }
            let data: Data
            do { data = try RegularFile.read(atPath: path) } catch let e as RegularFile.Unreadable { throw bad(e.reason) }
            guard let object = try? JSON5.parse(data), object.objectValue != nil else {
                throw bad("not a JSON object as check --update writes it")
            }
            var settings = GoldenSettings(scale: nil, every: 1)
            if let value = object["scale"], value.kind != .null {
                guard let scale = value.numberValue, (0.1...8).contains(scale) else { throw bad("\"scale\" must be a number in 0.1...8 or null") }
                settings.scale = scale
            }
            if let value = object["every"] {
                guard let number = value.numberValue, let every = Int(exactly: number), (1...100_000).contains(every) else {
                    throw bad("\"every\" must be a whole number in 1...100000")
                }
                settings.every = every
            }
            return settings
        }
    }

    /// Frames kept with `every`: 0, N, 2N, ... and the last frame.
    static func sampled(_ frames: Range<Int>, every: Int) -> [Int] {
        var kept = Array(Swift.stride(from: frames.lowerBound, to: frames.upperBound, by: every))
        if let last = frames.last, kept.last != last { kept.append(last) }
        return kept
    }

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(SceneArguments.normalizingDebugFlag(args),
                              valueFlags: ["golden", "max-diff-pixels", "max-diff-ratio", "threshold", "report", "jobs",
                                           "scale", "every", "debug"],
                              boolFlags: ["help", "update", "quiet", "include-aa"])
        if a.flags.contains("help") { print(help); return 0 }
        guard let golden = try a.path("golden") else { throw UsageError(message: "check needs --golden DIR") }
        let reportFolder = try a.path("report")
        let tolerance = try DiffTolerance(maxDiffPixels: try a.int("max-diff-pixels", range: 0...Int.max),
                                          maxDiffRatio: try a.double("max-diff-ratio", range: 0...1))
        var options = PixelmatchOptions()
        if let t = try a.double("threshold", range: 0...1) { options.threshold = t }
        options.includeAA = a.flags.contains("include-aa")
        let scaleFlag = try a.double("scale", range: 0.1...8), everyFlag = try a.int("every", range: 1...100_000)
        let quiet = a.flags.contains("quiet"), update = a.flags.contains("update")
        let files = try SceneArguments.resolve(a.positional)
        var scenes: [Scene] = []
        for file in files {
            guard let scene = SceneArguments.load(file) else { return 2 }
            scenes.append(scene)
        }
        try SceneArguments.requireDistinctIDs(scenes, folder: golden)
        // (A scene kept in its goldens' folder is safe: --update keeps the files it did not write.)
        if let dir = reportFolder {
            // A scene's report replaces DIR/ID: never a golden folder (nor one holding or inside it).
            for scene in scenes {
                try OutputOverlap.refuse(output: (dir as NSString).appendingPathComponent(scene.id), option: "--report's folder for \(scene.id)",
                                         inputs: [(label: "the goldens of \(scene.id)", path: (golden as NSString).appendingPathComponent(scene.id))])
            }
        }
        let jobs = try a.int("jobs", range: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        let debug = try a.values["debug"].map { try DebugLayers(parsing: $0) } ?? []
        let scratchFolder = try ScratchFolder.make(prefix: "animatic-check", for: "check")
        defer { ScratchFolder.remove(scratchFolder) }
        let scratch = scratchFolder.path
        var failed = 0
        for var scene in scenes {
            let target = golden + "/" + scene.id
            // (--update records new settings: a broken record must not stand in its way.)
            let recorded = update ? nil : try GoldenSettings.read(from: target, golden: golden)
            let settings = GoldenSettings(scale: scaleFlag ?? (update ? nil : recorded?.scale),
                                          every: everyFlag ?? (update ? 1 : recorded?.every ?? 1))
            if let scale = settings.scale { scene.canvas.scale = scale }
            if !update, recorded == nil, !FileManager.default.fileExists(atPath: target) {
                printError("\(scene.id): no golden frames at \(target); hint: animatic check --golden \(golden) --update")
                return 2
            }
            try FramePipeline.render(scene: scene, settings: RenderSettings(outputFolder: scratch + "/render",
                                                                             frames: FrameSequenceOptions(jobs: jobs), debug: debug))
            // The frames kept: every Nth, hard-linked into a folder of their own.
            let rendered = scratch + "/render/" + scene.id, kept = scratch + "/kept/" + scene.id
            // Made where no interrupt's cleanup runs beside it: made after the cleanup removed
            // the scratch folder, it outlived the exit.
            try InterruptCleanup.outsideCleanup {
                try? FileManager.default.removeItem(atPath: kept)
                try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
                for k in sampled(0..<scene.frameCount, every: settings.every) {
                    let name = FrameFolder.fileName(forFrame: k)
                    try FileManager.default.linkItem(atPath: rendered + "/" + name, toPath: kept + "/" + name)
                }
            }
            if update {
                try Data(settings.json.utf8).write(to: URL(fileURLWithPath: kept + "/" + GoldenSettings.fileName))
                // Staged beside the goldens and swapped in at once (as a render is), so an
                // interrupt or a failure at any moment keeps the old ones whole.
                let staging = try StagingFolder(parent: golden, name: scene.id)
                do {
                    for name in try FileManager.default.contentsOfDirectory(atPath: kept) {
                        try FileManager.default.copyItem(atPath: kept + "/" + name, toPath: staging.file(name))
                    }
                    if FileManager.default.fileExists(atPath: target) { try keepOwnFiles(of: target, in: staging.path) }
                    try staging.publish()
                } catch {
                    staging.discard()
                    throw OutputError.writing(error, into: golden)
                }
                if !quiet { print("\(scene.id): golden updated (\(target))") }
                continue
            }
            do {
                let diff = try FolderDiff.compare(expectedFolder: target, actualFolder: kept, options: options)
                let summary = DiffSummary(diff)
                if tolerance.accepts(summary) {
                    if !quiet { print("\(scene.id): ok (\(diff.differentPixels) differing pixels in \(diff.differentFrames.count) frames)") }
                } else {
                    failed += 1
                    // The first frame beyond the tolerance (an earlier one may differ within it).
                    let rejected = tolerance.rejectedFrames(of: summary)
                    print("\(scene.id): DIFFERS, first at frame \(rejected.first ?? diff.firstDifferentFrame ?? -1), "
                          + "\(diff.differentPixels) pixels in \(diff.differentFrames.count) of \(diff.frames.count) frames"
                          + (rejected.count == diff.differentFrames.count ? "" : " (\(rejected.count) beyond the tolerance)"))
                    if let dir = reportFolder {
                        // The render is a scratch folder, deleted before the report is read.
                        let label = "this check's render of \(scene.id) (not kept; its differing frames are copied into this report)"
                        let index = try StagedOutput.write(into: dir, name: scene.id) { folder in
                            try DiffReport(title: "animatic check \(scene.id)", actualLabel: label).write(diff, to: folder)
                        }
                        print("  report: \(index)")
                    }
                }
            } catch let e as CompareError {
                printError("\(scene.id): \(goldenMismatch(e, golden: target, kept: kept) ?? e.description)")
                return 2
            }
        }
        return failed > 0 ? 1 : 0
    }

    /// Copies into the staged goldens every entry of the old golden folder that `check` did not
    /// write (anything but frame files and golden.json: a README, notes, a .gitattributes), so
    /// recording the goldens again replaces the frames and keeps what the user put beside them.
    /// Old frames are not kept: a new `--every` or length must not leave stale goldens behind.
    static func keepOwnFiles(of old: String, in staged: String) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: old)
        where FrameFolder.frameNumber(ofFileName: name) == nil && name != GoldenSettings.fileName {
            try FileManager.default.copyItem(atPath: old + "/" + name, toPath: staged + "/" + name)
        }
    }

    /// What makes goldens and a render impossible to compare, told as a `check` user can act
    /// on it: `diff`'s words named the render's scratch folder (gone when the message is
    /// read) and advised rendering both alike, where the remedy is recording the goldens again.
    static func goldenMismatch(_ error: CompareError, golden: String, kept: String) -> String? {
        let remedy = "the goldens were recorded with other options (duration, fps, --every or --scale); "
            + "hint: record them again with `animatic check --update`"
        switch error {
        case let .sizeMismatch(frame, expected, actual, _, _):
            let subject = frame.map { "frame \($0)" } ?? "a frame"
            return "\(subject) of the goldens in \(golden) is \(expected) pixels, this render's is \(actual); \(remedy)"
        case let .missingFrames(frames, folder, _):
            let count = frames.count == 1 ? "frame" : "\(frames.count) frames"
            let list = CompareError.describe(frames), verb = frames.count == 1 ? "is" : "are"
            return folder == kept
                ? "\(count) \(list) of the goldens in \(golden) \(verb) not in this render; \(remedy)"
                : "\(count) \(list) of this render \(verb) not among the goldens in \(golden); \(remedy)"
        default:
            return nil
        }
    }
}

enum SheetCommand {
    static let help = """
    usage: animatic sheet FOLDER [--cells N] [--columns N] [--cell-width W] [--fps N]
    Writes FOLDER/sheet.png: evenly spaced frames of a rendered folder with their times
    (frames where contacts began are marked when FOLDER/trace.jsonl exists). --fps is needed
    only for a folder without manifest.json.
    """

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, valueFlags: ["cells", "columns", "cell-width", "fps"], boolFlags: ["help"])
        if a.flags.contains("help") { print(help); return 0 }
        // The sheet's temporary file is removed on Ctrl-C (it was left beside the frames).
        InterruptCleanup.install()
        guard a.positional.count == 1 else { throw UsageError(message: "sheet takes one rendered folder") }
        // A folder without manifest.json (frames copied by hand) needs the frame rate for the labels.
        let folder = try FrameFolder(path: a.positional[0], fps: try a.double("fps", range: 0.001...1000))
        var options = ContactSheetOptions()
        if let n = try a.int("cells", range: 1...400) { options.cellCount = n }
        if let n = try a.int("columns", range: 1...100) { options.columns = n }
        if let n = try a.int("cell-width", range: 16...4096) { options.cellWidth = n }
        options.contactFrames = contactFrames(fromTraceIn: a.positional[0])
        let file = try ContactSheet.write(from: folder, to: a.positional[0] + "/" + ContactSheet.defaultFileName, options: options)
        print(file.path)
        return 0
    }

    /// Frames whose trace line lists a contactBegan event, by the line's own frame number (a
    /// partial or merged folder's trace does not start at frame 0).
    static func contactFrames(fromTraceIn folder: String) -> Set<Int> {
        guard let data = RegularFile.contents(atPath: folder + "/trace.jsonl"), let text = String(data: data, encoding: .utf8) else { return [] }
        var frames = Set<Int>()
        for line in text.split(separator: "\n") where line.contains("\"contactBegan\"") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let frame = (object["frame"] as? NSNumber)?.intValue else { continue }
            frames.insert(frame)
        }
        return frames
    }
}
