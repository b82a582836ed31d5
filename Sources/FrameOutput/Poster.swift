import Foundation
import FrameFiles
import Rendering
import Images

// Design note: a poster is the still image a page shows before a video plays (the HTML video
// element's poster attribute) or in a list of renders. By default it is the last frame, where
// a UIKit Dynamics scene has usually come to rest. It is a byte copy of the frame file, so it
// matches the frame's hash in the manifest.

/// Writes `poster.png`, a copy of one frame.
public enum Poster {
    /// `poster.png`.
    public static let defaultFileName = "poster.png"

    /// Copies frame `frame` (default: the folder's last) of `folder` to `path`.
    /// Throws ``PreviewError/invalidOption(_:)`` for a frame the folder does not hold.
    @discardableResult
    public static func write(from folder: FrameFolder, frame: Int? = nil, to path: String) throws -> PreviewFile {
        let index = frame ?? folder.frames.upperBound - 1
        guard folder.frames.contains(index) else {
            throw PreviewError.invalidOption("frame \(index) is not in \(folder.path) (it holds \(folder.frames.lowerBound):\(folder.frames.upperBound))")
        }
        let source = folder.path(ofFrame: index)
        guard let bytes = RegularFile.contents(atPath: source) else {
            throw PreviewError.unreadableFrame(path: source, .unreadableFile(path: source, reason: "it cannot be read"))
        }
        let header: PNGHeader
        do { header = try PNGHeader.read(fileAt: source) } catch let error as PNGError {
            throw PreviewError.unreadableFrame(path: source, error)
        }
        let byteCount = try OutputFile.replace(path) { try OutputFile.write(bytes, to: $0) }
        return PreviewFile(path: path, byteCount: byteCount, frameCount: 1, width: header.width, height: header.height)
    }
}
