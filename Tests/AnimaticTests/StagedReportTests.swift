import Foundation
import XCTest

/// `diff --report DIR` and `--out DIR` write a fresh folder, staged and swapped in whole:
/// written in place, a second report kept the first one's images, and an interrupt left a
/// mix of two reports with Foundation's temporary files in it (an audit's finding).
final class StagedReportTests: XCTestCase {
    func testAReportReplacesThePreviousOneWhole() throws {
        let dir = try CLI.temporaryDirectory("staged-report")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertEqual(try CLI.run(["render", "push", "--frames", "0:40", "--scale", "0.25", "--quiet", "--out", dir + "/a"]).status, 0)
        try FileManager.default.copyItem(atPath: dir + "/a", toPath: dir + "/b")
        let changed = dir + "/b/push/frame_00000.png"
        try FileManager.default.removeItem(atPath: changed)
        try FileManager.default.copyItem(atPath: dir + "/a/push/frame_00039.png", toPath: changed)
        for folder in ["rep/frames", "imgs"] {
            try FileManager.default.createDirectory(atPath: dir + "/" + folder, withIntermediateDirectories: true)
            try Data([1]).write(to: URL(fileURLWithPath: dir + "/" + folder + "/stale.png"))
        }
        let r = try CLI.run(["diff", "a/push", "b/push", "--report", "rep", "--out", "imgs"], in: dir)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stdout.contains("report: rep/index.html"), r.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/rep/index.html"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/rep/frames/stale.png"), "the old report's files are gone")
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/imgs/stale.png"))
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: dir + "/imgs").isEmpty, "the diff image of frame 0")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".") }, [])
    }
}
