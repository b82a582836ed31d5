import Foundation
import XCTest
@testable import Dynamics

/// UIKit Dynamics' measured numbers (docs/uikit-fidelity.md) asserted against the UIKit-style API.
final class UIKitBehaviorTests: XCTestCase {
    let bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)

    func view(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat = 100, _ h: CGFloat = 100, rotation: CGFloat = 0) -> DynamicView {
        DynamicView(center: CGPoint(x: x, y: y), size: CGSize(width: w, height: h), rotation: rotation)
    }

    /// An item behavior with no resistance, so accelerations are pure.
    func frictionless(_ items: [DynamicItem]) -> DynamicItemBehavior {
        let b = DynamicItemBehavior(items: items)
        b.resistance = 0
        b.angularResistance = 0
        return b
    }

    func run(_ animator: DynamicAnimator, seconds: Double) { for _ in 0..<frames(seconds) { animator.step() } }
    func frames(_ seconds: Double) -> Int { Int((seconds * 60).rounded()) }
    /// Simulated time after `seconds` of 1/60 s frames: one sub-step of (float)1/120 s in the
    /// first frame and two in every later one.
    func simulated(_ seconds: Double) -> Double { Double(2 * frames(seconds) - 1) * Double(Float(1.0 / 120)) }

    func testGravityOneIsThousandPointsPerSecondSquared() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let item = view(500, 100)
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.addBehavior(frictionless([item]))
        run(animator, seconds: 0.5)
        let v = animator.linearVelocity(of: item).dy
        let t = simulated(0.5), n = Double(2 * frames(0.5) - 1), h = t / n
        XCTAssertEqual(Double(v) / t, 1000, accuracy: 5) // 0.5%
        // Symplectic Euler: y = g h^2 n (n + 1) / 2 after n sub-steps.
        XCTAssertEqual(Double(item.center.y - 100), 1000 * h * h * n * (n + 1) / 2, accuracy: 0.01)
    }

    func testContinuousPushAccelerationDependsOnArea() {
        for (w, expected) in [(CGFloat(100), 100.0), (200, 50.0)] {
            let animator = DynamicAnimator(referenceBounds: bounds)
            let item = view(500, 500, w, 100)
            let push = PushBehavior(items: [item], mode: .continuous)
            push.pushDirection = CGVector(dx: 1, dy: 0)
            animator.addBehavior(push)
            animator.addBehavior(frictionless([item]))
            run(animator, seconds: 1)
            XCTAssertEqual(Double(animator.linearVelocity(of: item).dx) / simulated(1), expected, accuracy: expected * 0.005, "width \(w)")
        }
    }

    func testInstantaneousPushFiresOnceAndAgainWhenActivated() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let item = view(500, 500)
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.magnitude = 1
        animator.addBehavior(push)
        animator.addBehavior(frictionless([item]))
        run(animator, seconds: 0.5)
        XCTAssertEqual(Double(animator.linearVelocity(of: item).dx), 100, accuracy: 0.5)
        XCTAssertFalse(push.active)
        push.active = true
        run(animator, seconds: 0.2)
        XCTAssertEqual(Double(animator.linearVelocity(of: item).dx), 200, accuracy: 1)
    }

    func testOffCenterPushTurnsTheItem() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let item = view(500, 500)
        let push = PushBehavior(items: [item], mode: .continuous)
        push.pushDirection = CGVector(dx: 1, dy: 0)
        push.setTargetOffsetFromCenter(CGVector(dx: 0, dy: -40), for: item)
        animator.addBehavior(push)
        run(animator, seconds: 0.5)
        // A rightward force above the center turns the item counter-clockwise (negative angle).
        // A rightward force above the center turns the top right: clockwise on screen (positive).
        XCTAssertGreaterThan(animator.angularVelocity(of: item), 0.1)
    }

    private func snapRun(damping: CGFloat) -> (distance: Double, angle: Double, overshoot: Double) {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let item = view(250, 500, 60, 60, rotation: 0.6)
        let snap = SnapBehavior(item: item, snapTo: CGPoint(x: 500, y: 500))
        snap.damping = damping
        animator.addBehavior(snap)
        var overshoot = 0.0
        for _ in 0..<90 {
            animator.step()
            overshoot = max(overshoot, Double(item.center.x) - 500)
        }
        return (Double(hypot(item.center.x - 500, item.center.y - 500)), Double(item.rotation), overshoot)
    }

    func testSnapSettlesUprightWithinOnePoint() {
        let r = snapRun(damping: 0.5)
        XCTAssertLessThan(r.distance, 1)
        XCTAssertLessThan(abs(r.angle), 0.02)
        let loose = snapRun(damping: 0.15)
        XCTAssertGreaterThan(loose.overshoot, r.overshoot + 1, "lower damping should overshoot more")
    }

    func testRigidAttachmentKeepsItsLength() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let item = view(700, 300, 40, 40)
        let rod = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 500, y: 300))
        animator.addBehavior(rod)
        animator.addBehavior(GravityBehavior(items: [item]))
        var worst = 0.0
        for _ in 0..<240 {
            animator.step()
            worst = max(worst, abs(Double(hypot(item.center.x - 500, item.center.y - 300)) - 200))
        }
        XCTAssertLessThan(worst, 0.5)
    }

    func testLimitAttachmentNeverExceedsLength() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let a = view(500, 300, 40, 40), b = view(500, 350, 40, 40)
        let anchor = view(500, 200, 20, 20)
        let rope = AttachmentBehavior.limitAttachment(with: a, offsetFromCenter: .zero, attachedTo: b, offsetFromCenter: .zero)
        rope.length = 150
        let hold = DynamicItemBehavior(items: [a]); hold.isAnchored = true
        animator.addBehavior(hold)
        animator.addBehavior(rope)
        animator.addBehavior(GravityBehavior(items: [b]))
        _ = anchor
        var worst = 0.0
        for _ in 0..<180 {
            animator.step()
            worst = max(worst, Double(hypot(a.center.x - b.center.x, a.center.y - b.center.y)))
        }
        XCTAssertLessThan(worst, 150.5)
        XCTAssertGreaterThan(worst, 149, "the rope should go taut")
    }

    func testPinAttachmentRotationStaysInRange() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let base = view(500, 500, 40, 40), arm = view(600, 500, 200, 20)
        let hold = DynamicItemBehavior(items: [base]); hold.isAnchored = true
        let pin = AttachmentBehavior.pinAttachment(with: base, attachedTo: arm, attachmentAnchor: CGPoint(x: 500, y: 500))
        pin.attachmentRange = FloatRange(minimum: -0.3, maximum: 0.4)
        animator.addBehavior(hold)
        animator.addBehavior(pin)
        animator.addBehavior(GravityBehavior(items: [arm]))
        var maxAngle = -CGFloat.infinity
        for _ in 0..<180 {
            animator.step()
            maxAngle = max(maxAngle, arm.rotation)
            XCTAssertGreaterThan(arm.rotation, -0.3 - 0.02)
        }
        XCTAssertLessThan(maxAngle, 0.4 + 0.02)
        XCTAssertGreaterThan(maxAngle, 0.35)
    }

    func testSlidingAttachmentNeverRotates() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let item = view(500, 500, 80, 40)
        let slide = AttachmentBehavior.slidingAttachment(with: item, attachmentAnchor: CGPoint(x: 500, y: 500),
                                                         axisOfTranslation: CGVector(dx: 1, dy: 1))
        let push = PushBehavior(items: [item], mode: .continuous)
        push.pushDirection = CGVector(dx: 0.5, dy: 0.2)
        push.setTargetOffsetFromCenter(CGVector(dx: 30, dy: 15), for: item)
        animator.addBehavior(slide)
        animator.addBehavior(push)
        for _ in 0..<120 {
            animator.step()
            XCTAssertLessThan(abs(item.rotation), 0.005)
            XCTAssertEqual(Double(item.center.x - 500), Double(item.center.y - 500), accuracy: 0.5)
        }
        XCTAssertGreaterThan(item.center.x, 520)
    }

    /// Regression: damping was applied before the forces, so a huge resistance still let an
    /// item creep at h g (about 2 pt/s); the recipe says it ignores gravity.
    func testHugeResistanceHoldsAnItemAgainstGravity() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let item = view(500, 400, 40, 40)
        let ib = DynamicItemBehavior(items: [item])
        ib.resistance = 1e9
        animator.addBehavior(ib)
        animator.addBehavior(GravityBehavior(items: [item]))
        run(animator, seconds: 2)
        XCTAssertEqual(Double(item.center.y), 400, accuracy: 0.01)
    }
}
