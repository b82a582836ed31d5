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
        let count = byteCount(width: width, height: height)
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            convert(bgrx: pixels, width: width, height: height, stride: stride, pad: pad, into: buffer.baseAddress!)
            initialized = count
        }
        return (bytes, width + width % 2, height + height % 2)
    }

    /// The size of the planar bytes of a `width` x `height` picture (padded to even sizes).
    public static func byteCount(width: Int, height: Int) -> Int {
        let w = width + width % 2, h = height + height % 2
        return w * h + 2 * (w / 2) * (h / 2)
    }

    /// Writes the planar bytes of ``convert(bgrx:width:height:stride:pad:)`` into `target`,
    /// which holds ``byteCount(width:height:)`` bytes (so a caller can reuse one buffer).
    public static func convert(bgrx pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int,
                               pad: (red: UInt8, green: UInt8, blue: UInt8), into target: UnsafeMutablePointer<UInt8>) {
        let w = width + width % 2, h = height + height % 2
        let lumaCount = w * h, chromaCount = (w / 2) * (h / 2)
        let padWord = UInt32(pad.blue) | UInt32(pad.green) << 8 | UInt32(pad.red) << 16
        do {
            let yPlane = target, uPlane = yPlane + lumaCount, vPlane = uPlane + chromaCount
            // Whole 2 x 2 blocks inside the picture take the fast loop; the padded last column
            // and row (odd sizes) the careful one.
            let evenWidth = width & ~1, evenHeight = height & ~1
            for row in Swift.stride(from: 0, to: evenHeight, by: 2) {
                let top = (pixels + row * stride).assumingMemoryBound(to: UInt32.self)
                let bottom = (pixels + (row + 1) * stride).assumingMemoryBound(to: UInt32.self)
                let y0 = yPlane + row * w, y1 = y0 + w
                let u = uPlane + (row / 2) * (w / 2), v = vPlane + (row / 2) * (w / 2)
                var col = 0
                // Sixteen pixels of both rows at a time in SIMD lanes, the rest two by two.
                while col + 16 <= evenWidth {
                    Self.sixteen(UnsafeRawPointer(top + col), UnsafeRawPointer(bottom + col), y0 + col, y1 + col, u + col / 2, v + col / 2)
                    col += 16
                }
                while col < evenWidth {
                    Self.block(top[col], top[col + 1], bottom[col], bottom[col + 1], y0 + col, y1 + col, u + col / 2, v + col / 2)
                    col += 2
                }
            }
            if evenWidth < w || evenHeight < h {
                for row in Swift.stride(from: 0, to: h, by: 2) {
                    let inside = { (x: Int, y: Int) -> UInt32 in
                        x < width && y < height ? (pixels + y * stride).load(fromByteOffset: x * 4, as: UInt32.self) : padWord
                    }
                    let y0 = yPlane + row * w, y1 = y0 + w
                    let u = uPlane + (row / 2) * (w / 2), v = vPlane + (row / 2) * (w / 2)
                    // Only the blocks the fast loop left: the last column pair, or the last row pair.
                    let columns = row < evenHeight ? Array(Swift.stride(from: evenWidth, to: w, by: 2)) : Array(Swift.stride(from: 0, to: w, by: 2))
                    for col in columns {
                        Self.block(inside(col, row), inside(col + 1, row), inside(col, row + 1), inside(col + 1, row + 1),
                                   y0 + col, y1 + col, u + col / 2, v + col / 2)
                    }
                }
            }
        }
    }

    /// Eight 2 x 2 blocks side by side (sixteen pixels of two rows) in 16-bit SIMD lanes: the
    /// same values as ``block(_:_:_:_:_:_:_:_:)``, lane by lane, without 32-bit products.
    ///
    /// Each 16-bit coefficient `c` is split as `256 h + l`, so `c x` (x at most 255) is
    /// `256 (h x) + l x` with both parts fitting 16 bits, and since 32768 = 128 x 256,
    /// `floor((256 A + B + 32768) / 65536) = (A + 128 + (B >> 8)) >> 8` exactly (arithmetic
    /// shifts, so chroma's negative sums floor like the 32-bit formula). Luma, unsigned:
    /// 16829 = 65 x 256 + 189, 33039 = 129 x 256 + 15, 6416 = 25 x 256 + 16 (A <= 55,845,
    /// B <= 56,100). U, signed: -9714 = -38 x 256 + 14, -19071 = -74 x 256 - 127,
    /// 28784 = 112 x 256 + 112 (|A| <= 28,560, B in -32,385...32,130). V: 28784 = 112 x 256
    /// + 112, -24103 = -94 x 256 - 39, -4681 = -18 x 256 - 73 (|A|, |B| <= 28,560).
    @inline(__always) static func sixteen(_ top: UnsafeRawPointer, _ bottom: UnsafeRawPointer,
                                          _ y0: UnsafeMutablePointer<UInt8>, _ y1: UnsafeMutablePointer<UInt8>,
                                          _ u: UnsafeMutablePointer<UInt8>, _ v: UnsafeMutablePointer<UInt8>) {
        typealias U16 = SIMD16<UInt16>
        let t = top.loadUnaligned(as: SIMD16<UInt32>.self), b = bottom.loadUnaligned(as: SIMD16<UInt32>.self)
        let mask = SIMD16<UInt32>(repeating: 0xFF)
        let bt = U16(truncatingIfNeeded: t & mask), gt = U16(truncatingIfNeeded: (t &>> 8) & mask)
        let rt = U16(truncatingIfNeeded: (t &>> 16) & mask)
        let bb = U16(truncatingIfNeeded: b & mask), gb = U16(truncatingIfNeeded: (b &>> 8) & mask)
        let rb = U16(truncatingIfNeeded: (b &>> 16) & mask)
        @inline(__always) func luma(_ r: U16, _ g: U16, _ b: U16) -> SIMD16<UInt8> {
            let high = 65 &* r &+ 129 &* g &+ 25 &* b, low = 189 &* r &+ 15 &* g &+ 16 &* b
            return SIMD16<UInt8>(truncatingIfNeeded: ((high &+ 128 &+ (low &>> 8)) &>> 8) &+ 16)
        }
        UnsafeMutableRawPointer(y0).storeBytes(of: luma(rt, gt, bt), as: SIMD16<UInt8>.self)
        UnsafeMutableRawPointer(y1).storeBytes(of: luma(rb, gb, bb), as: SIMD16<UInt8>.self)
        // The mean of each 2 x 2 block (sums of at most 1,020), as signed lanes.
        typealias I16 = SIMD8<Int16>
        @inline(__always) func mean(_ top: U16, _ bottom: U16) -> I16 {
            let s = top &+ bottom
            return I16(truncatingIfNeeded: (s.evenHalf &+ s.oddHalf &+ 2) &>> 2)
        }
        let r = mean(rt, rb), g = mean(gt, gb), bl = mean(bt, bb)
        @inline(__always) func chroma(_ high: I16, _ low: I16) -> SIMD8<UInt8> {
            SIMD8<UInt8>(truncatingIfNeeded: ((high &+ 128 &+ (low &>> 8)) &>> 8) &+ 128)
        }
        let cu = chroma(-38 &* r &- 74 &* g &+ 112 &* bl, 14 &* r &- 127 &* g &+ 112 &* bl)
        let cv = chroma(112 &* r &- 94 &* g &- 18 &* bl, 112 &* r &- 39 &* g &- 73 &* bl)
        UnsafeMutableRawPointer(u).storeBytes(of: cu, as: SIMD8<UInt8>.self)
        UnsafeMutableRawPointer(v).storeBytes(of: cv, as: SIMD8<UInt8>.self)
    }

    /// One 2 x 2 block: four luma samples and the chroma of their mean.
    @inline(__always) static func block(_ p0: UInt32, _ p1: UInt32, _ p2: UInt32, _ p3: UInt32,
                                        _ y0: UnsafeMutablePointer<UInt8>, _ y1: UnsafeMutablePointer<UInt8>,
                                        _ u: UnsafeMutablePointer<UInt8>, _ v: UnsafeMutablePointer<UInt8>) {
        y0[0] = luma(p0); y0[1] = luma(p1); y1[0] = luma(p2); y1[1] = luma(p3)
        // Red and blue of all four summed in one word each lane (bits 0-9 and 16-25), green apart.
        let rb = (p0 & 0xFF00FF) &+ (p1 & 0xFF00FF) &+ (p2 & 0xFF00FF) &+ (p3 & 0xFF00FF)
        let g = ((p0 >> 8) & 0xFF) &+ ((p1 >> 8) & 0xFF) &+ ((p2 >> 8) & 0xFF) &+ ((p3 >> 8) & 0xFF)
        let r = (Int32(rb >> 16) + 2) >> 2, b = (Int32(rb & 0xFFFF) + 2) >> 2, gg = (Int32(g) + 2) >> 2
        u.pointee = UInt8(truncatingIfNeeded: ((-9714 * r - 19071 * gg + 28784 * b + 32768) >> 16) + 128)
        v.pointee = UInt8(truncatingIfNeeded: ((28784 * r - 24103 * gg - 4681 * b + 32768) >> 16) + 128)
    }

    /// BT.601 limited-range luma of a Cairo word (R in bits 16-23, G 8-15, B 0-7).
    @inline(__always) static func luma(_ p: UInt32) -> UInt8 {
        let r = Int32((p >> 16) & 0xFF), g = Int32((p >> 8) & 0xFF), b = Int32(p & 0xFF)
        return UInt8(truncatingIfNeeded: ((16829 * r + 33039 * g + 6416 * b + 32768) >> 16) + 16)
    }
}
