import AnimaticUIKit
import Rendering
import ScenePlayer
import XCTest

/// The dynamics classes under their UIKit names and signatures act on views through the one
/// Dynamics implementation.
final class UIKitDynamicsTests: XCTestCase {
    let screen = CGRect(x: 0, y: 0, width: 375, height: 667)

    func testAnAnimatorForAReferenceViewMovesViewsAndWritesTheirRotation() {
        let root = UIView(frame: screen)
        let square = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        square.center = CGPoint(x: 100, y: 100)
        root.addSubview(square)
        let animator = UIDynamicAnimator(referenceView: root)
        XCTAssertTrue(animator.referenceView === root)
        XCTAssertEqual(animator.referenceBounds, screen)
        let gravity = UIGravityBehavior(items: [square])
        animator.addBehavior(gravity)
        // 0.5 s of UIKit's 1000 pt/s^2 gravity: about 125 pt (less the default resistance).
        for _ in 0..<30 { animator.step() }
        XCTAssertEqual(square.center.x, 100)
        XCTAssertGreaterThan(square.center.y, 100 + 115)
        XCTAssertLessThan(square.center.y, 100 + 130)
        // A view moved by code is taken as it is (updateItem(usingCurrentState:)); stopped, and
        // out of gravity, it spins where it was put.
        square.center = CGPoint(x: 200, y: 50)
        square.transform = CGAffineTransform(rotationAngle: 0.5)
        animator.updateItem(usingCurrentState: square)
        animator.removeBehavior(gravity)
        let spin = UIDynamicItemBehavior(items: [square])
        let falling = animator.linearVelocity(of: square)
        XCTAssertGreaterThan(falling.dy, 400, "still falling at the speed gravity gave it")
        spin.addLinearVelocity(CGPoint(x: -falling.dx, y: -falling.dy), for: square)
        spin.addAngularVelocity(1, for: square)
        spin.angularResistance = 0
        animator.addBehavior(spin)
        for _ in 0..<60 { animator.step() }
        XCTAssertEqual(Double(square.rotation), 1.5, accuracy: 0.02, "0.5 rad plus 1 rad/s for 1 s, written back into the transform")
        XCTAssertEqual(Double(atan2(square.transform.b, square.transform.a)), 1.5, accuracy: 0.02)
        XCTAssertEqual(square.center.y, 50, accuracy: 1e-9)
    }

    func testItemBehaviorVelocitiesArePoints() {
        let root = UIView(frame: screen)
        let square = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        let animator = UIDynamicAnimator(referenceView: root)
        let item = UIDynamicItemBehavior(items: [square])
        item.resistance = 0
        item.addLinearVelocity(CGPoint(x: 60, y: -30), for: square)
        animator.addBehavior(item)
        animator.step()
        let v: CGPoint = item.linearVelocity(for: square)
        XCTAssertEqual(v.x, 60, accuracy: 1e-9)
        XCTAssertEqual(v.y, -30, accuracy: 1e-9)
        // One step: 1/120 s (the first step runs one sub-step) at (60, -30) pt/s.
        XCTAssertEqual(Double(square.center.x), 150 + 60 * Double(Float(1.0 / 120)), accuracy: 1e-6)
    }

    func testPushOffsetsAttachmentsAndRegionsTakeUIKitTypes() {
        let a = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40)), b = UIView(frame: CGRect(x: 100, y: 0, width: 40, height: 40))
        let push = UIPushBehavior(items: [a], mode: .instantaneous)
        push.setTargetOffsetFromCenter(UIOffset(horizontal: 5, vertical: -2), for: a)
        XCTAssertEqual(push.targetOffsetFromCenter(for: a), UIOffset(horizontal: 5, vertical: -2))
        // Centers (20, 20) and (120, 20); attachment points 10 pt right of a's center and 10 pt
        // left of b's: 80 pt apart.
        let rope = UIAttachmentBehavior(item: a, offsetFromCenter: UIOffset(horizontal: 10, vertical: 0),
                                        attachedTo: b, offsetFromCenter: UIOffset(horizontal: -10, vertical: 0))
        XCTAssertEqual(rope.length, 80, accuracy: 1e-9)
        XCTAssertEqual(rope.attachedBehaviorType, UIAttachmentBehavior.AttachmentType.items)
        let hook = UIAttachmentBehavior(item: a, offsetFromCenter: UIOffset(horizontal: 0, vertical: 20), attachedToAnchor: CGPoint(x: 20, y: 100))
        XCTAssertEqual(hook.length, 60, accuracy: 1e-9, "from (20, 40) to (20, 100)")
        let limit = UIAttachmentBehavior.limitAttachment(with: a, offsetFromCenter: .zero, attachedTo: b, offsetFromCenter: .zero)
        XCTAssertEqual(limit.length, 100, accuracy: 1e-9)
        hook.attachmentRange = UIFloatRange(minimum: -1, maximum: 1)
        XCTAssertEqual(hook.attachmentRange.minimum, -1)
        // UIRegion's set operations, relative to the field's position.
        let ring = UIRegion(radius: 100).byDifference(from: UIRegion(radius: 50))
        XCTAssertTrue(ring.contains(CGPoint(x: 75, y: 0)))
        XCTAssertFalse(ring.contains(CGPoint(x: 25, y: 0)))
        XCTAssertTrue(UIRegion(size: CGSize(width: 10, height: 10)).byUnion(with: UIRegion(radius: 20)).contains(CGPoint(x: 15, y: 0)))
        XCTAssertFalse(UIRegion(radius: 20).byIntersection(with: UIRegion(size: CGSize(width: 10, height: 10))).contains(CGPoint(x: 15, y: 0)))
        XCTAssertFalse(UIRegion.infinite.inverse().contains(.zero))
        let field = UIFieldBehavior.radialGravityField(position: CGPoint(x: 10, y: 10))
        field.region = ring
        XCTAssertTrue(field.contains(CGPoint(x: 85, y: 10)))
    }

    /// The delegate of the collision delegate recipe, recording its callbacks.
    final class Delegate: UICollisionBehaviorDelegate {
        var boundaryContacts: [(item: UIView, identifier: String?, point: CGPoint)] = []
        var itemContacts: [(UIView, UIView)] = []
        var ended = 0
        func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                               withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint) {
            boundaryContacts.append((item as! UIView, (identifier as? NSString).map { String(describing: $0) }, p))
        }
        func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem, withBoundaryIdentifier identifier: NSCopying?) {
            ended += 1
        }
        func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem, with item2: UIDynamicItem, at p: CGPoint) {
            itemContacts.append((item1 as! UIView, item2 as! UIView))
        }
    }

    func testTheCollisionDelegateGetsViewsAndNSCopyingIdentifiersAndBoundariesArePaths() {
        let root = UIView(frame: screen)
        let low = UIView(frame: CGRect(x: 160, y: 400, width: 50, height: 50))
        let high = UIView(frame: CGRect(x: 160, y: 330, width: 50, height: 50))
        let animator = UIDynamicAnimator(referenceView: root)
        animator.addBehavior(UIGravityBehavior(items: [low, high]))
        let collision = UICollisionBehavior(items: [low, high])
        collision.addBoundary(withIdentifier: "floor" as NSCopying, from: CGPoint(x: 0, y: 567), to: CGPoint(x: 375, y: 567))
        let ledge = UIBezierPath()
        ledge.move(to: CGPoint(x: 0, y: 100))
        ledge.addLine(to: CGPoint(x: 50, y: 120))
        collision.addBoundary(withIdentifier: "ledge" as NSCopying, for: ledge)
        collision.setTranslatesReferenceBoundsIntoBoundary(with: UIEdgeInsets(top: 0, left: 0, bottom: 10, right: 0))
        let delegate = Delegate()
        collision.collisionDelegate = delegate
        animator.addBehavior(collision)
        XCTAssertEqual(collision.boundary(withIdentifier: "floor" as NSCopying)?.bounds, CGRect(x: 0, y: 567, width: 375, height: 0))
        XCTAssertEqual(collision.boundary(withIdentifier: "ledge" as NSCopying)?.currentPoint, CGPoint(x: 50, y: 120))
        XCTAssertNil(collision.boundary(withIdentifier: "none" as NSCopying))
        for _ in 0..<90 { animator.step() }
        // The lower square lands on the floor (its bottom, 450, falls 117 pt: about 0.5 s).
        XCTAssertTrue(delegate.boundaryContacts.contains { $0.item === low && $0.identifier == "floor" }, "\(delegate.boundaryContacts)")
        for contact in delegate.boundaryContacts where contact.identifier == "floor" {
            XCTAssertEqual(contact.point.y, 566, accuracy: 1.5, "on the floor (its skin reaches 1 to 2 pt above it)")
        }
        XCTAssertFalse(delegate.itemContacts.isEmpty, "the upper square lands on the lower one")
        XCTAssertTrue(delegate.itemContacts.allSatisfy { Set([ObjectIdentifier($0.0), ObjectIdentifier($0.1)]) == Set([ObjectIdentifier(low), ObjectIdentifier(high)]) })
        XCTAssertEqual(low.center.y, 567 - 25, accuracy: 2.5, "resting on the floor")
        collision.removeBoundary(withIdentifier: "floor" as NSCopying)
        XCTAssertNil(collision.boundary(withIdentifier: "floor" as NSCopying))
    }

    func testACustomUIDynamicItemMovesThroughItsTransform() {
        final class Token: UIDynamicItem {
            var center = CGPoint(x: 50, y: 50)
            var bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
            var transform = CGAffineTransform(scaleX: 3, y: 3)
        }
        let token = Token()
        XCTAssertTrue((token as UIDynamicItem).collisionBoundingPath.isEmpty, "no path by default")
        let animator = UIDynamicAnimator(referenceBounds: screen)
        let spin = UIDynamicItemBehavior(items: [token])
        spin.addAngularVelocity(2, for: token)
        animator.addBehavior(spin)
        animator.step()
        XCTAssertGreaterThan(token.rotation, 0)
        XCTAssertEqual(Double(token.transform.decomposedScale), 3, accuracy: 1e-12, "the rotation is written, the scale kept")
    }

    func testDebugEnabledDrawsTheOverlayOfTheAnimator() throws {
        final class Controller: UIViewController {
            lazy var animator = UIDynamicAnimator(referenceView: view)
            var enabled = false
            override func viewDidLoad() {
                let box = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
                box.backgroundColor = .orange
                view.addSubview(box)
                let field = UIFieldBehavior.radialGravityField(position: view.center)
                field.region = UIRegion(radius: 100)
                field.addItem(box)
                animator.addBehavior(field)
                animator.debugEnabled = enabled
            }
        }
        for enabled in [false, true] {
            let controller = Controller()
            controller.enabled = enabled
            let recorder = try Recorder(id: "debug", size: CGSize(width: 375, height: 667), scale: 1, duration: 1) { controller }
            try recorder.advanceFrame()
            let overlay = recorder.frameState().overlay
            XCTAssertEqual(controller.animator.debugEnabled, enabled)
            if enabled {
                XCTAssertTrue(overlay.contains(.circle(center: DrawPoint(187.5, 333.5), radius: 100, color: overlay.compactMap {
                    if case .circle(_, _, let c, _) = $0 { return c } else { return nil } }.first ?? .black, width: 1)),
                              "the field's region")
                XCTAssertTrue(overlay.contains { if case .arrow = $0 { return true } else { return false } }, "the field's arrows")
                XCTAssertTrue(overlay.contains { if case .polyline = $0 { return true } else { return false } }, "the box's shape")
                XCTAssertEqual(recorder.debugLayersShown, UIDynamicAnimator.debugEnabledLayers)
            } else {
                XCTAssertEqual(overlay, [])
                XCTAssertFalse(recorder.overlay([.shapes]).isEmpty, "--debug draws it on request")
            }
        }
    }
}

extension UIKitDynamicsTests {
    // Regression: the overlay of an animator whose reference view sits inside the root view
    // was drawn in that view's coordinates as if they were the canvas's (a boundary at the
    // container's y 200 appeared at the screen's y 200, 100 pt above where the box rested).
    func testTheOverlayOfAnAnimatorInAContainerIsPlacedWhereTheContainerIs() throws {
        final class Controller: UIViewController {
            let container = UIView(frame: CGRect(x: 50, y: 100, width: 275, height: 400))
            lazy var animator = UIDynamicAnimator(referenceView: container)
            override func viewDidLoad() {
                view.addSubview(container)
                let box = UIView(frame: CGRect(x: 100, y: 20, width: 40, height: 40))
                container.addSubview(box)
                let field = UIFieldBehavior.radialGravityField(position: CGPoint(x: 100, y: 100))
                field.region = UIRegion(radius: 30)
                field.addItem(box)
                animator.addBehavior(field)
                let collision = UICollisionBehavior(items: [box])
                collision.addBoundary(withIdentifier: "shelf" as NSString, from: CGPoint(x: 0, y: 200), to: CGPoint(x: 275, y: 200))
                animator.addBehavior(collision)
                animator.debugEnabled = true
            }
        }
        let controller = Controller()
        let recorder = try Recorder(id: "container", size: CGSize(width: 375, height: 667), scale: 1, duration: 1) { controller }
        try recorder.advanceFrame()
        let overlay = recorder.frameState().overlay
        // The container's (0, 200) to (275, 200) is the canvas's (50, 300) to (325, 300).
        let lines = overlay.compactMap { p -> (DrawPoint, DrawPoint)? in
            if case .line(let a, let b, _, _) = p { return (a, b) }
            if case .polyline(let points, false, _, _) = p, points.count == 2 { return (points[0], points[1]) }
            return nil
        }
        XCTAssertTrue(lines.contains { $0.0 == DrawPoint(50, 300) && $0.1 == DrawPoint(325, 300) }, "the shelf: \(lines)")
        XCTAssertFalse(lines.contains { $0.0.y == 200 && $0.1.y == 200 }, "not at the container's own y")
        // The region's circle around the container's (100, 100): the canvas's (150, 200).
        XCTAssertTrue(overlay.contains { if case .circle(DrawPoint(150, 200), 30, _, _) = $0 { return true } else { return false } },
                      "the field's region")
    }
}

extension CGAffineTransform {
    /// The x scale of the linear part, worked out from the matrix.
    var decomposedScale: CGFloat { (a * a + b * b).squareRoot() }
}
