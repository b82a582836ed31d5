import Images
import CCairo

// Design note: read-back of the rendered surface for tests and frame comparison. Cairo stores
// native-endian 32-bit words (so B, G, R, A bytes on little-endian) with a row stride that may
// exceed width * 4; reading whole words and shifting makes the byte order a non-issue, and
// the stride always comes from Cairo. The surface is flushed before any read.

extension FrameRenderer {
    /// The straight RGBA color of pixel (`x`, `y`) of the last rendered frame, with (0, 0) the
    /// top-left pixel; nil outside the surface or when no frame has been rendered.
    public func pixel(x: Int, y: Int) -> RGBAPixel? {
        guard hasFrame, let surface, x >= 0, y >= 0, x < pixelWidth, y < pixelHeight else { return nil }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let word = UnsafeRawPointer(data).load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
        return RGBAPixel(cairoWord: word, opaque: isOpaque)
    }

    /// The last rendered frame as straight RGBA, or nil when no frame has been rendered.
    public func rgbaImage() -> RGBAImage? {
        guard hasFrame, let surface else { return nil }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let width = pixelWidth, height = pixelHeight, opaque = isOpaque
        let source = UnsafeRawPointer(data)
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            var offset = 0
            for y in 0..<height {
                let row = source + y * stride
                for x in 0..<width {
                    let pixel = RGBAPixel(cairoWord: row.load(fromByteOffset: x * 4, as: UInt32.self), opaque: opaque)
                    buffer[offset] = pixel.red
                    buffer[offset + 1] = pixel.green
                    buffer[offset + 2] = pixel.blue
                    buffer[offset + 3] = pixel.alpha
                    offset += 4
                }
            }
            count = offset
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}

extension FrameRenderer {
    /// Calls `body` with the last rendered frame's pixels as Cairo holds them, without a copy:
    /// `pixelHeight` rows of `pixelWidth` native-endian 32-bit words (bytes B, G, R, then
    /// unused or premultiplied alpha on a little-endian machine), each row `stride` bytes
    /// after the one before. The pointer is valid only inside `body`. Nil when no frame has
    /// been rendered.
    public func withNativePixels<Result>(_ body: (_ pixels: UnsafeRawPointer, _ stride: Int) throws -> Result) rethrows -> Result? {
        guard hasFrame, let surface else { return nil }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        return try body(UnsafeRawPointer(data), Int(cairo_image_surface_get_stride(surface)))
    }
}
