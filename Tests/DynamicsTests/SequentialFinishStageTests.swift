import XCTest
@testable import Dynamics

/// The finish of the velocity passes (impulses stored into the contacts, bodies integrated)
/// and the first position pass as the last stages of the warm start and iterations' pool job.
final class SequentialFinishStageTests: XCTestCase {
    /// As stages of that job they change no bit of a rain swept by a paddle: the bodies (the
    /// position pass's corrections included) and the impulses every contact keeps for the
    /// next step's warm start, at one and two workers.
    /// (Run inside another access to the batches, the finish once read a copy of them that
    /// held the warm start's impulses, not the solved ones.)
    func testTheFinishStageKeepsTheRainsBits() {
        assertKernelKeepsRainBits { world, on in world.finishesInSolveJob = on }
    }

    /// The stored impulses are the solved ones: in the step a falling box lands, the normal
    /// impulse its contact keeps is the one that changed the box's momentum, m (v0 + g h - v1)
    /// (a finish reading the batches as warm-started stored last step's instead).
    func testTheLandingStepStoresTheImpulseThatStoppedTheFall() {
        for workers in [1, 2] {
            let world = World(gravity: Vec2(0, 10), stepMode: .sequentialImpulse)
            world.enableSleep = false
            if workers > 1 { world.workerCount = workers; world.tunesWorkers = false }
            makeGround(world)
            // A unit box of density 1 (1 kg) falling from rest 2 cm above the ground.
            let box = makeBox(world, center: Vec2(0, -0.52), half: 0.5)
            XCTAssertEqual(world.bodies[box.index].mass, 1, accuracy: 1e-12)
            let h = Double(Float(1.0 / 120))
            var landed = false
            for _ in 0..<60 where !landed {
                let v0 = world.bodies[box.index].linearVelocity.y
                world.step(h)
                let v1 = world.bodies[box.index].linearVelocity.y
                guard v0 > 0.3 && v1 < 0.5 * v0 else { continue }
                landed = true
                let stored = world.contacts.filter(\.touching).reduce(0.0) { sum, c in
                    sum + c.manifold.p0.normalImpulse + (c.manifold.count == 2 ? c.manifold.p1.normalImpulse : 0)
                }
                // (The solver's lanes are single precision.)
                XCTAssertEqual(stored, 1 * (v0 + 10 * h - v1), accuracy: 1e-4 * v0, "\(workers) workers")
            }
            XCTAssertTrue(landed, "\(workers) workers")
        }
    }
}

/// Steps of a world with nothing to solve: no body at all, or bodies without a contact.
final class SequentialEmptyStepTests: XCTestCase {
    func testAWorldWithoutBodiesOrContactsSteps() {
        for workers in [1, 2] {
            let empty = World(gravity: Vec2(0, 10), stepMode: .sequentialImpulse)
            if workers > 1 { empty.workerCount = workers; empty.tunesWorkers = false }
            for _ in 0..<5 { empty.step(1.0 / 120) }
            XCTAssertTrue(empty.bodies.isEmpty)

            let falling = World(gravity: Vec2(0, 10), stepMode: .sequentialImpulse)
            if workers > 1 { falling.workerCount = workers; falling.tunesWorkers = false }
            let box = makeBox(falling, center: .zero, half: 0.5)
            for _ in 0..<12 { falling.step(0.01) }
            // Box2D 2.2's symplectic Euler: v = 12 g h, y = g h^2 (1 + 2 + ... + 12) = 78 g h^2.
            XCTAssertEqual(falling.bodies[box.index].linearVelocity.y, 12 * 10 * 0.01, accuracy: 1e-12, "\(workers) workers")
            XCTAssertEqual(falling.bodies[box.index].center.y, 78 * 10 * 0.01 * 0.01, accuracy: 1e-12, "\(workers) workers")
        }
    }
}
