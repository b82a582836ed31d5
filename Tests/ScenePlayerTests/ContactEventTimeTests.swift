import SceneFormat
@testable import ScenePlayer
import XCTest

/// A contact event carries the time of the step it happened in, the start of that step, to
/// the last bit of the frame time the trace gives that instant (steps x (1/60) was an ulp off
/// k / 60 for some steps, and a reader matching events to frames by time missed them).
final class ContactEventTimeTests: XCTestCase {
    func testEachContactEventsTimeIsExactlyThePreviousFramesTime() throws {
        let scene = try bundledScene("noise")
        XCTAssertEqual(scene.fps, 60, "one step a frame: the event's step starts at the previous frame")
        let frames = try playTrace(scene)
        var events = 0
        for k in 1..<frames.count {
            for event in frames[k].events {
                XCTAssertEqual(event.time, frames[k - 1].time, "frame \(k): \(event.type) of \(event.item)")
                XCTAssertEqual(event.time, Double(k - 1) / 60)
                events += 1
            }
        }
        XCTAssertGreaterThan(events, 5)
    }
}
