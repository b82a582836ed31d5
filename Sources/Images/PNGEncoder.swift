import CPNG
import Foundation

// Design note: PNG output through the CPNG C target, which owns every libpng call (libpng's
// longjmp must not cross Swift frames). Cairo's own cairo_surface_write_to_png cannot be tuned
// and spends 20.5 ms on a 1280x720 frame (zlib 6 + adaptive filters). The `fast` default gives
// opaque frames to cpng's frame encoder, a deflate coder that looks for matches where rendered
// frames have them (the pixel to the left, the pixel above): under half of zlib level 1's time,
// and smaller files (the bundled scenes' frames are 41% of zlib level 1's bytes and a little
// under zlib level 6's); it codes the rows in bands and copies a band that is unchanged since
// the frame its thread encoded before (most of an animation's frames repeat the one before:
// a pile at rest, a still UI around a moving item), the same bytes either way. Encoding goes
// to memory and the file is written in one call. The
// output has no time-dependent chunk, so identical pixels always give identical bytes (renders
// can be diffed and cached by hash).

/// How hard to compress. Both presets write unfiltered rows.
public enum PNGPreset: Sendable, CaseIterable {
    /// The default for frames: opaque frames through cpng's frame encoder (~2.5 ms for a
    /// 1280x720 frame), transparent images and small ones through zlib at level 1.
    case fast
    /// zlib level 6: several times `fast`'s time; smaller than `fast` only on busy frames (the
    /// rain benchmark's by 12%), larger on flat UI art.
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

/// How pixels lie in memory for encoding.
public enum PNGSourceFormat: Sendable {
    /// Cairo's ARGB32: premultiplied native-endian words; written as RGBA.
    case premultipliedARGB32
    /// Cairo's RGB24: native-endian words, the top byte unused; written as opaque RGB.
    case rgb24
    /// Straight R, G, B, A bytes; written as RGBA.
    case rgba

    var cFormat: cpng_source_format {
        switch self {
        case .premultipliedARGB32: return CPNG_SOURCE_ARGB32_PREMULTIPLIED
        case .rgb24: return CPNG_SOURCE_RGB24
        case .rgba: return CPNG_SOURCE_RGBA
        }
    }
}

/// PNG encoding through CPNG: status codes to ``PNGError``, C buffers to arrays.
public enum PNGEncoder {
    /// Encodes `height` rows of `stride` bytes at `pixels`.
    public static func encode(pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int,
                              format: PNGSourceFormat, preset: PNGPreset) throws -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = message.withUnsafeMutableBufferPointer { text in
            cpng_encode(pixels.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(height), Int32(stride),
                        format.cFormat, preset.compressionLevel, preset.filterMask, &output, &size,
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
    public static func write(_ bytes: [UInt8], to path: String) throws {
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
}
