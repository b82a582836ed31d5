import Foundation
import FrameFiles
import Rendering
import Images

// Design note: previews are optional extras of a render, and ffmpeg is an optional run-time
// tool, so its absence is an ordinary, explained condition (with the Debian package to
// install) and never a crash. A failed ffmpeg run keeps the end of its stderr, which is where
// ffmpeg says what it disliked.

/// An error while making a preview (video, GIF, WebP, APNG, contact sheet, poster).
public enum PreviewError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// ffmpeg was not found on the PATH.
    case ffmpegMissing
    /// ffmpeg ran and failed; `stderr` is the end of what it printed.
    case ffmpegFailed(format: String, status: Int32, stderr: String)
    /// ffmpeg could not be started.
    case ffmpegNotStarted(reason: String)
    /// The folder is not a usable frame folder.
    case notAFrameFolder(path: String, reason: String)
    /// No frame rate was given and the folder has no manifest to take it from.
    case unknownFPS(path: String)
    /// An option of a preview, a contact sheet or a poster (fps, width, frame number, cells,
    /// ...) cannot be used.
    case invalidOption(String)
    /// A frame file could not be read or decoded.
    case unreadableFrame(path: String, PNGError)

    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case .ffmpegMissing:
            return "ffmpeg is not installed (needed for MP4 and WebP previews); install it with `apt-get install ffmpeg` (Debian/Ubuntu), or make only GIF and APNG previews, which need no ffmpeg"
        case let .ffmpegFailed(format, status, stderr):
            return "ffmpeg failed to make the \(format) preview (exit status \(status)): \(stderr)"
        case let .ffmpegNotStarted(reason):
            return "ffmpeg could not be started: \(reason)"
        case let .notAFrameFolder(path, reason):
            return "\(path) is not a frame folder: \(reason)"
        case let .unknownFPS(path):
            return "\(path) has no manifest.json to take the frame rate from; give the fps explicitly"
        case let .invalidOption(reason):
            // The reason names what it is about (a preview, a GIF, a contact sheet, a poster).
            return "invalid option: \(reason)"
        case let .unreadableFrame(path, error):
            return "cannot use frame \(path): \(error)"
        }
    }
}
