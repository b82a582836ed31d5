import Compare
import Rendering
import Images
import XCTest

// Design note: Pixelmatch against the reference Python port, case by case (the pairs and the
// numbers come from Fixtures/make_fixtures.py). Counts, AA counts and bounding boxes must be
// equal, not close: the port is a transcription of the same algorithm on the same bytes.

final class PixelmatchOracleTests: XCTestCase {
    private func assertMatchesOracle(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let oracle = try Fixtures.oracleCase(name, file: file, line: line)
        let diff = try Pixelmatch.compare(try Fixtures.image(oracle.expected), try Fixtures.image(oracle.actual),
                                          options: oracle.options)
        XCTAssertEqual(diff.width, oracle.width, name, file: file, line: line)
        XCTAssertEqual(diff.height, oracle.height, name, file: file, line: line)
        XCTAssertEqual(diff.differentPixels, oracle.differentPixels, "\(name): different pixels", file: file, line: line)
        XCTAssertEqual(diff.antiAliasedPixels, oracle.antiAliasedPixels, "\(name): anti-aliased pixels", file: file, line: line)
        XCTAssertEqual(diff.boundingBox, oracle.boundingBox, "\(name): bounding box", file: file, line: line)
        XCTAssertEqual(diff.ratio, Double(oracle.differentPixels) / Double(oracle.width * oracle.height),
                       "\(name): ratio", file: file, line: line)
    }

    func testIdenticalImagesHaveNoDifference() throws {
        try assertMatchesOracle("identical")
    }

    func testShiftedCardDiffersAlongTwoEdges() throws {
        try assertMatchesOracle("shifted_card")
    }

    func testSubPixelShiftIsMostlyAntiAliasing() throws {
        try assertMatchesOracle("aa_subpixel_shift")
        try assertMatchesOracle("aa_subpixel_shift_includeAA")
    }

    func testMovedAntiAliasedShapes() throws {
        try assertMatchesOracle("aa_moved_disc")
        try assertMatchesOracle("aa_moved_disc_includeAA")
    }

    func testColorChangesEitherSideOfTheThreshold() throws {
        try assertMatchesOracle("subtle_below_threshold")
        try assertMatchesOracle("subtle_above_threshold")
        try assertMatchesOracle("subtle_above_threshold_0.2")
        try assertMatchesOracle("subtle_below_threshold_0")
        try assertMatchesOracle("hue_change")
    }

    func testSemiTransparentPixelsAreBlendedOverWhite() throws {
        try assertMatchesOracle("semi_transparent")
        try assertMatchesOracle("semi_transparent_includeAA")
    }

    func testNoiseWithTiesAndBorders() throws {
        try assertMatchesOracle("block_noise")
        try assertMatchesOracle("block_noise_includeAA")
        try assertMatchesOracle("gradient_noise")
        try assertMatchesOracle("gradient_noise_includeAA")
    }

    func testSingleRowAndColumn() throws {
        try assertMatchesOracle("single_row")
        try assertMatchesOracle("single_column")
    }

    /// Guards against a case added to the fixtures but forgotten above.
    func testEveryOracleCaseMatches() throws {
        let cases = try Fixtures.oracleCases()
        XCTAssertEqual(cases.count, 22)
        for oracle in cases { try assertMatchesOracle(oracle.name) }
    }

    /// The oracle's diff images (default colors, custom alpha and colors, a mask) byte for byte.
    func testDiffImagesEqualTheOracle() throws {
        let cases = try Fixtures.oracleCases().filter { $0.diffImage != nil }
        XCTAssertEqual(cases.map(\.name), ["identical", "shifted_card", "aa_subpixel_shift", "semi_transparent", "block_noise"])
        for oracle in cases {
            let diff = try Pixelmatch.compare(try Fixtures.image(oracle.expected), try Fixtures.image(oracle.actual),
                                              options: oracle.options, producingDiffImage: true)
            let expectedDiff = try Fixtures.image(oracle.diffImage!.file)
            let image = try XCTUnwrap(diff.diffImage)
            XCTAssertEqual(image.width, expectedDiff.width, oracle.name)
            XCTAssertEqual(image.height, expectedDiff.height, oracle.name)
            let mismatches = zip(image.pixels, expectedDiff.pixels).filter { $0 != $1 }.count
            XCTAssertEqual(mismatches, 0, "\(oracle.name): diff image bytes that differ from pixelmatch's")
            XCTAssertEqual(diff.differentPixels, oracle.differentPixels, oracle.name)
        }
    }
}
