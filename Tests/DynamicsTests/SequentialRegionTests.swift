import XCTest
@testable import Dynamics

/// The sequential step's regions (World+SequentialRegions): from 256 constraints on, the
/// moving bodies are cut in two at their median along the axis they spread widest, and each
/// constraint belongs to the region of its moving bodies or to the seam. What makes running
/// the two regions side by side give the states of running them one after the other is
/// checked here from the step's own data, step after step: no moving body in both regions, a
/// seam constraint with a body on each side, each group colored greedily on its own, the lanes
/// laid out group after group, the velocity slots of the two regions (and their dummies) on
/// cache lines of their own; and a heap stepped on one and on two workers ends bit-identical.
final class SequentialRegionTests: XCTestCase {
    private let colors = 24
    private let dt = Double(Float(1.0 / 120))

    private func rain(count: Int, workers: Int = 1) -> World { makeSequentialRain(count: count, workers: workers) }

    private func greedy(_ pairs: [(Int, Int)]) -> [Int] { greedyColoring(pairs, colors: colors) }

    func testRegionsShareNoMovingBodyAndAreLaidOutGroupAfterGroup() {
        let world = rain(count: 600)
        var grouped = 0, seamTotal = 0, constraintTotal = 0
        for step in 1...360 {
            world.step(dt)
            guard step % 20 == 0, world.candidateBodies.count >= World.sequentialRegionThreshold else { continue }
            XCTAssertEqual(world.sequentialGroupCount, 3, "step \(step)")
            guard world.sequentialGroupCount == 3 else { continue }
            grouped += 1
            let pairs = world.candidateBodies.map { (Int($0.a), Int($0.b)) }
            let groups = world.sequentialGroupOf.map(Int.init)
            // Each moving body on one side of the cut: the regions' bodies, and each body of
            // the seam's constraints on the side of its region.
            var side: [Int: Int] = [:]
            for (k, (a, b)) in pairs.enumerated() where groups[k] < 2 {
                for body in [a, b] where body >= 0 {
                    XCTAssertEqual(side[body, default: groups[k]], groups[k], "step \(step): body \(body) in both regions")
                    side[body] = groups[k]
                }
            }
            for (k, (a, b)) in pairs.enumerated() where groups[k] == 2 {
                XCTAssertTrue(a >= 0 && b >= 0, "step \(step): a seam constraint with one moving body")
                let sa = side[a], sb = side[b]
                if let sa, let sb { XCTAssertNotEqual(sa, sb, "step \(step): a seam constraint within a region") }
            }
            // The cut lies at the median: each region holds 40-60% of the moving bodies.
            let moving = Set(pairs.flatMap { [$0.0, $0.1] }.filter { $0 >= 0 })
            let regionShare = Double(moving.filter { side[$0] == 0 }.count) / Double(moving.filter { side[$0] != nil }.count)
            XCTAssertTrue((0.35...0.65).contains(regionShare), "step \(step): region 0 holds \(regionShare)")
            // Each group colored greedily on its own, in constraint order: the two regions share
            // no body, so one pass over both gives each its own coloring; the seam its own.
            let regionConstraints = pairs.indices.filter { groups[$0] < 2 }, seam = pairs.indices.filter { groups[$0] == 2 }
            let colorOf = world.colorOf.map(Int.init)
            XCTAssertEqual(regionConstraints.map { colorOf[$0] }, greedy(regionConstraints.map { pairs[$0] }), "step \(step)")
            XCTAssertEqual(seam.map { colorOf[$0] }, greedy(seam.map { pairs[$0] }), "step \(step)")
            // Lanes group after group: every constraint within its group's color's batches.
            let starts = world.sequentialBatchColorStarts, lanes = world.sequentialLanes.map(Int.init)
            XCTAssertEqual(starts.count, 3 * (colors + 1) + 1)
            XCTAssertEqual(Set(lanes).count, lanes.count, "step \(step): a lane taken twice")
            for k in pairs.indices {
                let layoutColor = groups[k] * (colors + 1) + colorOf[k], batch = lanes[k] / 4
                XCTAssertTrue(starts[layoutColor] <= batch && batch < starts[layoutColor + 1], "step \(step): constraint \(k)")
                if colorOf[k] == colors { XCTAssertEqual(lanes[k] % 4, 0, "an overflow constraint alone in its batch") }
            }
            // Velocity slots: the first region's below the second's, 128 bytes (4 slots) apart,
            // and each region's lanes point at its own dummy, 128 bytes from everything else.
            let slots = world.velocitySlots.map(Int.init)
            let first = side.filter { $0.value == 0 }.map { slots[$0.key] }, second = side.filter { $0.value == 1 }.map { slots[$0.key] }
            XCTAssertGreaterThanOrEqual(second.min()!, first.max()! + 5)
            let batches = world.sequentialBatches
            var regionDummies: [Int] = []
            for region in 0..<2 {
                let range = starts[region * (colors + 1)]..<starts[(region + 1) * (colors + 1)]
                let used = Set(range.flatMap { b in (0..<4).flatMap { [Int(batches[b].bodyA[$0]), Int(batches[b].bodyB[$0])] } })
                let own = Set(region == 0 ? first : second)
                let dummies = used.subtracting(own)
                XCTAssertEqual(dummies.count, 1, "step \(step): region \(region) lanes point at one dummy, not at the other region")
                if let dummy = dummies.first {
                    XCTAssertGreaterThanOrEqual(dummy - second.max()!, 4, "the dummies come after both regions")
                    regionDummies.append(dummy)
                }
            }
            if regionDummies.count == 2 { XCTAssertGreaterThanOrEqual(abs(regionDummies[1] - regionDummies[0]), 4) }
            seamTotal += seam.count
            constraintTotal += pairs.count
        }
        XCTAssertGreaterThan(grouped, 10, "steps cut in regions")
        // A wide heap cut across its width: a thin seam.
        XCTAssertLessThan(Double(seamTotal) / Double(constraintTotal), 0.1)
    }

    func testFewConstraintsKeepOneGroup() {
        let world = rain(count: 60)
        for _ in 0..<240 { world.step(dt) }
        XCTAssertLessThan(world.candidateBodies.count, World.sequentialRegionThreshold)
        XCTAssertGreaterThan(world.candidateBodies.count, 40)
        XCTAssertEqual(world.sequentialGroupCount, 1)
        XCTAssertEqual(world.sequentialBatchColorStarts.count, colors + 2)
    }

    func testRegionsSideBySideGiveTheStatesOfOneThread() {
        let one = rain(count: 600), two = rain(count: 600, workers: 2)
        var grouped = 0
        for step in 1...300 {
            one.step(dt)
            two.step(dt)
            if one.sequentialGroupCount == 3 { grouped += 1 }
            if step % 50 == 0 { XCTAssertEqual(Workloads.stateHash(one), Workloads.stateHash(two), "step \(step)") }
        }
        XCTAssertGreaterThan(grouped, 100)
    }

    /// A body put at a centre that is not a number (from outside, between steps) in a heap cut
    /// in regions: the cut still comes out, the step does not trap, and the rest stays finite.
    func testANonFiniteCentreInAHeapCutInRegions() {
        let world = rain(count: 600)
        for _ in 0..<240 { world.step(dt) }
        XCTAssertEqual(world.sequentialGroupCount, 3)
        let victim = world.bodies.indices.first { world.bodies[$0].type == .dynamic }!
        world.setTransform(BodyID(index: victim), position: Vec2(.nan, .nan), angle: 0)
        for _ in 0..<5 { world.step(dt) }
        let others = world.bodies.indices.filter { $0 != victim && world.bodies[$0].type == .dynamic }
        XCTAssertTrue(others.allSatisfy { world.bodies[$0].center.isFinite })
        XCTAssertEqual(world.sequentialGroupCount, 3)
    }
}
