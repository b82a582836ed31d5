import Foundation
import Images

// Design note: every way a comparison can fail before it has an answer, each naming what a
// person needs to fix it: which frame, which sizes, which folder, which option. These are the
// "exit 2" cases of the command line (unreadable or mismatched inputs), as opposed to images
// that are readable but different (exit 1), so callers never parse messages to tell them apart.

/// A comparison that could not be made.
public enum CompareError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The two images do not have the same pixel size. `frame` is the frame number in a folder
    /// comparison (nil for two single images); the files are given when known.
    case sizeMismatch(frame: Int?, expected: PixelSize, actual: PixelSize, expectedFile: String?, actualFile: String?)
    /// An in-memory image whose byte count is not `width * height * 4`. `role` is "expected" or "actual".
    case malformedImage(role: String, width: Int, height: Int, byteCount: Int)
    /// An image file that could not be read or decoded.
    case unreadableImage(path: String, error: PNGError)
    /// A path that should be a folder of frames is missing or is not a folder.
    case notAFolder(path: String)
    /// A folder holds no `frame_<number>.png` file.
    case noFrames(folder: String)
    /// Frames present in `otherFolder` are missing from `folder` (frame numbers, ascending).
    case missingFrames(frames: [Int], folder: String, otherFolder: String)
    /// An option value out of range.
    case invalidOption(name: String, value: String, reason: String)
    /// A diff image or report file could not be written.
    case unwritableOutput(path: String, reason: String)

    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case let .sizeMismatch(frame, expected, actual, expectedFile, actualFile):
            let subject = frame.map { "frame \($0)" } ?? "the images"
            let files = expectedFile.flatMap { e in actualFile.map { a in " (\(e) vs \(a))" } } ?? ""
            return "\(subject) cannot be compared: the expected image is \(expected) pixels but the actual one is "
                + "\(actual)\(files); render both at the same size and scale"
        case let .malformedImage(role, width, height, byteCount):
            return "the \(role) image claims \(width) x \(height) pixels but holds \(byteCount) bytes "
                + "instead of \(max(0, width * height * 4))"
        case let .unreadableImage(_, error):
            return error.description
        case let .notAFolder(path):
            return "\(path) is not a folder of frames (it does not exist or is a file)"
        case let .noFrames(folder):
            return "\(folder) holds no frames (files named frame_00000.png, frame_00001.png, ...)"
        case let .missingFrames(frames, folder, otherFolder):
            let count = frames.count == 1 ? "frame" : "\(frames.count) frames"
            return "\(count) \(Self.describe(frames)) \(frames.count == 1 ? "is" : "are") in \(otherFolder) but "
                + "missing from \(folder); both folders must hold the same frames (render them with the same duration and fps)"
        case let .invalidOption(name, value, reason):
            return "invalid \(name) '\(value)': \(reason)"
        case let .unwritableOutput(path, reason):
            return "cannot write \(path): \(reason)"
        }
    }

    /// "3", "3-7, 12", with runs of consecutive numbers collapsed and long lists cut.
    public static func describe(_ frames: [Int], limit: Int = 8) -> String {
        var runs: [(Int, Int)] = []
        for frame in frames {
            if let last = runs.last, last.1 + 1 == frame {
                runs[runs.count - 1].1 = frame
            } else {
                runs.append((frame, frame))
            }
        }
        let shown = runs.prefix(limit).map { $0.0 == $0.1 ? "\($0.0)" : "\($0.0)-\($0.1)" }
        return shown.joined(separator: ", ") + (runs.count > limit ? ", ..." : "")
    }
}
