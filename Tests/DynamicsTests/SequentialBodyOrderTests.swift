import XCTest
@testable import Dynamics

/// The sequential step's per-body bookkeeping on two threads: the awake bodies listed region
/// by region (`regionOrderedBodies`, which the body loops split between the threads), the
/// constraint listing made on the pool (`candidateBodies`, `sequentialPointCounts`,
/// `batchBodies`), and the continuous collision's per-contact flags (`impactFlags`), each
/// checked step after step against what the test works out itself from the world's bodies
/// and contacts.
final class SequentialBodyOrderTests: XCTestCase {
    private let dt = Double(Float(1.0 / 120))

    /// A rain with a kinematic paddle sweeping through it: a moving body without mass, which
    /// takes part in the velocity passes but takes no graph color.
    private func rainWithPaddle(workers: Int) -> (World, BodyID) {
        let world = makeSequentialRain(count: 600, workers: workers)
        var kd = BodyDef(); kd.type = .kinematic; kd.position = Vec2(3.2, 3.3)
        let paddle = world.createBody(kd)
        world.createShape(paddle, .polygon(.box(halfWidth: 0.8, halfHeight: 0.05)), ShapeDef())
        world.setLinearVelocity(paddle, Vec2(0.6, 0))
        return (world, paddle)
    }

    func testAwakeBodiesAreListedRegionByRegion() {
        let (world, _) = rainWithPaddle(workers: 2)
        var checked = 0, split = 0
        for step in 1...300 {
            // The order comes from the regions the last step cut.
            let regions = world.bodyRegions
            world.step(dt)
            guard step % 10 == 0 else { continue }
            let order = world.regionOrderedBodies
            XCTAssertEqual(order.sorted(), world.awakeBodies.sorted(), "step \(step): not the awake bodies")
            XCTAssertEqual(Set(order).count, order.count, "step \(step): a body listed twice")
            guard regions.count >= world.bodies.count else { continue }
            checked += 1
            let firstOther = order.firstIndex { regions[$0] != 0 } ?? order.count
            XCTAssertTrue(order[..<firstOther].allSatisfy { regions[$0] == 0 }, "step \(step)")
            XCTAssertTrue(order[firstOther...].allSatisfy { regions[$0] != 0 }, "step \(step): region 0 after another")
            if firstOther > 0 && firstOther < order.count { split += 1 }
        }
        XCTAssertGreaterThan(checked, 20)
        XCTAssertGreaterThan(split, 20, "the pile was never in two regions")
    }

    func testTheConstraintListingIsWhatTheContactsAndBodiesSay() {
        for workers in [1, 2] {
            let (world, paddle) = rainWithPaddle(workers: workers)
            var kinematicListed = 0
            for step in 1...240 {
                world.step(dt)
                guard step % 8 == 0 else { continue }
                let bodies = world.bodies, contacts = world.contacts
                func colored(_ i: Int) -> Bool { bodies[i].type == .dynamic && bodies[i].isAwake }
                func moves(_ i: Int) -> Bool {
                    (colored(i) && (bodies[i].invMass > 0 || bodies[i].invI > 0)) || (bodies[i].type == .kinematic && bodies[i].isAwake)
                }
                let work = world.sequentialWork.map { contacts[Int($0)] }
                XCTAssertEqual(world.candidateBodies.map { [Int($0.a), Int($0.b)] },
                               work.map { [colored($0.bodyA) ? $0.bodyA : -1, colored($0.bodyB) ? $0.bodyB : -1] }, "step \(step)")
                XCTAssertEqual(world.sequentialPointCounts.map(Int.init), work.map { $0.manifold.count }, "step \(step)")
                // Every moving body of a listed constraint once, in the body loops' order.
                let touched = Set(work.flatMap { [$0.bodyA, $0.bodyB] }.filter(moves))
                XCTAssertEqual(world.batchBodies, world.regionOrderedBodies.filter { touched.contains($0) }, "step \(step), \(workers) workers")
                if touched.contains(paddle.index) { kinematicListed += 1 }
                // The marks are cleared for the next step.
                XCTAssertFalse(world.constrained.contains(true), "step \(step)")
            }
            XCTAssertGreaterThan(kinematicListed, 5, "the paddle never touched the rain")
        }
    }

    /// The flags move with their contacts when separated pairs are dropped (the narrow phase's
    /// compaction), when a body's removal takes its contacts, and as contacts are made.
    func testImpactFlagsFollowTheirContacts() {
        let (world, paddle) = rainWithPaddle(workers: 2)
        var dropped = 0, removedWithBody = 0
        for step in 1...300 {
            let before = world.contacts.count
            if step == 200 {
                // A body in the pile goes, and its contacts with it (ended events, wakes).
                let doomed = world.contacts.first { world.bodies[$0.bodyA].type == .dynamic && $0.touching }!.bodyA
                let theirs = world.contacts.filter { $0.bodyA == doomed || $0.bodyB == doomed }.count
                world.destroyBody(BodyID(index: doomed))
                removedWithBody = theirs
                XCTAssertEqual(world.contacts.count, before - theirs)
            }
            if step == 260 { world.setLinearVelocity(paddle, Vec2(0, -1.5)) }
            world.step(dt)
            if world.contacts.count < before { dropped += 1 }
            let expected = world.contacts.map {
                $0.solid && (world.bodies[$0.bodyA].type == .dynamic) != (world.bodies[$0.bodyB].type == .dynamic)
            }
            XCTAssertEqual(world.impactFlags, expected, "step \(step)")
        }
        XCTAssertGreaterThan(dropped, 20, "no step dropped contacts")
        XCTAssertGreaterThan(removedWithBody, 0)
        XCTAssertTrue(world.impactFlags.contains(true))
    }
}
