import Foundation

// Design note: what can be wrong with a render folder on disk, in words a person can act on.
// These are problems of the input (a folder that is not a render, a missing manifest), so the
// command line reports them as bad input.

/// An error reading a frame folder, its manifest or a file's hash.
public enum FrameFilesError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The folder is not a usable frame folder.
    case notAFrameFolder(path: String, reason: String)
    /// No frame rate was given and the folder has no manifest to take it from.
    case unknownFPS(path: String)
    /// A frame rate that cannot be used.
    case invalidFrameRate(Double)
    /// A file could not be read.
    case unreadableFile(path: String, reason: String)
    /// The scene metadata cannot describe a sequence (no frames, a non-positive fps, ...).
    case invalidMetadata(String)

    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case let .notAFrameFolder(path, reason):
            return "\(path) is not a frame folder: \(reason)"
        case let .unknownFPS(path):
            return "\(path) has no manifest.json to take the frame rate from; give the frame rate with --fps"
        case let .invalidFrameRate(rate):
            return "the frame rate must be a positive number, not \(rate)"
        case let .unreadableFile(path, reason):
            return "cannot read \(path): \(reason)"
        case let .invalidMetadata(reason):
            return "invalid sequence metadata: \(reason)"
        }
    }
}
