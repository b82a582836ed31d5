import Foundation
import XCTest
@testable import ScenePlayer
import SceneFormat
import Rendering

/// What the debug overlay draws, found wrong by an audit: boundaries as the engine's thick
/// walls (lines across the canvas), no field arrows on a wide canvas, NaN arrows from a field
/// whose samples overflow, the layer list's empty names.
final class DebugOverlayTests: XCTestCase {
    func runner(_ json: String) throws -> SceneRunner {
        try SceneRunner(scene: try Scene.load(data: Data(json.utf8), fileName: "overlay.json"))
    }

    func polylines(_ primitives: [OverlayPrimitive]) -> [(points: [DrawPoint], closed: Bool)] {
        primitives.compactMap { if case let .polyline(points, closed, _, _) = $0 { return (points, closed) } else { return nil } }
    }

    func arrows(_ primitives: [OverlayPrimitive]) -> [(from: DrawPoint, to: DrawPoint)] {
        primitives.compactMap { if case let .arrow(from, to, _, _) = $0 { return (from, to) } else { return nil } }
    }

    /// A closed convex path and inset reference bounds are drawn as described, not as the
    /// engine's walls (quads reaching 2,000 points along and out of each edge).
    func testBoundariesAreDrawnAsTheSceneDescribesThem() throws {
        let player = try runner("""
        {"canvas": {"width": 200, "height": 200}, "fps": 30, "duration": 0.2,
         "items": [{"id": "a", "size": [10, 10], "center": [100, 130], "color": "orange"}],
         "behaviors": [{"id": "c", "type": "collision", "items": ["a"],
                        "referenceBoundsAsBoundary": true, "referenceBoundsInsets": [50, 40, 30, 20],
                        "boundaries": [{"id": "tri", "path": [[100, 80], [140, 150], [60, 150]], "closed": true},
                                       {"id": "floor", "from": [0, 190], "to": [200, 190]}]}]}
        """)
        for _ in 0..<2 {
            try player.advanceFrame()
            let lines = polylines(player.overlay(.boundaries))
            // Reference bounds (top, left, bottom, right) inset, 1 point outside as they collide.
            let inset = [DrawPoint(39, 49), DrawPoint(181, 49), DrawPoint(181, 171), DrawPoint(39, 171)]
            XCTAssertEqual(lines.count, 3)
            XCTAssertEqual(lines.first?.points, inset)
            XCTAssertEqual(lines.first?.closed, true)
            XCTAssertEqual(lines.dropFirst().first?.points, [DrawPoint(100, 80), DrawPoint(140, 150), DrawPoint(60, 150)])
            XCTAssertEqual(lines.last?.points, [DrawPoint(0, 190), DrawPoint(200, 190)])
            XCTAssertEqual(lines.last?.closed, false)
            let all = lines.flatMap(\.points)
            XCTAssertTrue(all.allSatisfy { (0...200).contains($0.x) && (0...200).contains($0.y) }, "\(all)")
        }
    }

    /// A boundary whose behavior an event removed is not drawn in the frame of the removal
    /// (the engine still holds it until its next step).
    func testARemovedBoundaryIsNotDrawn() throws {
        let player = try runner("""
        {"canvas": {"width": 200, "height": 200}, "fps": 60, "duration": 1,
         "items": [{"id": "a", "size": [20, 20], "center": [100, 100], "color": "orange"}],
         "behaviors": [{"id": "g", "type": "gravity", "items": ["a"]},
                       {"id": "c", "type": "collision", "items": ["a"], "boundaries": [{"id": "floor", "from": [0, 150], "to": [200, 150]}]}],
         "events": [{"on": "contactBegan", "behavior": "c", "do": [{"removeBehavior": "c"}]}]}
        """)
        var sawFloor = false, removedAt: Int?
        for frame in 1..<60 {
            try player.advanceFrame()
            let drawn = !polylines(player.overlay(.boundaries)).isEmpty
            if player.behaviorsByID["c"] == nil || !(player.animator.behaviorTree.contains { $0 === player.behaviorsByID["c"] }) {
                removedAt = removedAt ?? frame
                XCTAssertFalse(drawn, "frame \(frame): the removed floor is drawn")
            } else {
                sawFloor = sawFloor || drawn
            }
        }
        XCTAssertTrue(sawFloor)
        XCTAssertNotNil(removedAt, "the item never reached the floor")
    }

    /// A canvas more than 32 times wider than high had no row of field arrows (the first row
    /// sat half a spacing, 1/32 of the width, below its top).
    func testAWideCanvasGetsARowOfFieldArrows() throws {
        let player = try runner("""
        {"canvas": {"width": 2000, "height": 50}, "fps": 30, "duration": 0.1,
         "items": [{"id": "a", "size": [20, 20], "center": [100, 25], "color": "orange"}],
         "behaviors": [{"id": "f", "type": "field", "field": "linearGravity", "items": ["a"], "direction": [1, 0]}]}
        """)
        let drawn = arrows(player.overlay(.fields))
        // 16 columns 125 points apart from 62.5, one row through the middle.
        XCTAssertEqual(drawn.count, 16)
        XCTAssertEqual(drawn.map(\.from.y), Array(repeating: 25, count: 16))
        XCTAssertEqual(drawn.first?.from.x, 62.5)
    }

    /// Field samples of 1e168 (finite, whose squares are not) drew NaN arrows that failed the
    /// frame; now every arrow is finite, full length, pointing along the field.
    func testAFieldWhoseSamplesOverflowDrawsFiniteArrows() throws {
        let player = try runner("""
        {"canvas": {"width": 375, "height": 667}, "fps": 30, "duration": 0.1,
         "items": [{"id": "a", "size": [40, 40], "center": [100, 100], "color": "orange"}],
         "behaviors": [{"id": "f", "type": "field", "field": "linearGravity", "items": [], "direction": [1, 1],
                        "position": [21, 21], "falloff": 60}]}
        """)
        let drawn = arrows(player.overlay(.fields))
        XCTAssertFalse(drawn.isEmpty)
        for arrow in drawn {
            XCTAssertTrue([arrow.from.x, arrow.from.y, arrow.to.x, arrow.to.y].allSatisfy(\.isFinite), "\(arrow)")
            // Along (1, 1), within the arrow's 0.8-spacing length.
            let dx = arrow.to.x - arrow.from.x, dy = arrow.to.y - arrow.from.y
            XCTAssertEqual(dx, dy, accuracy: 1e-9)
            XCTAssertLessThanOrEqual((dx * dx + dy * dy).squareRoot(), 667.0 / 16 * 0.8 + 1e-9)
        }
    }

    /// Empty names in a layer list are refused, not read as "no layers".
    func testALayerListWithAnEmptyNameIsRefused() throws {
        for text in ["", ",", "fields,", ",fields,,shapes"] {
            XCTAssertThrowsError(try DebugLayers(parsing: text), "'\(text)'")
        }
        XCTAssertEqual(try DebugLayers(parsing: "fields,shapes"), [.fields, .shapes])
        XCTAssertTrue(DebugLayers.isLayerList("all"))
        XCTAssertFalse(DebugLayers.isLayerList("noise"))
    }
}
