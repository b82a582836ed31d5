import CKernels

// Design note: H.264 previews need YUV 4:2:0. Converting in the frame writer's workers, in
// parallel and from the pixels they already hold, is much cheaper than ffmpeg's converter
// for Cairo's BGRX layout. The coefficients are BT.601 in limited range (Y 16...235, chroma
// 16...240), what ffmpeg assumes for untagged yuv420p, in 16-bit fixed point with rounding;
// each chroma sample is the mean of its 2 x 2 pixels. Odd sizes are padded to even with
// `pad`, so the encoder's even-size rule never crops the picture. Runs of 32 pixels go to
// the C kernel of CKernels (AVX2 where the processor has it: half the time of the baseline
// SSE2 code, same bytes); the last columns and the padded edge to the scalar code here.

/// Conversion of Cairo pixels (native-endian 32-bit words: B, G, R, X bytes on
/// little-endian) to planar YUV 4:2:0.
public enum YUV420 {
    /// The compilations of the row kernel. Every one gives the same bytes.
    enum Kernel: CaseIterable {
        /// Baseline vectors (SSE2 on x86-64).
        case portable
        /// 256-bit vectors; only where ``available`` lists it.
        case avx2

        /// The kernels this processor runs, the fastest last.
        static let available: [Kernel] = ckernels_has_avx2() != 0 ? [.portable, .avx2] : [.portable]
        static let fastest = available.last!
    }

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
        convert(bgrx: pixels, width: width, height: height, stride: stride, pad: pad, into: target, kernel: Kernel.fastest)
    }

    /// ``convert(bgrx:width:height:stride:pad:into:)`` with a chosen kernel (for the tests).
    static func convert(bgrx pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int,
                        pad: (red: UInt8, green: UInt8, blue: UInt8), into target: UnsafeMutablePointer<UInt8>, kernel: Kernel) {
        let rows = kernel == .avx2 ? ckernels_yuv420_rows_avx2 : ckernels_yuv420_rows_portable
        let run = Int(CKERNELS_YUV420_BLOCK)
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
                // Runs of 32 pixels of both rows in the C kernel, the rest two by two.
                let blocks = evenWidth / run
                rows(top, bottom, y0, y1, u, v, blocks)
                var col = blocks * run
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
