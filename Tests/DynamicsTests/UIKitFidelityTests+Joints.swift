import XCTest
@testable import Dynamics

/// Measured shapes and iOS 9 attachment factories that had no test of their own: the 0.9 pt
/// skin of ellipse and path items, a pin's friction torque, a sliding attachment's range in
/// points and a snap point that moves. Expected values are computed here from the law.
extension UIKitFidelityTests {
    /// The gap at which an item moving at 6 pt/s (0.05 pt a sub-step, no gravity, no bounce)
    /// toward an anchored 100 x 100 box stops: Box2D 2.2 makes the contact when the cores
    /// are within the sum of the skins, and its solver stops the approach at once.
    func stoppingGap(of shapeOf: (CGPoint) -> DynamicView, halfHeight: CGFloat) -> CGFloat {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let lower = DynamicView(center: CGPoint(x: 500, y: 600), size: CGSize(width: 100, height: 100))
        let upper = shapeOf(CGPoint(x: 500, y: 550 - halfHeight - 3))
        animator.addBehavior(CollisionBehavior(items: [lower, upper]))
        let hold = DynamicItemBehavior(items: [lower]); hold.isAnchored = true
        animator.addBehavior(hold)
        let free = noDamping([upper]); free.elasticity = 0; free.allowsRotation = false
        animator.addBehavior(free)
        free.addLinearVelocity(CGVector(dx: 0, dy: 6), for: upper)
        for _ in 0..<120 { animator.step() }
        XCTAssertEqual(Double(animator.linearVelocity(of: upper).dy), 0, accuracy: 1e-6, "stopped")
        return 550 - (upper.center.y + halfHeight)
    }

    /// [measured] A non-circular ellipse and a path item have a 0.9 pt skin, a rectangle 0.1:
    /// an item approaching a box (0.1) slowly stops with its outline the two skins away.
    func testEllipseAndPathItemsHaveANineTenthsPointSkin() {
        let step = 6.0 * h
        let rectangle = stoppingGap(of: { DynamicView(center: $0, size: CGSize(width: 100, height: 60)) }, halfHeight: 30)
        XCTAssertEqual(Double(rectangle), 0.1 + 0.1 - step / 2, accuracy: step / 2, "rectangle")
        // The ellipse's lowest point (0, 30) is the end of a cubic, so a vertex of its polygon.
        let ellipse = stoppingGap(of: { DynamicView(center: $0, size: CGSize(width: 100, height: 60), collisionBoundsType: .ellipse) },
                                  halfHeight: 30)
        XCTAssertEqual(Double(ellipse), 0.9 + 0.1 - step / 2, accuracy: step / 2, "ellipse")
        let hexagon = [CGPoint(x: -50, y: -30), CGPoint(x: 50, y: -30), CGPoint(x: 60, y: 0),
                       CGPoint(x: 50, y: 30), CGPoint(x: -50, y: 30), CGPoint(x: -60, y: 0)]
        let path = stoppingGap(of: { DynamicView(center: $0, size: CGSize(width: 120, height: 60), collisionBoundsType: .path, path: hexagon) },
                               halfHeight: 30)
        XCTAssertEqual(Double(path), 0.9 + 0.1 - step / 2, accuracy: step / 2, "path")
    }

    /// [measured] `frictionTorque` of a pin is a motor at speed 0 with that maximum torque: a
    /// spinning 100 x 100 item (1 kg, I = m (w^2 + h^2) / 12 = 1/6 kg m^2) pinned at its
    /// center slows by h T / I every sub-step, a straight line, then stops and stays.
    func testAPinsFrictionTorqueSlowsASpinAtTOverI() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let base = DynamicView(center: CGPoint(x: 200, y: 200), size: CGSize(width: 20, height: 20))
        let wheel = DynamicView(center: CGPoint(x: 500, y: 500), size: CGSize(width: 100, height: 100))
        let hold = DynamicItemBehavior(items: [base]); hold.isAnchored = true
        animator.addBehavior(hold)
        let free = noDamping([wheel])
        animator.addBehavior(free)
        let pin = AttachmentBehavior.pinAttachment(with: base, attachedTo: wheel, attachmentAnchor: CGPoint(x: 500, y: 500))
        pin.frictionTorque = 0.1
        animator.addBehavior(pin)
        free.addAngularVelocity(3, for: wheel)
        let inertia = 1.0 * (1.0 * 1.0 + 1.0 * 1.0) / 12
        let perSubStep = h * 0.1 / inertia
        for frame in 1...120 {
            animator.step()
            let subSteps = Double(2 * frame - 1)
            XCTAssertEqual(Double(animator.angularVelocity(of: wheel)), 3 - subSteps * perSubStep, accuracy: 1e-6, "frame \(frame)")
        }
        // 3 rad/s at 0.6 rad/s^2: stopped after 5 s, and held there.
        for _ in 0..<300 { animator.step() }
        XCTAssertEqual(Double(animator.angularVelocity(of: wheel)), 0, accuracy: 1e-9)
        XCTAssertEqual(Double(hypot(wheel.center.x - 500, wheel.center.y - 500)), 0, accuracy: 0.01)
    }

    /// [measured] A sliding attachment's `attachmentRange` is in points along its axis: an
    /// item pushed along the axis stops 30 pt on one side and 20 pt on the other.
    func testASlidingAttachmentsRangeIsInPoints() {
        for (direction, stop) in [(CGFloat(1), CGFloat(30)), (-1, -20)] {
            let animator = DynamicAnimator(referenceBounds: bounds)
            let item = DynamicView(center: CGPoint(x: 500, y: 500), size: CGSize(width: 40, height: 40))
            let slide = AttachmentBehavior.slidingAttachment(with: item, attachmentAnchor: CGPoint(x: 500, y: 500),
                                                             axisOfTranslation: CGVector(dx: 3, dy: 4))
            slide.attachmentRange = FloatRange(minimum: -20, maximum: 30)
            animator.addBehavior(slide)
            let push = PushBehavior(items: [item], mode: .continuous)
            push.pushDirection = CGVector(dx: 0.3 * direction, dy: 0.4 * direction)
            animator.addBehavior(push)
            var farthest: CGFloat = 0
            for _ in 0..<180 {
                animator.step()
                let along = ((item.center.x - 500) * 3 + (item.center.y - 500) * 4) / 5
                farthest = direction > 0 ? max(farthest, along) : min(farthest, along)
                let across = ((item.center.x - 500) * 4 - (item.center.y - 500) * 3) / 5
                XCTAssertEqual(Double(across), 0, accuracy: 0.05)
            }
            // Box2D 2.2's limit holds within its linear slop (0.5 pt) while the push presses on.
            XCTAssertEqual(Double(farthest), Double(stop), accuracy: 0.5, "pushed \(direction)")
            let along = ((item.center.x - 500) * 3 + (item.center.y - 500) * 4) / 5
            XCTAssertEqual(Double(along), Double(stop), accuracy: 0.5, "pushed \(direction)")
        }
    }

    /// [measured] Moving `snapPoint` of a live snap moves its anchor: the item settles on the
    /// new point, upright.
    func testMovingTheSnapPointMovesTheItem() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let item = DynamicView(center: CGPoint(x: 300, y: 300), size: CGSize(width: 80, height: 40))
        let snap = SnapBehavior(item: item, snapTo: CGPoint(x: 500, y: 500))
        animator.addBehavior(snap)
        for _ in 0..<240 { animator.step() }
        XCTAssertEqual(Double(hypot(item.center.x - 500, item.center.y - 500)), 0, accuracy: 1)
        snap.snapPoint = CGPoint(x: 700, y: 350)
        animator.step()
        XCTAssertGreaterThan(animator.linearVelocity(of: item).dx, 0, "the springs pull toward the new point at once")
        for _ in 0..<300 { animator.step() }
        XCTAssertEqual(Double(hypot(item.center.x - 700, item.center.y - 350)), 0, accuracy: 1)
        XCTAssertEqual(Double(item.rotation), 0, accuracy: 0.01)
    }
}
