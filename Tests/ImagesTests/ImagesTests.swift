import Images
import XCTest

/// RGBA images, PNG encoding and decoding, and the chunk checksum, on their own.
final class ImagesTests: XCTestCase {
    func testCRC32MatchesTheStandardCheckValue() {
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
        var running = CRC32()
        running.update(Array("1234".utf8)); running.update(Array("56789".utf8))
        XCTAssertEqual(running.value, 0xCBF4_3926, "a checksum continues across pieces")
    }

    func testRGBAImageRoundTripsThroughPNG() throws {
        var pixels: [UInt8] = []
        for k in 0..<(7 * 5) { pixels += [UInt8(k * 7 % 256), UInt8(k * 13 % 256), UInt8(k * 29 % 256), UInt8(k * 37 % 256)] }
        let image = RGBAImage(width: 7, height: 5, pixels: pixels)
        for preset in PNGPreset.allCases {
            XCTAssertEqual(try RGBAImage.decodePNG(data: try image.pngData(preset: preset)), image)
        }
    }

    /// Premultiplied pixels are written straight with c' = (c * 255 + a / 2) / a, for every
    /// alpha and every channel value it allows.
    func testEncoderUnpremultipliesWithTheDocumentedRounding() throws {
        var words: [UInt32] = []
        var expected: [UInt8] = []
        for a in UInt32(1)...255 {
            for c in 0...a {
                words.append(a << 24 | c << 16 | (a - c) << 8 | c / 2)
                for channel in [c, a - c, c / 2] { expected.append(UInt8((channel * 255 + a / 2) / a)) }
                expected.append(UInt8(a))
            }
        }
        let png = try words.withUnsafeBytes { bytes in
            try PNGEncoder.encode(pixels: bytes.baseAddress!, width: words.count, height: 1, stride: words.count * 4,
                                  format: .premultipliedARGB32, preset: .fast)
        }
        let decoded = try RGBAImage.decodePNG(data: png)
        XCTAssertEqual(decoded.width, words.count)
        XCTAssertEqual(decoded.pixels, expected)
    }
}
