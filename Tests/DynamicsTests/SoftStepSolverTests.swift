import XCTest
@testable import Dynamics

/// What the soft step's contact solver does in each pass, read off its batches: friction is
/// solved in the relax pass only (Box2D v3 since its April 2026 optimizations), and the
/// block solve of a landing's two points and the approach-speed recording are there only
/// for contacts that bounce.
final class SoftStepSolverTests: XCTestCase {
    /// The batch lane holding the contact between `body` and anything else.
    private func lane(of body: BodyID, in world: World) -> (batch: Int, lane: Int)? {
        for (b, batch) in world.batches.enumerated() {
            for lane in 0..<4 where batch.contact[lane] >= 0 {
                let c = world.contacts[Int(batch.contact[lane])]
                if c.bodyA == body.index || c.bodyB == body.index { return (b, lane) }
            }
        }
        return nil
    }

    /// A box sliding on the ground at 2 m/s (friction 0.6 on both, so 0.6 combined): after a
    /// step, a biased pass leaves the tangent impulses where they were and moves the normal
    /// ones; the relax pass then clamps the sliding box's friction at 0.6 times the normal
    /// impulse.
    func testFrictionIsSolvedInTheRelaxPassOnly() throws {
        let world = World(gravity: Vec2(0, 10))
        _ = makeGround(world, y: 0)
        let box = makeBox(world, center: Vec2(0, -0.25), half: 0.25)
        world.setLinearVelocity(box, Vec2(2, 0))
        world.step(1.0 / 60)
        world.step(1.0 / 60)
        let (b, l) = try XCTUnwrap(lane(of: box, in: world), "the box touches the ground")
        // Push the box into the ground and along it, so both passes have work to do.
        let i = box.index
        world.states[i].vx = 2
        world.states[i].vy = 0.5
        let before = world.batches[b]
        world.solveContacts(h: 1.0 / 240, useBias: true)
        let biased = world.batches[b]
        XCTAssertEqual(biased.p0.tangentImpulse[l], before.p0.tangentImpulse[l], "no friction in the biased pass")
        XCTAssertEqual(biased.p1.tangentImpulse[l], before.p1.tangentImpulse[l], "no friction in the biased pass")
        XCTAssertNotEqual(biased.p0.normalImpulse[l], before.p0.normalImpulse[l], "the normal rows are solved")

        world.states[i].vx = 2
        world.solveContacts(h: 1.0 / 240, useBias: false)
        let relaxed = world.batches[b]
        for (name, p) in [("p0", relaxed.p0), ("p1", relaxed.p1)] {
            // Sliding: each point's friction sits at its bound, mu times its normal impulse,
            // against the motion (+x for B = box when the ground is A, -x the other way).
            XCTAssertGreaterThan(p.normalImpulse[l], 0, name)
            XCTAssertEqual(abs(p.tangentImpulse[l]), 0.6 * p.normalImpulse[l], accuracy: 1e-6 * p.normalImpulse[l], name)
        }
    }

    /// Two boxes hovering 12 mm over the ground, one bouncy (restitution 0.5), one not: their
    /// contacts are speculative (an open gap). Only the bouncy one records approach speeds and
    /// may solve its two points as a block.
    func testOnlyBouncingContactsRecordApproachesAndSolveLandingsAsABlock() throws {
        let world = World(gravity: Vec2(0, 10))
        _ = makeGround(world, y: 0, restitution: 0)
        let dull = makeBox(world, center: Vec2(-1, -0.262), half: 0.25, restitution: 0)
        let bouncy = makeBox(world, center: Vec2(1, -0.262), half: 0.25, restitution: 0.5)
        world.step(1.0 / 60)
        world.step(1.0 / 60)
        let d = try XCTUnwrap(lane(of: dull, in: world), "a speculative contact under the dull box")
        let s = try XCTUnwrap(lane(of: bouncy, in: world), "a speculative contact under the bouncy box")
        let dullBatch = world.batches[d.batch], bouncyBatch = world.batches[s.batch]
        // Restitution mixes as the larger of the two: 0.5 for the bouncy box on the ground.
        XCTAssertEqual(bouncyBatch.restitution[s.lane], 0.5)
        XCTAssertEqual(dullBatch.restitution[d.lane], 0)
        XCTAssertEqual(bouncyBatch.p0.recordable[s.lane], 1, "an open gap records its approach")
        XCTAssertEqual(bouncyBatch.p1.recordable[s.lane], 1)
        XCTAssertEqual(bouncyBatch.blockable[s.lane], 1, "a flat landing of a bouncy box is solved as a block")
        XCTAssertEqual(dullBatch.p0.recordable[d.lane], 0, "nothing to record without restitution")
        XCTAssertEqual(dullBatch.p1.recordable[d.lane], 0)
        XCTAssertEqual(dullBatch.accelN[d.lane], 0)
        XCTAssertEqual(dullBatch.blockable[d.lane], 0, "without restitution the points are solved one after the other")
    }
}
