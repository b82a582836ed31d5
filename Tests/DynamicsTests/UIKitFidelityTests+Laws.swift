import XCTest
@testable import Dynamics

/// Measured laws a fidelity audit found without a test of their own (each was right; these
/// keep it so). Every expected value is computed here from the measured law, with the
/// sub-step h = (float)1/120 written out.
extension UIKitFidelityTests {
    /// (float)1/120 as a double, the animator's sub-step [measured].
    var h: Double { Double(Float(1) / Float(120)) }

    /// [quirk] Vortex: S (-p^.y, p^.x) fall / m newtons, so the acceleration is divided by the
    /// mass twice: at p = (3, 4) m a 0.25 kg item (density 0.25) accelerates (-0.8, 0.6) / m^2
    /// m/s^2 = (-1280, 960) pt/s^2, 16 times the 1 kg item's (-80, 60).
    func testVortexDividesByTheMassTwice() {
        let m = 0.25
        let expected = (-0.8 / (m * m) * 100, 0.6 / (m * m) * 100)
        XCTAssertEqual(expected.0, -1280, accuracy: 1e-9)
        assertAcceleration(fieldAcceleration(.vortexField(), density: CGFloat(m)), expected, "vortex, 0.25 kg")
    }

    /// [quirk] Magnetic: S (v.y, -v.x) fall, whatever the charge's sign and size (q != 0):
    /// charges 5 and -3 move alike, bit for bit; (0, -0.2) N at 1 m/s along x, 5 m out.
    func testTheMagneticForceIgnoresTheChargesSizeAndSign() {
        var runs: [[CGVector]] = []
        for charge: CGFloat in [5, -3] {
            let animator = DynamicAnimator(referenceBounds: CGRect(x: -2000, y: -2000, width: 4000, height: 4000))
            let view = DynamicView(center: CGPoint(x: 300, y: 400), size: CGSize(width: 100, height: 100))
            let field = FieldBehavior.magneticField()
            field.addItem(view)
            animator.addBehavior(field)
            let props = noDamping([view])
            props.charge = charge
            animator.addBehavior(props)
            props.addLinearVelocity(CGVector(dx: 100, dy: 0), for: view)
            var velocities: [CGVector] = []
            for _ in 0..<10 { animator.step(); velocities.append(animator.linearVelocity(of: view)) }
            runs.append(velocities)
        }
        XCTAssertEqual(runs[0], runs[1])
        // fall = 1 / r = 0.2; (0, -1 x 0.2) N on 1 kg = -20 pt/s^2, first frame one sub-step.
        XCTAssertEqual(Double(runs[0][0].dy), -20 * h, accuracy: 1e-4)
        assertAcceleration(fieldAcceleration(.magneticField(), charge: 5, velocity: CGVector(dx: 100, dy: 0)), (0, -20), "magnetic, charge 5")
    }

    /// Noise is a force not scaled by the mass: a 4 kg item gains a quarter of the 1 kg item's
    /// speed in the first sub-step, at the same point of the same pattern.
    func testTheNoiseForceIsNotMassScaled() {
        var speeds: [CGVector] = []
        for density: CGFloat in [1, 4] {
            let animator = DynamicAnimator(referenceBounds: bounds)
            let view = DynamicView(center: CGPoint(x: 300, y: 400), size: CGSize(width: 100, height: 100))
            let field = FieldBehavior.noiseField(smoothness: 0, animationSpeed: 0)
            field.addItem(view)
            animator.addBehavior(field)
            let props = noDamping([view])
            props.density = density
            animator.addBehavior(props)
            animator.step()
            speeds.append(animator.linearVelocity(of: view))
        }
        XCTAssertGreaterThan(abs(Double(speeds[0].dx)) + abs(Double(speeds[0].dy)), 0.01, "the point feels the noise")
        XCTAssertEqual(Double(speeds[1].dx), Double(speeds[0].dx) / 4, accuracy: 1e-6 * abs(Double(speeds[0].dx)) + 1e-12)
        XCTAssertEqual(Double(speeds[1].dy), Double(speeds[0].dy) / 4, accuracy: 1e-6 * abs(Double(speeds[0].dy)) + 1e-12)
    }

    /// Angular damping w /= (1 + h c) each sub-step [measured]: 10 rad/s with c = 3 after five
    /// frames (1 + 2 x 4 = 9 sub-steps) is 10 / (1 + 3h)^9.
    func testAngularResistanceDividesEachSubStep() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let view = DynamicView(center: CGPoint(x: 500, y: 500), size: CGSize(width: 100, height: 100))
        let props = DynamicItemBehavior(items: [view])
        props.resistance = 0
        props.angularResistance = 3
        animator.addBehavior(props)
        props.addAngularVelocity(10, for: view)
        for _ in 0..<5 { animator.step() }
        XCTAssertEqual(Double(animator.angularVelocity(of: view)), 10 / pow(1 + 3 * h, 9), accuracy: 1e-9)
    }

    /// A velocity field replaces the velocity (direction x 100 pt/s) and damping applies after
    /// it [measured]: with resistance 0.5 the item leaves each sub-step at 100 / (1 + 0.5 h).
    func testAVelocityFieldIsDampedAfterItSetsTheVelocity() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let view = DynamicView(center: CGPoint(x: 300, y: 400), size: CGSize(width: 100, height: 100))
        let field = FieldBehavior.velocityField(direction: CGVector(dx: 1, dy: 0))
        field.addItem(view)
        animator.addBehavior(field)
        let props = DynamicItemBehavior(items: [view])
        props.resistance = 0.5
        animator.addBehavior(props)
        for _ in 0..<3 {
            animator.step()
            XCTAssertEqual(Double(animator.linearVelocity(of: view).dx), 100 / (1 + 0.5 * h), accuracy: 1e-6)
        }
    }

    /// Radial gravity is 0 where r^2 < 1e-5 m^2 [measured]: 0.2 pt from its center (r^2 =
    /// 4e-6) an item stays still; 0.4 pt out (1.6e-5) it is pulled in at once.
    func testRadialGravityVanishesRightAtItsCenter() {
        func speed(atOffset d: CGFloat) -> Double {
            let animator = DynamicAnimator(referenceBounds: bounds)
            let view = DynamicView(center: CGPoint(x: 500 + d, y: 500), size: CGSize(width: 10, height: 10))
            let field = FieldBehavior.radialGravityField(position: CGPoint(x: 500, y: 500))
            field.addItem(view)
            animator.addBehavior(field)
            animator.addBehavior(noDamping([view]))
            animator.step()
            return Double(animator.linearVelocity(of: view).dx)
        }
        XCTAssertEqual(speed(atOffset: 0.2), 0)
        XCTAssertLessThan(speed(atOffset: 0.4), -1)
    }

    /// Contacts bounce only when they close faster than 1 m/s [measured]: an item of
    /// elasticity 1 meeting a floor at 99 pt/s comes to rest on it, at 101 pt/s it leaves at
    /// about the speed it came.
    func testOnlyContactsFasterThanOneMetreASecondBounce() {
        func speedAfterContact(_ approach: CGFloat) -> Double {
            let animator = DynamicAnimator(referenceBounds: bounds)
            let view = DynamicView(center: CGPoint(x: 500, y: 480), size: CGSize(width: 20, height: 20))
            let collision = CollisionBehavior(items: [view])
            collision.addBoundary(withIdentifier: "floor", from: CGPoint(x: 0, y: 500), to: CGPoint(x: 1000, y: 500))
            animator.addBehavior(collision)
            let props = noDamping([view])
            props.elasticity = 1
            animator.addBehavior(props)
            props.addLinearVelocity(CGVector(dx: 0, dy: approach), for: view)
            for _ in 0..<30 { animator.step() }
            return Double(animator.linearVelocity(of: view).dy)
        }
        XCTAssertEqual(speedAfterContact(99), 0, accuracy: 1)
        XCTAssertEqual(speedAfterContact(101), -101, accuracy: 2)
    }

    /// Friction is the geometric mean of the two frictions [measured]: a box of friction 0.8
    /// sliding on a boundary (0.2) loses mu g h = 0.4 x 1000 x h pt/s a sub-step; of friction
    /// 0.05, 0.1 x 1000 x h.
    func testSlidingFrictionIsTheGeometricMean() {
        for (friction, mu) in [(0.8, 0.4), (0.05, 0.1)] {
            XCTAssertEqual((friction * 0.2).squareRoot(), mu, accuracy: 1e-12)
            let animator = DynamicAnimator(referenceBounds: bounds)
            let view = DynamicView(center: CGPoint(x: 300, y: 449), size: CGSize(width: 100, height: 100))
            let collision = CollisionBehavior(items: [view])
            collision.addBoundary(withIdentifier: "floor", from: CGPoint(x: 0, y: 500), to: CGPoint(x: 1000, y: 500))
            animator.addBehaviors([collision, GravityBehavior(items: [view])])
            let props = noDamping([view])
            props.friction = CGFloat(friction)
            props.elasticity = 0
            animator.addBehavior(props)
            for _ in 0..<60 { animator.step() }
            props.addLinearVelocity(CGVector(dx: 300, dy: 0), for: view)
            animator.step()
            var previous = Double(animator.linearVelocity(of: view).dx)
            for frame in 0..<5 {
                animator.step()
                let vx = Double(animator.linearVelocity(of: view).dx)
                XCTAssertEqual(previous - vx, 2 * mu * 1000 * h, accuracy: 0.01, "friction \(friction), frame \(frame)")
                previous = vx
            }
        }
    }

    /// Core Graphics' ellipse control-point ratio, 4 (sqrt 2 - 1) / 3, as the outlines use it.
    func testTheEllipseOutlineUsesCoreGraphicsKappa() {
        XCTAssertEqual(ItemOutline.kappa, 4 * (2.0.squareRoot() - 1) / 3, accuracy: 1e-11)
    }
}

extension UIKitFidelityTests {
    /// Sleep as Box2D 2.2 [measured]: below 1 pt/s and 2 degrees/s for 0.5 s, counted in
    /// sub-steps of h: the 60th sub-step (60 h = 0.50000003 s) puts the item to sleep, which
    /// is in frame 31 (the first frame one sub-step, then two: frame 30 ends at 59), and the
    /// animator pauses then. At 1.5 pt/s, or 2.5 degrees/s, it never sleeps.
    func testAnItemSleepsAfterHalfASecondBelowOnePointAndTwoDegreesASecond() {
        XCTAssertGreaterThanOrEqual(60 * h, 0.5)
        XCTAssertLessThan(59 * h, 0.5)
        func pauseFrame(speed: CGFloat, spin: CGFloat) -> Int? {
            let animator = DynamicAnimator(referenceBounds: bounds)
            let view = DynamicView(center: CGPoint(x: 500, y: 500), size: CGSize(width: 100, height: 100))
            let props = noDamping([view])
            animator.addBehavior(props)
            props.addLinearVelocity(CGVector(dx: speed, dy: 0), for: view)
            props.addAngularVelocity(spin, for: view)
            for frame in 1...120 {
                animator.step()
                if !animator.isRunning { return frame }
            }
            return nil
        }
        let degree = CGFloat.pi / 180
        XCTAssertEqual(pauseFrame(speed: 0.5, spin: 0), 31)
        XCTAssertEqual(pauseFrame(speed: 0, spin: 1.5 * degree), 31)
        XCTAssertNil(pauseFrame(speed: 1.5, spin: 0))
        XCTAssertNil(pauseFrame(speed: 0, spin: 2.5 * degree))
    }
}
