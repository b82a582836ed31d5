import Foundation
import XCTest
@testable import Dynamics

/// Collision membership, modes, callbacks, and the animator's pause and resume.
final class UIKitCollisionTests: XCTestCase {
    let bounds = CGRect(x: 0, y: 0, width: 400, height: 400)

    final class Recorder: CollisionBehaviorDelegate, DynamicAnimatorDelegate {
        var began: [String] = []
        var ended: [String] = []
        var pauses = 0
        var resumes = 0
        func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem, at point: CGPoint) {
            began.append("\((item1 as! DynamicView).name)+\((item2 as! DynamicView).name)")
        }
        func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem) {
            ended.append("\((item1 as! DynamicView).name)+\((item2 as! DynamicView).name)")
        }
        func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem, withBoundaryIdentifier identifier: String?, at point: CGPoint) {
            began.append("\((item as! DynamicView).name)|\(identifier ?? "nil")")
        }
        func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem, withBoundaryIdentifier identifier: String?) {
            ended.append("\((item as! DynamicView).name)|\(identifier ?? "nil")")
        }
        func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { pauses += 1 }
        func dynamicAnimatorWillResume(_ animator: DynamicAnimator) { resumes += 1 }
    }

    func testItemsInDifferentCollisionBehaviorsPassThrough() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let a = DynamicView(name: "a", center: CGPoint(x: 100, y: 200), size: CGSize(width: 40, height: 40))
        let b = DynamicView(name: "b", center: CGPoint(x: 300, y: 200), size: CGSize(width: 40, height: 40))
        animator.addBehavior(CollisionBehavior(items: [a]))
        animator.addBehavior(CollisionBehavior(items: [b]))
        let ib = DynamicItemBehavior(items: [a, b])
        ib.addLinearVelocity(CGVector(dx: 200, dy: 0), for: a)
        ib.addLinearVelocity(CGVector(dx: -200, dy: 0), for: b)
        animator.addBehavior(ib)
        for _ in 0..<60 { animator.step() }
        XCTAssertGreaterThan(a.center.x, b.center.x + 100, "they should have passed through each other")
    }

    /// Items outside every collision behavior are in no engine filter group, so the engine
    /// never asks the animator's pair filter about them, however close they are packed; items
    /// of two collision behaviors are asked about only within each behavior. (A regression:
    /// 10,000 touching items under gravity alone took over 20 s for 10 s of scene, the filter
    /// asked about every neighbour each time an item's broad-phase box moved.)
    func testThePairFilterIsAskedOnlyAboutItemsThatShareACollisionBehavior() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 400, height: 400))
        // 400 items of 4 pt on a 5 pt grid: each broad-phase box overlaps dozens of others.
        let items = (0..<400).map { k in
            DynamicView(name: "i\(k)", center: CGPoint(x: 100 + CGFloat(k % 20) * 5, y: 100 + CGFloat(k / 20) * 5),
                        size: CGSize(width: 4, height: 4))
        }
        animator.addBehavior(GravityBehavior(items: items))
        animator.step()
        let original = try! XCTUnwrap(animator.world.contactFilter)
        var asked: [(ShapeID, ShapeID)] = []
        animator.world.contactFilter = { a, b in asked.append((a, b)); return original(a, b) }
        for _ in 0..<30 { animator.step() }
        XCTAssertEqual(asked.count, 0, "no pair of items outside every collision behavior is offered")
        XCTAssertEqual(animator.world.contacts.count, 0)

        // The left half in one collision behavior, the right half in another: only pairs
        // within a half are offered, and only they make contacts.
        let left = items.filter { Int($0.name.dropFirst())! % 20 < 10 }, right = items.filter { Int($0.name.dropFirst())! % 20 >= 10 }
        animator.addBehavior(CollisionBehavior(items: left))
        animator.addBehavior(CollisionBehavior(items: right))
        for _ in 0..<5 { animator.step() }
        XCTAssertGreaterThan(asked.count, 100, "pairs within each behavior are offered")
        let leftShapes = Set(left.compactMap { animator.body(for: $0) }.flatMap { animator.world.shapes(of: $0) })
        XCTAssertEqual(leftShapes.count, left.count)
        XCTAssertTrue(asked.allSatisfy { leftShapes.contains($0.0) == leftShapes.contains($0.1) }, "no pair across the two behaviors")
        XCTAssertGreaterThan(animator.world.contacts.count, 0, "items within a behavior touch")
    }

    func testSharedCollisionBehaviorMakesThemCollide() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let a = DynamicView(name: "a", center: CGPoint(x: 100, y: 200), size: CGSize(width: 40, height: 40))
        let b = DynamicView(name: "b", center: CGPoint(x: 300, y: 200), size: CGSize(width: 40, height: 40))
        let collision = CollisionBehavior(items: [a, b])
        let recorder = Recorder()
        collision.collisionDelegate = recorder
        animator.addBehavior(collision)
        let ib = DynamicItemBehavior(items: [a, b])
        ib.addLinearVelocity(CGVector(dx: 200, dy: 0), for: a)
        ib.addLinearVelocity(CGVector(dx: -200, dy: 0), for: b)
        animator.addBehavior(ib)
        for _ in 0..<60 { animator.step() }
        XCTAssertLessThan(a.center.x, b.center.x)
        XCTAssertEqual(recorder.began, ["a+b"], "began once per touch")
    }

    func testItemsModeIgnoresBoundariesAndBoundariesModeIgnoresItems() {
        // .items: falls through the reference bounds.
        do {
            let animator = DynamicAnimator(referenceBounds: bounds)
            let a = DynamicView(name: "a", center: CGPoint(x: 200, y: 300), size: CGSize(width: 40, height: 40))
            let c = CollisionBehavior(items: [a]); c.translatesReferenceBoundsIntoBoundary = true; c.collisionMode = .items
            animator.addBehavior(c)
            animator.addBehavior(GravityBehavior(items: [a]))
            for _ in 0..<60 { animator.step() }
            XCTAssertGreaterThan(a.center.y, 420)
        }
        // .boundaries: two items pass through each other but stop at the floor.
        do {
            let animator = DynamicAnimator(referenceBounds: bounds)
            let a = DynamicView(name: "a", center: CGPoint(x: 200, y: 300), size: CGSize(width: 40, height: 40))
            let b = DynamicView(name: "b", center: CGPoint(x: 200, y: 100), size: CGSize(width: 40, height: 40))
            let c = CollisionBehavior(items: [a, b]); c.translatesReferenceBoundsIntoBoundary = true; c.collisionMode = .boundaries
            animator.addBehavior(c)
            animator.addBehavior(GravityBehavior(items: [a, b]))
            for _ in 0..<180 { animator.step() }
            XCTAssertEqual(Double(a.center.y), 380, accuracy: 1.5)
            XCTAssertEqual(Double(b.center.y), 380, accuracy: 1.5, "b should sink into a and rest on the floor")
        }
    }

    func testBoundaryCallbacksFireOncePerTouchWithIdentifiers() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let a = DynamicView(name: "a", center: CGPoint(x: 200, y: 100), size: CGSize(width: 40, height: 40))
        let c = CollisionBehavior(items: [a])
        c.addBoundary(withIdentifier: "floor", from: CGPoint(x: 0, y: 300), to: CGPoint(x: 400, y: 300))
        c.translatesReferenceBoundsIntoBoundary = true
        let recorder = Recorder()
        c.collisionDelegate = recorder
        animator.addBehavior(c)
        let ib = DynamicItemBehavior(items: [a]); ib.elasticity = 0.5
        animator.addBehavior(ib)
        animator.addBehavior(GravityBehavior(items: [a]))
        for _ in 0..<300 { animator.step() }
        // Bounces: each touch gives one began and (when it leaves) one ended.
        XCTAssertGreaterThanOrEqual(recorder.began.count, 2)
        XCTAssertTrue(recorder.began.allSatisfy { $0 == "a|floor" })
        XCTAssertEqual(recorder.began.count, recorder.ended.count + 1, "rests touching at the end")
        // At rest within the boundary's 2 pt contact skin: the bottom 0...2 pt above the line.
        XCTAssertEqual(Double(a.center.y), 279, accuracy: 1)

        // The reference bounds report a nil identifier.
        let b = DynamicView(name: "b", center: CGPoint(x: 100, y: 200), size: CGSize(width: 40, height: 40))
        let animator2 = DynamicAnimator(referenceBounds: bounds)
        let c2 = CollisionBehavior(items: [b]); c2.translatesReferenceBoundsIntoBoundary = true
        let r2 = Recorder(); c2.collisionDelegate = r2
        animator2.addBehavior(c2); animator2.addBehavior(GravityBehavior(items: [b]))
        for _ in 0..<120 { animator2.step() }
        XCTAssertEqual(r2.began.first, "b|nil")
    }

    func testAnimatorPausesOnceAtRestAndResumesOnChange() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let recorder = Recorder()
        animator.delegate = recorder
        let a = DynamicView(name: "a", center: CGPoint(x: 200, y: 300), size: CGSize(width: 40, height: 40))
        let c = CollisionBehavior(items: [a]); c.translatesReferenceBoundsIntoBoundary = true
        let gravity = GravityBehavior(items: [a])
        animator.addBehavior(c)
        animator.addBehavior(gravity)
        var restTime: Double?
        var pauseTime: Double?
        for k in 0..<(60 * 6) {
            animator.step()
            let t = Double(k + 1) / 60
            if restTime == nil && abs(animator.linearVelocity(of: a).dy) < 1 && a.center.y > 379 { restTime = t }
            if pauseTime == nil && !animator.isRunning { pauseTime = t }
        }
        XCTAssertEqual(recorder.pauses, 1)
        XCTAssertNotNil(pauseTime)
        XCTAssertLessThan(pauseTime! - restTime!, 2)
        // A behavior change resumes it.
        gravity.gravityDirection = CGVector(dx: 0, dy: -1)
        animator.step()
        XCTAssertTrue(animator.isRunning)
        XCTAssertEqual(recorder.resumes, 2)
        for _ in 0..<30 { animator.step() }
        XCTAssertLessThan(a.center.y, 370, "gravity now pulls up")
    }

    // Regression: an item that left every behavior while touching lost its record before the
    // ended events of its touches were read, so no delegate heard the contact end (leaving
    // only its collision behavior did report it).
    func testATouchEndsWhenTheItemLeavesEveryBehavior() {
        for removal in ["every behavior", "collision only"] {
            let animator = DynamicAnimator(referenceBounds: bounds)
            let a = DynamicView(name: "a", center: CGPoint(x: 100, y: 340), size: CGSize(width: 40, height: 40))
            let gravity = GravityBehavior(items: [a])
            let collision = CollisionBehavior(items: [a])
            collision.translatesReferenceBoundsIntoBoundary = true
            let recorder = Recorder()
            collision.collisionDelegate = recorder
            animator.addBehavior(gravity)
            animator.addBehavior(collision)
            for _ in 0..<120 { animator.step() }
            XCTAssertEqual(recorder.began, ["a|nil"], removal)
            XCTAssertEqual(recorder.ended, [], removal)
            if removal == "every behavior" { gravity.removeItem(a) }
            collision.removeItem(a)
            animator.step()
            XCTAssertEqual(recorder.ended, ["a|nil"], "\(removal): the touch ends")
            for _ in 0..<10 { animator.step() }
            XCTAssertEqual(recorder.ended, ["a|nil"], "\(removal): once")
        }
    }
}

/// A behavior is in one place at a time; adding it again, elsewhere, or into itself is ignored
/// (each was a trap that killed the process, and a recording with it).
final class BehaviorPlacementTests: XCTestCase {
    func testAddingABehaviorAgainOrElsewhereChangesNothing() {
        let bounds = CGRect(x: 0, y: 0, width: 400, height: 400)
        let first = DynamicAnimator(referenceBounds: bounds), second = DynamicAnimator(referenceBounds: bounds)
        let item = DynamicView(name: "a", center: CGPoint(x: 100, y: 100), size: CGSize(width: 20, height: 20))
        let gravity = GravityBehavior(items: [item])
        first.addBehavior(gravity)
        first.addBehavior(gravity)
        second.addBehavior(gravity)
        XCTAssertEqual(first.behaviors.count, 1)
        XCTAssertTrue(second.behaviors.isEmpty)
        XCTAssertTrue(gravity.dynamicAnimator === first)
        // Each refusal counted, the first told on standard error ("clear message" [measured]).
        XCTAssertEqual(first.refusedBehaviorAdditions, 1)
        XCTAssertEqual(second.refusedBehaviorAdditions, 1)
        let group = DynamicBehavior(), child = DynamicBehavior()
        group.addChildBehavior(child)
        group.addChildBehavior(child)
        group.addChildBehavior(group)
        child.addChildBehavior(group)
        group.addChildBehavior(gravity)
        XCTAssertEqual(group.childBehaviors.count, 1)
        XCTAssertTrue(child.childBehaviors.isEmpty, "no cycle")
        XCTAssertNil(gravity.parent)
        // The one gravity still acts once: 1000 pt/s^2 for the 1/120 s sub-step of the first frame.
        first.step()
        XCTAssertEqual(Double(first.linearVelocity(of: item).dy), 1000.0 / 120, accuracy: 0.1)
    }
}
