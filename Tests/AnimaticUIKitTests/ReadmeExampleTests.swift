import AnimaticUIKit
import Dynamics
import Foundation
import ScenePlayer
import XCTest
@testable import recipes

/// The README's two Swift examples, compiled and run here as the README shows them ("The
/// Swift API": a square under gravity on the Dynamics API; "Recipes as Swift code": the
/// Recorder, with the cookbook's radial-gravity view controller as its `ViewController`, in a
/// temporary folder); `testTheReadmeShowsTheseExamples` fails when the two drift apart.
final class ReadmeExampleTests: XCTestCase {
    func testTheDynamicsExampleRuns() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 375, height: 667))
        let square = DynamicView(name: "square", center: CGPoint(x: 187, y: 100), size: CGSize(width: 50, height: 50))
        let collision = CollisionBehavior(items: [square])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(GravityBehavior(items: [square]))
        animator.addBehavior(collision)
        for _ in 0..<120 { animator.step() }        // fixed 1/60 s steps; square.center follows
        // From rest at 1000 pt/s^2 it falls the 517 pt to the floor in 1.02 s (sqrt(2 x 517 /
        // 1000)); after 2 s it rests on it: its center 25 pt above the bottom, 642.
        XCTAssertEqual(Double(square.center.y), 667 - 25, accuracy: 1)
        XCTAssertEqual(Double(square.center.x), 187, accuracy: 0.01)
    }

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

    func testTheReadmeShowsTheseExamples() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let here = try String(contentsOfFile: #filePath, encoding: .utf8)
        for start in ["import Dynamics\n", "import AnimaticUIKit\n"] {
            let example = try XCTUnwrap(blocks.first { $0.hasPrefix(start) }, "the README shows no example starting \(start)")
            for line in example.split(separator: "\n") where !line.hasPrefix("import ") {
                XCTAssertTrue(here.contains(line.trimmingCharacters(in: .whitespaces)), "the README's line is not run here: \(line)")
            }
        }
    }
}
