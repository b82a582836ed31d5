import XCTest
@testable import Dynamics

/// Apple's measured numbers (UIKit Dynamics run on Apple's own framework), reproduced.
final class UIKitFidelityTests: XCTestCase {
    let bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)

    func testTimeBaseRunsOneSubStepFirstThenTwo() {
        let h = DynamicAnimator.subStep
        XCTAssertEqual(h, 0.008333333767950535, accuracy: 1e-18)
        XCTAssertGreaterThan(h, 1.0 / 120)
    }

    func testFreeFallMatchesAppleForFiveFrames() {
        // Measured on Apple's framework: a 100x100 item at y = 50 under gravity 1.
        let expected: [(resistance: CGFloat?, ys: [Double])] = [
            (0, [50.0694466, 50.4166718, 51.0416679, 51.9444466, 53.1250076]),
            (nil, [50.0693855, 50.4160881, 51.0396423, 51.9395943, 53.1154747]),
        ]
        for (resistance, ys) in expected {
            let animator = DynamicAnimator(referenceBounds: bounds)
            let view = DynamicView(center: CGPoint(x: 100, y: 50), size: CGSize(width: 100, height: 100))
            animator.addBehavior(GravityBehavior(items: [view]))
            if let r = resistance {
                let b = DynamicItemBehavior(items: [view]); b.resistance = r
                animator.addBehavior(b)
            }
            for (k, y) in ys.enumerated() {
                animator.step()
                XCTAssertEqual(Double(view.center.y), y, accuracy: 1e-4, "frame \(k + 1), resistance \(resistance.map { "\($0)" } ?? "default")")
            }
        }
    }

    func testContinuousPushOnOneKilogram() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let view = DynamicView(center: CGPoint(x: 500, y: 500), size: CGSize(width: 100, height: 100))
        let push = PushBehavior(items: [view], mode: .continuous)
        push.pushDirection = CGVector(dx: 1, dy: 0)
        animator.addBehavior(push)
        animator.addBehavior(noDamping([view]))
        for vx in [0.8333, 2.5, 4.1667, 5.8333] {
            animator.step()
            XCTAssertEqual(Double(animator.linearVelocity(of: view).dx), vx, accuracy: 0.0005)
        }
    }

    /// The acceleration (pt/s^2) a field gives a 100x100 item of `density` at (300, 400), the
    /// field at (0, 0), from the velocity change over one two-sub-step frame.
    func fieldAcceleration(_ field: FieldBehavior, density: CGFloat = 1, charge: CGFloat = 0,
                           velocity: CGVector = .zero) -> CGVector {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: -2000, y: -2000, width: 4000, height: 4000))
        let view = DynamicView(center: CGPoint(x: 300, y: 400), size: CGSize(width: 100, height: 100))
        field.addItem(view)
        animator.addBehavior(field)
        let props = noDamping([view])
        props.density = density
        props.charge = charge
        animator.addBehavior(props)
        if velocity != .zero { props.addLinearVelocity(velocity, for: view) }
        animator.step() // the first frame: one sub-step
        let v0 = animator.linearVelocity(of: view)
        animator.step() // two sub-steps
        let v1 = animator.linearVelocity(of: view)
        let dt = 2 * DynamicAnimator.subStep
        return CGVector(dx: (v1.dx - v0.dx) / dt, dy: (v1.dy - v0.dy) / dt)
    }

    func assertAcceleration(_ a: CGVector, _ expected: (Double, Double), _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let tolerance = 0.01 * (expected.0 * expected.0 + expected.1 * expected.1).squareRoot()
        XCTAssertEqual(Double(a.dx), expected.0, accuracy: tolerance, name, file: file, line: line)
        XCTAssertEqual(Double(a.dy), expected.1, accuracy: tolerance, name, file: file, line: line)
    }

    func testFieldForceLawsAtThreeFourMetres() {
        for density: CGFloat in [1, 3] {
            assertAcceleration(fieldAcceleration(.linearGravityField(direction: CGVector(dx: 3, dy: 4)), density: density),
                               (300, 400), "linear gravity, density \(density)")
        }
        assertAcceleration(fieldAcceleration(.radialGravityField(position: .zero)), (-2.4, -3.2), "radial gravity")
        assertAcceleration(fieldAcceleration(.electricField(), charge: 2), (24, 32), "electric, charge 2")
        for charge: CGFloat in [1, -1] {
            assertAcceleration(fieldAcceleration(.magneticField(), charge: charge, velocity: CGVector(dx: 100, dy: 0)),
                               (0, -20), "magnetic, charge \(charge)")
        }
        assertAcceleration(fieldAcceleration(.springField()), (-300, -400), "spring")
        assertAcceleration(fieldAcceleration(.vortexField()), (-80, 60), "vortex")
    }

    func testNoiseFieldFollowsSimplexNoiseReference() {
        // animationSpeed 0: the force is S n (g.x, g.y) of srdnoise3 at fr (p.x, p.y, 0), angle 0.
        for (smoothness, point) in [(0.0, CGPoint(x: 300, y: 400)), (0.5, CGPoint(x: 123, y: 45)), (0.9, CGPoint(x: 640, y: 250))] {
            let field = FieldBehavior.noiseField(smoothness: CGFloat(smoothness), animationSpeed: 0)
            let animator = DynamicAnimator(referenceBounds: bounds)
            let view = DynamicView(center: point, size: CGSize(width: 100, height: 100))
            field.addItem(view)
            animator.addBehavior(field)
            animator.addBehavior(noDamping([view]))
            animator.step() // one sub-step of h from rest: v = h F / m (m = 1 kg)
            let fr = 1.25 / (smoothness + 1.0 / 12) - 1
            let n = SimplexNoiseReference.srdnoise3(fr * Double(point.x) / 100, fr * Double(point.y) / 100, 0, angle: 0)
            let expected = (n.value * n.gradient.x * 100, n.value * n.gradient.y * 100) // pt/s^2
            let v = animator.linearVelocity(of: view)
            let a = (Double(v.dx) / DynamicAnimator.subStep, Double(v.dy) / DynamicAnimator.subStep)
            let scale = max((expected.0 * expected.0 + expected.1 * expected.1).squareRoot(), 1e-6)
            XCTAssertEqual(a.0, expected.0, accuracy: 0.01 * scale, "smoothness \(smoothness)")
            XCTAssertEqual(a.1, expected.1, accuracy: 0.01 * scale, "smoothness \(smoothness)")
            XCTAssertGreaterThan(scale, 1, "the sample point should feel the noise")
        }
    }

    func testBoxRestsOnTheBoundarySkin() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let view = DynamicView(center: CGPoint(x: 500, y: 100), size: CGSize(width: 100, height: 100))
        animator.addBehavior(GravityBehavior(items: [view]))
        let collision = CollisionBehavior(items: [view])
        collision.addBoundary(withIdentifier: "line", from: CGPoint(x: 0, y: 300), to: CGPoint(x: 1000, y: 300))
        animator.addBehavior(collision)
        let props = DynamicItemBehavior(items: [view]); props.elasticity = 0
        animator.addBehavior(props)
        for _ in 0..<240 { animator.step() }
        XCTAssertEqual(Double(view.center.y), 248.2, accuracy: 0.5)
    }

    func testSnapTurnsOnTheWayAndEndsUpright() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let view = DynamicView(center: CGPoint(x: 100, y: 100), size: CGSize(width: 100, height: 50))
        let snap = SnapBehavior(item: view, snapTo: CGPoint(x: 300, y: 200))
        snap.damping = 0.5
        animator.addBehavior(snap)
        var maxAngle = 0.0
        for _ in 0..<600 {
            animator.step()
            maxAngle = max(maxAngle, abs(Double(view.rotation)))
        }
        XCTAssertGreaterThan(maxAngle, 0.01)
        XCTAssertEqual(Double(view.center.x), 300, accuracy: 0.05)
        XCTAssertEqual(Double(view.center.y), 200, accuracy: 0.05)
        XCTAssertEqual(Double(view.rotation), 0, accuracy: 0.001)
    }
}

/// The UIKit configuration stays stable where Box2D 2.2 does: stacks stand, fast items do not
/// tunnel through boundaries.
final class UIKitStabilityTests: XCTestCase {
    func testEightBoxStackStandsFiveSeconds() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 600))
        // Stacked 0.2 pt apart (the skin between two boxes), the bottom one 2 pt above the floor.
        let floor: CGFloat = 601 // the reference bounds boundary lies 1 pt outside
        var boxes: [DynamicView] = []
        for k in 0..<8 {
            let y = floor - 2 - 25 - CGFloat(k) * 50.2
            boxes.append(DynamicView(name: "b\(k)", center: CGPoint(x: 200, y: y), size: CGSize(width: 50, height: 50)))
        }
        animator.addBehavior(GravityBehavior(items: boxes))
        let collision = CollisionBehavior(items: boxes)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        let start = boxes.map(\.center)
        // The first half second the boxes settle into each other's skins (Box2D 2.2 lets each
        // contact overlap by up to its 0.5 cm slop); then the stack must stand for 5 s.
        for _ in 0..<30 { animator.step() }
        let settled = boxes.map(\.center)
        let settle = zip(settled, start).map { distance($0, $1) }.max()!
        XCTAssertLessThan(settle, 3, "settling moved a box \(settle) pt")
        var drift: CGFloat = 0
        for _ in 0..<300 {
            animator.step()
            for (b, s) in zip(boxes, settled) { drift = max(drift, distance(b.center, s)) }
        }
        XCTAssertLessThan(drift, 1, "the stack drifted \(drift) pt")
        for b in boxes { XCTAssertEqual(Double(b.rotation), 0, accuracy: 0.01, "\(b.name) tilted") }
    }

    func testFastSmallItemDoesNotCrossABoundary() {
        for angle in [0.0, 0.3, -0.7] {
            let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
            let item = DynamicView(center: CGPoint(x: 500, y: 100), size: CGSize(width: 20, height: 20), rotation: CGFloat(angle))
            let collision = CollisionBehavior(items: [item])
            collision.addBoundary(withIdentifier: "wall", from: CGPoint(x: 0, y: 500), to: CGPoint(x: 1000, y: 500))
            animator.addBehavior(collision)
            let props = DynamicItemBehavior(items: [item])
            props.addLinearVelocity(CGVector(dx: 0, dy: 5000), for: item)
            animator.addBehavior(props)
            var deepest: CGFloat = -.infinity
            for _ in 0..<60 {
                animator.step()
                // The center never passes the boundary; a corner hit at 5,000 pt/s sets the item
                // spinning at Box2D's rotation cap, and for one frame a corner may dip past the
                // line (Box2D 2.2 gives a contact at most 8 impacts a step), never the item.
                XCTAssertLessThan(item.center.y, 500, "angle \(angle): the center crossed")
                deepest = max(deepest, outline(item).map(\.y).max()! - 500)
            }
            XCTAssertLessThan(deepest, 14, "angle \(angle): reached \(deepest) pt past the boundary")
            XCTAssertLessThan(outline(item).map(\.y).max()!, 500, "angle \(angle): ends on its side")
        }
    }
}
