import BrowserSupport
import Foundation
import FrameOutput
import FrameFiles
import Rendering
import Images
import SceneFormat
import XCTest

/// Our own APNG writer's output decodes in a real browser (Debian's chromium, headless) with
/// the right size; skipped when chromium is not installed.
final class APNGBrowserTests: XCTestCase {
    func testBuiltInAPNGDecodesInChromium() throws {
        let chromium = try ExternalTool.chromium()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("apng-browser-\(getpid())")
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let metadata = FrameSequenceMetadata(sceneID: "moving", title: "moving", fps: 30, frameCount: 8,
                                             sceneSHA256: String(repeating: "0", count: 64), toolVersion: "test")
        let writer = try FrameSequenceWriter(outputFolder: root.path, metadata: metadata, options: FrameSequenceOptions(jobs: 1))
        for k in 0..<8 {
            let item = DrawItem(shape: .rectangle(cornerRadius: 4), width: 20, height: 20,
                                center: DrawPoint(10 + Double(k) * 8, 30), angle: Double(k) * 0.2,
                                fill: SceneColor(red: 1, green: 0.5, blue: 0))
            try writer.append(FrameState(width: 80, height: 60, scale: 1, background: .white, items: [item]))
        }
        try writer.finish()
        let folder = try FrameFolder(path: root.appendingPathComponent("moving").path)
        let apng = root.appendingPathComponent("moving/preview.apng").path
        let file = try APNGWriter.write(from: folder, to: apng)
        XCTAssertEqual(file.frameCount, 8)
        let page = root.appendingPathComponent("page.html")
        try """
        <!doctype html><html><head><title>pending</title></head><body>
        <img src="moving/preview.apng" onload="document.title='loaded:'+this.naturalWidth+'x'+this.naturalHeight"
             onerror="document.title='failed'"></body></html>
        """.write(to: page, atomically: true, encoding: .utf8)
        let profile = root.appendingPathComponent("profile")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let dom = try Headless.run(chromium, ["--dump-dom", page.absoluteString], profile: profile)
        XCTAssertTrue(dom.contains("<title>loaded:80x60</title>"), dom)
    }
}
