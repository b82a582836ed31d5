import XCTest
@testable import ScenePlayer
import SceneFormat

/// Regressions from an audit of the scene player against docs/scene-format.md, measured on
/// the trace: an animation that ended one step late, ended a hair off its targets, and a tap
/// taken by an item nobody can see.
final class EventsAuditTests: XCTestCase {
    func testAnAnimationEndsAndRunsItsThenInTheStepItsTimeIsUp() throws {
        // Starts with the step at 0.55 s (step 33: frame 34 shows it) and lasts 0.3 s: it is
        // up at the end of step 50, 51/60 s = 0.85 s, so frame 51 shows it done and its
        // `then` run. (0.85 - 0.55 is 0.29999999999999993 in floating point: it ended a step
        // late, in frame 52.)
        let frames = try playTrace(try loadScene("""
        { title: "t", canvas: { width: 200, height: 200 }, fps: 60, duration: 1.2,
          items: [ { id: "a", size: [10, 10], center: [50, 50] } ],
          events: [ { on: "time", at: 0.55, do: [
            { animate: { item: "a", duration: 0.3, curve: "linear", alpha: 0.2, scale: 0.3 },
              then: [ { set: { item: "a", color: "red" } } ] } ] } ] }
        """))
        XCTAssertGreaterThan(frames[50].item("a").alpha, 0.2)
        XCTAssertEqual(frames[51].item("a").alpha, 0.2)
        XCTAssertEqual(frames[51].item("a").scale, 0.3)
        XCTAssertNotEqual(frames[50].item("a").color, frames[51].item("a").color)
        XCTAssertEqual(frames[51].item("a").color, frames[70].item("a").color)
        // On the way, linear: frame 43 shows the end of step 42, 43/60 s.
        let f = (43.0 / 60 - 0.55) / 0.3
        XCTAssertEqual(frames[43].item("a").alpha, 1 + f * (0.2 - 1), accuracy: 1e-12)
    }

    func testADelayedAnimationStartsInTheStepItsDelayIsUpIn() throws {
        // Delayed 0.3 s from 0.55 s, no duration: due at 0.85 s, the end of step 50, so frame
        // 51 shows it (0.55 + 0.3 is 0.8500000000000001: it came a step late).
        let frames = try playTrace(try loadScene("""
        { title: "t", canvas: { width: 200, height: 200 }, fps: 60, duration: 1.2,
          items: [ { id: "a", size: [10, 10], center: [50, 50] } ],
          events: [ { on: "time", at: 0.55, do: [ { animate: { item: "a", delay: 0.3, duration: 0, alpha: 0.2 } } ] } ] }
        """))
        XCTAssertEqual(frames[50].item("a").alpha, 1)
        XCTAssertEqual(frames[51].item("a").alpha, 0.2)
    }

    func testATapPassesOverAnItemNobodyCanSee() throws {
        // A see-through item (alpha 0) on top of a blue one: UIKit's hit test passes over a
        // view whose alpha is below 0.01, so the tap is the blue item's.
        let frames = try playTrace(try loadScene("""
        { title: "t", canvas: { width: 300, height: 300 }, fps: 60, duration: 0.5,
          items: [ { id: "under", size: [100, 100], center: [150, 150], color: "blue" },
                   { id: "ghost", size: [100, 100], center: [150, 150], alpha: 0.005 } ],
          events: [ { on: "tap", do: [ { set: { color: "red" } } ] } ],
          input: [ { at: 0.1, tap: [150, 150] } ] }
        """))
        let last = frames[frames.count - 1]
        XCTAssertEqual(last.item("under").color, "#FF0000FF")
        XCTAssertEqual(last.item("ghost").color, frames[0].item("ghost").color)
    }
}
