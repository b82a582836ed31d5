import Foundation
import XCTest
@testable import Dynamics

/// Field behaviors: direction, sign, region, falloff, determinism of noise.
final class UIKitFieldTests: XCTestCase {
    let bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)

    func make(_ field: FieldBehavior, at p: CGPoint, velocity: CGVector = .zero, charge: CGFloat = 0,
              extra: [DynamicBehavior] = []) -> (DynamicAnimator, DynamicView) {
        let animator = DynamicAnimator(referenceBounds: bounds, seed: 7)
        let item = DynamicView(center: p, size: CGSize(width: 20, height: 20))
        field.addItem(item)
        let ib = DynamicItemBehavior(items: [item])
        ib.resistance = 0
        ib.angularResistance = 0
        ib.charge = charge
        if velocity != .zero { ib.addLinearVelocity(velocity, for: item) }
        animator.addBehavior(ib)
        animator.addBehavior(field)
        for b in extra { animator.addBehavior(b) }
        return (animator, item)
    }

    func testRadialGravityWithNegativeStrengthRepelsOnlyInsideRegion() {
        let f = FieldBehavior.radialGravityField(position: CGPoint(x: 500, y: 500))
        f.strength = -1
        f.region = Region(radius: 200)
        let (animator, inside) = make(f, at: CGPoint(x: 600, y: 500))
        let outside = DynamicView(center: CGPoint(x: 800, y: 500), size: CGSize(width: 20, height: 20))
        f.addItem(outside)
        animator.addBehavior(DynamicItemBehavior(items: [outside]))
        for _ in 0..<10 { animator.step() }
        XCTAssertGreaterThan(inside.center.x, 600.5, "pushed away from the center")
        XCTAssertEqual(Double(outside.center.x), 800, accuracy: 1e-9, "outside the region nothing happens")
    }

    func testLinearGravityFieldMovesAlongItsDirection() {
        let f = FieldBehavior.linearGravityField(direction: CGVector(dx: 0.4, dy: 1.0))
        let (animator, item) = make(f, at: CGPoint(x: 500, y: 500))
        for _ in 0..<30 { animator.step() }
        let d = CGVector(dx: item.center.x - 500, dy: item.center.y - 500)
        XCTAssertEqual(Double(d.dx / d.dy), 0.4, accuracy: 1e-6)
        // Strength 1 is 1 m/s^2 per unit of direction: 100 pt/s^2 x |(0.4, 1)|, for 59 sub-steps
        // of symplectic Euler (x = a h^2 n (n + 1) / 2).
        let n = 59.0, h = Double(Float(1.0 / 120))
        XCTAssertEqual(Double(d.length), 100 * (0.16 + 1.0).squareRoot() * h * h * n * (n + 1) / 2, accuracy: 0.01)
    }

    func testVelocityFieldHoldsVelocityEvenAgainstGravity() {
        let f = FieldBehavior.velocityField(direction: CGVector(dx: -0.4, dy: -0.5))
        let (animator, item) = make(f, at: CGPoint(x: 500, y: 500), extra: [])
        let g = GravityBehavior(items: [item])
        animator.addBehavior(g)
        for _ in 0..<30 { animator.step() }
        let v = animator.linearVelocity(of: item)
        XCTAssertEqual(Double(v.dx), -40, accuracy: 0.5)
        XCTAssertEqual(Double(v.dy), -50, accuracy: 0.5)
    }

    func testDragSlowsMonotonically() {
        let f = FieldBehavior.dragField()
        f.strength = 0.5
        let (animator, item) = make(f, at: CGPoint(x: 200, y: 500), velocity: CGVector(dx: 300, dy: 0))
        var last = CGFloat.infinity
        for _ in 0..<60 {
            animator.step()
            let v = animator.linearVelocity(of: item).dx
            XCTAssertLessThan(v, last)
            XCTAssertGreaterThan(v, 0)
            last = v
        }
        XCTAssertLessThan(last, 200)
    }

    func testMagneticFieldTurnsARightMovingPositiveChargeUp() {
        let f = FieldBehavior.magneticField()
        let (animator, item) = make(f, at: CGPoint(x: 500, y: 500), velocity: CGVector(dx: 200, dy: 0), charge: 1)
        for _ in 0..<20 { animator.step() }
        XCTAssertLessThan(animator.linearVelocity(of: item).dy, -5, "velocity turns up (negative y)")
        XCTAssertLessThan(item.center.y, 500)
        // Speed is kept (a magnetic force does no work), within integration error.
        XCTAssertEqual(Double(animator.linearVelocity(of: item).length), 200, accuracy: 4)
    }

    func testVortexTurnsClockwiseOnScreen() {
        let f = FieldBehavior.vortexField()
        f.position = CGPoint(x: 500, y: 500)
        f.strength = 0.1
        let (animator, item) = make(f, at: CGPoint(x: 600, y: 500))
        for _ in 0..<10 { animator.step() }
        // [quirk] Positive strength turns clockwise on screen: right of the center, that is down.
        XCTAssertGreaterThan(animator.linearVelocity(of: item).dy, 0)
    }

    func testSpringFieldOscillatesAboutItsPosition() {
        let f = FieldBehavior.springField()
        f.position = CGPoint(x: 500, y: 500)
        let (animator, item) = make(f, at: CGPoint(x: 600, y: 500))
        var crossings = 0
        var side = item.center.x > 500
        var minX = CGFloat.infinity
        for _ in 0..<(60 * 4) {
            animator.step()
            minX = min(minX, item.center.x)
            if (item.center.x > 500) != side { crossings += 1; side.toggle() }
        }
        XCTAssertGreaterThanOrEqual(crossings, 3)
        XCTAssertEqual(Double(minX), 400, accuracy: 3, "undamped: swings to the mirror point")
    }

    func testFalloffAndMinimumRadiusScaleTheForce() {
        func speed(falloff: CGFloat, minimumRadius: CGFloat, distance: CGFloat) -> Double {
            let f = FieldBehavior.radialGravityField(position: CGPoint(x: 500, y: 500))
            f.falloff = falloff
            f.minimumRadius = minimumRadius
            let (animator, item) = make(f, at: CGPoint(x: 500 + distance, y: 500))
            animator.step()
            return Double(animator.linearVelocity(of: item).length)
        }
        let base = speed(falloff: 0, minimumRadius: 0, distance: 200)
        // falloff 2 at 2 m: a quarter.
        XCTAssertEqual(speed(falloff: 2, minimumRadius: 0, distance: 200) / base, 0.25, accuracy: 0.01)
        // falloff 1 at 0.5 m: double; with a 100 pt minimum radius: as at 1 m.
        XCTAssertEqual(speed(falloff: 1, minimumRadius: 0, distance: 50) / base, 2, accuracy: 0.02)
        XCTAssertEqual(speed(falloff: 1, minimumRadius: 100, distance: 50) / base, 1, accuracy: 0.01)
    }

    func testNoiseIsSmoothDeterministicAndSeeded() {
        func path(seed: UInt64) -> [CGPoint] {
            let animator = DynamicAnimator(referenceBounds: bounds, seed: seed)
            let item = DynamicView(center: CGPoint(x: 500, y: 500), size: CGSize(width: 20, height: 20))
            let f = FieldBehavior.noiseField(smoothness: 0.9, animationSpeed: 1)
            f.addItem(item)
            animator.addBehavior(f)
            var out: [CGPoint] = []
            for _ in 0..<120 { animator.step(); out.append(item.center) }
            return out
        }
        let a = path(seed: 1), b = path(seed: 1), c = path(seed: 2)
        XCTAssertEqual(a, b, "same seed, same motion")
        XCTAssertNotEqual(a, c, "another seed, another motion")
        XCTAssertGreaterThan(hypot(a.last!.x - 500, a.last!.y - 500), 5, "it wanders")
        // Smooth: the acceleration (second difference of the path) changes little from one
        // step to the next compared with its size, over the first second while it is slow
        // (from frame 3 on: the first frame runs one sub-step, the others two).
        var accelerations: [CGVector] = []
        for k in 4..<60 {
            accelerations.append(CGVector(dx: a[k].x - 2 * a[k - 1].x + a[k - 2].x, dy: a[k].y - 2 * a[k - 1].y + a[k - 2].y))
        }
        let largest = accelerations.map(\.length).max() ?? 0
        var largestChange: CGFloat = 0
        for k in 1..<accelerations.count {
            largestChange = max(largestChange, CGVector(dx: accelerations[k].dx - accelerations[k - 1].dx,
                                                        dy: accelerations[k].dy - accelerations[k - 1].dy).length)
        }
        XCTAssertGreaterThan(largest, 0)
        XCTAssertLessThan(largestChange, 0.2 * largest, "the acceleration changes smoothly")
    }

    func testTurbulenceLeavesAStillItemAlone() {
        let f = FieldBehavior.turbulenceField(smoothness: 0.5, animationSpeed: 60)
        f.strength = 12
        let (animator, item) = make(f, at: CGPoint(x: 500, y: 500))
        for _ in 0..<30 { animator.step() }
        XCTAssertEqual(item.center, CGPoint(x: 500, y: 500))
        let (animator2, moving) = make(FieldBehavior.turbulenceField(smoothness: 0.5, animationSpeed: 60), at: CGPoint(x: 500, y: 500),
                                       velocity: CGVector(dx: 300, dy: 0))
        for _ in 0..<30 { animator2.step() }
        XCTAssertGreaterThan(abs(moving.center.y - 500), 0.5, "a moving item is pushed sideways")
    }

    func testRegionAlgebra() {
        let r = Region(radius: 100)
        XCTAssertTrue(r.contains(CGPoint(x: 50, y: 50)))
        XCTAssertFalse(r.inverse().contains(CGPoint(x: 50, y: 50)))
        XCTAssertEqual(Region.infinite.inverse(), .empty)
        let box = Region(size: CGSize(width: 300, height: 20))
        XCTAssertTrue(r.byUnion(with: box).contains(CGPoint(x: 140, y: 0)))
        XCTAssertFalse(r.byIntersection(with: box).contains(CGPoint(x: 0, y: 50)))
        XCTAssertFalse(r.byDifference(from: box).contains(CGPoint(x: 0, y: 0)))
        XCTAssertTrue(r.byDifference(from: box).contains(CGPoint(x: 0, y: 50)))
    }
}

/// Regression: noise at a far-away or non-finite point crashed converting floor(x) to Int.
final class NoiseRobustnessTests: XCTestCase {
    func testNoiseIsDefinedEverywhereAndPeriodic() {
        let n = SimplexNoise(seed: 3)
        func value(_ x: Double, _ y: Double, _ z: Double) -> Double { n.sample(x, y, z, angle: 0.3).value }
        XCTAssertEqual(value(1e19, -3e20, 5), value(1e19, -3e20, 5))
        XCTAssertEqual(value(.nan, 0, 0), 0)
        XCTAssertEqual(value(.infinity, 0, 0), 0)
        // The skewed lattice repeats every 256 cells along shifts whose coordinates sum to 0.
        XCTAssertEqual(value(1.25, 2.5, 0.75), value(1.25 + 256, 2.5 - 512, 0.75 + 256), accuracy: 1e-9)
        XCTAssertLessThanOrEqual(abs(value(17.3, 4.1, 2.2)), 1.5)
    }
}
