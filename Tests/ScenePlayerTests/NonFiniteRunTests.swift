import Foundation
import XCTest
@testable import ScenePlayer
import SceneFormat
import Dynamics

/// A run whose item turns non-finite stops with a message naming the item and the time,
/// also now that the check after each step looks at the items only when something could
/// have made one non-finite (`DynamicAnimator.wroteOnlyFiniteItems`, the world's frozen
/// bodies, the runner's own placements).
final class NonFiniteRunTests: XCTestCase {
    let json = """
    {"title": "blow-up", "canvas": {"width": 400, "height": 400}, "fps": 60, "duration": 1,
     "items": [{"id": "a", "size": [20, 20], "center": [100, 100], "color": "#FF0000"},
               {"id": "b", "size": [20, 20], "center": [300, 100], "color": "#0000FF"}],
     "behaviors": [{"id": "g", "type": "gravity", "items": ["a", "b"]},
                   {"id": "m", "type": "itemBehavior", "items": ["a", "b"]}]}
    """

    func testABodyTurningNonFiniteStopsTheRunNamingItsItem() throws {
        for workers in [1, 2] {
            let scene = try Scene.load(data: Data(json.utf8), fileName: "blow-up.json")
            let runner = try SceneRunner(scene: scene, engineWorkers: workers)
            for _ in 0..<3 { try runner.advanceFrame() }
            let b = try XCTUnwrap(runner.items.first { $0.spec.id == "b" })
            let material = try XCTUnwrap(runner.behaviorsByID["m"] as? DynamicItemBehavior)
            material.addLinearVelocity(CGVector(dx: 0, dy: CGFloat.infinity), for: b.view)
            XCTAssertThrowsError(try runner.advanceFrame(), "workers \(workers)") { error in
                let message = (error as? SceneRunError)?.message ?? ""
                XCTAssertTrue(message.contains("item 'b'"), message)
                XCTAssertTrue(message.contains("t = 0.067 s"), message)
                XCTAssertTrue(message.contains("behaviors: g, m"), message)
            }
        }
    }

    /// Behaviors without ids are named by their type: an item held by a field, a gravity and
    /// a collision behavior, none with an id, was said to be in "behaviors: none". Inside a
    /// group the leaves are named (the group holds nothing itself).
    func testTheBehaviorsOfANonFiniteItemAreNamedWithOrWithoutIds() throws {
        let unnamed = """
        {"title": "blow-up", "canvas": {"width": 400, "height": 400}, "fps": 60, "duration": 1,
         "items": [{"id": "a", "size": [20, 20], "center": [100, 100], "color": "#FF0000"},
                   {"id": "b", "size": [20, 20], "center": [300, 100], "color": "#0000FF"}],
         "behaviors": [{"type": "gravity", "items": ["a", "b"]},
                       {"id": "grp", "type": "group", "children": [{"type": "collision", "items": ["b"]}]},
                       {"id": "m", "type": "itemBehavior", "items": ["b"]},
                       {"type": "itemBehavior", "items": ["a"]}]}
        """
        let scene = try Scene.load(data: Data(unnamed.utf8), fileName: "blow-up.json")
        let runner = try SceneRunner(scene: scene, engineWorkers: 1)
        try runner.advanceFrame()
        let b = try XCTUnwrap(runner.items.first { $0.spec.id == "b" })
        let material = try XCTUnwrap(runner.behaviorsByID["m"] as? DynamicItemBehavior)
        material.addLinearVelocity(CGVector(dx: 0, dy: CGFloat.infinity), for: b.view)
        XCTAssertThrowsError(try runner.advanceFrame()) { error in
            let message = (error as? SceneRunError)?.message ?? ""
            XCTAssertTrue(message.contains("item 'b' (behaviors: gravity without an id, collision without an id, m)"), message)
        }
    }
}
