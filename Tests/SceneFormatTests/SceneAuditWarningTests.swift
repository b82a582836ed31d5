import XCTest
@testable import SceneFormat

/// Findings of a walk through the scene documentation as a new user: keys an attachment's
/// kind reads nothing from were accepted silently (in the behavior and in `set`), a `$tap`
/// refused inside a tap event was told it belonged in a tap event, and a canvas side that
/// rounds to 0 pixels was reported as 0 where 1 is drawn.
final class SceneAuditWarningTests: XCTestCase {
    private let items = "items: [ { id: 'a', size: [50, 50], center: [100, 100] }, { id: 'b', size: [50, 50], center: [200, 100] } ]"

    func testAttachmentKeysTheKindReadsNothingFromAreWarned() {
        let validation = validateScene("""
        { \(items),
          behaviors: [ { type: 'attachment', kind: 'pin', item: 'a', to: 'b', anchor: [150, 100], frequency: 2, damping: 0.5, length: 30, offset: [1, 0] },
                       { type: 'attachment', kind: 'limit', item: 'a', to: 'b', length: 120, frequency: 1 },
                       { type: 'attachment', item: 'a', anchor: [100, 20], toOffset: [0, 5] },
                       { type: 'attachment', kind: 'sliding', item: 'a', anchor: [100, 100], axis: [1, 0], toOffset: [2, 0] },
                       { type: 'attachment', item: 'a', to: 'b', length: 80, frequency: 2, damping: 0.3, offset: [0, 5], toOffset: [0, -5] } ] }
        """)
        XCTAssertEqual(validation.errors, [])
        let found = validation.warnings.map { "\($0.path): \($0.message)" }
        XCTAssertEqual(Set(found), [
            "behaviors[0].offset: `offset` has no effect on a pin attachment",
            "behaviors[0].length: `length` has no effect on a pin attachment",
            "behaviors[0].frequency: `frequency` has no effect on a pin attachment",
            "behaviors[0].damping: `damping` has no effect on a pin attachment",
            "behaviors[1].frequency: `frequency` has no effect on a limit attachment",
            "behaviors[2].toOffset: `toOffset` has no effect on an anchor attachment",
            "behaviors[3].toOffset: `toOffset` has no effect on a sliding attachment",
        ], "\(found)")
    }

    func testSetOnAnAttachmentFollowsItsKind() {
        let validation = validateScene("""
        { \(items),
          behaviors: [ { id: 'rope', type: 'attachment', item: 'a', to: 'b' },
                       { id: 'hook', type: 'attachment', item: 'a', anchor: [100, 20] },
                       { id: 'hinge', type: 'attachment', kind: 'pin', item: 'a', to: 'b', anchor: [150, 100] } ],
          events: [ { on: 'time', at: 1, do: [ { set: { behavior: 'rope', anchor: [300, 300] } },
                                               { set: { behavior: 'hook', range: [-1, 1] } },
                                               { set: { behavior: 'hinge', frequency: 3, frictionTorque: 1 } },
                                               { set: { behavior: 'hook', anchor: [120, 30], length: 50, frequency: 2 } },
                                               { set: { behavior: 'hinge', anchor: [300, 300] } } ] } ] }
        """)
        let errors = validation.errors.map { "\($0.path): \($0.message)" }
        XCTAssertEqual(errors, [
            "events[0].do[0].set.anchor: `anchor` cannot be set on attachment 'rope': an items attachment has no movable anchor point",
            "events[0].do[1].set.range: `range` cannot be set on attachment 'hook': only pin and sliding attachments have one",
            "events[0].do[4].set.anchor: `anchor` cannot be set on attachment 'hinge': a pin attachment has no movable anchor point",
        ], "\(errors)")
        let warnings = validation.warnings.map { "\($0.path): \($0.message)" }
        XCTAssertEqual(warnings, ["events[0].do[2].set.frequency: `frequency` has no effect on a pin attachment"], "\(warnings)")
    }

    func testTapPointOutsideItsActionsSaysWhereItIsAllowed() {
        let validation = validateScene("""
        { \(items), input: [ { at: 0.5, tap: [100, 100] } ],
          events: [ { on: 'tap', do: [ { addBehavior: { type: 'snap', item: 'a', point: '$tap' } } ] } ] }
        """)
        XCTAssertEqual(validation.errors.count, 1)
        XCTAssertTrue(validation.errors.first?.message.contains("only available in `snapTo.point`, `pushToward.point` and the points of `set`") == true,
                      "\(validation.errors)")
    }

    func testADrawnSideIsAtLeastOnePixel() {
        XCTAssertEqual(SceneLimits.drawnPixelProblem(width: 1_000_000, height: 1, scale: 0.1),
                       "frames of 100,000 x 1 pixels; each side is limited to 16,384 pixels")
    }

    /// A sliver a million points long and half a point thick was refused as "collinear",
    /// which it is not: the message says how close to one line its vertices lie.
    func testAThinPathIsToldHowThinItIs() {
        let sliver = [ScenePoint(x: -500_000, y: 0), ScenePoint(x: 500_000, y: 0), ScenePoint(x: 0, y: 0.5)]
        let problem = PolygonCheck.convexPolygonProblem(sliver)
        XCTAssertEqual(problem?.message, "the path has zero area (its vertices lie within 0.5 pt of one line, a millionth of its extent)")
        let thicker = [ScenePoint(x: -500_000, y: 0), ScenePoint(x: 500_000, y: 0), ScenePoint(x: 0, y: 2)]
        XCTAssertNil(PolygonCheck.convexPolygonProblem(thicker))
        // Whatever vertex the listing starts at (the line ran through the first vertex, and
        // the same sliver listed from its apex passed).
        for shift in 0..<3 {
            let turned = (0..<3).map { sliver[($0 + shift) % 3] }
            XCTAssertEqual(PolygonCheck.convexPolygonProblem(turned)?.message, problem?.message, "starting at vertex \(shift)")
        }
        let rhombus = [ScenePoint(x: -500_000, y: 0), ScenePoint(x: 0, y: -0.25), ScenePoint(x: 500_000, y: 0), ScenePoint(x: 0, y: 0.25)]
        for shift in 0..<4 {
            XCTAssertNotNil(PolygonCheck.convexPolygonProblem((0..<4).map { rhombus[($0 + shift) % 4] }), "starting at vertex \(shift)")
        }
        // A small path's threshold is printed as a number, not a float's digits.
        let tiny = [ScenePoint(x: 0, y: 0), ScenePoint(x: 30, y: 0), ScenePoint(x: 15, y: 0.00001)]
        XCTAssertEqual(PolygonCheck.convexPolygonProblem(tiny)?.message, "the path has zero area (its vertices lie within 3e-05 pt of one line, a millionth of its extent)")
    }
}
