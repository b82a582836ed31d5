import CPNG
import Foundation

// Design note: a decoded image as plain bytes (straight RGBA, rows packed, top row first), the
// form frame comparison works on. Decoding is CPNG's, which expands every PNG flavour (palette,
// gray, 16-bit, no alpha) to 8-bit RGBA so that callers never branch on the file's color type,
// and which tells a non-PNG from a truncated file from a damaged one.

/// An 8-bit straight-alpha RGBA image.
public struct RGBAImage: Equatable, Sendable {
    public var width: Int
    public var height: Int
    /// `width * height * 4` bytes: R, G, B, A per pixel, row after row from the top.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width; self.height = height; self.pixels = pixels
    }

    /// The pixel at (`x`, `y`), (0, 0) top-left; nil outside the image.
    public func pixel(x: Int, y: Int) -> RGBAPixel? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let offset = (y * width + x) * 4
        guard offset + 3 < pixels.count else { return nil }
        return RGBAPixel(red: pixels[offset], green: pixels[offset + 1],
                         blue: pixels[offset + 2], alpha: pixels[offset + 3])
    }

    /// Decodes the PNG file at `path`.
    ///
    /// Throws ``PNGError/unreadableFile(path:reason:)``, ``PNGError/notPNG(source:)``,
    /// ``PNGError/truncated(source:detail:)`` or ``PNGError/corrupt(source:detail:)``.
    public static func decodePNG(path: String) throws -> RGBAImage {
        try decode(source: "file '\(path)'", path: path) { width, height, pixels, message, capacity in
            cpng_decode_file(path, width, height, pixels, message, capacity)
        }
    }

    /// Decodes PNG bytes (`[UInt8]`, `Data`, ...).
    public static func decodePNG<Bytes: ContiguousBytes>(data: Bytes) throws -> RGBAImage {
        try data.withUnsafeBytes { bytes in
            try decode(source: "the PNG data (\(bytes.count) bytes)", path: nil) { width, height, pixels, message, capacity in
                cpng_decode(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count,
                            width, height, pixels, message, capacity)
            }
        }
    }

    /// Encodes the image as an RGBA PNG.
    public func pngData(preset: PNGPreset = .fast) throws -> [UInt8] {
        guard width > 0, height > 0, pixels.count == width * height * 4 else {
            throw PNGError.encodingFailed(detail: "a \(width) x \(height) image needs \(max(0, width * height * 4)) "
                                          + "pixel bytes but holds \(pixels.count)")
        }
        return try pixels.withUnsafeBytes { bytes in
            try PNGEncoder.encode(pixels: bytes.baseAddress!, width: width, height: height, stride: width * 4,
                                  format: .rgba, preset: preset)
        }
    }

    private typealias Decoder = (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>,
                                 UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
                                 UnsafeMutablePointer<CChar>, Int) -> cpng_status

    private static func decode(source: String, path: String?, using decoder: Decoder) throws -> RGBAImage {
        var width: Int32 = 0, height: Int32 = 0
        var pixels: UnsafeMutablePointer<UInt8>?
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer { text in
            decoder(&width, &height, &pixels, text.baseAddress!, text.count)
        }
        defer { cpng_free(pixels) }
        let detail = String(cString: message)
        switch status {
        case CPNG_OK:
            let count = Int(width) * Int(height) * 4
            let bytes = pixels.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
            return RGBAImage(width: Int(width), height: Int(height), pixels: bytes)
        case CPNG_ERROR_NOT_PNG:
            throw PNGError.notPNG(source: source)
        case CPNG_ERROR_TRUNCATED:
            throw PNGError.truncated(source: source, detail: detail)
        case CPNG_ERROR_IO:
            throw PNGError.unreadableFile(path: path ?? source, reason: detail)
        case CPNG_ERROR_NO_MEMORY:
            // (The source named: the message alone did not say which file.)
            throw PNGError.outOfMemory(detail: "\(detail) (decoding \(source))")
        case CPNG_ERROR_TOO_LARGE:
            throw PNGError.tooLarge(source: source, detail: detail)
        default:
            throw PNGError.corrupt(source: source, detail: detail)
        }
    }
}
