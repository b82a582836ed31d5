import XCTest
@testable import Dynamics

/// A sequential step that keeps the last step's layout (same constraints, bodies, point
/// counts and cut) steps exactly as one that lays its constraints out afresh: a landing rain
/// whose contacts come and go, stepped beside a copy whose cache is dropped before every
/// step, has the same state bit for bit all along, on one worker and on two.
final class SequentialLayoutCacheTests: XCTestCase {
    func testAKeptLayoutStepsExactlyAsAFreshOne() {
        for workers in [1, 2] {
            let kept = makeSequentialRain(count: 400, workers: workers)
            let fresh = makeSequentialRain(count: 400, workers: workers)
            assertStepsInLockstep(kept, fresh, steps: 720, dt: 1.0 / 120, every: 30, "workers \(workers)") {
                $0.sequentialLayoutCache.invalidate()
            }
            // Both ways were taken: layouts kept in the pile, made while it lands and shifts.
            assertCacheTookBothWays(kept, fresh, atLeast: 100, "workers \(workers)") {
                ($0.sequentialLayoutCache.kept, $0.sequentialLayoutCache.made)
            }
            // In regions (the rain's constraints pass the threshold once it lands).
            XCTAssertEqual(kept.sequentialGroupCount, 3)
        }
    }
}

/// What the cache compares: right after a step it holds the step's own inputs; a change of any
/// one of them (the cut of a body, a point count, a constraint's body, the constraint list, a
/// moving body, the body count's worth of dummies) makes it a miss.
final class SequentialLayoutCacheKeyTests: XCTestCase {
    func testEachInputOfTheLayoutIsCompared() {
        let world = makeSequentialRain(count: 400)
        for _ in 0..<480 { world.step(1.0 / 120) }
        let cut = world.sequentialGroupCount == 3
        XCTAssertTrue(cut, "the landed rain is cut in regions")
        let cache = world.sequentialLayoutCache
        XCTAssertTrue(cache.holds(world, cut: cut), "a step's own inputs")
        XCTAssertFalse(cache.holds(world, cut: !cut), "the cut made or not")

        let body = world.batchBodies[world.batchBodies.count / 2]
        world.bodyRegions[body] ^= 1
        XCTAssertFalse(cache.holds(world, cut: cut), "a body on the other side of the cut")
        world.bodyRegions[body] ^= 1

        world.sequentialPointCounts[7] = world.sequentialPointCounts[7] == 1 ? 2 : 1
        XCTAssertFalse(cache.holds(world, cut: cut), "a point count")
        world.sequentialPointCounts[7] = world.sequentialPointCounts[7] == 1 ? 2 : 1

        let pair = world.candidateBodies[3]
        world.candidateBodies[3] = ColoredPair(a: pair.b, b: pair.a)
        XCTAssertFalse(cache.holds(world, cut: cut), "a constraint's bodies")
        world.candidateBodies[3] = pair

        world.sequentialWork.swapAt(0, 1)
        XCTAssertFalse(cache.holds(world, cut: cut), "the constraints' order")
        world.sequentialWork.swapAt(0, 1)

        let moving = world.batchBodies.removeLast()
        XCTAssertFalse(cache.holds(world, cut: cut), "the moving bodies")
        world.batchBodies.append(moving)

        XCTAssertTrue(cache.holds(world, cut: cut), "all restored")
        var dropped = cache
        dropped.invalidate()
        XCTAssertFalse(dropped.holds(world, cut: cut), "dropped")
    }
}
