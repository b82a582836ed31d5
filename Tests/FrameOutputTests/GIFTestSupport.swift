import BrowserSupport
import Foundation
import FrameOutput
import Images
import XCTest

// An independent GIF reader for the GIF tests, written from the GIF89a specification and
// sharing no code with the encoder: blocks and sub-blocks, the Graphic Control and NETSCAPE2.0
// extensions, a dictionary-of-strings LZW decoder (slow and obvious, unlike the encoder's
// child table), and a compositor that draws each frame's rectangle over the canvas as
// "do not dispose" asks. Also: ffmpeg's decoding of a GIF, frame by frame, and pixel helpers.

/// The result of decoding one image's LZW data.
struct TestLZWResult {
    var indices: [UInt8]
    /// The widest code read, in bits.
    var widestCode: Int
    /// Clear codes read (the leading one included).
    var clearCodes: Int
    /// Whether the data ended with the end-of-information code.
    var sawEnd: Bool
}

/// Decodes GIF LZW `data` (the concatenated sub-blocks) with `minimumCodeSize`.
func testLZWDecode(_ data: [UInt8], minimumCodeSize: Int) -> TestLZWResult {
    let clear = 1 << minimumCodeSize, end = clear + 1
    var table: [[UInt8]] = []
    func resetTable() { table = (0..<clear).map { [UInt8($0)] } + [[], []] }
    resetTable()
    var width = minimumCodeSize + 1
    var result = TestLZWResult(indices: [], widestCode: 0, clearCodes: 0, sawEnd: false)
    var bitPosition = 0
    var previous: [UInt8]?
    while bitPosition + width <= data.count * 8 {
        var code = 0
        for bit in 0..<width {
            let p = bitPosition + bit
            if data[p / 8] >> (p % 8) & 1 == 1 { code |= 1 << bit }
        }
        bitPosition += width
        result.widestCode = max(result.widestCode, width)
        if code == clear {
            result.clearCodes += 1
            resetTable()
            width = minimumCodeSize + 1
            previous = nil
            continue
        }
        if code == end {
            result.sawEnd = true
            break
        }
        let entry: [UInt8]
        if code < table.count {
            entry = table[code]
        } else if code == table.count, let previous {
            entry = previous + [previous[0]]  // the string being defined by this very code
        } else {
            XCTFail("LZW code \(code) is not in the table (\(table.count) entries)")
            return result
        }
        if let previous, table.count < 4096 { table.append(previous + [entry[0]]) }
        if table.count == 1 << width && width < 12 { width += 1 }
        result.indices += entry
        previous = entry
    }
    return result
}

/// One image of a GIF file as read back.
struct TestGIFImage {
    var delay: Int
    var disposal: Int
    var transparentIndex: Int?
    var rect: PixelBox
    var palette: [UInt32]
    var minimumCodeSize: Int
    var lzw: TestLZWResult
}

/// A GIF file as read back.
struct TestGIF {
    var width: Int
    var height: Int
    var hasGlobalTable: Bool
    var loopCount: Int?
    var images: [TestGIFImage] = []
    var endsWithTrailer = false

    /// Every frame composited over the previous one, as 0xRRGGBB per pixel.
    var frames: [[UInt32]] {
        var canvas = [UInt32](repeating: 0, count: width * height)
        var result: [[UInt32]] = []
        for image in images {
            for y in 0..<image.rect.height {
                for x in 0..<image.rect.width {
                    let index = Int(image.lzw.indices[y * image.rect.width + x])
                    if index == image.transparentIndex { continue }
                    canvas[(image.rect.y + y) * width + image.rect.x + x] = image.palette[index]
                }
            }
            result.append(canvas)
        }
        return result
    }
}

/// Parses the GIF `bytes`; fails the test on anything malformed.
func readTestGIF(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> TestGIF? {
    var position = 0
    func byte() -> Int? {
        guard position < bytes.count else { return nil }
        position += 1
        return Int(bytes[position - 1])
    }
    func uint16() -> Int? {
        guard let low = byte(), let high = byte() else { return nil }
        return low | high << 8
    }
    func subBlocks() -> [UInt8]? {
        var data: [UInt8] = []
        while let size = byte() {
            if size == 0 { return data }
            guard position + size <= bytes.count else { return nil }
            data += bytes[position..<(position + size)]
            position += size
        }
        return nil
    }
    func colorTable(_ packed: Int) -> [UInt32]? {
        let count = 2 << (packed & 7)
        guard position + 3 * count <= bytes.count else { return nil }
        let table = (0..<count).map { k in
            UInt32(bytes[position + 3 * k]) << 16 | UInt32(bytes[position + 3 * k + 1]) << 8 | UInt32(bytes[position + 3 * k + 2])
        }
        position += 3 * count
        return table
    }
    guard bytes.count >= 13, String(decoding: bytes[0..<6], as: UTF8.self) == "GIF89a" else {
        XCTFail("not a GIF89a file", file: file, line: line)
        return nil
    }
    position = 6
    guard let width = uint16(), let height = uint16(), let packed = byte(), byte() != nil, byte() != nil else { return nil }
    var gif = TestGIF(width: width, height: height, hasGlobalTable: packed & 0x80 != 0)
    var global: [UInt32]?
    if gif.hasGlobalTable { global = colorTable(packed) }
    var control: (delay: Int, disposal: Int, transparent: Int?)?
    while let introducer = byte() {
        switch introducer {
        case 0x21:
            guard let label = byte(), let data = subBlocks() else { XCTFail("cut-off extension", file: file, line: line); return nil }
            if label == 0xF9 {
                XCTAssertEqual(data.count, 4, "GCE size", file: file, line: line)
                control = (Int(data[1]) | Int(data[2]) << 8, Int(data[0]) >> 2 & 7, data[0] & 1 == 1 ? Int(data[3]) : nil)
            } else if label == 0xFF, data.count == 14, String(decoding: data[0..<11], as: UTF8.self) == "NETSCAPE2.0" {
                XCTAssertEqual(data[11], 1, "loop sub-block id", file: file, line: line)
                gif.loopCount = Int(data[12]) | Int(data[13]) << 8
            }
        case 0x2C:
            guard let x = uint16(), let y = uint16(), let w = uint16(), let h = uint16(), let packed = byte() else { return nil }
            XCTAssertEqual(packed & 0x40, 0, "not interlaced", file: file, line: line)
            let palette = packed & 0x80 != 0 ? colorTable(packed) : global
            guard let palette, let codeSize = byte(), let data = subBlocks() else {
                XCTFail("image without a color table or data", file: file, line: line)
                return nil
            }
            XCTAssertTrue(x + w <= width && y + h <= height && w > 0 && h > 0, "image inside the canvas", file: file, line: line)
            let lzw = testLZWDecode(data, minimumCodeSize: codeSize)
            XCTAssertTrue(lzw.sawEnd, "LZW data ends with the end code", file: file, line: line)
            XCTAssertEqual(lzw.indices.count, w * h, "one index per pixel", file: file, line: line)
            XCTAssertTrue(lzw.indices.allSatisfy { Int($0) < palette.count }, "indices inside the table", file: file, line: line)
            let c = control ?? (0, 0, nil)
            gif.images.append(TestGIFImage(delay: c.delay, disposal: c.disposal, transparentIndex: c.transparent,
                                           rect: PixelBox(x: x, y: y, width: w, height: h), palette: palette,
                                           minimumCodeSize: codeSize, lzw: lzw))
            control = nil
        case 0x3B:
            gif.endsWithTrailer = true
            XCTAssertEqual(position, bytes.count, "nothing after the trailer", file: file, line: line)
            return gif
        default:
            XCTFail("unexpected block 0x\(String(introducer, radix: 16)) at \(position - 1)", file: file, line: line)
            return nil
        }
    }
    XCTFail("no trailer", file: file, line: line)
    return gif
}

func readTestGIF(path: String, file: StaticString = #filePath, line: UInt = #line) -> TestGIF? {
    guard let data = FileManager.default.contents(atPath: path) else {
        XCTFail("cannot read \(path)", file: file, line: line)
        return nil
    }
    return readTestGIF([UInt8](data), file: file, line: line)
}

/// Cairo-layout bytes (native-endian 0xXXRRGGBB words) of `colors` (0xRRGGBB); `x` fills the top byte.
func cairoBytes(_ colors: [UInt32], x: UInt32 = 0xFF) -> [UInt8] {
    colors.map { $0 & 0xFF_FFFF | x << 24 }.withUnsafeBytes { Array($0) }
}

/// The 0xRRGGBB colors of Cairo-layout bytes.
func colors(ofCairoBytes bytes: [UInt8]) -> [UInt32] {
    bytes.withUnsafeBytes { raw in (0..<(bytes.count / 4)).map { raw.loadUnaligned(fromByteOffset: 4 * $0, as: UInt32.self) & 0xFF_FFFF } }
}

/// The 0xRRGGBB colors of an opaque RGBA image.
func colors(of image: RGBAImage) -> [UInt32] {
    (0..<(image.width * image.height)).map { k in
        UInt32(image.pixels[4 * k]) << 16 | UInt32(image.pixels[4 * k + 1]) << 8 | UInt32(image.pixels[4 * k + 2])
    }
}

/// The largest channel difference of two 0xRRGGBB colors.
func channelDifference(_ a: UInt32, _ b: UInt32) -> Int {
    [16, 8, 0].map { abs(Int(a >> UInt32($0) & 0xFF) - Int(b >> UInt32($0) & 0xFF)) }.max()!
}

/// The GIF at `path` decoded by ffmpeg: each frame's 0xRRGGBB pixels and whether all were
/// opaque. Skips (or fails under scripts/test.sh) without ffmpeg.
func ffmpegFrames(_ path: String, width: Int, height: Int) throws -> [(colors: [UInt32], opaque: Bool)] {
    let ffmpeg = try ExternalTool.require("ffmpeg", install: "apt-get install -y ffmpeg")
    let output = NSTemporaryDirectory() + "animatic-gif-\(UUID().uuidString).rgba"
    defer { try? FileManager.default.removeItem(atPath: output) }
    let run = try ExternalTool.run(ffmpeg, ["-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgba",
                                            "-fps_mode", "passthrough", "-y", output])
    XCTAssertEqual(run.status, 0, "ffmpeg decodes the GIF")
    let bytes = [UInt8](FileManager.default.contents(atPath: output) ?? Data())
    let frameBytes = width * height * 4
    XCTAssertEqual(bytes.count % frameBytes, 0, "whole frames")
    return stride(from: 0, to: bytes.count - frameBytes + 1, by: frameBytes).map { start in
        var colors = [UInt32](repeating: 0, count: width * height)
        var opaque = true
        for k in 0..<(width * height) {
            let p = start + 4 * k
            colors[k] = UInt32(bytes[p]) << 16 | UInt32(bytes[p + 1]) << 8 | UInt32(bytes[p + 2])
            if bytes[p + 3] != 255 { opaque = false }
        }
        return (colors, opaque)
    }
}

/// Fails when two frames' colors differ, naming how many pixels differ, the first one and
/// the largest channel difference (not the whole frames, which would flood the log).
func assertSameColors(_ actual: [UInt32], _ expected: [UInt32], width: Int, _ message: String = "",
                      file: StaticString = #filePath, line: UInt = #line) {
    guard actual.count == expected.count else {
        XCTFail("\(message): \(actual.count) pixels, expected \(expected.count)", file: file, line: line)
        return
    }
    let differing = actual.indices.filter { actual[$0] != expected[$0] }
    guard let first = differing.first else { return }
    let worst = differing.map { channelDifference(actual[$0], expected[$0]) }.max()!
    XCTFail("\(message): \(differing.count) of \(actual.count) pixels differ, the first at (\(first % width), \(first / width)): "
            + "0x\(String(actual[first], radix: 16)), expected 0x\(String(expected[first], radix: 16)); "
            + "largest channel difference \(worst)", file: file, line: line)
}
