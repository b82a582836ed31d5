@testable import Images
import Rendering
import Foundation
import CTestSupport
import SceneFormat
import XCTest

// PNG encoding and decoding: lossless round trips, the presets, determinism, the unfiltered
// rows both presets promise, decoding of other PNG flavours, and errors a person can act on.

final class PNGTests: XCTestCase {
    /// A frame with antialiased edges, rotation, translucency and a stroke.
    func sampleFrame(background: SceneColor) -> FrameState {
        canvas([box(width: 40, height: 30, at: 35, 40, angle: 0.4, alpha: 0.8),
                DrawItem(shape: .ellipse, width: 50, height: 30, center: DrawPoint(60, 60), fill: Palette.blue,
                         stroke: DrawStroke(color: Palette.black, width: 3), alpha: 0.6),
                DrawItem(shape: .polygon([DrawPoint(0, -10), DrawPoint(10, 8), DrawPoint(-10, 8)]), width: 20,
                         height: 20, center: DrawPoint(80, 20), angle: 1, fill: SceneColor(red: 0.2, green: 0.7, blue: 0.3, alpha: 0.3))],
               width: 100, height: 80, background: background)
    }

    func testOpaqueFrameRoundTripsExactly() throws {
        let renderer = try rendered(sampleFrame(background: .white))
        let png = try renderer.pngData()
        XCTAssertEqual(colorType(of: png), 2, "opaque frames are written as RGB")
        let decoded = try RGBAImage.decodePNG(data: png)
        XCTAssertEqual(decoded.width, 100)
        XCTAssertEqual(decoded.height, 80)
        XCTAssertEqual(decoded, renderer.rgbaImage())
        XCTAssertEqual(decoded.pixel(x: 35, y: 40), renderer.pixel(x: 35, y: 40))
    }

    func testTransparentFrameRoundTripsWithinUnpremultiplyRounding() throws {
        let renderer = try rendered(sampleFrame(background: SceneColor(red: 1, green: 1, blue: 1, alpha: 0.25)))
        let png = try renderer.pngData()
        XCTAssertEqual(colorType(of: png), 6, "transparent frames are written as RGBA")
        let decoded = try RGBAImage.decodePNG(data: png)
        // The encoder and the pixel reader share one rounding: the images agree exactly.
        XCTAssertEqual(decoded, renderer.rgbaImage())
        // Against the drawn colors: 25% white background.
        XCTAssertLessThanOrEqual(decoded.pixel(x: 2, y: 2)!.maximumDifference(to: RGBAPixel(red: 255, green: 255, blue: 255, alpha: 64)), 1)

        let clear = try rendered(canvas([box(width: 40, height: 40, at: 50, 50, alpha: 0.5)], background: .clear))
        let image = try RGBAImage.decodePNG(data: try clear.pngData())
        XCTAssertEqual(image.pixel(x: 5, y: 5), .clear)
        XCTAssertLessThanOrEqual(image.pixel(x: 50, y: 50)!.maximumDifference(to: RGBAPixel(red: 255, green: 0, blue: 0, alpha: 128)), 1)
    }

    func testPresetsDecodeToTheSamePixels() throws {
        for background in [SceneColor.white, SceneColor.clear] {
            let renderer = try rendered(sampleFrame(background: background))
            let fast = try renderer.pngData(preset: .fast)
            let small = try renderer.pngData(preset: .small)
            XCTAssertNotEqual(fast, small)
            XCTAssertLessThanOrEqual(small.count, fast.count)
            XCTAssertEqual(try RGBAImage.decodePNG(data: fast), try RGBAImage.decodePNG(data: small))
        }
    }

    func testBothPresetsWriteUnfilteredRows() throws {
        let renderer = try rendered(sampleFrame(background: .white))
        for preset in PNGPreset.allCases {
            let png = try renderer.pngData(preset: preset)
            var counts = [UInt](repeating: 0, count: 5)
            let status = png.withUnsafeBufferPointer { bytes in
                counts.withUnsafeMutableBufferPointer { test_count_png_row_filters(bytes.baseAddress, bytes.count, $0.baseAddress) }
            }
            XCTAssertEqual(status, 0)
            XCTAssertEqual(counts, [80, 0, 0, 0, 0], "\(preset)")
        }
    }

    func testIdenticalPixelsGiveIdenticalBytes() throws {
        let frame = sampleFrame(background: .white)
        let first = try rendered(frame).pngData()
        let renderer = FrameRenderer()
        try renderer.render(sampleFrame(background: .clear))
        try renderer.render(frame)   // a reused surface gives the same bytes as a fresh one
        XCTAssertEqual(try renderer.pngData(), first)
        XCTAssertEqual(try renderer.pngData(), first)
        XCTAssertFalse(chunkTypes(of: first).contains("tIME"))
        XCTAssertEqual(chunkTypes(of: first).first, "IHDR")
        XCTAssertEqual(chunkTypes(of: first).last, "IEND")
    }

    func testRenderersOnParallelThreadsGiveIdenticalBytes() throws {
        // One renderer per thread, as a parallel export uses them.
        let frame = sampleFrame(background: .white)
        let expected = try rendered(frame).pngData()
        var results = [[UInt8]?](repeating: nil, count: 4)
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            let renderer = FrameRenderer()
            var bytes: [UInt8]?
            for _ in 0..<5 {
                bytes = nil
                if (try? renderer.render(frame)) != nil { bytes = try? renderer.pngData() }
            }
            lock.lock(); results[worker] = bytes; lock.unlock()
        }
        XCTAssertEqual(results, Array(repeating: expected, count: 4))
    }

    func testWriteAndDecodeFile() throws {
        let path = NSTemporaryDirectory() + "rendering-test-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let renderer = try rendered(sampleFrame(background: .white))
        try renderer.writePNG(to: path, preset: .small)
        XCTAssertEqual(try RGBAImage.decodePNG(path: path), renderer.rgbaImage())
        XCTAssertEqual(FileManager.default.contents(atPath: path).map { [UInt8]($0) }, try renderer.pngData(preset: .small))
    }

    func testWritingIntoAMissingFolderFailsWithTheReason() throws {
        let renderer = try rendered(canvas([]))
        let path = "/nonexistent-folder-\(UUID().uuidString)/frame.png"
        XCTAssertThrowsError(try renderer.writePNG(to: path)) { error in
            guard case PNGError.unwritableFile(let failedPath, let reason) = error else { return XCTFail("unexpected \(error)") }
            XCTAssertEqual(failedPath, path)
            XCTAssertEqual(reason, "No such file or directory")
        }
    }

    func testEncodingBeforeRenderingFails() {
        XCTAssertThrowsError(try FrameRenderer().pngData()) { XCTAssertEqual($0 as? PNGError, .nothingRendered) }
    }

    func testRGBAImageRoundTrips() throws {
        let image = RGBAImage(width: 2, height: 2, pixels: [255, 0, 0, 255, 0, 255, 0, 128,
                                                              0, 0, 255, 0, 10, 20, 30, 40])
        XCTAssertEqual(try RGBAImage.decodePNG(data: try image.pngData()), image)
        XCTAssertThrowsError(try RGBAImage(width: 3, height: 2, pixels: [1, 2, 3]).pngData()) { error in
            guard case PNGError.encodingFailed = error else { return XCTFail("unexpected \(error)") }
        }
    }

    func testOtherPNGFlavoursDecodeToRGBA() throws {
        let gray = try RGBAImage.decodePNG(data: Fixtures.gray2x1)
        XCTAssertEqual(gray, RGBAImage(width: 2, height: 1, pixels: [0, 0, 0, 255, 255, 255, 255, 255]))
        let palette = try RGBAImage.decodePNG(data: Fixtures.paletteWithTransparency2x1)
        XCTAssertEqual(palette, RGBAImage(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 255, 0, 0]))
        let deep = try RGBAImage.decodePNG(data: Data(Fixtures.rgb16Bit1x1))
        XCTAssertEqual(deep, RGBAImage(width: 1, height: 1, pixels: [255, 128, 0, 255]))
    }

    func testDecodingGarbageSaysItIsNotAPNG() {
        for garbage: [UInt8] in [[], [1, 2, 3], Array("GIF89a this is not a png at all".utf8)] {
            XCTAssertThrowsError(try RGBAImage.decodePNG(data: garbage)) { error in
                guard case PNGError.notPNG = error else { return XCTFail("unexpected \(error)") }
                XCTAssertTrue("\(error)".contains("not a PNG"), "\(error)")
            }
        }
    }

    func testDecodingATruncatedPNGSaysItIsTruncated() throws {
        let png = try rendered(sampleFrame(background: .white)).pngData()
        for length in [4, 20, png.count / 2, png.count - 5] {
            XCTAssertThrowsError(try RGBAImage.decodePNG(data: Array(png.prefix(length))), "\(length) bytes") { error in
                guard case PNGError.truncated = error else { return XCTFail("\(length) bytes: unexpected \(error)") }
            }
        }
    }

    func testDecodingADamagedPNGSaysItIsDamaged() throws {
        var png = try rendered(sampleFrame(background: .white)).pngData()
        png[60] ^= 0xff   // inside the first IDAT: its CRC no longer matches
        XCTAssertThrowsError(try RGBAImage.decodePNG(data: png)) { error in
            guard case PNGError.corrupt(_, let detail) = error else { return XCTFail("unexpected \(error)") }
            XCTAssertFalse(detail.isEmpty)
        }
    }

    func testDecodingAMissingFileNamesThePath() {
        let path = "/nonexistent-\(UUID().uuidString).png"
        XCTAssertThrowsError(try RGBAImage.decodePNG(path: path)) { error in
            XCTAssertEqual(error as? PNGError, .unreadableFile(path: path, reason: "No such file or directory"))
            XCTAssertTrue("\(error)".contains(path))
            XCTAssertEqual(error.localizedDescription, "\(error)")
        }
    }

    // MARK: - PNG structure

    private func chunkTypes(of png: [UInt8]) -> [String] {
        var types: [String] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: png[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        return types
    }

    private func colorType(of png: [UInt8]) -> UInt8 { png[25] }
}

/// Small PNGs written by hand (Python's zlib), in flavours the encoder never produces.
enum Fixtures {
    static let gray2x1: [UInt8] = [
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x01, 0x08, 0x00, 0x00, 0x00, 0x00, 0xd1, 0x49, 0x20,
        0x56, 0x00, 0x00, 0x00, 0x0b, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x60, 0xf8, 0x0f, 0x00,
        0x01, 0x02, 0x01, 0x00, 0x42, 0xbe, 0xbc, 0x68, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44,
        0xae, 0x42, 0x60, 0x82,
    ]
    /// Palette [red, green] with tRNS alphas [255, 0].
    static let paletteWithTransparency2x1: [UInt8] = [
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x01, 0x08, 0x03, 0x00, 0x00, 0x00, 0xc3, 0xfc, 0x8f,
        0xb8, 0x00, 0x00, 0x00, 0x06, 0x50, 0x4c, 0x54, 0x45, 0xff, 0x00, 0x00, 0x00, 0xff, 0x00, 0xd2,
        0x87, 0xef, 0x71, 0x00, 0x00, 0x00, 0x02, 0x74, 0x52, 0x4e, 0x53, 0xff, 0x00, 0xe5, 0xb7, 0x30,
        0x4a, 0x00, 0x00, 0x00, 0x0b, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0x60, 0x60, 0x04, 0x00,
        0x00, 0x04, 0x00, 0x02, 0xbf, 0x7a, 0x3f, 0x4a, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44,
        0xae, 0x42, 0x60, 0x82,
    ]
    /// 16-bit RGB (0xffff, 0x8000, 0x0000).
    static let rgb16Bit1x1: [UInt8] = [
        0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x10, 0x02, 0x00, 0x00, 0x00, 0xc0, 0xe7, 0x8f,
        0x9d, 0x00, 0x00, 0x00, 0x0f, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0xff, 0xbf, 0x81,
        0x81, 0x81, 0x01, 0x00, 0x0c, 0xfc, 0x02, 0x7f, 0xa3, 0x77, 0x94, 0xcc, 0x00, 0x00, 0x00, 0x00,
        0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
    ]
}
