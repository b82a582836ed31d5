import XCTest
@testable import Dynamics

/// Joints against analytic answers: pendulum period, spring frequency, limits.
final class JointTests: XCTestCase {
    /// Times successive zero crossings of x (velocity sign changes) to get a period.
    private func measurePeriod(steps: Int, dt: Double, sample: () -> Double, step: () -> Void) -> Double {
        var crossings: [Double] = []
        var previous = sample()
        for k in 1...steps {
            step()
            let x = sample()
            if previous < 0 && x >= 0 {
                // Linear interpolation of the crossing time.
                let f = -previous / (x - previous)
                crossings.append((Double(k - 1) + f) * dt)
            }
            previous = x
        }
        guard crossings.count >= 3 else { return .nan }
        return (crossings.last! - crossings.first!) / Double(crossings.count - 1)
    }

    func testPendulumOnRigidDistanceJointMatchesAnalyticPeriod() {
        let world = World(gravity: Vec2(0, 10))
        let length = 2.0
        let theta0 = 0.1
        var def = BodyDef(); def.position = Vec2(length * sin(theta0), length * cos(theta0))
        let bob = world.createBody(def)
        world.createShape(bob, .circle(center: .zero, radius: 0.05))
        let ground = world.groundBody
        world.createJoint(JointDef(kind: .distance, bodyA: ground, bodyB: bob, anchorA: .zero, anchorB: world.position(bob)))
        let dt = 1.0 / 60
        let period = measurePeriod(steps: 60 * 20, dt: dt, sample: { world.position(bob).x }, step: { world.step(dt) })
        // Small-amplitude period with the first amplitude correction.
        let analytic = 2 * Double.pi * (length / 10).squareRoot() * (1 + theta0 * theta0 / 16)
        XCTAssertEqual(period, analytic, accuracy: analytic * 0.01)
        // Rigid: the length holds.
        XCTAssertEqual(world.position(bob).length, length, accuracy: 0.5 * pt)
    }

    func testSoftDistanceSpringOscillatesAtItsFrequency() {
        let world = World(gravity: .zero)
        let hertz = 2.0
        var def = BodyDef(); def.position = Vec2(1.2, 0)
        let b = world.createBody(def)
        world.createShape(b, .polygon(.box(halfWidth: 0.1, halfHeight: 0.1)))
        var jd = JointDef(kind: .distance, bodyA: world.groundBody, bodyB: b, anchorA: .zero, anchorB: Vec2(1.2, 0))
        jd.length = 1.0
        jd.enableSpring = true
        jd.hertz = hertz
        jd.dampingRatio = 0
        jd.maxLength = .greatestFiniteMagnitude
        world.createJoint(jd)
        let dt = 1.0 / 60
        let period = measurePeriod(steps: 60 * 6, dt: dt, sample: { world.position(b).x - 1.0 }, step: { world.step(dt) })
        XCTAssertEqual(1 / period, hertz, accuracy: hertz * 0.05)
    }

    func testRopeNeverExceedsItsLength() {
        let world = World(gravity: Vec2(0, 10))
        var def = BodyDef(); def.position = Vec2(1, 0)
        let b = world.createBody(def)
        world.createShape(b, .polygon(.box(halfWidth: 0.2, halfHeight: 0.2)))
        var jd = JointDef(kind: .distance, bodyA: world.groundBody, bodyB: b, anchorA: .zero, anchorB: Vec2(1, 0))
        jd.length = 1.5
        jd.maxLength = 1.5
        let j = world.createJoint(jd)
        var maxLen = 0.0
        for _ in 0..<600 {
            world.step(1.0 / 60)
            let (a, bb) = world.jointAnchors(j)
            maxLen = max(maxLen, distance(a, bb))
        }
        XCTAssertLessThan(maxLen, 1.5 + 0.5 * pt)
        XCTAssertGreaterThan(maxLen, 1.5 - 1 * pt, "the rope should go taut")
    }

    func testRevoluteLimitsKeepAngleInRange() {
        let world = World(gravity: Vec2(0, 10))
        var def = BodyDef(); def.position = Vec2(0.5, 0)
        let b = world.createBody(def)
        world.createShape(b, .polygon(.box(halfWidth: 0.5, halfHeight: 0.05)))
        var jd = JointDef(kind: .revolute, bodyA: world.groundBody, bodyB: b, anchorA: .zero, anchorB: .zero)
        jd.enableLimit = true
        jd.lower = -0.25
        jd.upper = 0.5
        let j = world.createJoint(jd)
        var maxAngle = -Double.infinity, minAngle = Double.infinity
        for _ in 0..<300 {
            world.step(1.0 / 60)
            maxAngle = max(maxAngle, world.angle(b)); minAngle = min(minAngle, world.angle(b))
            let (pa, pb) = world.jointAnchors(j)
            XCTAssertLessThan(distance(pa, pb), 0.5 * pt, "pin point moved")
        }
        XCTAssertLessThan(maxAngle, 0.5 + 0.02)
        XCTAssertGreaterThan(maxAngle, 0.45, "gravity should swing it to the upper limit")
        XCTAssertGreaterThan(minAngle, -0.25 - 0.02)
    }

    func testPrismaticNeverRotatesAndRespectsLimits() {
        let world = World(gravity: Vec2(0, 10))
        var def = BodyDef(); def.position = Vec2(0, 0)
        let b = world.createBody(def)
        world.createShape(b, .polygon(.box(halfWidth: 0.2, halfHeight: 0.2)))
        var jd = JointDef(kind: .prismatic, bodyA: world.groundBody, bodyB: b, anchorA: .zero, anchorB: .zero)
        jd.axis = Vec2(1, 1).normalized
        jd.enableLimit = true
        jd.lower = -1
        jd.upper = 1
        world.createJoint(jd)
        world.applyLinearImpulse(b, Vec2(0.3, -0.1), at: Vec2(0.2, 0.2))
        for _ in 0..<300 {
            world.step(1.0 / 60)
            XCTAssertEqual(world.angle(b), 0, accuracy: 0.01)
            let p = world.position(b)
            XCTAssertEqual(p.x, p.y, accuracy: 0.5 * pt, "off the axis")
        }
        XCTAssertEqual(world.position(b).length, 1, accuracy: 1 * pt, "should rest at the upper limit")
    }

    func testWeldHoldsRelativePose() {
        let world = World(gravity: Vec2(0, 10))
        var def = BodyDef(); def.position = Vec2(0.6, 0)
        let b = world.createBody(def)
        world.createShape(b, .polygon(.box(halfWidth: 0.3, halfHeight: 0.1)))
        world.createJoint(JointDef(kind: .weld, bodyA: world.groundBody, bodyB: b, anchorA: Vec2(0.3, 0), anchorB: Vec2(0.3, 0)))
        for _ in 0..<120 { world.step(1.0 / 60) }
        XCTAssertEqual(world.angle(b), 0, accuracy: 0.03)
        XCTAssertEqual(world.position(b).y, 0, accuracy: 2 * pt)
    }

    func testSnapJointSettlesOnTargetUpright() {
        let world = World(gravity: .zero)
        var def = BodyDef(); def.position = Vec2(0, 0); def.angle = 0.8
        let b = world.createBody(def)
        world.createShape(b, .polygon(.box(halfWidth: 0.3, halfHeight: 0.3)))
        var jd = JointDef(kind: .snap, bodyA: world.groundBody, bodyB: b, anchorA: Vec2(2.5, 0), anchorB: Vec2(0, 0))
        jd.hertz = 4; jd.dampingRatio = 0.5
        world.createJoint(jd)
        for _ in 0..<90 { world.step(1.0 / 60) }
        XCTAssertLessThan(distance(world.position(b), Vec2(2.5, 0)), 1 * pt)
        XCTAssertEqual(world.angle(b), 0, accuracy: 0.02)
    }
}
