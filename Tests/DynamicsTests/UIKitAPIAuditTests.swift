import XCTest
@testable import Dynamics

/// Findings of an audit of the UIKit-shaped dynamics API, each reproduced on the old code and
/// asserted here with numbers.
final class UIKitAPIAuditTests: XCTestCase {
    let bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)

    func view(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat, _ h: CGFloat, _ type: DynamicItemCollisionBoundsType = .rectangle) -> DynamicView {
        DynamicView(center: CGPoint(x: x, y: y), size: CGSize(width: w, height: h), collisionBoundsType: type)
    }

    /// An ellipse whose flattened outline passed 64 vertices (about 200 pt and larger) collided
    /// as its bounding box. A 10 pt box dropped on the slope of a 300 x 200 ellipse, 140 pt
    /// right of its center, lands with its lower left corner (x = 635) on the ellipse, at
    /// y = 400 - 100 sqrt(1 - (135/150)^2) = 356.4, not on the bounding box's top at 300.
    func testALargeEllipseCollidesAsAnEllipse() throws {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let ellipse = view(500, 400, 300, 200, .ellipse)
        let box = view(640, 200, 10, 10)
        let hold = DynamicItemBehavior(items: [ellipse]); hold.isAnchored = true
        animator.addBehavior(hold)
        animator.addBehavior(GravityBehavior(items: [box]))
        animator.addBehavior(CollisionBehavior(items: [ellipse, box]))
        var landed: CGFloat?
        var speed: CGFloat = 0
        for _ in 0..<60 where landed == nil {
            animator.step()
            if animator.linearVelocity(of: box).dy < speed { landed = box.center.y } else { speed = animator.linearVelocity(of: box).dy }
        }
        let surface = 400 - 100 * (1 - pow(135.0 / 150, 2)).squareRoot()
        XCTAssertEqual(Double(surface), 356.4, accuracy: 0.1)
        let bottom = try XCTUnwrap(landed) + 5
        XCTAssertEqual(Double(bottom), Double(surface), accuracy: 3, "the box lands on the ellipse (skins and the step apart)")
        XCTAssertGreaterThan(box.center.x, 640, "and slides down its slope")
        // Below the cap the measured formula holds: max(Int(L / 10), 1) pieces a quarter, L the
        // 10-segment polyline through the quarter cubic (kappa 0.55228474983).
        func quarterPieces(_ a: Double, _ b: Double) -> Int { max(Int(ellipseQuarterPolylineLength(a, b) / 10), 1) }
        XCTAssertEqual(ItemOutline.ellipse(width: 300, height: 200).count, 4 * quarterPieces(150, 100))
        XCTAssertGreaterThan(4 * quarterPieces(150, 100), 64, "more than the engine's old polygon limit")
        XCTAssertEqual(ItemOutline.ellipse(width: 1_000_000, height: 1).count, 256)
        XCTAssertEqual(ItemOutline.ellipse(width: .nan, height: 10).count, 4, "a non-finite size takes one piece a cubic (Int(nan) trapped)")
        XCTAssertEqual(ItemOutline.ellipse(width: .infinity, height: 10).count, 4)
        let many = (0..<1000).map { k in CGPoint(x: 100 * cos(Double(k) / 500 * .pi), y: 100 * sin(Double(k) / 500 * .pi)) }
        let thinned = ItemOutline.limited(many)
        XCTAssertEqual(thinned.count, 256)
        XCTAssertEqual(thinned.last, many.last)
    }

    /// Changing a live pin's frictionTorque (or range) rebuilt its joint from the items as
    /// they stood, around the anchor given when it was made: two pinned items falling under
    /// gravity flew 122 pt apart. The pivot stays on both items: their centers keep 40 pt.
    func testChangingALivePinKeepsItsPivot() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 1000, height: 10_000))
        let a = view(480, 200, 20, 20), b = view(520, 200, 20, 20)
        let pin = AttachmentBehavior.pinAttachment(with: a, attachedTo: b, attachmentAnchor: CGPoint(x: 500, y: 200))
        animator.addBehavior(pin)
        animator.addBehavior(GravityBehavior(items: [a, b]))
        for _ in 0..<30 { animator.step() }
        pin.frictionTorque = 0.0001
        pin.attachmentRange = FloatRange(minimum: -1, maximum: 1)
        for _ in 0..<60 {
            animator.step()
            XCTAssertEqual(Double(hypot(a.center.x - b.center.x, a.center.y - b.center.y)), 40, accuracy: 0.5)
        }
        XCTAssertGreaterThan(a.center.y, 400, "they fell together")
    }

    /// A sliding attachment's range changed while the item stood at its limit was measured
    /// from there: [-50, 60] let it travel to +110 from the anchor. It stops at +60.
    func testChangingASlidingRangeKeepsItsOrigin() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let item = view(100, 500, 20, 20)
        let slide = AttachmentBehavior.slidingAttachment(with: item, attachmentAnchor: CGPoint(x: 100, y: 500),
                                                         axisOfTranslation: CGVector(dx: 1, dy: 0))
        slide.attachmentRange = FloatRange(minimum: -50, maximum: 50)
        animator.addBehavior(slide)
        let push = PushBehavior(items: [item], mode: .continuous)
        push.pushDirection = CGVector(dx: 0.2, dy: 0)
        animator.addBehavior(push)
        for _ in 0..<90 { animator.step() }
        XCTAssertEqual(Double(item.center.x), 150, accuracy: 0.6)
        slide.attachmentRange = FloatRange(minimum: -50, maximum: 60)
        for _ in 0..<90 { animator.step() }
        XCTAssertEqual(Double(item.center.x), 160, accuracy: 0.6)
        // A NaN end is no limit (a range of NaN would trap), now and when made so.
        slide.attachmentRange = FloatRange(minimum: .nan, maximum: 60)
        animator.step()
        let pin = AttachmentBehavior.pinAttachment(with: view(500, 500, 10, 10), attachmentAnchor: CGPoint(x: 500, y: 500))
        pin.attachmentRange = FloatRange(minimum: -1, maximum: .nan)
        animator.addBehavior(pin)
        animator.step()
    }

    /// A rod of length 0 given a length later became a rope (its two bounds were 0): the
    /// items stayed 0.5 pt apart. Given 100, a rod holds them 100 pt apart.
    func testARodOfNoLengthGivenALengthStaysARod() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let a = view(500, 500, 20, 20), b = view(520, 500, 20, 20)
        let rod = AttachmentBehavior(item: a, attachedTo: b)
        rod.length = 0
        animator.addBehavior(rod)
        for _ in 0..<30 { animator.step() }
        XCTAssertLessThan(Double(hypot(a.center.x - b.center.x, a.center.y - b.center.y)), 1)
        rod.length = 100
        for _ in 0..<60 { animator.step() }
        XCTAssertEqual(Double(hypot(a.center.x - b.center.x, a.center.y - b.center.y)), 100, accuracy: 0.5)
    }

    /// An anchor attachment made within 1 pt of its anchor is a pin; `length` set later did
    /// nothing. Given 100, it holds the item 100 pt from the anchor.
    func testAPinnedRodGivenALengthKeepsIt() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let item = view(200.9, 500, 20, 20)
        let rod = AttachmentBehavior(item: item, attachedToAnchor: CGPoint(x: 200, y: 500))
        animator.addBehavior(rod)
        let push = PushBehavior(items: [item], mode: .continuous)
        push.pushDirection = CGVector(dx: 0.5, dy: 0)
        animator.addBehavior(push)
        for _ in 0..<10 { animator.step() }
        XCTAssertEqual(Double(item.center.x), 200.9, accuracy: 0.2, "pinned")
        rod.length = 100
        for _ in 0..<120 { animator.step() }
        XCTAssertEqual(Double(hypot(item.center.x - 200, item.center.y - 500)), 100, accuracy: 0.5)
    }

    final class Touches: CollisionBehaviorDelegate {
        var log: [String] = []
        func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem, at point: CGPoint) {
            log.append("began")
        }
        func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem) {
            log.append("ended")
        }
    }

    /// A collision behavior removed while two of its items touch (through another collision
    /// behavior too, so the engine's contact goes on) never said "ended", and its count
    /// kept it from saying "began" when added again.
    func testARemovedCollisionBehaviorEndsItsTouches() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let a = view(500, 960, 80, 80), b = view(500, 870, 80, 80)
        animator.addBehavior(GravityBehavior(items: [a, b]))
        let floor = CollisionBehavior(items: [a, b]); floor.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(floor)
        let watched = CollisionBehavior(items: [a, b])
        let touches = Touches()
        watched.collisionDelegate = touches
        animator.addBehavior(watched)
        for _ in 0..<60 { animator.step() }
        XCTAssertEqual(touches.log, ["began"])
        animator.removeBehavior(watched)
        animator.step()
        XCTAssertEqual(touches.log, ["began", "ended"], "the removed behavior ends the touch it counted")
        animator.addBehavior(watched)
        animator.step()
        XCTAssertEqual(touches.log, ["began", "ended", "began"], "and begins it again when added back")
        // An item taken out of the behavior ends the touch too (the other behavior keeps the contact).
        watched.removeItem(a)
        animator.step()
        XCTAssertEqual(touches.log, ["began", "ended", "began", "ended"])
    }

    /// A contact destroyed by a refilter (an item added to a second collision behavior) and
    /// made again in the next step's first sub-step, then ended in its second sub-step (the
    /// item jumps off): the renewal dropped every ended event of the pair in that step, the
    /// touch stayed counted, and the pair never said began or ended again.
    func testARenewedContactThatEndsInTheSameStepEnds() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let base = view(500, 600, 100, 100), jumper = view(500, 530, 40, 40)
        let hold = DynamicItemBehavior(items: [base]); hold.isAnchored = true
        animator.addBehavior(hold)
        animator.addBehavior(GravityBehavior(items: [jumper]))
        let watched = CollisionBehavior(items: [base, jumper])
        let touches = Touches()
        watched.collisionDelegate = touches
        animator.addBehavior(watched)
        let props = DynamicItemBehavior(items: [jumper])
        animator.addBehavior(props)
        for _ in 0..<60 { animator.step() }
        XCTAssertEqual(touches.log, ["began"])
        // 600 pt/s up: 5 pt a sub-step, off the skin in the first.
        animator.addBehavior(CollisionBehavior(items: [jumper]))
        props.addLinearVelocity(CGVector(dx: 0, dy: -600), for: jumper)
        animator.step()
        XCTAssertEqual(touches.log, ["began", "ended"], "the jump ends the touch in the step that renewed it")
        // Up 180 pt and back in 1.2 s: it lands again, and that is a new touch.
        for _ in 0..<120 { animator.step() }
        XCTAssertEqual(Array(touches.log.prefix(3)), ["began", "ended", "began"])
        for (k, entry) in touches.log.enumerated() { XCTAssertEqual(entry, k % 2 == 0 ? "began" : "ended") }
    }

    /// A collision behavior removed from one animator and added to another before the first
    /// stepped kept the first one's boundary bodies: nothing held the box in the second.
    func testABehaviorMovedToAnotherAnimatorBuildsThere() {
        let first = DynamicAnimator(referenceBounds: bounds), second = DynamicAnimator(referenceBounds: bounds)
        let walls = CollisionBehavior(items: []); walls.translatesReferenceBoundsIntoBoundary = true
        let pin = AttachmentBehavior(item: view(100, 100, 10, 10), attachedToAnchor: CGPoint(x: 100, y: 50))
        first.addBehavior(walls); first.addBehavior(pin)
        first.step()
        first.removeBehavior(walls); first.removeBehavior(pin)
        let box = view(500, 900, 50, 50)
        walls.addItem(box)
        second.addBehavior(walls)
        second.addBehavior(GravityBehavior(items: [box]))
        for _ in 0..<180 { second.step() }
        XCTAssertEqual(Double(box.center.y), 1000 - 25, accuracy: 3, "resting on the second animator's floor")
        first.step()
        XCTAssertEqual(first.world.joints.filter(\.alive).count, 0, "the first let the pin's joint go")
        XCTAssertFalse(first.boundaryOwners.values.contains { $0.behavior === walls }, "and the walls' boundary tags")
    }

    /// A non-finite dt never returned from the sub-step loop (infinity) or stepped nothing
    /// sensible: it is no time. (Arcs of NaN or 1e17 radians: UIKitAuditTests.)
    func testNonFiniteInputsNeitherTrapNorHang() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let item = view(500, 500, 10, 10)
        animator.addBehavior(GravityBehavior(items: [item]))
        animator.step(.infinity)
        animator.step(.nan)
        XCTAssertEqual(item.center, CGPoint(x: 500, y: 500))
        XCTAssertEqual(animator.elapsedTime, 0)
    }


    /// After addLinearVelocity the getter did not see the addition until the next step, so
    /// "stop it" (add minus the velocity read back) cancelled the wrong amount.
    func testAddedVelocityIsSeenAtOnce() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let item = view(500, 500, 10, 10)
        let props = DynamicItemBehavior(items: [item]); props.resistance = 0; props.angularResistance = 0
        animator.addBehavior(props)
        animator.step()
        props.addLinearVelocity(CGVector(dx: 30, dy: -20), for: item)
        props.addAngularVelocity(2, for: item)
        XCTAssertEqual(props.linearVelocity(for: item), CGVector(dx: 30, dy: -20))
        XCTAssertEqual(props.angularVelocity(for: item), 2)
        let v = props.linearVelocity(for: item)
        props.addLinearVelocity(CGVector(dx: -v.dx, dy: -v.dy), for: item)
        props.addAngularVelocity(-props.angularVelocity(for: item), for: item)
        animator.step()
        XCTAssertEqual(animator.linearVelocity(of: item), .zero)
        XCTAssertEqual(animator.angularVelocity(of: item), 0)
        XCTAssertEqual(item.center, CGPoint(x: 500, y: 500))
    }
}
