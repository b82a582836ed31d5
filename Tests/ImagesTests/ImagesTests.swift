import CKernels
import CTestSupport
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

    /// Frames above 16,384 bytes of image data are compressed by cpng itself (raw deflate, the
    /// Adler-32 from CKernels): they decode to their pixels (the decoder checks every chunk's
    /// CRC and zlib's Adler-32), in IDATs of 8,192 bytes with only the last shorter, then IEND.
    func testLargeOpaqueFramesRoundTripThroughTheDirectEncoder() throws {
        var state: UInt32 = 7
        func next() -> UInt32 { state = state &* 1_664_525 &+ 1_013_904_223; return state }
        // 5,461 x 1 (16,384 bytes: libpng's road) and wider or taller (cpng's road).
        for (width, height) in [(5461, 1), (5462, 1), (1000, 20), (333, 211), (1280, 72)] {
            // Runs of one color and noise, so deflate finds matches and literals.
            let words = (0..<(width * height)).map { i in i % 97 < 60 ? 0xFF30_6090 : next() }
            for preset in PNGPreset.allCases {
                let png = try words.withUnsafeBytes {
                    try PNGEncoder.encode(pixels: $0.baseAddress!, width: width, height: height, stride: width * 4,
                                          format: .rgb24, preset: preset)
                }
                let expected = words.flatMap { [UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF), 255] }
                XCTAssertEqual(try RGBAImage.decodePNG(data: png).pixels, expected, "\(width)x\(height) \(preset)")
                // Chunks after the signature: (type, length).
                var chunks: [(String, Int)] = []
                var offset = 8
                while offset + 8 <= png.count {
                    let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
                    chunks.append((String(decoding: png[offset + 4..<offset + 8], as: UTF8.self), length))
                    offset += 12 + length
                }
                XCTAssertEqual(offset, png.count)
                XCTAssertEqual(chunks.first?.0, "IHDR")
                XCTAssertEqual(chunks.last?.0, "IEND")
                let idats = chunks.filter { $0.0 == "IDAT" }.map(\.1)
                XCTAssertFalse(idats.isEmpty)
                XCTAssertTrue(idats.dropLast().allSatisfy { $0 == 8192 }, "\(idats)")
                XCTAssertEqual(chunks.count, idats.count + 2)
            }
        }
    }

    /// The AVX2 Adler-32 against the RFC 1950 sums written out here: every length up to 1,000
    /// from odd starts and offsets, and 1 MiB of 0xFF (the largest sums a run can reach).
    func testAdler32KernelMatchesTheDefinition() throws {
        guard ckernels_has_avx2() != 0 else { throw XCTSkip("no AVX2 here: cpng uses zlib's adler32") }
        func adler(_ start: UInt32, _ bytes: ArraySlice<UInt8>) -> UInt32 {
            var a = start & 0xFFFF, b = start >> 16
            for byte in bytes { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
            return b << 16 | a
        }
        var state: UInt32 = 3
        let bytes = (0..<1100).map { _ -> UInt8 in state = state &* 1_664_525 &+ 1_013_904_223; return UInt8(state >> 24) }
        for length in 0...1000 {
            let offset = length % 7, start = UInt32(length * 40503 % 65521) << 16 | UInt32(length * 977 % 65521)
            let slice = bytes[offset..<offset + length]
            let got = slice.withUnsafeBufferPointer { ckernels_adler32_avx2(start, $0.baseAddress!, length) }
            XCTAssertEqual(got, adler(start, slice), "\(length) bytes")
        }
        let ones = [UInt8](repeating: 0xFF, count: 1 << 20)
        XCTAssertEqual(ones.withUnsafeBufferPointer { ckernels_adler32_avx2(0xFFF0_FFF0, $0.baseAddress!, ones.count) },
                       adler(0xFFF0_FFF0, ones[...]))
    }

    /// Opaque frames at the `small` preset give the very bytes libpng alone gives (zlib at the
    /// same level and settings, the same header, IDATs of 8,192 bytes), as in earlier versions.
    /// At `fast` the frame encoder takes zlib's place: the same pixels, and files no larger than
    /// zlib's level 1 (UI-like and noisy frames).
    func testOpaqueFramesMatchLibpngAloneInBytesOrPixels() throws {
        var state: UInt32 = 11
        func next() -> UInt32 { state = state &* 1_664_525 &+ 1_013_904_223; return state }
        for (width, height) in [(750, 40), (1280, 72), (333, 211)] {
            // Flat background, boxes of a few colors, and a noisy band.
            var words = [UInt32](repeating: 0xFFF2_F2F7, count: width * height)
            for i in words.indices where (i / width) % 17 < 5 && (i % width) % 23 < 11 { words[i] = 0xFF00_7AFF }
            for i in words.indices where (i / width) % 29 == 3 { words[i] = next() }
            let rgb = words.flatMap { [UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] }
            for preset in PNGPreset.allCases {
                let ours = try words.withUnsafeBytes {
                    try PNGEncoder.encode(pixels: $0.baseAddress!, width: width, height: height, stride: width * 4,
                                          format: .rgb24, preset: preset)
                }
                var out: UnsafeMutablePointer<UInt8>?
                var size = 0
                let level: Int32 = preset == .fast ? 1 : 6
                XCTAssertEqual(rgb.withUnsafeBufferPointer { test_libpng_encode_rgb($0.baseAddress!, Int32(width), Int32(height), level, &out, &size) }, 0)
                defer { free(out) }
                let reference = Array(UnsafeBufferPointer(start: out, count: size))
                XCTAssertGreaterThan(reference.count, 100)
                if preset == .small {
                    XCTAssertEqual(ours, reference, "\(width)x\(height) \(preset)")
                } else {
                    XCTAssertEqual(try RGBAImage.decodePNG(data: ours).pixels, try RGBAImage.decodePNG(data: reference).pixels)
                    XCTAssertLessThanOrEqual(ours.count, reference.count, "\(width)x\(height) \(preset)")
                }
            }
        }
    }
}
