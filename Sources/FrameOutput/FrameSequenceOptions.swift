import Foundation
import FrameFiles
import Rendering
import Images

// Design note: the knobs of one render, as a value with the command line's defaults. The job
// count changes only speed, never bytes; the batch size and queue depth bound memory (at most
// about 3 x jobs batches of frame states are alive, whatever the frame count).

/// How ``FrameSequenceWriter`` renders and writes.
public struct FrameSequenceOptions: Equatable, Sendable {
    /// Render workers, each with its own renderer (`--jobs N`). Default: active processors.
    public var jobs: Int
    /// PNG compression (`--png fast|small`).
    public var preset: PNGPreset
    /// Only these frames (`--frames A:B`); nil for all.
    public var frames: FrameRange?
    /// Whether to write `trace.jsonl` from the lines handed to ``FrameSequenceWriter/append(_:traceLine:)``.
    public var writesTrace: Bool
    /// Frames handed to a worker at once; small batches keep workers busy and memory low.
    public var batchSize: Int
    /// Least time between two progress reports (the last one is always reported).
    public var progressInterval: TimeInterval
    /// ffmpeg previews (MP4, GIF, WebP) encoded from the frames in memory while they render,
    /// written into the folder with the frames. Frames with a see-through background are not
    /// streamed (ffmpeg's raw formats are straight alpha): see
    /// ``FrameSequenceWriter/unstreamedPreviews``.
    public var streamedPreviews: [PreviewFormat]
    /// Size and frame rate of the streamed previews.
    public var preview: PreviewOptions
    /// The ffmpeg to run; nil for the one on the PATH.
    public var ffmpeg: String?

    public init(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, preset: PNGPreset = .fast,
                frames: FrameRange? = nil, writesTrace: Bool = false, batchSize: Int = 4,
                progressInterval: TimeInterval = 0.1, streamedPreviews: [PreviewFormat] = [],
                preview: PreviewOptions = PreviewOptions(), ffmpeg: String? = nil) {
        self.jobs = jobs; self.preset = preset; self.frames = frames; self.writesTrace = writesTrace
        self.batchSize = batchSize; self.progressInterval = progressInterval
        self.streamedPreviews = streamedPreviews; self.preview = preview; self.ffmpeg = ffmpeg
    }
}

extension PNGPreset {
    /// `fast` or `small`, as on the command line and in the manifest.
    public var name: String {
        switch self {
        case .fast: return "fast"
        case .small: return "small"
        }
    }

    /// The preset named `fast` or `small`, else nil.
    public init?(name: String) {
        guard let preset = PNGPreset.allCases.first(where: { $0.name == name }) else { return nil }
        self = preset
    }
}
