import Foundation
import XCTest
@testable import Dynamics

/// The broad phase's queries split across the worker pool: the pairs found, and so the
/// contacts made and their order, are the same as on one thread.
final class BroadPhasePoolTests: XCTestCase {
    /// Pairs, in contact order, of a grid of touching boxes whose proxies were all just made.
    func freshGridPairs(workers: Int) -> (pairs: [UInt64], moved: Int) {
        let world = World(gravity: Vec2(0, 10), stepMode: .sequentialImpulse)
        if workers > 1 { world.workerCount = workers }
        _ = makeGround(world, y: 4)
        // 30 x 30 boxes 10 cm apart, half-width 5.5 cm: each touches its neighbours' fat boxes.
        for i in 0..<900 { _ = makeBox(world, center: Vec2(0.1 * Double(i % 30), 1 + 0.1 * Double(i / 30)), half: 0.055) }
        let moved = world.moveBuffer.count
        world.updatePairs()
        return (world.contacts.map(\.key), moved)
    }

    func testPairsOfManyMovedProxiesComeInOneThreadsOrder() {
        let one = freshGridPairs(workers: 1), two = freshGridPairs(workers: 2)
        XCTAssertGreaterThanOrEqual(two.moved, 900, "every box queried: the pool's path, not the small one")
        // Each inner box overlaps 8 neighbours: about 4 pairs per box, each found once.
        XCTAssertGreaterThan(one.pairs.count, 3000)
        XCTAssertEqual(Set(one.pairs).count, one.pairs.count, "no pair made twice")
        XCTAssertEqual(two.pairs, one.pairs)
    }

    func testAFallingRainMakesTheSameContactsInTheSameOrderOnTwoWorkers() {
        let one = makeSequentialRain(count: 600, workers: 1), two = makeSequentialRain(count: 600, workers: 2)
        var most = 0
        for _ in 0..<150 {
            one.step(1.0 / 120); two.step(1.0 / 120)
            most = max(most, one.contacts.count)
            XCTAssertEqual(two.contacts.map(\.key), one.contacts.map(\.key))
        }
        XCTAssertGreaterThan(most, 1000, "the rain landed: pairs were found while it fell and piled")
    }
}
