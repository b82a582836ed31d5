// Design note: the loop that turns motion into files, as a library. The player runs on the
// caller's thread (physics is sequential); each frame state goes to the frame writer, whose
// workers draw and encode in parallel into a staging folder. ffmpeg previews (MP4, GIF, WebP)
// are fed the rendered pixels while the frames render; the APNG, the contact sheet and the
// poster are made from the staged frames. All of it is inside the staging folder before the
// swap, so everything a render writes appears at once and an interrupt at any point leaves
// the previous render whole.
// Frames before a `--frames A:B` range are played but not described (no state is built).
import Foundation
import FrameFiles
import FrameOutput
import Rendering
import SceneFormat

/// Renders what a ``FramePlayer`` plays to `OUT/ID/` (frames, manifest, trace, previews).
///
/// ```swift
/// let scene = try Scene.load(path: "scenes/push.json")
/// let result = try FramePipeline.render(scene: scene, settings: RenderSettings(previews: [.gif]))
/// print(result.summary)   // push: 360 frames 750x1334 in 1.84 s -> output/push (+ preview.gif)
/// ```
public enum FramePipeline {
    /// The version recorded in every manifest.
    public static let toolVersion = "0.1.0"

    /// Plays `scene` and renders it. Throws ``SceneRunError`` for a scene that cannot be drawn
    /// at its scale (too many pixels) or fails while running, and the writers' errors.
    @discardableResult
    public static func render(scene: Scene, settings: RenderSettings) throws -> RenderResult {
        if let problem = SceneLimits.drawnPixelProblem(width: scene.canvas.width, height: scene.canvas.height,
                                                       scale: scene.canvas.scale) {
            throw SceneDrawError(file: scene.sourceFile, message: "\(scene.id) would be drawn as \(problem)")
        }
        let sceneData = try Data(contentsOf: URL(fileURLWithPath: scene.sourceFile))
        let metadata = FrameSequenceMetadata(sceneID: scene.id, title: scene.title, fps: Double(scene.fps),
                                             frameCount: scene.frameCount, sceneSHA256: SHA256.hexDigest(of: sceneData),
                                             toolVersion: toolVersion)
        return try render(try SceneRunner(scene: scene), metadata: metadata, settings: settings)
    }

    /// Plays `player` from its current frame (frame 0) to the end of the range and renders it.
    @discardableResult
    public static func render(_ player: FramePlayer, metadata: FrameSequenceMetadata,
                              settings: RenderSettings) throws -> RenderResult {
        let start = Date()
        var options = settings.frames
        options.streamedPreviews = settings.previews.filter { $0 != .apng }
        options.preview = settings.preview
        let writer = try FrameSequenceWriter(outputFolder: settings.outputFolder, metadata: metadata,
                                             options: options, progress: settings.progress)
        let trace = settings.frames.writesTrace
        do {
            while writer.needsMoreFrames {
                if writer.nextFrameIndex > 0 { try player.advanceFrame() }
                guard writer.writesNextFrame else {
                    try writer.skipFrame()
                    continue
                }
                var state = player.frameState()
                if !settings.debug.isEmpty { state.overlay = player.overlay(settings.debug) }
                try writer.append(state, traceLine: trace ? player.traceLine() : nil)
            }
        } catch {
            writer.cancel()
            throw error
        }
        var extras: [String] = []
        let manifest = try writer.finish { staged in
            let fromFolder = settings.previews.filter { $0 == .apng || writer.unstreamedPreviews.contains($0) }
            extras = writer.streamedPreviews.map { ($0.path as NSString).lastPathComponent }
                + (try writeExtras(into: staged, previews: fromFolder, settings: settings,
                                   contactFrames: Set(player.framesWithContacts)))
        }
        return RenderResult(folder: writer.folderPath, manifest: manifest, extraFiles: extras,
                            seconds: Date().timeIntervalSince(start))
    }

    /// Plays `player` to its last frame without drawing, calling `eachFrame` on every frame
    /// from frame 0 (for trace lines). With `debug` layers the overlay of every frame is built
    /// and dropped, as a render with `--debug` builds it: the motion is the same either way.
    public static func simulate(_ player: FramePlayer, debug: DebugLayers = [],
                                eachFrame: (FramePlayer) throws -> Void = { _ in }) throws {
        for frame in 0..<max(player.frameCount, 1) {
            if frame > 0 { try player.advanceFrame() }
            if !debug.isEmpty { _ = player.overlay(debug) }
            try eachFrame(player)
        }
    }

    /// Previews made from a folder's frames, contact sheet and poster, written into the folder
    /// (a staged render, or a merged one). Returns the names of the files written.
    public static func writeExtras(into folder: FrameFolder, previews: [PreviewFormat], settings: RenderSettings,
                            contactFrames: Set<Int>) throws -> [String] {
        var names: [String] = []
        let jobs = settings.frames.jobs
        for format in PreviewFormat.distinct(previews) {
            let path = folder.path + "/" + format.defaultFileName
            // APNG and GIF use our own writers (no ffmpeg needed); MP4 and WebP need ffmpeg.
            let file: PreviewFile
            switch format {
            case .apng: file = try APNGWriter.write(from: folder, to: path, options: settings.preview, jobs: jobs)
            case .gif: file = try GIFWriter.write(from: folder, to: path, options: settings.preview, jobs: jobs)
            default: file = try FFmpegPreview.write(format, from: folder, to: path, options: settings.preview)
            }
            names.append((file.path as NSString).lastPathComponent)
        }
        if settings.sheet {
            var options = ContactSheetOptions()
            options.contactFrames = contactFrames
            let file = try ContactSheet.write(from: folder, to: folder.path + "/" + ContactSheet.defaultFileName, options: options)
            names.append((file.path as NSString).lastPathComponent)
        }
        if settings.poster {
            let file = try Poster.write(from: folder, to: folder.path + "/poster.png")
            names.append((file.path as NSString).lastPathComponent)
        }
        return names
    }
}

/// A valid scene that cannot be drawn as asked (too many pixels at the chosen scale): bad
/// input, exit status 2 on the command line.
public struct SceneDrawError: Error, CustomStringConvertible {
    public let file: String
    public let message: String
    public init(file: String, message: String) { self.file = file; self.message = message }
    public var description: String { "\(file): error: \(message)\nhint: lower --scale or the canvas size" }
}
