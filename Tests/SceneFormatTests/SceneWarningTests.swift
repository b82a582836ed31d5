import XCTest
@testable import SceneFormat

/// Warnings: the scene loads, but probably does not do what its author meant.
final class SceneWarningTests: XCTestCase {
    private func warnings(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [SceneDiagnostic] {
        let validation = validateScene(text)
        XCTAssertEqual(validation.errors, [], "\(validation.errors)", file: file, line: line)
        XCTAssertNotNil(validation.scene, file: file, line: line)
        return validation.warnings
    }

    func testItemStartingAcrossABoundary() {
        let found = warnings("""
        { items: [ { id: 'a', size: [50, 50], center: [100, 560] }, { id: 'b', shape: 'ellipse', size: [50, 50], center: [300, 100] } ],
          behaviors: [ { id: 'c', type: 'collision', items: ['a', 'b'], referenceBoundsAsBoundary: true,
                         boundaries: [ { id: 'floor', from: [0, 567], to: [375, 567] } ] } ] }
        """)
        XCTAssertTrue(found.contains { $0.message.contains("item 'a' starts overlapping boundary 'floor'") }, "\(found)")
        XCTAssertFalse(found.contains { $0.message.contains("'b'") }, "\(found)")
        XCTAssertEqual(found.first?.path, "items[0]")
    }

    func testItemResting() {
        // Touching a boundary exactly is not overlapping it.
        let found = warnings("""
        { items: [ { id: 'a', size: [50, 50], center: [100, 542] } ],
          behaviors: [ { type: 'collision', items: ['a'], boundaries: [ { id: 'floor', from: [0, 567], to: [375, 567] } ] } ] }
        """)
        XCTAssertEqual(found, [])
    }

    func testItemOutsideTheReferenceBoundsAndOffCanvas() {
        let found = warnings("""
        { items: [ { id: 'a', size: [50, 50], center: [10, 300] }, { id: 'far', size: [10, 10], center: [-100, -100] } ],
          behaviors: [ { type: 'collision', items: ['a'], referenceBoundsAsBoundary: true } ] }
        """)
        XCTAssertTrue(found.contains { $0.message.contains("'a' starts outside the reference bounds") }, "\(found)")
        XCTAssertTrue(found.contains { $0.message.contains("'far' starts entirely outside the canvas") }, "\(found)")
    }

    func testTwoSnapsOnOneItem() {
        let found = warnings("""
        { items: [ { id: 'a', size: [50, 50], center: [100, 100] } ],
          behaviors: [ { type: 'snap', item: 'a', point: [10, 10] }, { type: 'group', children: [ { type: 'snap', item: 'a', point: [20, 20] } ] } ] }
        """)
        XCTAssertTrue(found.contains { $0.message.contains("already has a snap behavior") && $0.path == "behaviors[1].children[0]" }, "\(found)")
    }

    func testTimesPastTheEndAndUnhandledTaps() {
        let found = warnings("""
        { duration: 2, items: [ { id: 'a', size: [50, 50], center: [100, 100] } ],
          events: [ { on: 'time', at: 3, do: [ { removeItem: 'a' } ] } ],
          input: [ { at: 1, tap: [10, 10] }, { at: 5, tap: [10, 10] }, { at: 1.5, pan: { path: [[0, 0], [500, 900]], duration: 1 } } ] }
        """)
        let messages = found.map(\.message)
        XCTAssertTrue(messages.contains { $0.contains("the event at 3 s never fires") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("nothing reacts to the tap") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("the gesture at 5 s never happens") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("the pan ends at 2.5 s") }, "\(messages)")
    }

    func testKeysWithoutEffect() {
        let found = warnings("""
        { items: [ { id: 'a', size: [50, 50], center: [100, 100] }, { id: 'b', size: [50, 50], center: [200, 100] } ],
          behaviors: [ { type: 'field', field: 'radialGravity', items: ['a'], direction: [1, 0], smoothness: 0.5 },
                       { type: 'attachment', item: 'a', to: 'b', damping: 2, frictionTorque: 1 } ],
          events: [ { on: 'pause', do: [] }, { on: 'contactBegan', boundary: 'reference', do: [ { animate: { duration: 1 } } ] } ] }
        """)
        let messages = found.map(\.message)
        for fragment in ["`direction` has no effect on a radialGravity field", "`smoothness` has no effect",
                         "overdamped", "`frictionTorque` only affects pin attachments", "the event does nothing",
                         "has `referenceBoundsAsBoundary: true`", "the animation changes nothing"] {
            XCTAssertTrue(messages.contains { $0.contains(fragment) }, "no warning with \(fragment) in \(messages)")
        }
    }

    func testWarningsDoNotStopLoading() throws {
        let scene = try loadScene("{ items: [ { id: 'a', size: [50, 50], center: [-100, -100] } ] }")
        XCTAssertEqual(scene.items.count, 1)
    }
}
