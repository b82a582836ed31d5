import Compare
import Foundation
import Rendering
import Images
import XCTest

// Design note: behaviour of the single-image entry points that the oracle does not cover:
// bounding boxes on known shapes, input validation, errors, and the speed of a 1280x720 frame.

final class ImageComparisonTests: XCTestCase {
    func testBoundingBoxHoldsExactlyTheDifferentPixels() throws {
        let expected = solidImage(width: 40, height: 30, white)
        let actual = expected
            .filling(PixelBox(x: 3, y: 4, width: 1, height: 1), with: black)
            .filling(PixelBox(x: 20, y: 25, width: 5, height: 2), with: black)
        let diff = try Pixelmatch.compare(expected, actual)
        XCTAssertEqual(diff.differentPixels, 11)
        XCTAssertEqual(diff.boundingBox, PixelBox(x: 3, y: 4, width: 22, height: 23))
        XCTAssertEqual(diff.totalPixels, 1200)
        XCTAssertEqual(diff.ratio, 11.0 / 1200.0)

        let corner = try Pixelmatch.compare(expected, expected.filling(PixelBox(x: 39, y: 29, width: 1, height: 1), with: black))
        XCTAssertEqual(corner.boundingBox, PixelBox(x: 39, y: 29, width: 1, height: 1))
        XCTAssertEqual(try Pixelmatch.compare(expected, expected).boundingBox, nil)
    }

    func testBoundingBoxLeavesOutAntiAliasedPixelsUnlessIncluded() throws {
        let oracle = try Fixtures.oracleCase("aa_subpixel_shift")
        let expected = try Fixtures.image(oracle.expected), actual = try Fixtures.image(oracle.actual)
        let excluded = try Pixelmatch.compare(expected, actual)
        let included = try Pixelmatch.compare(expected, actual, options: PixelmatchOptions(includeAA: true))
        XCTAssertEqual(excluded.boundingBox, PixelBox(x: 30, y: 27, width: 1, height: 1))
        XCTAssertEqual(included.boundingBox, PixelBox(x: 5, y: 14, width: 51, height: 28))
        XCTAssertEqual(included.differentPixels, excluded.differentPixels + excluded.antiAliasedPixels)
    }

    func testTransparentPixelsOfAnyColorAreEqual() throws {
        let clearBlack = solidImage(width: 4, height: 4, RGBAPixel(red: 0, green: 0, blue: 0, alpha: 0))
        let clearPink = solidImage(width: 4, height: 4, RGBAPixel(red: 255, green: 0, blue: 255, alpha: 0))
        XCTAssertEqual(try Pixelmatch.compare(clearBlack, clearPink, options: PixelmatchOptions(threshold: 0)).differentPixels, 0)
    }

    func testSizeMismatchAndMalformedImagesThrow() {
        let small = solidImage(width: 4, height: 4, white), large = solidImage(width: 8, height: 4, white)
        XCTAssertThrowsError(try Pixelmatch.compare(small, large)) {
            XCTAssertEqual($0 as? CompareError, .sizeMismatch(frame: nil, expected: PixelSize(width: 4, height: 4),
                                                              actual: PixelSize(width: 8, height: 4),
                                                              expectedFile: nil, actualFile: nil))
        }
        let broken = RGBAImage(width: 4, height: 4, pixels: [0, 0, 0])
        XCTAssertThrowsError(try Pixelmatch.compare(small, broken)) {
            XCTAssertEqual($0 as? CompareError, .malformedImage(role: "actual", width: 4, height: 4, byteCount: 3))
        }
    }

    func testOptionsOutOfRangeThrow() {
        let image = solidImage(width: 2, height: 2, white)
        for (threshold, alpha) in [(-0.1, 0.1), (1.5, 0.1), (Double.nan, 0.1), (0.1, 2.0)] {
            XCTAssertThrowsError(try Pixelmatch.compare(image, image, options: PixelmatchOptions(threshold: threshold, alpha: alpha))) {
                guard case .invalidOption? = $0 as? CompareError else { return XCTFail("\($0)") }
            }
        }
    }

    func testFileComparisonNamesFilesInErrors() throws {
        let folder = try makeTemporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a.png"), b = folder.appendingPathComponent("b.png")
        try solidImage(width: 4, height: 4, white).write(to: a)
        try solidImage(width: 4, height: 6, white).write(to: b)
        XCTAssertThrowsError(try Pixelmatch.compareFiles(expected: a.path, actual: b.path)) { error in
            XCTAssertTrue("\(error)".contains("4 x 4 pixels but the actual one is 4 x 6 (\(a.path) vs \(b.path))"), "\(error)")
        }
        let missing = folder.appendingPathComponent("missing.png").path
        XCTAssertThrowsError(try Pixelmatch.compareFiles(expected: a.path, actual: missing)) {
            guard case .unreadableImage(missing, _)? = $0 as? CompareError else { return XCTFail("\($0)") }
        }
        let oracle = try Fixtures.oracleCase("shifted_card")
        let diff = try Pixelmatch.compareFiles(expected: Fixtures.path(oracle.expected), actual: Fixtures.path(oracle.actual))
        XCTAssertEqual(diff.differentPixels, oracle.differentPixels)
    }

    /// 1280x720: identical frames take one memcmp; a frame with a moved card is one pass.
    /// Printed for the record; the bound is loose because tests run in debug builds.
    func testSpeedOf1280x720Frames() throws {
        let frame = solidImage(width: 1280, height: 720, RGBAPixel(red: 240, green: 240, blue: 245))
            .filling(PixelBox(x: 100, y: 100, width: 300, height: 200), with: RGBAPixel(red: 40, green: 120, blue: 220))
        let copy = RGBAImage(width: frame.width, height: frame.height, pixels: Array(frame.pixels))
        let moved = frame.filling(PixelBox(x: 100, y: 100, width: 4, height: 200), with: RGBAPixel(red: 240, green: 240, blue: 245))
            .filling(PixelBox(x: 400, y: 100, width: 4, height: 200), with: RGBAPixel(red: 40, green: 120, blue: 220))

        func milliseconds(_ body: () throws -> Void) rethrows -> Double {
            var best = Double.infinity
            for _ in 0..<5 {
                let start = DispatchTime.now().uptimeNanoseconds
                try body()
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            }
            return best
        }
        var diff: ImageDiff?
        let identical = try milliseconds { diff = try Pixelmatch.compare(frame, copy) }
        XCTAssertEqual(diff?.differentPixels, 0)
        let different = try milliseconds { diff = try Pixelmatch.compare(frame, moved) }
        XCTAssertEqual(diff?.differentPixels, 1600)
        XCTAssertEqual(diff?.boundingBox, PixelBox(x: 100, y: 100, width: 304, height: 200))
        let withImage = try milliseconds { diff = try Pixelmatch.compare(frame, moved, producingDiffImage: true) }
        let identicalWithImage = try milliseconds { diff = try Pixelmatch.compare(frame, copy, producingDiffImage: true) }
        print(String(format: "1280x720: identical %.2f ms, different %.2f ms, with diff image: different %.2f ms, identical %.2f ms",
                     identical, different, withImage, identicalWithImage))
        XCTAssertLessThan(identical, 50)
    }
}
