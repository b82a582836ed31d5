import Foundation
import FrameFiles
import Rendering
import Images

// Design note: the two knobs every preview shares. A preview is about watching the motion, so
// a lower fps picks the frame nearest to each preview instant (real-time playback, fewer
// frames) rather than slowing the animation down; a smaller width shrinks the frames keeping
// their aspect ratio. Neither ever enlarges or duplicates frames. GIF and APNG previews are
// meant for docs and READMEs, so unless a width is asked for they are at most 600 px wide;
// MP4 and WebP keep the frames' size.

/// Frame rate and width of a preview.
public struct PreviewOptions: Equatable, Sendable {
    /// Frames per second of the preview; nil or a value at or above the sequence's keeps every
    /// frame. GIF previews are capped at 50 (browsers slow down faster GIFs).
    public var fps: Double?
    /// Width in pixels; a value at or above the frames' keeps their size. nil: the frames'
    /// width, but at most ``docsWidth`` for GIF and APNG.
    public var width: Int?

    /// The widest GIF or APNG preview made when no width is asked for.
    public static let docsWidth = 600

    public init(fps: Double? = nil, width: Int? = nil) {
        self.fps = fps; self.width = width
    }

    func validate() throws {
        if let fps, !(fps.isFinite && fps > 0) {
            throw PreviewError.invalidOption("the preview fps must be a positive number, not \(fps)")
        }
        if let width, width < 1 {
            throw PreviewError.invalidOption("the preview width must be at least 1 pixel, not \(width)")
        }
    }

    /// The width asked for, or the default of `format`.
    func width(for format: PreviewFormat) -> Int? {
        width ?? (format == .gif || format == .apng ? Self.docsWidth : nil)
    }

    /// The `format` preview's size for frames of `width` x `height` (scaled down only, aspect kept).
    func scaledSize(width frameWidth: Int, height frameHeight: Int, format: PreviewFormat) -> (width: Int, height: Int) {
        guard let width = width(for: format), width < frameWidth else { return (frameWidth, frameHeight) }
        return (width, Self.scaledHeight(frameWidth: frameWidth, frameHeight: frameHeight, width: width))
    }

    /// The height of `frameWidth` x `frameHeight` frames scaled to `width` pixels wide: every
    /// preview's, streamed or made from a folder.
    static func scaledHeight(frameWidth: Int, frameHeight: Int, width: Int) -> Int {
        max(1, Int((Double(frameHeight) * Double(width) / Double(frameWidth)).rounded()))
    }
}

/// A preview file that was written.
public struct PreviewFile: Equatable, Sendable {
    public var path: String
    /// File size in bytes.
    public var byteCount: Int
    /// Frames in the file, when the writer knows it (not for ffmpeg's encoders).
    public var frameCount: Int?
    /// Pixel size.
    public var width: Int
    public var height: Int

    public init(path: String, byteCount: Int, frameCount: Int?, width: Int, height: Int) {
        self.path = path; self.byteCount = byteCount; self.frameCount = frameCount; self.width = width; self.height = height
    }
}
