import Foundation
import FrameFiles
import Rendering
import Images

// Design note: everything that can go wrong while a frame folder is written, in words a person
// can act on. File-system failures keep the path and the system's reason, and the two a user
// fixes differently get their own cases: a full disk (free space) and an unwritable folder
// (permissions, a file in the way, a read-only mount). A frame that cannot be drawn or encoded
// keeps its frame number and the renderer's own typed error, so the command line can say
// "frame 41: cannot draw item 3 ...".

/// An error from ``FrameSequenceWriter`` and the file helpers of the output layer.
public enum OutputError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The scene id cannot name a folder (empty, `.`/`..`, or holds `/` or NUL).
    case invalidSceneID(String)
    /// A folder could not be created or written to.
    case unwritableFolder(path: String, reason: String)
    /// The device holding `path` is full (ENOSPC) or the user's quota is used up (EDQUOT).
    case diskFull(path: String)
    /// A file could not be written for another reason.
    case writeFailed(path: String, reason: String)
    /// A file could not be read.
    case unreadableFile(path: String, reason: String)
    /// Something that is not a folder sits where the frame folder goes; it is left alone.
    case notAFolder(path: String)
    /// Another writer of this process is writing the same folder.
    case alreadyWriting(path: String)
    /// A frame could not be drawn.
    case renderFailed(frame: Int, RenderError)
    /// A frame could not be encoded as PNG.
    case encodingFailed(frame: Int, PNGError)
    /// A frame's pixel size differs from frame 0's; a sequence has one size.
    case frameSizeChanged(frame: Int, width: Int, height: Int, expectedWidth: Int, expectedHeight: Int)
    /// A `--frames A:B` value that cannot be used.
    case invalidFrameRange(String)
    /// More frames were handed in than the scene has.
    case tooManyFrames(frameCount: Int)
    /// The producer stopped before the last frame that was to be written.
    case missingFrames(expected: Int, received: Int)
    /// A trace line holds a line break (each frame's trace is one JSON line).
    case invalidTraceLine(frame: Int)
    /// The writer was used after ``FrameSequenceWriter/finish(addingFiles:)`` or after it failed.
    case writerClosed
    /// The scene metadata cannot describe a sequence (no frames, a non-positive fps, ...).
    case invalidMetadata(String)

    public var errorDescription: String? { description }

    /// `error`, from Foundation's file calls while writing into `folder`, in these words: a
    /// full disk as ``diskFull(path:)``, a read-only volume or a refused permission as
    /// ``unwritableFolder(path:reason:)``, another file error as ``writeFailed(path:reason:)``
    /// (Foundation's own text was "Error Domain=NSCocoaErrorDomain Code=640 ..."). Other
    /// errors are returned as they are.
    public static func writing(_ error: Error, into folder: String) -> Error {
        guard let cocoa = error as? CocoaError else { return error }
        let posix = posixCode(of: cocoa)
        let reason = systemReason(cocoa)
        switch cocoa.code {
        case .fileWriteOutOfSpace: return OutputError.diskFull(path: folder)
        case .fileWriteVolumeReadOnly, .fileWriteNoPermission: return OutputError.unwritableFolder(path: folder, reason: reason)
        default:
            if posix == ENOSPC || posix == EDQUOT { return OutputError.diskFull(path: folder) }
            return OutputError.writeFailed(path: (cocoa.userInfo[NSFilePathErrorKey] as? String) ?? folder, reason: reason)
        }
    }

    /// The system's words for a failed file operation ("No space left on device"): the
    /// POSIX error under Foundation's, else Foundation's own description.
    public static func systemReason(_ error: Error) -> String {
        posixCode(of: error).map { String(cString: strerror($0)) } ?? (error as NSError).localizedDescription
    }

    /// The POSIX error code of `error`, or of the error under it.
    private static func posixCode(of error: Error) -> Int32? {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return Int32(ns.code) }
        guard let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain else { return nil }
        return Int32(underlying.code)
    }

    public var description: String {
        switch self {
        case let .invalidSceneID(id):
            return "'\(id)' cannot be used as a folder name for a scene (a render's id is its scene file's name without the extension, a part's its manifest's \"scene\")"
        case let .unwritableFolder(path, reason):
            return "cannot write into \(path): \(reason); write to another folder or fix its permissions"
        case let .diskFull(path):
            return "the disk is full while writing \(path); free some space and try again (a render takes less room with "
                + "--png small, fewer frames or a lower --scale)"
        case let .writeFailed(path, reason):
            return "cannot write \(path): \(reason)"
        case let .unreadableFile(path, reason):
            return "cannot read \(path): \(reason)"
        case let .notAFolder(path):
            return "\(path) exists and is not a folder; move it away, it is not replaced"
        case let .alreadyWriting(path):
            return "\(path) is already being written by this process, or by one with its process number in another container"
        case let .renderFailed(frame, error):
            return "frame \(frame): \(error)"
        case let .encodingFailed(frame, error):
            return "frame \(frame): \(error)"
        case let .frameSizeChanged(frame, width, height, expectedWidth, expectedHeight):
            return "frame \(frame) is \(width) x \(height) pixels but frame 0 is \(expectedWidth) x \(expectedHeight); a sequence has one size"
        case let .invalidFrameRange(reason):
            return "invalid frame range: \(reason)"
        case let .tooManyFrames(frameCount):
            return "more than the scene's \(frameCount) frames were handed to the writer"
        case let .missingFrames(expected, received):
            return "the render stopped after \(received) of \(expected) frames"
        case let .invalidTraceLine(frame):
            return "the trace line of frame \(frame) holds a line break; a trace line must be one JSON line"
        case .writerClosed:
            return "the frame writer has already finished or failed"
        case let .invalidMetadata(reason):
            return "invalid sequence metadata: \(reason)"
        }
    }

    /// The error for a failed system call on `path`: ENOSPC and EDQUOT become ``diskFull(path:)``,
    /// permission and read-only errors ``unwritableFolder(path:reason:)`` of the folder.
    static func fileSystem(path: String, code: Int32) -> OutputError {
        let reason = String(cString: strerror(code))
        switch code {
        case ENOSPC, EDQUOT:
            return .diskFull(path: path)
        case EACCES, EPERM, EROFS, ENOTDIR, ENOENT:
            return .unwritableFolder(path: FilePath.parent(of: path), reason: reason)
        default:
            return .writeFailed(path: path, reason: reason)
        }
    }
}
