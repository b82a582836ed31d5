// Design note: GIF's variable-width LZW (GIF89a, appendix F), written from the specification.
// Codes are packed least significant bit first. With a minimum code size of b, code 2^b clears
// the table and 2^b + 1 ends the data; the first new string gets 2^b + 2, and codes start b + 1
// bits wide. The decoder adds each string one code after the encoder does, so the encoder
// widens its codes as soon as it assigns code 2^width (the next code it writes may be that
// one). The table holds at most 4,096 codes (12 bits); when it is full the encoder writes a
// clear code and starts again, which keeps the compression adapted to the part of the image
// being coded. The string table is a dense child array indexed by (next index, prefix code):
// one load per pixel and no hashing. It is index-major because a run of one color makes a new
// prefix code at every pixel: the strings extending it all lie in that color's 8 KB row and
// stay in cache (prefix-major, each pixel of a run touched a new line of the 2 MB table, and
// runs took two to three times as long). A clear resets only the slots that were filled (at
// most 4,096), so it costs the same whatever the table's size; the array is allocated once per
// encoder and reused for every frame. Everything depends only on the indices, so equal input
// gives equal bytes.

/// An LZW compressor for GIF image data, reusable for many images (not thread-safe: one per
/// worker).
final class GIFLZWEncoder {
    /// The largest code (12 bits) and the table size.
    static let tableLimit = 4096

    /// `child[index << 12 | prefix]`: the code of string `prefix + index`, 0 for none
    /// (0 is always a literal code, never a string's).
    private let child: UnsafeMutablePointer<UInt16>
    /// The slots of `child` filled since the last clear.
    private let filled: UnsafeMutablePointer<Int32>
    private var filledCount = 0

    init() {
        let slots = Self.tableLimit << 8
        child = .allocate(capacity: slots)
        child.initialize(repeating: 0, count: slots)
        filled = .allocate(capacity: Self.tableLimit)
    }

    deinit {
        child.deallocate()
        filled.deallocate()
    }

    /// The compressed codes of `indices` (each below 2^`minimumCodeSize`), without the leading
    /// code size byte and not yet cut into sub-blocks.
    ///
    /// `minimumCodeSize` is 2...8 (GIF requires at least 2 even for two-color tables).
    func compress(_ indices: UnsafeBufferPointer<UInt8>, minimumCodeSize: Int) -> [UInt8] {
        precondition((2...8).contains(minimumCodeSize), "GIF's minimum code size is 2...8")
        let clearCode = 1 << minimumCodeSize
        let endCode = clearCode + 1
        let firstFree = clearCode + 2
        // Worst case: one code of at most 12 bits per index, plus clears, the first code and
        // the end code; 2 bytes per index is more than that.
        let capacity = 2 * indices.count + 16
        return [UInt8](unsafeUninitializedCapacity: capacity) { output, count in
            var out = output.baseAddress!
            var bits: UInt64 = 0
            var bitCount = 0
            var width = minimumCodeSize + 1
            var next = firstFree

            @inline(__always) func emit(_ code: Int) {
                bits |= UInt64(code) << UInt64(bitCount)
                bitCount += width
                while bitCount >= 8 {
                    out.pointee = UInt8(truncatingIfNeeded: bits)
                    out += 1
                    bits >>= 8
                    bitCount -= 8
                }
            }

            emit(clearCode)
            if let base = indices.baseAddress, !indices.isEmpty {
                var prefix = Int(base[0])
                var position = 1
                let end = indices.count
                while position < end {
                    let index = Int(base[position])
                    position += 1
                    let slot = index << 12 | prefix
                    let code = child[slot]
                    if code != 0 {
                        prefix = Int(code)
                        continue
                    }
                    emit(prefix)
                    if next < Self.tableLimit {
                        child[slot] = UInt16(next)
                        filled[filledCount] = Int32(slot)
                        filledCount += 1
                        if next == 1 << width { width += 1 }
                        next += 1
                    } else {
                        emit(clearCode)
                        reset()
                        width = minimumCodeSize + 1
                        next = firstFree
                    }
                    prefix = index
                }
                emit(prefix)
            }
            emit(endCode)
            if bitCount > 0 {
                out.pointee = UInt8(truncatingIfNeeded: bits)
                out += 1
            }
            count = out - output.baseAddress!
            reset()
        }
    }

    /// Empties the string table.
    private func reset() {
        for k in 0..<filledCount { child[Int(filled[k])] = 0 }
        filledCount = 0
    }
}
