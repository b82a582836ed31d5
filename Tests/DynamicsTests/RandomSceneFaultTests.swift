import Foundation
import XCTest
@testable import Dynamics

/// Seeded random scenes with every behavior kind and extreme but valid parameters: the state
/// stays finite, nothing escapes the reference bounds, and without an energy source the
/// kinetic energy never grows.
final class RandomSceneFaultTests: XCTestCase {
    let side: CGFloat = 400

    struct Built {
        let animator: DynamicAnimator
        let views: [DynamicView]
        let bounded: [DynamicView]
    }

    /// Items on a jittered grid (no initial overlap), random shapes, sizes and velocities.
    func makeItems(count: Int, rng: inout SplitMix64) -> [DynamicView] {
        let columns = Int(Double(count).squareRoot().rounded(.up))
        let cell = side / CGFloat(columns)
        var views: [DynamicView] = []
        for k in 0..<count {
            let size = CGFloat(Double(rng.next() % 1000) / 1000 * 0.6 + 0.2) * cell
            let center = CGPoint(x: (CGFloat(k % columns) + 0.5) * cell, y: (CGFloat(k / columns) + 0.5) * cell)
            switch rng.next() % 3 {
            case 0: views.append(DynamicView(name: "r\(k)", center: center, size: CGSize(width: size, height: size * 0.7)))
            case 1: views.append(DynamicView(name: "e\(k)", center: center, size: CGSize(width: size, height: size),
                                             collisionBoundsType: .ellipse))
            default:
                let n = 3 + Int(rng.next() % 6)
                let path = (0..<n).map { i -> CGPoint in
                    let a = 2 * Double.pi * Double(i) / Double(n)
                    return CGPoint(x: CGFloat(cos(a)) * size / 2, y: CGFloat(sin(a)) * size / 2)
                }
                views.append(DynamicView(name: "p\(k)", center: center, size: CGSize(width: size, height: size),
                                         collisionBoundsType: .path, path: path))
            }
        }
        return views
    }

    func unit(_ rng: inout SplitMix64) -> CGFloat { CGFloat(Double(rng.next() % 1_000_000) / 1_000_000) }

    func buildChaotic(seed: UInt64, count: Int) -> Built {
        var rng = SplitMix64(seed: seed)
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: side, height: side), seed: seed)
        let views = makeItems(count: count, rng: &rng)
        let collision = CollisionBehavior(items: views)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        let gravity = GravityBehavior(items: views.filter { _ in rng.next() % 2 == 0 })
        gravity.setAngle(unit(&rng) * 6.28, magnitude: unit(&rng) * 10)
        animator.addBehavior(gravity)
        let properties = DynamicItemBehavior(items: views)
        properties.elasticity = unit(&rng)
        properties.friction = unit(&rng)
        properties.density = 0.01 + unit(&rng) * 100
        properties.charge = unit(&rng) * 10 - 5
        for v in views { properties.addLinearVelocity(CGVector(dx: unit(&rng) * 6000 - 3000, dy: unit(&rng) * 6000 - 3000), for: v) }
        animator.addBehavior(properties)
        let push = PushBehavior(items: Array(views.prefix(count / 4)), mode: .continuous)
        push.setAngle(unit(&rng) * 6.28, magnitude: unit(&rng) * 100)
        animator.addBehavior(push)
        let kick = PushBehavior(items: Array(views.suffix(count / 4)), mode: .instantaneous)
        kick.setAngle(unit(&rng) * 6.28, magnitude: unit(&rng) * 50)
        animator.addBehavior(kick)
        animator.addBehavior(SnapBehavior(item: views[0], snapTo: CGPoint(x: unit(&rng) * side, y: unit(&rng) * side)))
        if count > 8 {
            let rod = AttachmentBehavior(item: views[1], attachedTo: views[2])
            rod.frequency = unit(&rng) * 20
            animator.addBehavior(rod)
            let pin = AttachmentBehavior.pinAttachment(with: views[3], attachedTo: views[4], attachmentAnchor: views[3].center)
            pin.frictionTorque = unit(&rng) * 100
            animator.addBehavior(pin)
            animator.addBehavior(AttachmentBehavior.slidingAttachment(with: views[5], attachedTo: views[6], attachmentAnchor: views[5].center,
                                                                      axisOfTranslation: CGVector(dx: 1, dy: 1)))
            animator.addBehavior(AttachmentBehavior.fixedAttachment(with: views[7], attachedTo: views[8], attachmentAnchor: views[7].center))
            animator.addBehavior(AttachmentBehavior.limitAttachment(with: views[1], offsetFromCenter: .zero, attachedTo: views[8], offsetFromCenter: .zero))
            animator.addBehavior(AttachmentBehavior(item: views[count - 1], attachedToAnchor: CGPoint(x: side / 2, y: side / 2)))
        }
        let kinds: [FieldBehavior] = [.linearGravityField(direction: CGVector(dx: 1, dy: -1)),
                                      .radialGravityField(position: CGPoint(x: side / 2, y: side / 2)),
                                      .velocityField(direction: CGVector(dx: -3, dy: 2)),
                                      .noiseField(smoothness: unit(&rng), animationSpeed: unit(&rng) * 100),
                                      .turbulenceField(smoothness: unit(&rng), animationSpeed: unit(&rng) * 100),
                                      .springField(), .electricField(), .magneticField(), .dragField(), .vortexField(),
                                      .field { _, p, v, m, q, _ in CGVector(dx: -v.dx * 0.01 + (p.x - 200) * 0.0, dy: m * q * 0) }]
        for (k, field) in kinds.enumerated() {
            field.position = CGPoint(x: unit(&rng) * side, y: unit(&rng) * side)
            field.strength = unit(&rng) * 100 - 50
            field.falloff = unit(&rng) * 3
            field.minimumRadius = unit(&rng) * 20
            if k % 2 == 0 { field.region = Region(radius: 50 + unit(&rng) * 200) }
            for (i, v) in views.enumerated() where i % kinds.count == k { field.addItem(v) }
            animator.addBehavior(field)
        }
        return Built(animator: animator, views: views, bounded: views)
    }

    func testRandomScenesStayFiniteAndInsideTheirBounds() {
        var scenes = 0, steps = 0
        var maxDepth: CGFloat = 0, longestPress = 0
        // Seeds 16 and 20 once blew up (restitution fed on uncapped speeds, 10^36 rad/s).
        for seed in UInt64(1)...20 {
            let count = seed % 2 == 0 ? 200 : 40
            let built = buildChaotic(seed: seed, count: Int(count))
            var pressed = [Int](repeating: 0, count: built.views.count)
            for step in 0..<240 {
                built.animator.step()
                steps += 1
                for (k, v) in built.views.enumerated() {
                    XCTAssertTrue(v.center.x.isFinite && v.center.y.isFinite && v.rotation.isFinite, "seed \(seed) step \(step) \(v.name)")
                    // No item gets through the reference bounds (solid walls 2,000 pt thick).
                    // Flung by fields of strength 50 at 24,000 pt/s (Box2D's speed cap) or crushed
                    // by a pile under 10 g, an item may be driven into a wall for a step or two;
                    // the wall always pushes it back (measured over these 20 seeds: at most 85 pt
                    // deep, never more than 2 steps in a row beyond 40 pt).
                    let depth = max(-v.center.x, v.center.x - side, -v.center.y, v.center.y - side, 0)
                    maxDepth = max(maxDepth, depth)
                    pressed[k] = depth > 40 ? pressed[k] + 1 : 0
                    longestPress = max(longestPress, pressed[k])
                    XCTAssertLessThan(depth, 500, "seed \(seed) step \(step): \(v.name) went through to \(v.center)")
                    XCTAssertLessThan(pressed[k], 5, "seed \(seed) step \(step): \(v.name) stuck in a wall at \(v.center)")
                }
                if built.views.contains(where: { !$0.center.x.isFinite }) { return }
            }
            XCTAssertTrue(built.animator.nonFiniteItems.isEmpty)
            scenes += 1
        }
        XCTAssertEqual(scenes, 20)
        print("random scenes: \(scenes) scenes, \(steps) steps, deepest press into a wall \(maxDepth) pt, longest \(longestPress) steps beyond 40 pt")
        XCTAssertEqual(steps, 20 * 240)
    }

    func kineticEnergy(_ animator: DynamicAnimator, _ views: [DynamicView]) -> Double {
        var e = 0.0
        for v in views {
            guard let body = animator.body(for: v) else { continue }
            let w = animator.world
            e += 0.5 * w.mass(body) * w.linearVelocity(body).lengthSquared
            e += 0.5 * w.bodies[body.index].inertia * w.angularVelocity(body) * w.angularVelocity(body)
        }
        return e
    }

    func testKineticEnergyNeverGrowsWithoutASource() {
        for seed in UInt64(11)...14 {
            var rng = SplitMix64(seed: seed)
            let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: side, height: side))
            let views = makeItems(count: 120, rng: &rng)
            let collision = CollisionBehavior(items: views)
            collision.translatesReferenceBoundsIntoBoundary = true
            animator.addBehavior(collision)
            let properties = DynamicItemBehavior(items: views)
            properties.elasticity = seed == 11 ? 1 : unit(&rng)
            properties.friction = unit(&rng)
            for v in views { properties.addLinearVelocity(CGVector(dx: unit(&rng) * 2000 - 1000, dy: unit(&rng) * 2000 - 1000), for: v) }
            animator.addBehavior(properties)
            animator.step()
            let initial = kineticEnergy(animator, views)
            XCTAssertGreaterThan(initial, 0)
            var peak = initial
            for _ in 0..<300 {
                animator.step()
                peak = max(peak, kineticEnergy(animator, views))
            }
            XCTAssertLessThanOrEqual(peak, initial * 1.02, "seed \(seed): energy grew from \(initial) to \(peak)")
        }
    }
}
