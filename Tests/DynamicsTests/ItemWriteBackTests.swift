import Foundation
import XCTest
@testable import Dynamics

/// The animator's write-back after each step: every item takes its body's center and
/// rotation, whether the items are all `DynamicView`s (stored from the worker pool) or not
/// (one after another, setters and all), for any worker count.
final class ItemWriteBackTests: XCTestCase {
    /// An item of the user's own: the write-back must go through its setters.
    final class CountingItem: DynamicItem {
        var center: CGPoint { didSet { writes += 1 } }
        var rotation: CGFloat = 0 { didSet { writes += 1 } }
        let bounds: CGRect
        var writes = 0
        init(center: CGPoint, size: CGSize) { self.center = center; bounds = CGRect(origin: .zero, size: size) }
    }

    let bounds = CGRect(x: 0, y: 0, width: 600, height: 400)

    /// 600 items falling on a floor, tilted so they turn as they land.
    func run(_ makeItem: (CGPoint, CGSize, CGFloat) -> DynamicItem, workers: Int, frames: Int = 90) -> [DynamicItem] {
        let animator = DynamicAnimator(referenceBounds: bounds)
        animator.engineWorkers = workers
        var items: [DynamicItem] = []
        for k in 0..<600 {
            let center = CGPoint(x: 20 + CGFloat(k % 30) * 19, y: 380 - CGFloat(k / 30) * 14)
            items.append(makeItem(center, CGSize(width: 10, height: 10), CGFloat(k % 7) * 0.1))
        }
        let collision = CollisionBehavior(items: items)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: items))
        for _ in 0..<frames { animator.step() }
        // What the bodies say, converted independently of the write-back.
        for item in items {
            let xf = animator.world.transform(animator.body(for: item)!)
            XCTAssertEqual(Double(item.center.x), xf.p.x * 100, accuracy: 1e-9)
            XCTAssertEqual(Double(item.center.y), xf.p.y * 100, accuracy: 1e-9)
            XCTAssertEqual(Double(item.rotation), atan2(xf.q.s, xf.q.c), accuracy: 1e-12)
        }
        return items
    }

    func testViewsAndOwnItemsGetTheSamePosesForAnyWorkerCount() {
        func view(_ c: CGPoint, _ s: CGSize, _ r: CGFloat) -> DynamicItem { DynamicView(center: c, size: s, rotation: r) }
        func own(_ c: CGPoint, _ s: CGSize, _ r: CGFloat) -> DynamicItem {
            let item = CountingItem(center: c, size: s); item.rotation = r; item.writes = 0; return item
        }
        let reference = run(own, workers: 1)
        // Every frame wrote both properties of every item through its setters.
        XCTAssertEqual(reference.map { ($0 as! CountingItem).writes }, Array(repeating: 2 * 90, count: 600))
        let moved = reference.filter { abs($0.rotation) > 1e-3 }.count
        XCTAssertGreaterThan(moved, 50, "the items turned: rotations are compared, not zeros")
        for (label, items) in [("views, 1 worker", run(view, workers: 1)), ("views, 2 workers", run(view, workers: 2)),
                               ("own items, 2 workers", run(own, workers: 2))] {
            for k in items.indices {
                XCTAssertEqual(items[k].center, reference[k].center, "\(label): item \(k)")
                XCTAssertEqual(items[k].rotation, reference[k].rotation, "\(label): item \(k)")
            }
        }
    }

    func testOneItemOfTheUsersOwnSendsEveryItemThroughTheOrderedLoop() {
        // Views and one item of the user's own: its setters run (on this thread, in order).
        var made = 0
        var own: CountingItem?
        let items = run({ c, s, r in
            made += 1
            if made == 300 { let item = CountingItem(center: c, size: s); item.rotation = r; item.writes = 0; own = item; return item }
            return DynamicView(center: c, size: s, rotation: r)
        }, workers: 2, frames: 30)
        XCTAssertEqual(items.count, 600)
        XCTAssertEqual(own?.writes, 60)
    }

    /// `wroteOnlyFiniteItems`: false before any step, true after steps that stored views'
    /// finite poses, false after a write-back through an item's own setters (unchecked), and
    /// true beside a body the world froze for turning non-finite (the view keeps its last
    /// finite pose): a caller needs `nonFiniteItems` too.
    func testTheWriteBackSaysWhetherItStoredOnlyFiniteValues() {
        for workers in [1, 2] {
            let animator = DynamicAnimator(referenceBounds: bounds)
            animator.engineWorkers = workers
            let views = (0..<300).map { k in DynamicView(center: CGPoint(x: 20 + CGFloat(k % 30) * 19, y: 380 - CGFloat(k / 30) * 14),
                                                         size: CGSize(width: 10, height: 10)) }
            let collision = CollisionBehavior(items: views)
            collision.translatesReferenceBoundsIntoBoundary = true
            let material = DynamicItemBehavior(items: views)
            animator.addBehavior(collision)
            animator.addBehavior(GravityBehavior(items: views))
            animator.addBehavior(material)
            XCTAssertFalse(animator.wroteOnlyFiniteItems, "no step yet: nothing vouched for")
            for _ in 0..<10 { animator.step() }
            XCTAssertTrue(animator.wroteOnlyFiniteItems, "workers \(workers)")
            XCTAssertTrue(animator.nonFiniteItems.isEmpty)
            let lastCenter = views[150].center
            material.addLinearVelocity(CGVector(dx: CGFloat.infinity, dy: 0), for: views[150])
            animator.step()
            XCTAssertTrue(animator.nonFiniteItems.contains { $0 === views[150] }, "workers \(workers)")
            XCTAssertTrue(views[150].center.x.isFinite && views[150].center.y.isFinite)
            XCTAssertEqual(views[150].center.x, lastCenter.x, accuracy: 1e-9, "frozen where it was")
            XCTAssertTrue(animator.wroteOnlyFiniteItems, "the frozen body's pose is finite")

            let own = CountingItem(center: CGPoint(x: 300, y: 20), size: CGSize(width: 10, height: 10))
            animator.addBehavior(GravityBehavior(items: [own]))
            animator.step()
            XCTAssertGreaterThan(own.writes, 0)
            XCTAssertFalse(animator.wroteOnlyFiniteItems, "an item of the user's own: its setters' values are not seen")
        }
    }
}
