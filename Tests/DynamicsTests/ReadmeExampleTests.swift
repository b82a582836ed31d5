import Dynamics
import Foundation
import XCTest

/// The README's first Swift example ("The Swift API"), compiled and run here as the README
/// shows it; `testTheReadmeShowsThisExample` fails when the two drift apart.
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

    func testTheReadmeShowsThisExample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let example = try XCTUnwrap(blocks.first { $0.hasPrefix("import Dynamics\n") }, "the README shows no Dynamics example")
        let here = try String(contentsOfFile: #filePath, encoding: .utf8)
        for line in example.split(separator: "\n") where !line.hasPrefix("import ") {
            XCTAssertTrue(here.contains(line.trimmingCharacters(in: .whitespaces)), "the README's line is not run here: \(line)")
        }
    }
}
