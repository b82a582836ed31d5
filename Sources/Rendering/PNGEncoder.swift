import CCairo
import CPNG
import Foundation

// Design note: PNG output through the CPNG C target, which owns every libpng call (libpng's
// longjmp must not cross Swift frames). Cairo's own cairo_surface_write_to_png cannot be tuned
// and spends 20.5 ms on a 1280x720 frame (zlib 6 + adaptive filters); zlib level 1 with no row
// filters takes ~5 ms and is no larger on flat UI art, hence the `fast` default. Encoding goes
// to memory and the file is written in one call. The output has no time-dependent chunk, so
// identical pixels always give identical bytes (renders can be diffed and cached by hash).

/// How hard to compress. Both presets write unfiltered rows.
public enum PNGPreset: Sendable, CaseIterable {
    /// zlib level 1, no row filters: the default for frames (~5 ms for 1280x720).
    case fast
    /// zlib level 6, no row filters: about twice the time, ~15% smaller files.
    case small

    var compressionLevel: Int32 {
        switch self {
        case .fast: return 1
        case .small: return 6
        }
    }

    /// PNG_FILTER_NONE. Not 0: libpng reads a mask of 0 (PNG_NO_FILTERS) as "default", which
    /// is adaptive filtering.
    var filterMask: Int32 { Int32(CPNG_FILTER_NONE) }
}

extension FrameRenderer {
    /// The last rendered frame as PNG bytes: RGB for an opaque frame, RGBA otherwise.
    /// Throws ``PNGError/nothingRendered`` before the first successful ``render(_:)``.
    public func pngData(preset: PNGPreset = .fast) throws -> [UInt8] {
        guard hasFrame, let surface else { throw PNGError.nothingRendered }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw PNGError.nothingRendered }
        return try PNGEncoder.encode(pixels: UnsafeRawPointer(data), width: pixelWidth, height: pixelHeight,
                                     stride: Int(cairo_image_surface_get_stride(surface)),
                                     format: isOpaque ? CPNG_SOURCE_RGB24 : CPNG_SOURCE_ARGB32_PREMULTIPLIED,
                                     preset: preset)
    }

    /// Encodes the last rendered frame and writes it to `path` (replacing any file there).
    public func writePNG(to path: String, preset: PNGPreset = .fast) throws {
        try PNGEncoder.write(try pngData(preset: preset), to: path)
    }
}

/// The Swift side of CPNG's encoder: status codes to ``PNGError``, C buffers to arrays.
enum PNGEncoder {
    static func encode(pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int,
                       format: cpng_source_format, preset: PNGPreset) throws -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer { text in
            cpng_encode(pixels.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(height), Int32(stride),
                        format, preset.compressionLevel, preset.filterMask, &output, &size,
                        text.baseAddress, text.count)
        }
        defer { cpng_free(output) }
        let detail = String(cString: message)
        switch status {
        case CPNG_OK:
            guard let output else { throw PNGError.encodingFailed(detail: "the encoder returned no data") }
            return Array(UnsafeBufferPointer(start: output, count: size))
        case CPNG_ERROR_NO_MEMORY:
            throw PNGError.outOfMemory(detail: detail)
        default:
            throw PNGError.encodingFailed(detail: detail)
        }
    }

    /// Writes `bytes` to `path` in one call.
    static func write(_ bytes: [UInt8], to path: String) throws {
        guard let file = fopen(path, "wb") else {
            throw PNGError.unwritableFile(path: path, reason: String(cString: strerror(errno)))
        }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        let writeErrno = errno
        let closed = fclose(file) == 0
        guard written == bytes.count, closed else {
            let code = written == bytes.count ? errno : writeErrno
            throw PNGError.unwritableFile(path: path, reason: String(cString: strerror(code)))
        }
    }

    /// Whether the C encoder's division-free un-premultiply matches the documented rounding
    /// for every (channel, alpha) pair; a self-check for tests.
    static var unpremultiplyIsExact: Bool { cpng_unpremultiply_is_exact() == 1 }

    /// How many rows use each filter type (none, sub, up, average, Paeth). A diagnostic that
    /// lets tests prove the presets really write unfiltered rows.
    static func rowFilterCounts(of png: [UInt8]) throws -> [Int] {
        var counts = [UInt](repeating: 0, count: 5)
        var message = [CChar](repeating: 0, count: 256)
        let status = png.withUnsafeBufferPointer { bytes in
            counts.withUnsafeMutableBufferPointer { countBuffer in
                message.withUnsafeMutableBufferPointer { text in
                    cpng_count_row_filters(bytes.baseAddress, bytes.count, countBuffer.baseAddress,
                                           text.baseAddress, text.count)
                }
            }
        }
        guard status == CPNG_OK else {
            throw PNGError.corrupt(source: "the PNG data", detail: String(cString: message))
        }
        return counts.map { Int($0) }
    }
}
