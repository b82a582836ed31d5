import BrowserSupport
import Compare
import Foundation
import Rendering
import Images
import XCTest

// Design note: the HTML report, checked twice: as text and files (structure, copied images,
// no external references) and, when Debian's chromium is installed, in a real headless browser
// after the report folder has been moved, which is what "self-contained" means. The page
// records on <body> how many images decoded; dump-dom shows that attribute.

final class DiffReportTests: XCTestCase {
    private var folders: [URL] = []

    override func tearDownWithError() throws {
        for folder in folders { try? FileManager.default.removeItem(at: folder) }
    }

    private func folder(_ label: String) throws -> URL {
        let url = try makeTemporaryFolder(label)
        folders.append(url)
        return url
    }

    /// Three frames: 0 identical, 1 the oracle's shifted card, 2 the oracle's moved AA shapes.
    private func makeFolderDiff() throws -> FolderDiff {
        let expected = try folder("expected"), actual = try folder("actual")
        let pairs = [("identical", 0), ("shifted_card", 1), ("aa_moved_disc", 2)]
        for (name, frame) in pairs {
            let oracle = try Fixtures.oracleCase(name)
            let fileName = String(format: "frame_%05d.png", frame)
            try FileManager.default.copyItem(atPath: Fixtures.path(oracle.expected),
                                             toPath: expected.appendingPathComponent(fileName).path)
            try FileManager.default.copyItem(atPath: Fixtures.path(oracle.actual),
                                             toPath: actual.appendingPathComponent(fileName).path)
        }
        return try FolderDiff.compare(expectedFolder: expected.path, actualFolder: actual.path)
    }

    func testReportStructureAndFiles() throws {
        let diff = try makeFolderDiff()
        XCTAssertEqual(diff.differentFrames.map(\.frame), [1, 2])
        let report = try folder("report")
        let page = try DiffReport(title: "Card <regression>").write(diff, to: report.path)
        XCTAssertEqual(page, report.appendingPathComponent("index.html").path)
        let html = try String(contentsOfFile: page, encoding: .utf8)

        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(html.contains("<title>Card &lt;regression&gt;</title>"), "titles are escaped")
        XCTAssertTrue(html.contains("data-frames=\"3\" data-different-frames=\"2\" data-shown-frames=\"2\""))
        XCTAssertEqual(occurrences(of: "<section class=\"frame\"", in: html), 2)
        XCTAssertTrue(html.contains("<section class=\"frame\" id=\"frame-1\" data-frame=\"1\" data-different-pixels=\"72\">"))
        XCTAssertTrue(html.contains("<section class=\"frame\" id=\"frame-2\" data-frame=\"2\" data-different-pixels=\"204\">"))
        XCTAssertEqual(occurrences(of: "<img ", in: html), 10, "expected, actual, diff + the two wipe layers, per frame")
        XCTAssertEqual(occurrences(of: "<input type=\"range\"", in: html), 2)
        XCTAssertEqual(occurrences(of: "<div class=\"box\"", in: html), 2)
        XCTAssertTrue(html.contains("<th>First different frame</th><td>1</td>"))
        for external in ["http://", "https://", "<link", "src=\"/", "src=\"file:", "<script src", "@import"] {
            XCTAssertFalse(html.contains(external), "the page must not reference \(external)")
        }

        // Every referenced image exists in the report folder; frames are copied byte for byte.
        let sources = imageSources(in: html)
        XCTAssertEqual(Set(sources), ["frames/frame_00001-expected.png", "frames/frame_00001-actual.png",
                                      "frames/frame_00001-diff.png", "frames/frame_00002-expected.png",
                                      "frames/frame_00002-actual.png", "frames/frame_00002-diff.png"])
        for source in sources {
            XCTAssertTrue(FileManager.default.fileExists(atPath: report.appendingPathComponent(source).path), source)
        }
        XCTAssertEqual(try Data(contentsOf: report.appendingPathComponent("frames/frame_00001-expected.png")),
                       try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("shifted_card_expected.png"))))
        let diffImage = try RGBAImage.decodePNG(path: report.appendingPathComponent("frames/frame_00001-diff.png").path)
        let oracleDiff = try Fixtures.image("shifted_card_diff.png")
        XCTAssertEqual(diffImage, oracleDiff, "the report's diff image is pixelmatch's")

        // summary.json is the DiffSummary of the comparison.
        let summaryData = try Data(contentsOf: report.appendingPathComponent("summary.json"))
        XCTAssertEqual(try JSONDecoder().decode(DiffSummary.self, from: summaryData), DiffSummary(diff))
    }

    func testFrameLimitAndCleanFolders() throws {
        let diff = try makeFolderDiff()
        let limited = try folder("limited")
        let html = try String(contentsOfFile: try DiffReport(frameLimit: 1).write(diff, to: limited.path), encoding: .utf8)
        XCTAssertEqual(occurrences(of: "<section class=\"frame\"", in: html), 1)
        XCTAssertTrue(html.contains("Images are shown for the first 1 of 2 differing frames."))
        XCTAssertFalse(FileManager.default.fileExists(atPath: limited.appendingPathComponent("frames/frame_00002-diff.png").path))

        var clean = diff
        clean.frames = [diff.frames[0]]
        let cleanReport = try folder("clean")
        let cleanHTML = try String(contentsOfFile: try DiffReport().write(clean, to: cleanReport.path), encoding: .utf8)
        XCTAssertTrue(cleanHTML.contains("All 1 frames match."))
        XCTAssertEqual(occurrences(of: "<img ", in: cleanHTML), 0)
    }

    /// Loads the moved report in headless chromium and reads back how many images decoded; then
    /// removes one image to show that the check does notice a broken page.
    func testReportLoadsInHeadlessChromium() throws {
        let chromium = try ExternalTool.chromium()
        let diff = try makeFolderDiff()
        let original = try folder("report")
        try DiffReport().write(diff, to: original.path)
        let moved = try folder("moved").appendingPathComponent("report")
        try FileManager.default.moveItem(at: original, to: moved)
        let page = moved.appendingPathComponent("index.html")

        let dom = try Headless.run(chromium, ["--dump-dom", page.absoluteString], profile: try folder("profile"))
        XCTAssertTrue(dom.contains("data-images-loaded=\"10\""), "images that decoded in chromium:\n\(bodyTag(of: dom))")
        XCTAssertTrue(dom.contains("data-images-broken=\"0\""), bodyTag(of: dom))

        // COMPARE_REPORT_SCREENSHOT=/some/file.png keeps the screenshot for a look by eye.
        let shotFolder = try folder("shot")
        let screenshot = URL(fileURLWithPath: ProcessInfo.processInfo.environment["COMPARE_REPORT_SCREENSHOT"]
                             ?? shotFolder.appendingPathComponent("report.png").path)
        _ = try Headless.run(chromium, ["--screenshot=\(screenshot.path)", "--window-size=1000,1400", page.absoluteString],
                             profile: try folder("profile"))
        let shot = try RGBAImage.decodePNG(path: screenshot.path)
        XCTAssertEqual(shot.width, 1000)
        XCTAssertEqual(shot.height, 1400)
        var reddish = 0
        for offset in stride(from: 0, to: shot.pixels.count, by: 4)
        where shot.pixels[offset] > 200 && shot.pixels[offset + 1] < 60 && shot.pixels[offset + 2] < 60 {
            reddish += 1
        }
        XCTAssertGreaterThan(reddish, 100, "the diff images' red pixels are on screen")

        try FileManager.default.removeItem(at: moved.appendingPathComponent("frames/frame_00002-diff.png"))
        let broken = try Headless.run(chromium, ["--dump-dom", page.absoluteString], profile: try folder("profile"))
        XCTAssertTrue(broken.contains("data-images-loaded=\"9\""), bodyTag(of: broken))
        XCTAssertTrue(broken.contains("data-images-broken=\"1\""), bodyTag(of: broken))
        XCTAssertTrue(broken.contains("1 of 10 images failed to load"))
    }

    private func occurrences(of needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    private func imageSources(in html: String) -> [String] {
        html.components(separatedBy: "<img ").dropFirst().compactMap { tag in
            guard let start = tag.range(of: "src=\"") else { return nil }
            return String(tag[start.upperBound...].prefix { $0 != "\"" })
        }
    }

    private func bodyTag(of dom: String) -> String {
        guard let start = dom.range(of: "<body") else { return String(dom.prefix(300)) }
        return String(dom[start.lowerBound...].prefix { $0 != ">" }) + ">"
    }
}
