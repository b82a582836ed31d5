import XCTest
@testable import Dynamics

/// The snap against a model of the measured snap written here from its description: four
/// Box2D 2.2 soft distance joints (4 Hz, rest length 50 pt) from two opposite corners of the
/// item to anchors around the snap point, solved with 8 velocity iterations a sub-step, with
/// Box2D 2.2's soft-joint terms (omega = 2 pi f, d = 2 m zeta omega, k = m omega^2,
/// gamma = 1 / (h (d + h k)), bias = C h k gamma) and warm starting, no position correction,
/// on the animator's time base (h = (float)1/120; the first frame one sub-step, then two).
/// The tests before this one checked only where a snap ends and that it turns and
/// overshoots: a 3 Hz or 40 pt snap passed them (a fidelity audit's finding).
final class SnapModelTests: XCTestCase {
    struct Vector { var x, y: Double }

    /// The model: a 100 x 100 pt item of 1 kg (I = m (w^2 + h^2) / 12 = 1/6 kg m^2) at
    /// `start` (points), snapping to `target` with damping ratio `zeta`; returns the center
    /// (points) and angle after each frame.
    func model(start: Vector, target: Vector, zeta: Double, frames: Int) -> [(x: Double, y: Double, angle: Double)] {
        let h = Double(Float(1) / Float(120))
        let mass = 1.0, inertia = 1.0 / 6
        let hw = 0.5, hh = 0.5, l = 0.5 // metres
        // (item-local corner, anchor offset from the target), in metres.
        let springs: [(Vector, Vector)] = [(Vector(x: -hw, y: -hh), Vector(x: -hw - l, y: -hh)),
                                           (Vector(x: -hw, y: -hh), Vector(x: -hw, y: -hh - l)),
                                           (Vector(x: hw, y: hh), Vector(x: hw + l, y: hh)),
                                           (Vector(x: hw, y: hh), Vector(x: hw, y: hh + l))]
        var c = Vector(x: start.x / 100, y: start.y / 100), angle = 0.0
        var v = Vector(x: 0, y: 0), w = 0.0
        var impulses = [Double](repeating: 0, count: 4)
        var out: [(x: Double, y: Double, angle: Double)] = []
        for frame in 0..<frames {
            for _ in 0..<(frame == 0 ? 1 : 2) {
                // Joints' terms from this sub-step's positions.
                let cs = cos(angle), sn = sin(angle)
                var terms: [(r: Vector, u: Vector, mass: Double, gamma: Double, bias: Double)] = []
                for (corner, offset) in springs {
                    let r = Vector(x: cs * corner.x - sn * corner.y, y: sn * corner.x + cs * corner.y)
                    let anchor = Vector(x: target.x / 100 + offset.x, y: target.y / 100 + offset.y)
                    var u = Vector(x: c.x + r.x - anchor.x, y: c.y + r.y - anchor.y)
                    let length = (u.x * u.x + u.y * u.y).squareRoot()
                    u = Vector(x: u.x / length, y: u.y / length)
                    let cr = r.x * u.y - r.y * u.x
                    var invMass = 1 / mass + cr * cr / inertia
                    let effective = 1 / invMass
                    let omega = 2 * Double.pi * 4, d = 2 * effective * zeta * omega, k = effective * omega * omega
                    let gamma = 1 / (h * (d + h * k))
                    let bias = (length - l) * h * k * gamma
                    invMass += gamma
                    terms.append((r, u, 1 / invMass, gamma, bias))
                }
                // Warm start with last sub-step's impulses, then 8 iterations in joint order.
                func apply(_ impulse: Double, _ t: (r: Vector, u: Vector, mass: Double, gamma: Double, bias: Double)) {
                    let p = Vector(x: impulse * t.u.x, y: impulse * t.u.y)
                    v = Vector(x: v.x + p.x / mass, y: v.y + p.y / mass)
                    w += (t.r.x * p.y - t.r.y * p.x) / inertia
                }
                for (j, t) in terms.enumerated() { apply(impulses[j], t) }
                for _ in 0..<8 {
                    for (j, t) in terms.enumerated() {
                        let vp = Vector(x: v.x - w * t.r.y, y: v.y + w * t.r.x)
                        let cdot = t.u.x * vp.x + t.u.y * vp.y
                        let impulse = -t.mass * (cdot + t.bias + t.gamma * impulses[j])
                        impulses[j] += impulse
                        apply(impulse, t)
                    }
                }
                c = Vector(x: c.x + h * v.x, y: c.y + h * v.y)
                angle += h * w
            }
            out.append((c.x * 100, c.y * 100, angle))
        }
        return out
    }

    func testTheSnapMovesAsFourSoftDistanceJointsOfFourHertzAndFiftyPoints() {
        for zeta in [0.1, 0.5] {
            let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
            let view = DynamicView(center: CGPoint(x: 300, y: 420), size: CGSize(width: 100, height: 100))
            let snap = SnapBehavior(item: view, snapTo: CGPoint(x: 520, y: 380))
            snap.damping = CGFloat(zeta)
            let still = DynamicItemBehavior(items: [view])
            still.resistance = 0
            still.angularResistance = 0
            animator.addBehaviors([snap, still])
            let expected = model(start: Vector(x: 300, y: 420), target: Vector(x: 520, y: 380), zeta: zeta, frames: 40)
            var turned = 0.0
            for (k, e) in expected.enumerated() {
                animator.step()
                let p = animator.world.position(animator.body(for: view)!)
                XCTAssertEqual(p.x * 100, e.x, accuracy: 1e-6, "damping \(zeta), frame \(k + 1)")
                XCTAssertEqual(p.y * 100, e.y, accuracy: 1e-6, "damping \(zeta), frame \(k + 1)")
                XCTAssertEqual(Double(animator.world.angle(animator.body(for: view)!)), e.angle, accuracy: 1e-9,
                               "damping \(zeta), frame \(k + 1)")
                turned = max(turned, abs(e.angle))
            }
            XCTAssertGreaterThan(turned, 0.01, "the model turns the item on the way")
        }
    }
}

/// An anchor attachment with a spring, in the UIKit configuration, against Box2D 2.2's soft
/// distance joint written out here (the one frequency test ran on the Box2D configuration's
/// world, to 5%, where the attachments of scenes run the UIKit one).
final class AttachmentSpringModelTests: XCTestCase {
    func testASpringAttachmentMovesAsBox2D22sSoftDistanceJoint() {
        let hz = 2.0, zeta = 0.3
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 1000))
        let view = DynamicView(center: CGPoint(x: 400, y: 300), size: CGSize(width: 100, height: 100))
        let anchor = CGPoint(x: 500, y: 200)
        let spring = AttachmentBehavior(item: view, offsetFromCenter: CGVector(dx: 20, dy: 10), attachedToAnchor: anchor)
        spring.frequency = CGFloat(hz)
        spring.damping = CGFloat(zeta)
        let still = DynamicItemBehavior(items: [view])
        still.resistance = 0
        still.angularResistance = 0
        animator.addBehaviors([spring, GravityBehavior(items: [view]), still])

        // The model, in metres: 1 kg, I = 1/6 kg m^2, gravity 10 m/s^2 down (y grows down).
        let h = Double(Float(1) / Float(120)), mass = 1.0, inertia = 1.0 / 6
        var c = (x: 4.0, y: 3.0), angle = 0.0, v = (x: 0.0, y: 0.0), w = 0.0, accumulated = 0.0
        let a = (x: 5.0, y: 2.0), local = (x: 0.2, y: 0.1)
        let rest = ((c.x + local.x - a.x) * (c.x + local.x - a.x) + (c.y + local.y - a.y) * (c.y + local.y - a.y)).squareRoot()
        var moved = 0.0
        for frame in 0..<60 {
            for _ in 0..<(frame == 0 ? 1 : 2) {
                v.y += h * 10
                let r = (x: cos(angle) * local.x - sin(angle) * local.y, y: sin(angle) * local.x + cos(angle) * local.y)
                var u = (x: c.x + r.x - a.x, y: c.y + r.y - a.y)
                let length = (u.x * u.x + u.y * u.y).squareRoot()
                u = (u.x / length, u.y / length)
                let cr = r.x * u.y - r.y * u.x
                var invMass = 1 / mass + cr * cr / inertia
                let effective = 1 / invMass
                let omega = 2 * Double.pi * hz, d = 2 * effective * zeta * omega, k = effective * omega * omega
                let gamma = 1 / (h * (d + h * k)), bias = (length - rest) * h * k * gamma
                invMass += gamma
                let jointMass = 1 / invMass
                func apply(_ impulse: Double) {
                    v = (v.x + impulse * u.x / mass, v.y + impulse * u.y / mass)
                    w += (r.x * impulse * u.y - r.y * impulse * u.x) / inertia
                }
                apply(accumulated)
                for _ in 0..<8 {
                    let cdot = u.x * (v.x - w * r.y) + u.y * (v.y + w * r.x)
                    let impulse = -jointMass * (cdot + bias + gamma * accumulated)
                    accumulated += impulse
                    apply(impulse)
                }
                c = (c.x + h * v.x, c.y + h * v.y)
                angle += h * w
            }
            animator.step()
            let p = animator.world.position(animator.body(for: view)!)
            XCTAssertEqual(p.x * 100, c.x * 100, accuracy: 1e-6, "frame \(frame + 1)")
            XCTAssertEqual(p.y * 100, c.y * 100, accuracy: 1e-6, "frame \(frame + 1)")
            // (The world's angle is in (-pi, pi]; the model's keeps counting turns.)
            XCTAssertEqual(remainder(animator.world.angle(animator.body(for: view)!) - angle, 2 * Double.pi), 0, accuracy: 1e-9,
                           "frame \(frame + 1)")
            moved = max(moved, abs(c.y - 3) * 100)
        }
        XCTAssertGreaterThan(moved, 20, "the item falls and swings on the spring")
    }
}
