import CCairo
import Images

// Design note: a rendered frame goes to PNG straight from Cairo's pixel memory (RGB24 words
// for an opaque frame, premultiplied ARGB32 otherwise), encoded by Images' PNGEncoder.

extension FrameRenderer {
    /// The last rendered frame as PNG bytes: RGB for an opaque frame, RGBA otherwise.
    /// Throws `PNGError.nothingRendered` before the first successful ``render(_:)``.
    public func pngData(preset: PNGPreset = .fast) throws -> [UInt8] {
        guard hasFrame, let surface else { throw PNGError.nothingRendered }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw PNGError.nothingRendered }
        return try PNGEncoder.encode(pixels: UnsafeRawPointer(data), width: pixelWidth, height: pixelHeight,
                                     stride: Int(cairo_image_surface_get_stride(surface)),
                                     format: isOpaque ? .rgb24 : .premultipliedARGB32, preset: preset)
    }

    /// Encodes the last rendered frame and writes it to `path` (replacing any file there).
    public func writePNG(to path: String, preset: PNGPreset = .fast) throws {
        try PNGEncoder.write(try pngData(preset: preset), to: path)
    }
}
