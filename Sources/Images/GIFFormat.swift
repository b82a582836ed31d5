// Design note: the parts of a GIF89a file around its frames. The logical screen has no global
// color table (every frame brings its own, see GIFFrameEncoder) and declares 8 bits per
// primary. The NETSCAPE2.0 application extension, which every browser honors, makes the
// animation loop (0 = forever). A file is header + frame blocks in order + trailer, so frames
// encoded in parallel need only be concatenated.

/// The bytes of a GIF file around its frame blocks.
public enum GIFFormat {
    /// `GIF89a`, the logical screen descriptor of a `width` x `height` canvas (1...65535
    /// each) and, unless `loopCount` is nil, the NETSCAPE2.0 loop extension (`loopCount`
    /// repetitions, 0 for forever).
    public static func header(width: Int, height: Int, loopCount: Int? = 0) -> [UInt8] {
        precondition((1...65535).contains(width) && (1...65535).contains(height), "GIF sides are 1...65535 pixels")
        var bytes = Array("GIF89a".utf8)
        bytes.appendLittleEndian(UInt16(width))
        bytes.appendLittleEndian(UInt16(height))
        // No global color table, color resolution 8 bits, background index 0, square pixels.
        bytes += [0x70, 0x00, 0x00]
        if let loopCount {
            bytes += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01]
            bytes.appendLittleEndian(UInt16(min(max(loopCount, 0), 0xFFFF)))
            bytes.append(0x00)
        }
        return bytes
    }

    /// The trailer that ends the file.
    public static let trailer: [UInt8] = [0x3B]
}
