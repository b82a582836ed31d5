// Design note: `render` loads every scene first (an invalid one stops the run before anything
// is written), then for each scene runs the simulation on this thread and hands frame states
// to the frame writer, whose workers draw and encode in parallel; the output folder is
// swapped in only when complete. Previews (video, sheet, poster) are made from the finished
// folder. A progress line is drawn on a terminal only.
import Foundation
import Rendering
import Images
import FrameFiles
import FrameOutput
import SceneFormat
import ScenePlayer

enum RenderCommand {
    static let help = """
    usage: animatic render [SCENE ...] [options]
    Renders scenes (default: every scene under ./scenes) to OUT/ID/frame_00000.png ... with
    manifest.json. Options:
      --out DIR            output folder (default output)
      --fps N              frames per second (default: the scene's)
      --duration S         seconds (default: the scene's)
      --scale S            pixels per point (default: the scene's)
      --jobs N             render workers (default: all cores); output is identical for any N
      --png fast|small     fast = zlib 1 (default), small = zlib 6; both unfiltered
      --frames A:B         only frames A to B-1, under their own numbers
      --trace              also write OUT/ID/trace.jsonl
      --debug [LIST]       overlay: fields,shapes,boundaries,joints,velocity,contacts (default all)
      --video LIST         previews: mp4,gif,apng,webp (apng works without ffmpeg)
      --preview-fps N      preview frame rate (GIF at most 50)
      --preview-width W    preview width in pixels
      --sheet              contact sheet OUT/ID/sheet.png (frames with contacts marked)
      --poster             OUT/ID/poster.png (the last frame)
      --quiet              no progress line
    """

    static let valueFlags: Set<String> = ["out", "fps", "duration", "scale", "jobs", "png", "frames", "debug", "video",
                                          "preview-fps", "preview-width"]
    static let boolFlags: Set<String> = ["help", "trace", "quiet", "sheet", "poster"]

    struct Settings {
        var out = "output"
        var fps: Int?
        var duration: Double?
        var scale: Double?
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        var preset = PNGPreset.fast
        var frames: FrameRange?
        var trace = false
        var debug: DebugLayers = []
        var videos: [PreviewFormat] = []
        var preview = PreviewOptions()
        var sheet = false
        var poster = false
        var quiet = false
    }

    static func parse(_ args: [String]) throws -> (Settings, [String])? {
        let a = try Arguments(SceneArguments.normalizingDebugFlag(args), valueFlags: valueFlags, boolFlags: boolFlags)
        if a.flags.contains("help") { print(help); return nil }
        var s = Settings()
        s.out = a.values["out"] ?? "output"
        s.fps = try a.int("fps", range: 1...240)
        s.duration = try a.double("duration", range: 0.001...600)
        s.scale = try a.double("scale", range: 0.1...8)
        s.jobs = try a.int("jobs", range: 1...256) ?? s.jobs
        if let p = a.values["png"] {
            guard let preset = PNGPreset(name: p) else { throw UsageError(message: "--png takes fast or small (got '\(p)')") }
            s.preset = preset
        }
        if let f = a.values["frames"] {
            do { s.frames = try FrameRange(parsing: f) } catch { throw UsageError(message: "--frames: \(error)") }
        }
        s.trace = a.flags.contains("trace")
        if let d = a.values["debug"] { s.debug = try DebugLayers(parsing: d) }
        if let v = a.values["video"] {
            for name in v.split(separator: ",") {
                guard let format = PreviewFormat(rawValue: String(name)) else {
                    throw UsageError(message: "--video takes mp4, gif, apng, webp (got '\(name)')")
                }
                s.videos.append(format)
            }
        }
        s.preview = PreviewOptions(fps: try a.double("preview-fps", range: 1...240), width: try a.int("preview-width", range: 16...7680))
        s.sheet = a.flags.contains("sheet")
        s.poster = a.flags.contains("poster")
        s.quiet = a.flags.contains("quiet") || !stderrIsTerminal
        return (s, a.positional)
    }

    static func run(_ args: [String]) throws -> Int32 {
        guard let (settings, positional) = try parse(args) else { return 0 }
        let files = try SceneArguments.resolve(positional)
        // Validate everything first: an invalid scene stops the run before anything is written.
        var scenes: [Scene] = []
        for file in files {
            guard var scene = SceneArguments.load(file) else { return 2 }
            if let f = settings.fps { scene.fps = f }
            if let d = settings.duration { scene.duration = d }
            if let s = settings.scale { scene.canvas.scale = s }
            scenes.append(scene)
        }
        InterruptCleanup.install()
        for scene in scenes {
            let result = try render(scene, settings: settings)
            if !settings.quietSummary { print(result) }
        }
        return 0
    }

    /// Renders one scene; returns a one-line summary.
    static func render(_ scene: Scene, settings: Settings) throws -> String {
        let sceneData = try Data(contentsOf: URL(fileURLWithPath: scene.sourceFile))
        let metadata = FrameSequenceMetadata(sceneID: scene.id, title: scene.title, fps: Double(scene.fps),
                                             frameCount: scene.frameCount, sceneSHA256: SHA256.hexDigest(of: sceneData),
                                             toolVersion: version)
        let options = FrameSequenceOptions(jobs: settings.jobs, preset: settings.preset, frames: settings.frames,
                                           writesTrace: settings.trace)
        let start = Date()
        let showProgress = !settings.quiet
        let writer = try FrameSequenceWriter(outputFolder: settings.out, metadata: metadata, options: options) { p in
            guard showProgress else { return }
            let eta = p.estimatedRemaining.map { String(format: ", ETA %.1f s", $0) } ?? ""
            FileHandle.standardError.write("\r\(scene.id): \(p.framesDone)/\(p.frameTotal) frames, \(String(format: "%.1f", p.framesPerSecond)) frames/s\(eta)\u{1B}[K"
                .data(using: .utf8)!)
        }
        let runner = try SceneRunner(scene: scene)
        let overlay = DebugOverlay(layers: settings.debug)
        do {
            while writer.needsMoreFrames {
                if writer.nextFrameIndex > 0 { try runner.advanceFrame() }
                let inRange = writer.frames.contains(writer.nextFrameIndex)
                var state = inRange ? runner.frameState() : FrameState(width: scene.canvas.width, height: scene.canvas.height,
                                                                         scale: scene.canvas.scale)
                if inRange && !settings.debug.isEmpty { state.overlay = overlay.primitives(for: runner) }
                try writer.append(state, traceLine: settings.trace && inRange ? runner.traceLine() : nil)
            }
        } catch {
            writer.cancel()
            throw error
        }
        let manifest = try writer.finish()
        if showProgress { FileHandle.standardError.write("\r\u{1B}[K".data(using: .utf8)!) }
        let folder = writer.folderPath
        var extras: [String] = []
        let frameFolder = try FrameFolder(path: folder)
        for format in settings.videos {
            let path = folder + "/" + format.defaultFileName
            // APNG uses our own writer (no ffmpeg needed); the others need ffmpeg.
            let file = format == .apng
                ? try APNGWriter.write(from: frameFolder, to: path, options: settings.preview, jobs: settings.jobs)
                : try FFmpegPreview.write(format, from: frameFolder, to: path, options: settings.preview)
            extras.append((file.path as NSString).lastPathComponent)
        }
        if settings.sheet {
            var sheetOptions = ContactSheetOptions()
            sheetOptions.contactFrames = Set(runner.framesWithContacts)
            let file = try ContactSheet.write(from: frameFolder, to: folder + "/" + ContactSheet.defaultFileName, options: sheetOptions)
            extras.append((file.path as NSString).lastPathComponent)
        }
        if settings.poster {
            let file = try Poster.write(from: frameFolder, to: folder + "/poster.png")
            extras.append((file.path as NSString).lastPathComponent)
        }
        let seconds = Date().timeIntervalSince(start)
        let summary = "\(scene.id): \(manifest.frames.count) frames \(manifest.pixelWidth)x\(manifest.pixelHeight) in "
            + String(format: "%.2f", seconds) + " s -> \(folder)"
        return extras.isEmpty ? summary : summary + " (+ " + extras.joined(separator: ", ") + ")"
    }
}

extension RenderCommand.Settings {
    /// Summaries go to standard output unless --quiet was given explicitly.
    var quietSummary: Bool { false }
}
