import CKernels
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

    /// Opaque Cairo words (the unused top byte set to noise) go out as R, G, B rows: every
    /// width from 1 to 40 (the 16-pixel vector steps and the tail), rows with padding after
    /// them, and color type 2 (RGB, no alpha) in the header.
    func testOpaqueWordsRoundTripAsRGB() throws {
        var state: UInt32 = 99
        func next() -> UInt32 { state = state &* 1_664_525 &+ 1_013_904_223; return state }
        for width in 1...40 {
            let height = 3, strideWords = width + 5
            let words = (0..<(strideWords * height)).map { _ in next() }
            let png = try words.withUnsafeBytes {
                try PNGEncoder.encode(pixels: $0.baseAddress!, width: width, height: height, stride: strideWords * 4,
                                      format: .rgb24, preset: .fast)
            }
            XCTAssertEqual(png[25], 2, "color type of width \(width)")
            var expected: [UInt8] = []
            for y in 0..<height {
                for x in 0..<width {
                    let w = words[y * strideWords + x]
                    expected += [UInt8(w >> 16 & 0xFF), UInt8(w >> 8 & 0xFF), UInt8(w & 0xFF), 255]
                }
            }
            XCTAssertEqual(try RGBAImage.decodePNG(data: png).pixels, expected, "width \(width)")
        }
    }

    /// Both compilations of the row kernel cut the same bytes (the AVX2 one where it runs).
    func testEveryRowKernelCutsTheSameBytes() {
        let width = 1000
        let words = (0..<width).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) }
        let expected = words.flatMap { [UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] }
        var kernels = [("portable", ckernels_rgb_row_portable)]
        if ckernels_has_avx2() != 0 { kernels.append(("avx2", ckernels_rgb_row_avx2)) }
        for (name, kernel) in kernels {
            for count in [0, 1, 15, 16, 17, 999, 1000] {
                var rgb = [UInt8](repeating: 0xEE, count: 3 * width + 1)
                words.withUnsafeBufferPointer { source in
                    rgb.withUnsafeMutableBufferPointer { kernel(source.baseAddress!, $0.baseAddress!, count) }
                }
                XCTAssertEqual(Array(rgb[0..<(3 * count)]), Array(expected[0..<(3 * count)]), "\(name), \(count) pixels")
                XCTAssertTrue(rgb[(3 * count)...].allSatisfy { $0 == 0xEE }, "\(name) wrote past \(count) pixels")
            }
        }
    }
}
