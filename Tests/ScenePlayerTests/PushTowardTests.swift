import Foundation
import SceneFormat
@testable import ScenePlayer
import XCTest

/// `pushToward` without `item` aims from the concerned item, else from the push's only item
/// (docs/scene-format.md); under a trigger that concerns no item it once did nothing at all.
final class PushTowardTests: XCTestCase {
    /// One 40 x 40 item at (300, 100), a push of magnitude 0 on it, no gravity; at 0.2 s (or on
    /// a tap on the empty canvas) the push is aimed at (100, 300), with or without `item`.
    func scene(trigger: String, item: Bool) throws -> Scene {
        let on = trigger == "time" ? "on: \"time\", at: 0.2" : "on: \"tap\""
        let input = trigger == "tap" ? ", input: [{at: 0.2, tap: [50, 380]}]" : ""
        let text = """
        { fps: 60, duration: 1, canvas: {width: 400, height: 400, scale: 0.25},
          items: [ {id: "b", size: [40, 40], center: [300, 100]} ],
          behaviors: [ {id: "push", type: "push", items: ["b"], magnitude: 0} ],
          events: [ {\(on), do: [ {pushToward: {behavior: "push", \(item ? "item: \"b\", " : "")point: [100, 300]}} ]} ]\(input) }
        """
        let result = Scene.validate(data: Data(text.utf8), fileName: "push-toward-\(trigger).json5")
        XCTAssertEqual(result.errors.map(\.message), [])
        return try XCTUnwrap(result.scene)
    }

    func testWithoutItemThePushsOnlyItemIsAimedFrom() throws {
        for trigger in ["time", "tap"] {
            let named = try playTrace(try scene(trigger: trigger, item: true))
            let unnamed = try playTrace(try scene(trigger: trigger, item: false))
            let last = unnamed[unnamed.count - 1].item("b")
            // Aimed from (300, 100) at (100, 300): down and to the left, at 45 degrees.
            XCTAssertEqual(last.vx, -last.vy, accuracy: 1e-6 * last.speed, trigger)
            XCTAssertLessThan(last.vx, 0, trigger)
            // 282.8 pt away at 1/200 per point: 1.414 N on 0.16 kg = 884 pt/s^2, for the ~0.8 s after
            // the event (to within a few sub-steps: where the event falls among them is the
            // runner's timing, tested with the time base).
            let distance: Double = (200.0 * 200.0 + 200.0 * 200.0).squareRoot()
            let newtons: Double = distance / 200.0, kilograms: Double = 0.4 * 0.4
            let acceleration: Double = newtons / kilograms * 100.0
            XCTAssertEqual(last.speed, acceleration * 0.8, accuracy: 0.1 * acceleration * 0.8, trigger)
            // The same motion as naming the item.
            XCTAssertEqual(unnamed.map { $0.item("b").center }, named.map { $0.item("b").center }, trigger)
        }
    }
}
