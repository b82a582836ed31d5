import Foundation
import XCTest
@testable import ScenePlayer
@testable import Dynamics
import SceneFormat

/// Findings of a stress audit (extreme but valid scenes): items piled at one point made a
/// pair of every two (10,000 items: 50 million pairs) and the allocation aborted the
/// process; a removed item put back into a behavior went non-finite with exit 0.
final class StressAuditTests: XCTestCase {
    /// `count` 40 x 40 items at one point, all in one collision behavior.
    func pile(_ count: Int) throws -> Scene {
        let items = (0..<count).map { #"{"id": "i\#($0)", "size": [40, 40], "center": [187.5, 333.5]}"# }.joined(separator: ",")
        let ids = (0..<count).map { #""i\#($0)""# }.joined(separator: ",")
        let json = #"{"duration": 0.5, "items": [\#(items)], "behaviors": [{"type": "collision", "items": [\#(ids)]}]}"#
        return try Scene.load(data: Data(json.utf8), fileName: "pile.json")
    }

    /// The engine makes at most its limit of contacts and says it reached it, and whether it
    /// does is the same for one worker and two: the broad phase's queries stop once their
    /// hits, counted across the pool's pieces, pass four times the limit (100 items piled:
    /// 4,950 pairs, each found twice, 9,900 hits). A cap per piece cut different pairs for
    /// one worker and for two, with no flag (a pile of 1,300 ran on with different traces).
    func testTheBroadPhaseStopsAtTheContactLimitAndSaysSoForAnyWorkerCount() throws {
        XCTAssertEqual(DynamicAnimator.maximumContactPairs, 1_000_000, "the runner's message says 1,000,000")
        // (limit, reached, why): under every bound; the hits past 4 x 2,000; the hits under
        // 4 x 2,500 = 10,000 but the pairs past 2,500.
        for (limit, reached) in [(5_000, false), (2_000, true), (2_500, true)] {
            var counts: [Int] = []
            for workers in [1, 2] {
                let runner = try SceneRunner(scene: try pile(100), engineWorkers: workers)
                runner.animator.world.maximumContacts = limit
                if reached {
                    XCTAssertThrowsError(try runner.advanceFrame(), "limit \(limit), workers \(workers)") { error in
                        let message = (error as? SceneRunError)?.message ?? ""
                        XCTAssertTrue(message.contains("more than 1,000,000 pairs of items touch at t = 0.017 s"), message)
                        XCTAssertTrue(message.contains("spread the items out"), message)
                    }
                    XCTAssertLessThanOrEqual(runner.animator.world.contacts.count, limit)
                } else {
                    try runner.advanceFrame()
                    XCTAssertEqual(runner.animator.world.contacts.count, 100 * 99 / 2)
                }
                XCTAssertEqual(runner.animator.contactLimitReached, reached, "limit \(limit), workers \(workers)")
                counts.append(runner.animator.world.contacts.count)
            }
            if !reached { XCTAssertEqual(counts[0], counts[1]) }
        }
        // Exactly the limit is not past it.
        let runner = try SceneRunner(scene: try pile(100))
        runner.animator.world.maximumContacts = 4_950
        try runner.advanceFrame()
        XCTAssertFalse(runner.animator.contactLimitReached)
    }

    /// A removed item that an action puts back into a behavior is simulated again: when it
    /// goes non-finite the run stops with the error, as for any other item.
    func testARemovedItemPutBackIntoABehaviorIsCheckedForNonFiniteStates() throws {
        let json = """
        { duration: 0.2, items: [ { id: "a", size: [40, 40], center: [187.5, 333.5] } ],
          behaviors: [ { id: "f", type: "field", field: "radialGravity", items: [], strength: 1e9, falloff: -100, position: [-1000000, -1000000] } ],
          events: [ { on: "time", at: 0, do: [ { removeItem: "a" }, { addToBehavior: { behavior: "f", item: "a" } } ] } ] }
        """
        let runner = try SceneRunner(scene: try Scene.load(data: Data(json.utf8), fileName: "readded.json5"))
        XCTAssertThrowsError(try { for _ in 0..<12 { try runner.advanceFrame() } }()) { error in
            let message = (error as? SceneRunError)?.message ?? ""
            XCTAssertTrue(message.contains("went non-finite") && message.contains("item 'a'"), message)
        }
    }
}
