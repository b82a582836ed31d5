// Design note: H.264 previews need YUV 4:2:0. Converting in the frame writer's workers, in
// parallel and from the pixels they already hold, is much cheaper than ffmpeg's converter
// for Cairo's BGRX layout. The coefficients are BT.601 in limited range (Y 16...235, chroma
// 16...240), what ffmpeg assumes for untagged yuv420p, in 16-bit fixed point with rounding;
// each chroma sample is the mean of its 2 x 2 pixels. Odd sizes are padded to even with
// `pad`, so the encoder's even-size rule never crops the picture.

/// Conversion of Cairo pixels (native-endian 32-bit words: B, G, R, X bytes on
/// little-endian) to planar YUV 4:2:0.
public enum YUV420 {
    /// The planar `yuv420p` bytes (Y plane, then U, then V) of `width` x `height` pixels in
    /// rows of `stride` bytes, padded to even sizes with `pad` (R, G, B).
    public static func convert(bgrx pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int,
                               pad: (red: UInt8, green: UInt8, blue: UInt8)) -> (bytes: [UInt8], width: Int, height: Int) {
        let w = width + width % 2, h = height + height % 2
        let lumaCount = w * h, chromaCount = (w / 2) * (h / 2)
        let padWord = UInt32(pad.blue) | UInt32(pad.green) << 8 | UInt32(pad.red) << 16
        let bytes = [UInt8](unsafeUninitializedCapacity: lumaCount + 2 * chromaCount) { buffer, count in
            let yPlane = buffer.baseAddress!, uPlane = yPlane + lumaCount, vPlane = uPlane + chromaCount
            for row in Swift.stride(from: 0, to: h, by: 2) {
                let top = pixels + row * stride
                let bottom = row + 1 < height ? top + stride : nil
                let topInside = row < height
                let y0 = yPlane + row * w, y1 = y0 + w
                let u = uPlane + (row / 2) * (w / 2), v = vPlane + (row / 2) * (w / 2)
                var col = 0
                while col < w {
                    // Four words of the 2 x 2 block; pixels past the edge are the padding color.
                    let inside0 = col < width, inside1 = col + 1 < width
                    let p0 = topInside && inside0 ? top.load(fromByteOffset: col * 4, as: UInt32.self) : padWord
                    let p1 = topInside && inside1 ? top.load(fromByteOffset: col * 4 + 4, as: UInt32.self) : padWord
                    let p2 = bottom != nil && inside0 ? bottom!.load(fromByteOffset: col * 4, as: UInt32.self) : padWord
                    let p3 = bottom != nil && inside1 ? bottom!.load(fromByteOffset: col * 4 + 4, as: UInt32.self) : padWord
                    y0[col] = Self.luma(p0)
                    y0[col + 1] = Self.luma(p1)
                    y1[col] = Self.luma(p2)
                    y1[col + 1] = Self.luma(p3)
                    // The 2 x 2 mean of each channel, rounded.
                    let r = (Int32((p0 >> 16) & 0xFF) + Int32((p1 >> 16) & 0xFF) + Int32((p2 >> 16) & 0xFF) + Int32((p3 >> 16) & 0xFF) + 2) >> 2
                    let g = (Int32((p0 >> 8) & 0xFF) + Int32((p1 >> 8) & 0xFF) + Int32((p2 >> 8) & 0xFF) + Int32((p3 >> 8) & 0xFF) + 2) >> 2
                    let b = (Int32(p0 & 0xFF) + Int32(p1 & 0xFF) + Int32(p2 & 0xFF) + Int32(p3 & 0xFF) + 2) >> 2
                    u[col / 2] = UInt8(truncatingIfNeeded: ((-9714 * r - 19071 * g + 28784 * b + 32768) >> 16) + 128)
                    v[col / 2] = UInt8(truncatingIfNeeded: ((28784 * r - 24103 * g - 4681 * b + 32768) >> 16) + 128)
                    col += 2
                }
            }
            count = lumaCount + 2 * chromaCount
        }
        return (bytes, w, h)
    }

    /// BT.601 limited-range luma of a Cairo word (R in bits 16-23, G 8-15, B 0-7).
    @inline(__always) static func luma(_ p: UInt32) -> UInt8 {
        let r = Int32((p >> 16) & 0xFF), g = Int32((p >> 8) & 0xFF), b = Int32(p & 0xFF)
        return UInt8(truncatingIfNeeded: ((16829 * r + 33039 * g + 6416 * b + 32768) >> 16) + 16)
    }
}
