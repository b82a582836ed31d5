import XCTest
@testable import Dynamics

/// A soft step that keeps the last step's choice of constraints (same candidate scan, same body
/// count) steps exactly as one that chooses afresh: a pile that lands, whose contacts come and
/// go and then rest, stepped beside a copy whose cache is dropped before every step, has the
/// same state bit for bit all along, on one worker and on two.
final class ConstraintChoiceCacheTests: XCTestCase {
    func testAKeptChoiceStepsExactlyAsAFreshOne() {
        for workers in [1, 2] {
            let kept = Workloads.pile(count: 400).0
            let fresh = Workloads.pile(count: 400).0
            for world in [kept, fresh] where workers > 1 {
                world.workerCount = workers
                world.tunesWorkers = false // every step on the pool
            }
            assertStepsInLockstep(kept, fresh, steps: 480, dt: 1.0 / 60, every: 20, "workers \(workers)") {
                $0.constraintChoiceCache.invalidate()
            }
            // Both ways were taken: choices made while the pile lands, kept once it rests.
            assertCacheTookBothWays(kept, fresh, atLeast: 50, "workers \(workers)") {
                ($0.constraintChoiceCache.kept, $0.constraintChoiceCache.made)
            }
        }
    }
}

/// What the cache compares: right after a step it holds the step's own scan; a change of any
/// entry's kind or bodies, of the contact count or of the body count makes it a miss, and so
/// does a coloring of the sequential step (which writes the same colors).
final class ConstraintChoiceCacheKeyTests: XCTestCase {
    func testEachInputOfTheChoiceIsCompared() {
        let world = Workloads.pile(count: 400).0
        for _ in 0..<240 { world.step(1.0 / 60) }
        let count = world.contacts.count
        let cache = world.constraintChoiceCache
        XCTAssertTrue(cache.holds(world, contactCount: count), "a step's own scan")
        XCTAssertFalse(cache.holds(world, contactCount: count - 1), "a contact fewer")

        guard let k = world.candidateScan[0..<count].firstIndex(where: { $0.kind == .touching }) else {
            return XCTFail("the landed pile has touching contacts")
        }
        let entry = world.candidateScan[k]
        world.candidateScan[k].kind = .candidate
        XCTAssertFalse(cache.holds(world, contactCount: count), "a touching contact no longer touching")
        world.candidateScan[k] = entry

        world.candidateScan[k].colored = ColoredPair(a: entry.colored.b, b: entry.colored.a)
        XCTAssertFalse(cache.holds(world, contactCount: count), "a candidate's colored bodies")
        world.candidateScan[k] = entry

        world.candidateScan[k].bodyB += 1
        XCTAssertFalse(cache.holds(world, contactCount: count), "a candidate's bodies")
        world.candidateScan[k] = entry

        XCTAssertTrue(cache.holds(world, contactCount: count), "all restored")
        var dropped = cache
        dropped.invalidate()
        XCTAssertFalse(dropped.holds(world, contactCount: count), "dropped")

        _ = world.colorConstraints()
        XCTAssertFalse(world.constraintChoiceCache.holds(world, contactCount: count), "the sequential step colored")
    }

    /// The scan has no padding: every byte `holds` compares is a field the scan writes.
    func testTheScanEntryIsAllFields() {
        XCTAssertEqual(MemoryLayout<CandidateScan>.size, 1 + 3 + 4 + 4 + 2 * 4)
        XCTAssertEqual(MemoryLayout<CandidateScan>.stride, MemoryLayout<CandidateScan>.size)
    }
}
