import Foundation
import XCTest
@testable import Dynamics

/// Sleeping, events, filtering, hooks and body types at the engine level.
final class EngineFeatureTests: XCTestCase {
    /// A 0.5 m box resting on the ground, stepped 2 s: the world, the box and the first step
    /// at which it slept (nil: never). `wakingWhileAwake` wakes it before every step it is awake.
    func restingBox(wakingWhileAwake: Bool = false) -> (World, BodyID, sleptAt: Int?) {
        let world = World(gravity: Vec2(0, 10))
        _ = makeGround(world)
        let box = makeBox(world, center: Vec2(0, -0.25), half: 0.25)
        var sleptAt: Int?
        for k in 0..<120 {
            if wakingWhileAwake && world.isAwake(box) { world.wake(box) }
            world.step(1.0 / 60)
            if sleptAt == nil && !world.isAwake(box) { sleptAt = k }
        }
        return (world, box, sleptAt)
    }

    func testRestingBodySleepsAndAnImpactWakesIt() {
        let (world, box, sleptAt) = restingBox()
        XCTAssertNotNil(sleptAt)
        XCTAssertLessThan(sleptAt!, 60, "asleep within 1 s of resting")
        XCTAssertTrue(world.isAtRest)
        // A falling box lands on it: the sleeper wakes.
        _ = makeBox(world, center: Vec2(0, -2), half: 0.25)
        var woke = false
        for _ in 0..<60 { world.step(1.0 / 60); if world.isAwake(box) { woke = true } }
        XCTAssertTrue(woke)
        // With sleeping off nothing sleeps.
        let awake = World(gravity: Vec2(0, 10))
        awake.enableSleep = false
        _ = makeGround(awake)
        let b = makeBox(awake, center: Vec2(0, -0.25), half: 0.25)
        for _ in 0..<120 { awake.step(1.0 / 60) }
        XCTAssertTrue(awake.isAwake(b))
    }

    /// Box2D's SetAwake(true) on an awake body keeps its rest timer: waking a resting box every
    /// step (as time-of-impact events and removed contacts do) must not keep it awake for ever.
    func testWakingAnAwakeBodyKeepsItsRestTimer() {
        let (_, _, sleptAt) = restingBox(wakingWhileAwake: true)
        XCTAssertNotNil(sleptAt, "a resting box falls asleep although it is woken while awake")
        XCTAssertLessThan(sleptAt ?? 999, 60)
    }

    func testContactEventsBeganOnceEndedOnceWithAPoint() {
        let world = World(gravity: Vec2(0, 10))
        _ = makeGround(world, restitution: 0.6)
        let box = makeBox(world, center: Vec2(0, -1), half: 0.25, restitution: 0.6, fixedRotation: true)
        var began: [ContactBeginEvent] = [], ended = 0
        for _ in 0..<60 {
            world.step(1.0 / 60)
            began += world.contactBeginEvents
            ended += world.contactEndEvents.count
        }
        XCTAssertGreaterThanOrEqual(began.count, 2, "bounces")
        XCTAssertEqual(began.count, ended + (world.touchingContactCount > 0 ? 1 : 0))
        XCTAssertEqual(began[0].point.y, 0, accuracy: 0.01, "on the ground line")
        XCTAssertEqual(began[0].point.x, 0, accuracy: 0.26)
        _ = box
    }

    func testThePairFilterOfTheLayerAboveKeepsPairsApart() {
        // The layer above can veto a pair: the upper box falls through the lower one.
        let w2 = World(gravity: Vec2(0, 10))
        _ = makeGround(w2)
        let a = makeBox(w2, center: Vec2(0, -0.25), half: 0.25)
        let b = makeBox(w2, center: Vec2(0, -1), half: 0.25)
        w2.contactFilter = { s1, s2 in
            let bodies = Set([w2.body(of: s1), w2.body(of: s2)])
            return bodies != Set([a, b]) ? .solid : .none
        }
        for _ in 0..<90 { w2.step(1.0 / 60) }
        XCTAssertEqual(w2.position(b).y, -0.25, accuracy: 0.01)
    }

    /// Filter groups: the broad phase offers a pair to the pair filter only when its shapes
    /// share a group bit, and a shape in no group meets nothing; the filter is never asked
    /// about the others (the layer above's filter is a call per pair, asked again each time a
    /// proxy moves, and thousands of packed items outside every collision behavior made steps
    /// grow slower and slower).
    func testFilterGroupsDecideWhichPairsTheFilterIsAskedAbout() {
        let world = World(gravity: .zero)
        // Four boxes stacked on one spot, every pair overlapping.
        let bodies = (0..<4).map { _ in makeBox(world, center: .zero, half: 0.25) }
        let shapes = bodies.map { world.shapes(of: $0)[0] }
        let groups: [UInt64] = [0b01, 0b01, 0b10, 0]
        for (s, g) in zip(shapes, groups) { world.setFilterGroups(s, g); world.refilter(s) }
        var asked = Set<[Int]>()
        world.contactFilter = { a, b in
            asked.insert([a.index, b.index].sorted())
            return .solid
        }
        for _ in 0..<10 { world.step(1.0 / 60) }
        XCTAssertEqual(asked, [[shapes[0].index, shapes[1].index].sorted()], "only the pair that shares a group")
        XCTAssertEqual(world.contacts.count, 1, "one contact")
        // A shape given every group meets the first three, not the one in none.
        world.setFilterGroups(shapes[3], .max)
        world.refilter(shapes[3])
        world.step(1.0 / 60)
        XCTAssertEqual(asked.count, 4, "the first pair and the three of the fourth box: \(asked)")
        XCTAssertEqual(world.contacts.count, 4)
        // Out of every group again: refiltered, its contacts go and no new one comes.
        world.setFilterGroups(shapes[3], 0)
        world.refilter(shapes[3])
        for _ in 0..<5 { world.step(1.0 / 60) }
        XCTAssertEqual(world.contacts.count, 1)
    }

    func testForcesAndKinematicBodies() {
        let world = World(gravity: .zero)
        let b = makeBox(world, center: .zero, half: 0.5) // 1 kg
        // A force applied before each step (as fields do) accelerates at F / m. The solver
        // keeps velocities in single precision (as Box2D does): 240 sub-steps of accumulation
        // stay within a few parts per million.
        for _ in 0..<60 { world.applyForceToCenter(b, Vec2(2, 0)); world.step(1.0 / 60) }
        XCTAssertEqual(world.linearVelocity(b).x, 2, accuracy: 1e-5)
        for _ in 0..<60 { world.step(1.0 / 60) }
        XCTAssertEqual(world.linearVelocity(b).x, 2, accuracy: 1e-5)
        // A kinematic body moves at its velocity and pushes dynamic ones, unaffected by them.
        var kd = BodyDef(); kd.type = .kinematic; kd.position = Vec2(-2, 0)
        let k = world.createBody(kd)
        world.createShape(k, .polygon(.box(halfWidth: 0.5, halfHeight: 0.5)))
        world.setLinearVelocity(k, Vec2(1, 0))
        let target = makeBox(world, center: Vec2(0, 3), half: 0.25)
        world.setTransform(k, position: Vec2(-2, 3), angle: 0)
        for _ in 0..<120 { world.step(1.0 / 60) }
        XCTAssertEqual(world.linearVelocity(k).x, 1, accuracy: 1e-12)
        XCTAssertGreaterThan(world.position(target).x, 0.5, "pushed along")
    }

    func testLinearDampingLaw() {
        let world = World(gravity: .zero)
        let b = makeBox(world, center: .zero, half: 0.5)
        world.setLinearDamping(b, 2)
        world.setLinearVelocity(b, Vec2(1, 0))
        world.step(1.0 / 60)
        // v /= 1 + h c per sub-step, four sub-steps.
        XCTAssertEqual(world.linearVelocity(b).x, pow(1 / (1 + (1.0 / 240) * 2), 4), accuracy: 1e-6) // single-precision state
    }
}

/// Regression: a velocity set far beyond the speed cap (an instantaneous push on a
/// feather-light item) used to enter the contact preparation uncapped; restitution then
/// bounced at that speed and fed itself, step after step, up to 10^36 rad/s.
final class SpeedCapTests: XCTestCase {
    func testHugeSetVelocityIsCappedAndRestitutionCannotFeedOnIt() {
        let world = World(gravity: Vec2(0, 10))
        _ = makeGround(world, restitution: 1)
        let b = makeBox(world, center: Vec2(0, -0.06), half: 0.05, restitution: 1)
        world.setLinearVelocity(b, Vec2(0, 1e6)) // straight into the ground
        var fastest = 0.0
        for _ in 0..<120 {
            world.step(1.0 / 60)
            fastest = max(fastest, world.linearVelocity(b).length)
            XCTAssertTrue(world.position(b).x.isFinite && world.position(b).y.isFinite)
        }
        // A perfect bounce of the capped speed may leave up to the cap, never more.
        XCTAssertLessThanOrEqual(fastest, EngineConstants.maxLinearSpeed * 1.01)
        XCTAssertLessThan(abs(world.angularVelocity(b)), 1000)
    }
}

/// A body whose state turns non-finite is frozen where it was and reported, in body order,
/// whatever the worker count (the freeze runs on the stepping thread after the parallel
/// write-back).
final class NonFiniteBodyTests: XCTestCase {
    func testANonFiniteBodyIsFrozenAndReportedForOneAndTwoWorkers() {
        for workers in [1, 2] {
            let (world, boxes) = Workloads.pyramid(base: 30)
            world.workerCount = workers
            // A box in the air far from the pyramid, so nothing it touches inherits its NaN.
            var bd = BodyDef(); bd.position = Vec2(100, -50)
            let loose = world.createBody(bd)
            world.createShape(loose, .polygon(.box(halfWidth: 0.5, halfHeight: 0.5)), ShapeDef())
            world.step(1.0 / 60)
            let start = world.position(loose)
            world.setLinearVelocity(loose, Vec2(.nan, 0))
            world.nonFiniteBodies.removeAll()
            world.step(1.0 / 60)
            XCTAssertEqual(world.nonFiniteBodies, [loose.index], "workers \(workers)")
            // Frozen where the bad step began, at rest; the pyramid steps on unharmed.
            XCTAssertEqual(world.position(loose), start)
            XCTAssertEqual(world.linearVelocity(loose), .zero)
            // Its broad-phase box (made after the freeze, not in the write-back) holds the
            // 1 m box where it stays, and is finite.
            let fat = world.shapes[world.bodyShapes[loose.index][0]].fatAABB
            XCTAssertTrue(fat.lower.x.isFinite && fat.lower.y.isFinite && fat.upper.x.isFinite && fat.upper.y.isFinite)
            XCTAssertLessThanOrEqual(fat.lower.x, start.x - 0.5); XCTAssertGreaterThanOrEqual(fat.upper.x, start.x + 0.5)
            XCTAssertLessThanOrEqual(fat.lower.y, start.y - 0.5); XCTAssertGreaterThanOrEqual(fat.upper.y, start.y + 0.5)
            for b in boxes { XCTAssertTrue(world.position(b).x.isFinite && world.position(b).y.isFinite) }
        }
    }
}

/// Continuous collision of the soft step against static shapes.
final class ContinuousCollisionTests: XCTestCase {
    /// A 0.2 m box shot at 120 m/s at a 0.1 m wall 1 m away (2 m a step): with continuous
    /// collision it is moved back to the wall's face in that step, for one and two workers;
    /// without, it passes through. A slow box beside it is not swept at all.
    func testAFastBodyIsSweptToTheWallAndASlowOneIsLeftAlone() {
        func shoot(continuous: Bool, workers: Int) -> (fast: Double, slow: Double) {
            let world = World(gravity: .zero)
            world.enableContinuous = continuous
            world.workerCount = workers
            world.tunesWorkers = false
            var wd = BodyDef(); wd.type = .staticBody
            let wall = world.createBody(wd)
            world.createShape(wall, .polygon(.box(halfWidth: 0.05, halfHeight: 5, center: Vec2(1, 0))), ShapeDef())
            let fast = makeBox(world, center: Vec2(0, 0), half: 0.1)
            let slow = makeBox(world, center: Vec2(0, 2), half: 0.1)
            world.setLinearVelocity(fast, Vec2(120, 0))
            world.setLinearVelocity(slow, Vec2(3, 0)) // 5 cm a step: not swept
            world.step(1.0 / 60)
            return (world.position(fast).x, world.position(slow).x)
        }
        for workers in [1, 2] {
            let swept = shoot(continuous: true, workers: workers)
            // The wall's near face is at 0.95; the box's center stops within a few mm of 0.85.
            XCTAssertEqual(swept.fast, 0.85, accuracy: 0.02, "workers \(workers)")
            XCTAssertEqual(swept.slow, 3.0 / 60, accuracy: 1e-9, "workers \(workers)")
        }
        XCTAssertGreaterThan(shoot(continuous: false, workers: 1).fast, 1.5, "without the sweep it tunnels")
    }
}

/// Continuous collision of the sequential (UIKit) step: a dynamic body is swept against static
/// and kinematic geometry only, as Box2D 2.2 sweeps bodies that are not bullets. Whether a
/// contact takes part is decided when the contact is made, so a body's type change must make
/// its contacts again.
final class SequentialContinuousCollisionTests: XCTestCase {
    /// A box 5 cm in front of a 0.1 m wall, then shot at it at 300 m/s (2 m a step, Box2D
    /// 2.2's cap): the pair's contact exists before the wall changes type. Both have Box2D
    /// 2.2's polygon skin of 1 cm, as UIKit items do (the sweep stops a pair at a core
    /// distance inside the skins, where the narrow phase finds it touching).
    private func shoot(wallBecomesStatic: Bool) -> (x: Double, contactBefore: Bool) {
        let world = World(gravity: .zero, stepMode: .sequentialImpulse)
        var sd = ShapeDef(); sd.skinRadius = 0.01
        var wd = BodyDef(); wd.position = Vec2(1, 0)
        let wall = world.createBody(wd)
        world.createShape(wall, .polygon(.box(halfWidth: 0.05, halfHeight: 2)), sd)
        var bd = BodyDef(); bd.position = Vec2(0.8, 0)
        let box = world.createBody(bd)
        world.createShape(box, .polygon(.box(halfWidth: 0.1, halfHeight: 0.1)), sd)
        world.step(1.0 / 120)
        let pair = Set([wall.index, box.index])
        let contactBefore = world.contacts.contains { Set([$0.bodyA, $0.bodyB]) == pair }
        if wallBecomesStatic { world.setBodyType(wall, .staticBody) }
        world.setLinearVelocity(box, Vec2(300, 0))
        world.step(1.0 / 120)
        return (world.position(box).x, contactBefore)
    }

    func testAWallMadeStaticStopsABodyWhoseContactWithItBeganWhileItWasDynamic() {
        let stopped = shoot(wallBecomesStatic: true)
        XCTAssertTrue(stopped.contactBefore, "the pair's contact began while both were dynamic")
        // The wall's near face is at 0.95: the box's center stops 0.1 m before it.
        XCTAssertEqual(stopped.x, 0.85, accuracy: 0.02)
        // Two dynamic bodies are not swept (no bullets): the box jumps the 2 m through.
        let passed = shoot(wallBecomesStatic: false)
        XCTAssertTrue(passed.contactBefore)
        XCTAssertEqual(passed.x, 0.8 + 2, accuracy: 1e-6)
    }
}

/// The sequential step's sleep clocks while sleeping is off: held at zero (and, once all are,
/// not written at all), so that turning sleeping on counts each body's rest from zero.
final class SleepClockTests: XCTestCase {
    func testClocksStayAtZeroWhileSleepingIsOffAndCountFromZeroWhenItIsOn() {
        let dt = Double(Float(1.0 / 120))
        let world = World(gravity: Vec2(0, 10), stepMode: .sequentialImpulse)
        world.enableSleep = false
        _ = makeGround(world)
        let box = makeBox(world, center: Vec2(0, -0.25), half: 0.25)
        for _ in 0..<240 {
            world.step(dt)
            XCTAssertEqual(world.bodies[box.index].sleepTime, 0)
        }
        XCTAssertTrue(world.sleepClocksAtZero)
        XCTAssertLessThan(world.bodies[box.index].linearVelocity.length, 0.01, "the box rests")
        world.enableSleep = true
        var expected = 0.0
        for step in 1...30 {
            world.step(dt)
            expected += dt
            XCTAssertEqual(world.bodies[box.index].sleepTime, expected, "step \(step) after sleeping was turned on")
        }
        XCTAssertFalse(world.sleepClocksAtZero)
        // Off again: the next step zeroes the clock.
        world.enableSleep = false
        world.step(dt)
        XCTAssertEqual(world.bodies[box.index].sleepTime, 0)
    }
}
