import Foundation

// Design note: PNG failures in words a person can act on. The C helper (CPNG) reports a status
// code plus libpng's own message; this type keeps both the kind (so callers can branch, e.g.
// treat a truncated file as "re-render") and the detail (so a log line says what libpng saw).

/// An error from PNG encoding, decoding or file I/O.
public enum PNGError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// Encoding was asked for before any frame was rendered.
    case nothingRendered
    /// The input does not start with the PNG signature. `source` names the file or the buffer.
    case notPNG(source: String)
    /// The input stops before the image is complete.
    case truncated(source: String, detail: String)
    /// The input is a PNG but is damaged.
    case corrupt(source: String, detail: String)
    /// A file could not be read.
    case unreadableFile(path: String, reason: String)
    /// A file could not be written.
    case unwritableFile(path: String, reason: String)
    /// Memory ran out while encoding or decoding.
    case outOfMemory(detail: String)
    /// The image or the file is larger than the decoder takes (a small PNG can inflate to
    /// gigabytes); `detail` gives the size and the limit.
    case tooLarge(source: String, detail: String)
    /// libpng refused to encode the pixels.
    case encodingFailed(detail: String)

    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case .nothingRendered:
            return "no frame to encode: call render(_:) before asking for PNG data"
        case let .notPNG(source):
            return "\(source) is not a PNG (it does not start with the PNG signature)"
        case let .truncated(source, detail):
            return "\(source) is truncated (\(detail)); it was probably cut off while being written or copied: produce it again"
        case let .corrupt(source, detail):
            return "\(source) is a damaged PNG: \(detail)"
        case let .unreadableFile(path, reason):
            return "cannot read \(path): \(reason)"
        case let .unwritableFile(path, reason):
            return "cannot write \(path): \(reason); check that the folder exists and is writable"
        case let .outOfMemory(detail):
            return "out of memory: \(detail)"
        case let .tooLarge(source, detail):
            return "\(source) is too large to decode: \(detail)"
        case let .encodingFailed(detail):
            return "PNG encoding failed: \(detail)"
        }
    }
}
