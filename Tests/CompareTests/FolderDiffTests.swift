import Compare
import FrameFiles
import Foundation
import Rendering
import Images
import XCTest

// Design note: folder comparisons on frame folders written on the fly (small solid images with
// known changes), so counts, boxes and the first differing frame are known without an oracle.

final class FolderDiffTests: XCTestCase {
    private var folders: [URL] = []

    override func tearDownWithError() throws {
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
    }

    private func folder(_ label: String) throws -> URL {
        let url = try makeTemporaryFolder(label)
        folders.append(url)
        return url
    }

    private func writeFrames(_ images: [Int: RGBAImage], to folder: URL) throws {
        for (number, image) in images {
            try image.write(to: folder.appendingPathComponent(String(format: "frame_%05d.png", number)))
        }
    }

    private let base = solidImage(width: 32, height: 24, white)

    func testCountsPerFrameFirstDifferentFrameAndTotals() throws {
        let expected = try folder("expected"), actual = try folder("actual")
        try writeFrames([0: base, 1: base, 2: base, 3: base], to: expected)
        try writeFrames([0: base,
                         1: base,
                         2: base.filling(PixelBox(x: 4, y: 5, width: 3, height: 2), with: black),
                         3: base.filling(PixelBox(x: 30, y: 0, width: 2, height: 24), with: black)], to: actual)
        // Files that are not frames are ignored.
        try Data("{}".utf8).write(to: expected.appendingPathComponent("manifest.json"))
        try Data("{}".utf8).write(to: actual.appendingPathComponent("trace.jsonl"))

        let result = try FolderDiff.compare(expectedFolder: expected.path, actualFolder: actual.path)
        XCTAssertEqual(result.frames.map(\.frame), [0, 1, 2, 3])
        XCTAssertEqual(result.frames.map(\.fileName), ["frame_00000.png", "frame_00001.png", "frame_00002.png", "frame_00003.png"])
        XCTAssertEqual(result.frames.map(\.diff.differentPixels), [0, 0, 6, 48])
        XCTAssertEqual(result.frames[2].diff.boundingBox, PixelBox(x: 4, y: 5, width: 3, height: 2))
        XCTAssertEqual(result.frames[3].diff.boundingBox, PixelBox(x: 30, y: 0, width: 2, height: 24))
        XCTAssertNil(result.frames[0].diff.boundingBox)
        XCTAssertEqual(result.firstDifferentFrame, 2)
        XCTAssertEqual(result.differentFrames.map(\.frame), [2, 3])
        XCTAssertEqual(result.differentPixels, 54)
        XCTAssertEqual(result.totalPixels, 4 * 32 * 24)
        XCTAssertEqual(result.ratio, 54.0 / 3072.0)
        XCTAssertEqual(result.boundingBox, PixelBox(x: 4, y: 0, width: 28, height: 24))
        XCTAssertTrue(result.frames.allSatisfy { $0.diff.diffImage == nil })
    }

    func testIdenticalFoldersHaveNoDifferentFrame() throws {
        let expected = try folder("expected"), actual = try folder("actual")
        try writeFrames([0: base, 1: base], to: expected)
        try writeFrames([0: base, 1: base], to: actual)
        let result = try FolderDiff.compare(expectedFolder: expected.path, actualFolder: actual.path)
        XCTAssertNil(result.firstDifferentFrame)
        XCTAssertEqual(result.differentPixels, 0)
        XCTAssertNil(result.boundingBox)
    }

    func testMissingFrameInActualFolderIsAnError() throws {
        let expected = try folder("expected"), actual = try folder("actual")
        try writeFrames([0: base, 1: base, 2: base, 3: base, 4: base, 7: base], to: expected)
        try writeFrames([0: base, 1: base, 7: base], to: actual)
        XCTAssertThrowsError(try FolderDiff.compare(expectedFolder: expected.path, actualFolder: actual.path)) { error in
            XCTAssertEqual(error as? CompareError,
                           .missingFrames(frames: [2, 3, 4], folder: actual.path, otherFolder: expected.path))
            let message = "\(error)"
            XCTAssertTrue(message.contains("3 frames 2-4 are in \(expected.path) but missing from \(actual.path)"), message)
        }
    }

    func testExtraFrameInActualFolderIsAnError() throws {
        let expected = try folder("expected"), actual = try folder("actual")
        try writeFrames([0: base], to: expected)
        try writeFrames([0: base, 1: base], to: actual)
        XCTAssertThrowsError(try FolderDiff.compare(expectedFolder: expected.path, actualFolder: actual.path)) { error in
            XCTAssertEqual(error as? CompareError, .missingFrames(frames: [1], folder: expected.path, otherFolder: actual.path))
            XCTAssertTrue("\(error)".contains("frame 1 is in \(actual.path) but missing from \(expected.path)"), "\(error)")
        }
    }

    func testSizeMismatchNamesTheFrameAndBothSizes() throws {
        let expected = try folder("expected"), actual = try folder("actual")
        try writeFrames([0: base, 1: base], to: expected)
        try writeFrames([0: base, 1: solidImage(width: 64, height: 48, white)], to: actual)
        XCTAssertThrowsError(try FolderDiff.compare(expectedFolder: expected.path, actualFolder: actual.path)) { error in
            let expectedFile = expected.appendingPathComponent("frame_00001.png").path
            let actualFile = actual.appendingPathComponent("frame_00001.png").path
            XCTAssertEqual(error as? CompareError,
                           .sizeMismatch(frame: 1, expected: PixelSize(width: 32, height: 24),
                                         actual: PixelSize(width: 64, height: 48),
                                         expectedFile: expectedFile, actualFile: actualFile))
            let message = "\(error)"
            XCTAssertTrue(message.hasPrefix("frame 1 cannot be compared: the expected image is 32 x 24 pixels but the actual one is 64 x 48"),
                          message)
        }
    }

    func testUnreadableFolderEmptyFolderAndDamagedFrame() throws {
        let expected = try folder("expected"), empty = try folder("empty")
        try writeFrames([0: base], to: expected)
        let nowhere = expected.appendingPathComponent("no-such-folder").path
        XCTAssertThrowsError(try FolderDiff.compare(expectedFolder: nowhere, actualFolder: expected.path)) {
            XCTAssertEqual($0 as? CompareError, .notAFolder(path: nowhere))
        }
        XCTAssertThrowsError(try FolderDiff.compare(expectedFolder: expected.path, actualFolder: empty.path)) {
            XCTAssertEqual($0 as? CompareError, .noFrames(folder: empty.path))
        }
        let damaged = try folder("damaged")
        let damagedFrame = damaged.appendingPathComponent("frame_00000.png")
        try Data(try base.pngData().prefix(40)).write(to: damagedFrame)
        XCTAssertThrowsError(try FolderDiff.compare(expectedFolder: expected.path, actualFolder: damaged.path)) { error in
            guard case let .unreadableImage(path, pngError)? = error as? CompareError else {
                return XCTFail("expected unreadableImage, got \(error)")
            }
            XCTAssertEqual(path, damagedFrame.path)
            guard case .truncated = pngError else { return XCTFail("expected a truncated PNG, got \(pngError)") }
        }
    }

    func testDiffImagesAreWrittenForDifferingFramesOnly() throws {
        let expected = try folder("expected"), actual = try folder("actual"), diffs = try folder("diffs")
        let output = diffs.appendingPathComponent("nested/diff")
        try writeFrames([0: base, 1: base], to: expected)
        try writeFrames([0: base, 1: base.filling(PixelBox(x: 1, y: 1, width: 2, height: 2), with: black)], to: actual)
        _ = try FolderDiff.compare(expectedFolder: expected.path, actualFolder: actual.path, diffImagesFolder: output.path)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: output.path), ["frame_00001.png"])
        let diffImage = try RGBAImage.decodePNG(path: output.appendingPathComponent("frame_00001.png").path)
        XCTAssertEqual(diffImage.pixel(x: 1, y: 1), RGBAPixel(red: 255, green: 0, blue: 0))
        XCTAssertEqual(diffImage.pixel(x: 2, y: 2), RGBAPixel(red: 255, green: 0, blue: 0))
        // Unchanged white: luma 255 blended with white stays 255.
        XCTAssertEqual(diffImage.pixel(x: 10, y: 10), RGBAPixel(red: 255, green: 255, blue: 255))
    }

    func testFrameNumbersComeFromFileNames() {
        // The render folder's names (five digits, as ffmpeg's frame_%05d.png pattern writes them).
        XCTAssertEqual(FrameFolder.frameNumber(ofFileName: "frame_00012.png"), 12)
        XCTAssertEqual(FrameFolder.frameNumber(ofFileName: "frame_123456.png"), 123_456)
        XCTAssertNil(FrameFolder.frameNumber(ofFileName: "frame_7.png"))
        XCTAssertNil(FrameFolder.frameNumber(ofFileName: "frame_.png"))
        XCTAssertNil(FrameFolder.frameNumber(ofFileName: "frame_00012.jpg"))
        XCTAssertNil(FrameFolder.frameNumber(ofFileName: "frame_-1.png"))
        XCTAssertNil(FrameFolder.frameNumber(ofFileName: "frame_1a.png"))
        XCTAssertNil(FrameFolder.frameNumber(ofFileName: "manifest.json"))
    }
}
