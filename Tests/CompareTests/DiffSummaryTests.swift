import Images
import Compare
import Foundation
import XCTest

// Design note: the JSON contract (keys, order, nulls) and the tolerance policy that maps a
// summary to the command line's exit status.

final class DiffSummaryTests: XCTestCase {
    private let box = PixelBox(x: 4, y: 5, width: 3, height: 2)

    private func folderDiff() -> FolderDiff {
        FolderDiff(expectedFolder: "a", actualFolder: "b", options: PixelmatchOptions(), frames: [
            FrameDiff(frame: 0, fileName: "frame_00000.png",
                      diff: ImageDiff(width: 10, height: 10, differentPixels: 0, antiAliasedPixels: 2, boundingBox: nil)),
            FrameDiff(frame: 1, fileName: "frame_00001.png",
                      diff: ImageDiff(width: 10, height: 10, differentPixels: 6, antiAliasedPixels: 0, boundingBox: box)),
        ])
    }

    func testFolderSummaryJSONHasAFixedKeyOrderAndExplicitNulls() throws {
        let json = String(decoding: try DiffSummary(folderDiff()).jsonData(), as: UTF8.self)
        XCTAssertEqual(json, """
        {
          "differentPixels": 6,
          "antiAliasedPixels": 2,
          "totalPixels": 200,
          "ratio": 0.03,
          "boundingBox": {"x": 4, "y": 5, "width": 3, "height": 2},
          "threshold": 0.1,
          "includeAA": false,
          "frames": [
            {
              "frame": 0,
              "file": "frame_00000.png",
              "differentPixels": 0,
              "antiAliasedPixels": 2,
              "totalPixels": 100,
              "ratio": 0,
              "boundingBox": null
            },
            {
              "frame": 1,
              "file": "frame_00001.png",
              "differentPixels": 6,
              "antiAliasedPixels": 0,
              "totalPixels": 100,
              "ratio": 0.06,
              "boundingBox": {"x": 4, "y": 5, "width": 3, "height": 2}
            }
          ],
          "firstDifferentFrame": 1
        }

        """)
    }

    func testImageSummaryHasNoFrameKeysAndRoundTrips() throws {
        let diff = ImageDiff(width: 4, height: 5, differentPixels: 0, antiAliasedPixels: 0, boundingBox: nil)
        let summary = DiffSummary(diff, options: PixelmatchOptions(threshold: 0.2, includeAA: true))
        let data = try summary.jsonData()
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(object.keys.sorted(), ["antiAliasedPixels", "boundingBox", "differentPixels", "includeAA",
                                              "ratio", "threshold", "totalPixels"])
        XCTAssertTrue(object["boundingBox"] is NSNull)
        XCTAssertEqual(try JSONDecoder().decode(DiffSummary.self, from: data), summary)
        let folderSummary = DiffSummary(folderDiff())
        XCTAssertEqual(try JSONDecoder().decode(DiffSummary.self, from: folderSummary.jsonData()), folderSummary)
        XCTAssertEqual(try summary.jsonData(), data, "same summary, same bytes")
    }

    func testToleranceDecidesPassOrFail() throws {
        let clean = DiffSummary(ImageDiff(width: 10, height: 10, differentPixels: 0, antiAliasedPixels: 5, boundingBox: nil))
        let five = DiffSummary(ImageDiff(width: 10, height: 10, differentPixels: 5, antiAliasedPixels: 0, boundingBox: box))
        XCTAssertEqual(DiffTolerance.exact.outcome(for: clean), .withinTolerance)
        XCTAssertEqual(DiffTolerance.exact.outcome(for: five), .beyondTolerance)
        XCTAssertEqual(try DiffTolerance(maxDiffPixels: 5).outcome(for: five), .withinTolerance)
        XCTAssertEqual(try DiffTolerance(maxDiffPixels: 4).outcome(for: five), .beyondTolerance)
        XCTAssertEqual(try DiffTolerance(maxDiffRatio: 0.05).outcome(for: five), .withinTolerance)
        XCTAssertEqual(try DiffTolerance(maxDiffRatio: 0.049).outcome(for: five), .beyondTolerance)
        XCTAssertEqual(try DiffTolerance(maxDiffPixels: 10, maxDiffRatio: 0.01).outcome(for: five), .beyondTolerance,
                       "both limits apply")
        XCTAssertEqual(DiffOutcome.allCases.map(\.exitCode), [0, 1, 2])
    }

    func testFolderToleranceAppliesToEachFrame() throws {
        let summary = DiffSummary(folderDiff())  // frame 1 has 6 of 100 pixels, 3% overall
        XCTAssertEqual(try DiffTolerance(maxDiffRatio: 0.05).outcome(for: summary), .beyondTolerance)
        XCTAssertEqual(try DiffTolerance(maxDiffRatio: 0.05).rejectedFrames(of: summary), [1])
        XCTAssertEqual(try DiffTolerance(maxDiffPixels: 6).outcome(for: summary), .withinTolerance)
        XCTAssertEqual(try DiffTolerance(maxDiffPixels: 6).rejectedFrames(of: summary), [])
    }

    func testInvalidToleranceThrows() {
        XCTAssertThrowsError(try DiffTolerance(maxDiffPixels: -1))
        XCTAssertThrowsError(try DiffTolerance(maxDiffRatio: 1.5))
        XCTAssertThrowsError(try DiffTolerance(maxDiffRatio: .nan))
    }
}
