import AnimaticUIKit
import Foundation
import ScenePlayer
import XCTest
@testable import recipes

/// The README's Recorder example ("Recipes as Swift code"), compiled and run here as the
/// README shows it, with the cookbook's radial-gravity view controller as its
/// `ViewController`, in a temporary folder; `testTheReadmeShowsThisExample` fails when the
/// two drift apart.
final class ReadmeRecorderExampleTests: XCTestCase {
    func testTheRecorderExampleRuns() throws {
        typealias ViewController = RadialGravity.ViewController
        let folder = NSTemporaryDirectory() + "readme-recorder-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let previous = FileManager.default.currentDirectoryPath
        XCTAssertTrue(FileManager.default.changeCurrentDirectoryPath(folder))
        defer {
            FileManager.default.changeCurrentDirectoryPath(previous)
            try? FileManager.default.removeItem(atPath: folder)
        }

        let recorder = try Recorder(id: "radial-gravity", duration: 5, gestures: [
            .pan(at: 0.5, along: [CGPoint(x: 60, y: 60), CGPoint(x: 220, y: 370)], duration: 1.2),
        ]) { ViewController() }
        let result = try recorder.render(RenderSettings(outputFolder: "output/recipes", previews: [.gif]))
        print(result.summary)   // radial-gravity: 300 frames 750x1334 in ... -> output/recipes/radial-gravity (+ preview.gif)

        XCTAssertTrue(result.summary.hasPrefix("radial-gravity: 300 frames 750x1334 in "), result.summary)
        XCTAssertTrue(result.summary.hasSuffix("-> output/recipes/radial-gravity (+ preview.gif)"), result.summary)
        let written = try FileManager.default.contentsOfDirectory(atPath: folder + "/output/recipes/radial-gravity")
        XCTAssertEqual(written.filter { $0.hasPrefix("frame_") }.count, 300)
        XCTAssertTrue(written.contains("preview.gif"))
    }

    func testTheReadmeShowsThisExample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let example = try XCTUnwrap(blocks.first { $0.hasPrefix("import AnimaticUIKit\n") }, "the README shows no Recorder example")
        let here = try String(contentsOfFile: #filePath, encoding: .utf8)
        for line in example.split(separator: "\n") where !line.hasPrefix("import ") {
            XCTAssertTrue(here.contains(line.trimmingCharacters(in: .whitespaces)), "the README's line is not run here: \(line)")
        }
    }
}
