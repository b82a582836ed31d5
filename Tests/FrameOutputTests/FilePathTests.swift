import FrameFiles
import FrameOutput
import XCTest

/// Regression: `render --out a` trapped in Foundation (deletingLastPathComponent of a
/// one-character path); parents are computed by FilePath now.
final class FilePathTests: XCTestCase {
    func testParents() {
        let cases = [("a", ""), ("ab", ""), ("a/b", "a"), ("./a", "."), ("/a", "/"), ("a/b/", "a"), ("a//b", "a"),
                     ("/", "/"), ("", ""), ("x/y/z.png", "x/y")]
        for (path, parent) in cases { XCTAssertEqual(FilePath.parent(of: path), parent, path) }
    }

    func testAOneLetterOutputFolderWorks() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("one-letter-\(getpid())").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(root))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
        let writer = try FrameSequenceWriter(outputFolder: "a", metadata: metadata(frameCount: 2))
        try writer.append(rainFrame(0))
        try writer.append(rainFrame(1))
        try writer.finish()
        XCTAssertTrue(FileManager.default.fileExists(atPath: root + "/a/rain/frame_00001.png"))
    }
}
