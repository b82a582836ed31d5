// Design note: everything one render is asked to do, as a value with the command line's
// defaults, so `animatic render`, a recorder of Swift code and a test all describe a render
// the same way. Only the job count changes speed; nothing here changes bytes but what it names.
import Foundation
import FrameFiles
import FrameOutput
import Images

/// What ``FramePipeline/render(_:metadata:settings:)`` writes and how.
public struct RenderSettings {
    /// The folder the scene's folder goes into (`--out`; default `output`): frames land in
    /// `outputFolder/ID/`.
    public var outputFolder: String
    /// Workers, PNG preset, frame range and trace (`--jobs`, `--png`, `--frames`, `--trace`).
    public var frames: FrameSequenceOptions
    /// Debug overlay layers drawn on every frame (`--debug`); none by default.
    public var debug: DebugLayers
    /// Previews to make (`--video mp4,gif,...`).
    public var previews: [PreviewFormat]
    /// Preview frame rate and width (`--preview-fps`, `--preview-width`).
    public var preview: PreviewOptions
    /// Whether to write a contact sheet, `sheet.png` (`--sheet`).
    public var sheet: Bool
    /// Whether to write the last frame again as `poster.png` (`--poster`).
    public var poster: Bool
    /// Called on the rendering thread with the progress of frames and previews.
    public var progress: ((RenderProgress) -> Void)?

    public init(outputFolder: String = "output", frames: FrameSequenceOptions = FrameSequenceOptions(),
                debug: DebugLayers = [], previews: [PreviewFormat] = [], preview: PreviewOptions = PreviewOptions(),
                sheet: Bool = false, poster: Bool = false, progress: ((RenderProgress) -> Void)? = nil) {
        self.outputFolder = outputFolder; self.frames = frames; self.debug = debug; self.previews = previews
        self.preview = preview; self.sheet = sheet; self.poster = poster; self.progress = progress
    }
}

/// What a render wrote.
public struct RenderResult {
    /// `outputFolder/ID`.
    public var folder: String
    public var manifest: FrameManifest
    /// Files written beside the frames and the manifest (previews, sheet, poster), by name.
    public var extraFiles: [String]
    /// Wall-clock seconds of the whole render.
    public var seconds: Double

    /// "push: 360 frames 750x1334 in 1.84 s -> output/push (+ preview.gif)".
    public var summary: String {
        let line = "\(manifest.sceneID): \(manifest.frames.count) frames \(manifest.pixelWidth)x\(manifest.pixelHeight) in "
            + String(format: "%.2f", seconds) + " s -> \(folder)"
        return extraFiles.isEmpty ? line : line + " (+ " + extraFiles.joined(separator: ", ") + ")"
    }
}
