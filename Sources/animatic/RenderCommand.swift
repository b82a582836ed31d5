// Design note: `render` parses its flags, loads every scene first (an invalid one stops the run
// before anything is written) and hands each to FramePipeline, which owns the rendering. A
// progress line is drawn on a terminal only.
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
      --png fast|small     fast = our own deflate coder (default), small = zlib 6; both unfiltered
      --frames A:B         only frames A to B-1, under their own numbers
      --trace              also write OUT/ID/trace.jsonl
      --debug [LIST]       overlay: fields,shapes,boundaries,joints,velocity,contacts (default all)
      --video LIST         previews: mp4,gif,apng,webp (gif and apng need no ffmpeg; mp4 and webp do)
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
        s.out = try a.path("out") ?? "output"
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
        s.videos = try previewFormats(a.values["video"])
        s.preview = PreviewOptions(fps: try a.double("preview-fps", range: 1...240), width: try a.int("preview-width", range: 16...7680))
        s.sheet = a.flags.contains("sheet")
        s.poster = a.flags.contains("poster")
        s.quiet = a.flags.contains("quiet") || !stderrIsTerminal
        return (s, a.positional)
    }

    /// The formats of a `--video` list (nil: none): an empty list or a format named twice is
    /// a usage error, an unknown name one with a did-you-mean.
    static func previewFormats(_ list: String?) throws -> [PreviewFormat] {
        guard let list else { return [] }
        do {
            return try PreviewFormat.list(list)
        } catch PreviewListProblem.unknown(let name) {
            throw UnknownNameError(kind: "preview format", name: name, known: PreviewFormat.allCases.map(\.rawValue))
        } catch let problem as PreviewListProblem {
            throw UsageError(message: "\(problem)")
        }
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
            try SceneArguments.checkFrameCount(of: scene)
            // Before anything is written: a scene too large to draw stops the whole run.
            if let problem = SceneLimits.drawnPixelProblem(width: scene.canvas.width, height: scene.canvas.height,
                                                           scale: scene.canvas.scale) {
                throw SceneDrawError(file: scene.sourceFile, message: "\(scene.id) would be drawn as \(problem)")
            }
            if let range = settings.frames {
                do { _ = try range.resolved(frameCount: scene.frameCount) } catch {
                    throw UsageError(message: "--frames \(range): \(error)")
                }
            }
            scenes.append(scene)
        }
        try SceneArguments.requireDistinctIDs(scenes, folder: settings.out)
        try SceneArguments.requireScenesOutsideTheirOutput(scenes, folder: settings.out)
        InterruptCleanup.install()
        for scene in scenes {
            let result = try FramePipeline.render(scene: scene, settings: settings.renderSettings(for: scene))
            if !settings.quiet { clearProgressLine() }
            print(result.summary)
        }
        return 0
    }

    static func clearProgressLine() {
        try? FileHandle.standardError.write(contentsOf: Data("\r\u{1B}[K".utf8))
    }
}

extension RenderCommand.Settings {
    /// The pipeline's settings, with a progress line on standard error unless quiet.
    func renderSettings(for scene: Scene) -> RenderSettings {
        let id = scene.id
        let progress: ((RenderProgress) -> Void)? = quiet ? nil : { p in
            let line: String
            if p.encodingPreviews.isEmpty {
                let eta = p.estimatedRemaining.map { String(format: ", ETA %.1f s", $0) } ?? ""
                line = "\(id): \(p.framesDone)/\(p.frameTotal) frames, \(String(format: "%.1f", p.framesPerSecond)) frames/s\(eta)"
            } else {
                line = "\(id): \(p.frameTotal) frames done, finishing \(p.encodingPreviews.joined(separator: ", "))"
            }
            try? FileHandle.standardError.write(contentsOf: Data("\r\(line)\u{1B}[K".utf8))
        }
        return RenderSettings(outputFolder: out,
                              frames: FrameSequenceOptions(jobs: jobs, preset: preset, frames: frames, writesTrace: trace),
                              debug: debug, previews: videos, preview: preview, sheet: sheet, poster: poster,
                              progress: progress)
    }
}
