import Foundation

// Design note: one GIF frame as a self-contained block (Graphic Control Extension, image
// descriptor, local color table, LZW data), so frames can be encoded on any thread in any
// order and a file is just header + blocks in frame order + trailer (GIFFormat). Input is
// what Cairo holds: rows of native-endian 32-bit words 0xXXRRGGBB, packed, the top byte
// ignored. Every frame after the first stores only the bounding rectangle of the pixels that
// differ from the previous frame, drawn over it ("do not dispose"); inside the rectangle a
// pixel that did not change gets the transparent index, unless it continues a run of its own
// color, which keeps runs long for LZW (a moving shape's old place turning into background
// next to background that already was: one run, not two). Identical frames still take a
// frame, a single transparent pixel, so the timing stays as asked. Each frame has its own
// local color table sized to its colors (a few dozen bytes for a small rectangle): no frame
// waits for another's palette, which a global table would need. The frames' bytes depend
// only on the pixels and the delay, never on the thread that encodes them.

/// Encodes animation frames as GIF image blocks.
///
/// One encoder per thread (it reuses its scratch memory from frame to frame); blocks of
/// frames encoded on different threads can be concatenated in frame order:
///
/// ```swift
/// let encoder = GIFFrameEncoder()
/// let block = encoder.encode(frame: pixels, previous: previousPixels, width: 600, height: 1067, delay: 2)
/// ```
public final class GIFFrameEncoder {
    private let lzw = GIFLZWEncoder()
    private var quantizer = GIFQuantizer()
    private var keys: [UInt32] = []
    private var indices: [UInt8] = []

    public init() {}

    /// The image block of one frame: a Graphic Control Extension (`delay` centiseconds, kept
    /// within 0...65535; disposal "do not dispose"), the image descriptor of the changed
    /// rectangle with its local color table, and the LZW-compressed indices.
    ///
    /// `frame` and `previous` are `width * height` pixels as Cairo keeps them: rows of 32-bit
    /// native-endian words (bytes B, G, R, X on little-endian machines), packed, `width * 4`
    /// bytes per row; the X byte is ignored. Without `previous` (the first frame) the block
    /// covers the whole frame; with it, only what changed since. `width` and `height` are
    /// 1...65535.
    public func encode(frame: UnsafeRawBufferPointer, previous: UnsafeRawBufferPointer?,
                       width: Int, height: Int, delay: Int) -> [UInt8] {
        precondition((1...65535).contains(width) && (1...65535).contains(height), "GIF sides are 1...65535 pixels")
        let count = width * height
        precondition(frame.count >= count * 4, "the frame has fewer than width x height pixels")
        precondition(previous.map { $0.count >= count * 4 } ?? true, "the previous frame has fewer than width x height pixels")
        return Self.withWords(frame, count: count) { current in
            guard let previous else {
                return encodeRegion(current, nil, width: width, PixelBox(x: 0, y: 0, width: width, height: height), delay: delay)
            }
            return Self.withWords(previous, count: count) { before in
                guard let rect = Self.changedRect(current, before, width: width, height: height) else {
                    return unchangedBlock(delay: delay)
                }
                return encodeRegion(current, before, width: width, rect, delay: delay)
            }
        }
    }

    /// ``encode(frame:previous:width:height:delay:)`` for byte arrays.
    public func encode(frame: [UInt8], previous: [UInt8]?, width: Int, height: Int, delay: Int) -> [UInt8] {
        frame.withUnsafeBytes { current in
            guard let previous else { return encode(frame: current, previous: nil, width: width, height: height, delay: delay) }
            return previous.withUnsafeBytes { encode(frame: current, previous: $0, width: width, height: height, delay: delay) }
        }
    }

    /// One frame with a fresh encoder (for a single frame; reuse an encoder for many).
    public static func encode(frame: [UInt8], previous: [UInt8]?, width: Int, height: Int, delay: Int) -> [UInt8] {
        GIFFrameEncoder().encode(frame: frame, previous: previous, width: width, height: height, delay: delay)
    }

    /// Calls `body` with the pixels as words (copied only if the bytes are not 4-aligned).
    private static func withWords<R>(_ bytes: UnsafeRawBufferPointer, count: Int,
                                     _ body: (UnsafePointer<UInt32>) -> R) -> R {
        if let base = bytes.baseAddress, Int(bitPattern: base) % 4 == 0 {
            return body(base.assumingMemoryBound(to: UInt32.self))
        }
        var copy = [UInt32](repeating: 0, count: count)
        copy.withUnsafeMutableBytes { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes.prefix(count * 4))) }
        return copy.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    /// The smallest rectangle holding every pixel whose color differs, nil when none does.
    static func changedRect(_ frame: UnsafePointer<UInt32>, _ previous: UnsafePointer<UInt32>,
                            width: Int, height: Int) -> PixelBox? {
        var top = -1, bottom = -1, left = width, right = -1
        for y in 0..<height {
            let a = frame + y * width, b = previous + y * width
            if memcmp(a, b, width * 4) == 0 { continue }
            // The bytes differ, the colors may not (the X byte is ignored). Only columns outside
            // the ones known so far can widen the rectangle; inside, one difference is enough.
            @inline(__always) func differs(_ x: Int) -> Bool { (a[x] ^ b[x]) & 0xFF_FFFF != 0 }
            var changed = false
            if let x = (0..<left).first(where: differs) { left = x; changed = true }
            if let x = (right + 1..<width).reversed().first(where: differs) { right = x; changed = true }
            if !changed && !(left <= right && (left...right).contains(where: differs)) { continue }
            if top < 0 { top = y }
            bottom = y
        }
        guard top >= 0 else { return nil }
        return PixelBox(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }

    /// The block of `rect` of `frame` (over `previous` when given).
    private func encodeRegion(_ frame: UnsafePointer<UInt32>, _ previous: UnsafePointer<UInt32>?, width: Int,
                              _ rect: PixelBox, delay: Int) -> [UInt8] {
        let count = rect.width * rect.height
        if keys.count < count { keys = [UInt32](repeating: 0, count: count) }
        if indices.count < count { indices = [UInt8](repeating: 0, count: count) }
        var image: GIFIndexedImage?
        keys.withUnsafeMutableBufferPointer { keys in
            indices.withUnsafeMutableBufferPointer { indices in
                let region = UnsafeBufferPointer(rebasing: keys[0..<count])
                let out = indices.baseAddress!
                if let previous {
                    Self.keysOverPrevious(frame, previous, width: width, rect, into: keys.baseAddress!)
                    switch quantizer.indexExactly(region, into: out) {
                    case .indexed(let exact):
                        image = exact
                        return
                    case .tooManyColors(withUnchanged: true):
                        // The transparent entry may be the one too many: the rectangle's colors
                        // alone may still fit.
                        Self.colorKeys(frame, width: width, rect, into: keys.baseAddress!)
                        if case .indexed(let exact) = quantizer.indexExactly(region, into: out) {
                            image = exact
                            return
                        }
                        Self.keysOverPrevious(frame, previous, width: width, rect, into: keys.baseAddress!)
                    case .tooManyColors(withUnchanged: false):
                        break
                    }
                } else {
                    Self.colorKeys(frame, width: width, rect, into: keys.baseAddress!)
                    if case .indexed(let exact) = quantizer.indexExactly(region, into: out) {
                        image = exact
                        return
                    }
                }
                image = quantizer.indexApproximately(region, into: out)
            }
        }
        return indices.withUnsafeBufferPointer { indices in
            block(rect, image: image!, indices: UnsafeBufferPointer(rebasing: indices[0..<count]), delay: delay)
        }
    }

    /// The block of a frame equal to the previous one: one transparent pixel.
    private func unchangedBlock(delay: Int) -> [UInt8] {
        [UInt8(0)].withUnsafeBufferPointer { index in
            block(PixelBox(x: 0, y: 0, width: 1, height: 1),
                  image: GIFIndexedImage(palette: [0], transparentIndex: 0), indices: index, delay: delay)
        }
    }

    /// The colors of `rect`, row by row.
    private static func colorKeys(_ frame: UnsafePointer<UInt32>, width: Int, _ rect: PixelBox,
                                  into keys: UnsafeMutablePointer<UInt32>) {
        var out = keys
        for y in rect.y..<(rect.y + rect.height) {
            let row = frame + y * width + rect.x
            for x in 0..<rect.width { out[x] = row[x] & 0xFF_FFFF }
            out += rect.width
        }
    }

    /// The keys of `rect` drawn over the previous frame: a pixel's color where it changed or
    /// where it continues a run of that color, else ``GIFQuantizer/unchanged``.
    private static func keysOverPrevious(_ frame: UnsafePointer<UInt32>, _ previous: UnsafePointer<UInt32>, width: Int,
                                         _ rect: PixelBox, into keys: UnsafeMutablePointer<UInt32>) {
        var out = keys
        var last = GIFQuantizer.unchanged
        for y in rect.y..<(rect.y + rect.height) {
            let row = frame + y * width + rect.x, before = previous + y * width + rect.x
            for x in 0..<rect.width {
                let color = row[x] & 0xFF_FFFF
                if color != before[x] & 0xFF_FFFF || color == last {
                    last = color
                } else {
                    last = GIFQuantizer.unchanged
                }
                out[x] = last
            }
            out += rect.width
        }
    }

    /// Graphic Control Extension, image descriptor, local color table and image data.
    private func block(_ rect: PixelBox, image: GIFIndexedImage, indices: UnsafeBufferPointer<UInt8>, delay: Int) -> [UInt8] {
        // Table of 2^(sizeField + 1) entries; LZW codes start one bit wider than the indices
        // (at least 2 bits, as GIF requires).
        var sizeField = 0
        while 2 << sizeField < image.palette.count { sizeField += 1 }
        let tableSize = 2 << sizeField
        let minimumCodeSize = max(2, sizeField + 1)
        let data = lzw.compress(indices, minimumCodeSize: minimumCodeSize)

        var bytes: [UInt8] = []
        bytes.reserveCapacity(8 + 10 + 3 * tableSize + 1 + data.count + data.count / 255 + 2)
        let clampedDelay = min(max(delay, 0), 0xFFFF)
        bytes += [0x21, 0xF9, 0x04, 1 << 2 | (image.transparentIndex == nil ? 0 : 1)]  // dispose: none
        bytes.appendLittleEndian(UInt16(clampedDelay))
        bytes += [UInt8(image.transparentIndex ?? 0), 0x00]
        bytes.append(0x2C)
        bytes.appendLittleEndian(UInt16(rect.x))
        bytes.appendLittleEndian(UInt16(rect.y))
        bytes.appendLittleEndian(UInt16(rect.width))
        bytes.appendLittleEndian(UInt16(rect.height))
        bytes.append(0x80 | UInt8(sizeField))  // local color table, not interlaced
        for color in image.palette {
            bytes += [UInt8(color >> 16 & 0xFF), UInt8(color >> 8 & 0xFF), UInt8(color & 0xFF)]
        }
        bytes += [UInt8](repeating: 0, count: 3 * (tableSize - image.palette.count))
        bytes.append(UInt8(minimumCodeSize))
        var start = 0
        while start < data.count {
            let end = min(data.count, start + 255)
            bytes.append(UInt8(end - start))
            bytes += data[start..<end]
            start = end
        }
        bytes.append(0x00)
        return bytes
    }
}

extension Array where Element == UInt8 {
    mutating func appendLittleEndian(_ value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }
}
