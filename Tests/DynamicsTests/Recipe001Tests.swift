// Recipe 001 of the cookbook, the collision delegate example
// ("Как только квадратики достигают нижней границы опорного вида, мы делаем их красными,
// увеличиваем на 200 %, а потом заставляем ... исчезать из виду"): two 50x50 squares (red,
// green) stacked 10 pt apart from (view.center.x, 0), gravity, a collision behavior with the
// boundary kBottomBoundary from (0, height - 100) to (width, height - 100), and the view
// controller as collision delegate. On beganContact with that boundary it animates the view
// for 1.0 s (red, alpha 0, scale 2) and in the completion block removes the item from the
// collision behavior and the view from its superview.
import Foundation
import XCTest
@testable import Dynamics

final class CollisionDelegateRecipeTests: XCTestCase {
    /// What UIKit would draw: the properties the recipe animates.
    struct Look {
        var color: String
        var alpha: CGFloat = 1
        var scale: CGFloat = 1
        var inSuperview = true
    }

    /// The recipe's view controller, with a stand-in for `UIView.animate(withDuration:)` driven
    /// by the display's clock: the run loop of the test calls `tickAnimations()` every frame.
    /// (Not the animator's `elapsedTime`: it stops while the animator pauses at rest, and UIView
    /// animations keep running then.)
    final class ViewController: CollisionBehaviorDelegate {
        static let kBottomBoundary = "bottomBoundary"
        var squareViews: [DynamicView] = []
        var animator: DynamicAnimator!
        var looks: [String: Look] = [:]
        var began: [(item: String, identifier: String?, point: CGPoint, time: TimeInterval)] = []
        /// Every callback in order: "began green", "ended green", ... (the recipe's text names the
        /// ended method too; its code only implements began, so ended only records).
        var events: [String] = []
        var removed: [(item: String, time: TimeInterval)] = []
        private var animations: [(view: DynamicView, behavior: CollisionBehavior, start: TimeInterval, from: Look)] = []
        /// Display time: frames ticked so far x 1/60 s (the callbacks of a step see the time
        /// the step ends at).
        private(set) var now: TimeInterval = 1.0 / 60

        func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem,
                               withBoundaryIdentifier identifier: String?, at point: CGPoint) {
            let view = item as! DynamicView
            began.append((view.name, identifier, point, now))
            events.append("began \(view.name)")
            onBegan?(view, point)
            if identifier == Self.kBottomBoundary {
                // [UIView animateWithDuration:1.0 animations: red, alpha 0, scale 2 completion: ...]
                animations.append((view, behavior, now, looks[view.name]!))
            }
        }

        var onBegan: ((DynamicView, CGPoint) -> Void)?

        func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem, withBoundaryIdentifier identifier: String?) {
            events.append("ended \((item as! DynamicView).name)")
        }

        func tickAnimations() {
            defer { now += 1.0 / 60 }
            animations.removeAll { view, behavior, start, from in
                let progress = min(CGFloat((now - start) / 1.0), 1)
                looks[view.name] = Look(color: progress > 0 ? "red" : from.color, alpha: 1 - progress,
                                        scale: 1 + progress, inSuperview: true)
                guard progress >= 1 - 1e-9 else { return false }
                // completion: [paramBehavior removeItem:paramItem]; [view removeFromSuperview];
                behavior.removeItem(view)
                looks[view.name]!.inSuperview = false
                removed.append((view.name, now))
                return true
            }
        }

        func viewDidAppear(bounds: CGRect) {
            let numberOfViews = 2
            let colors = ["red", "green"]
            var currentCenterPoint = CGPoint(x: bounds.midX, y: 0)
            let eachViewSize = CGSize(width: 50, height: 50)
            for counter in 0..<numberOfViews {
                let newView = DynamicView(name: colors[counter], center: currentCenterPoint, size: eachViewSize)
                looks[newView.name] = Look(color: colors[counter])
                currentCenterPoint.y += eachViewSize.height + 10
                squareViews.append(newView)
            }
            animator = DynamicAnimator(referenceBounds: bounds, seed: 1)
            let gravity = GravityBehavior(items: squareViews)
            animator.addBehavior(gravity)
            let collision = CollisionBehavior(items: squareViews)
            collision.addBoundary(withIdentifier: Self.kBottomBoundary,
                                  from: CGPoint(x: 0, y: bounds.height - 100),
                                  to: CGPoint(x: bounds.width, y: bounds.height - 100))
            collision.collisionDelegate = self
            animator.addBehavior(collision)
        }
    }

    func testEachTouchOfTheBottomBoundaryFadesTheSquareWhichThenFallsThrough() {
        let vc = ViewController()
        vc.viewDidAppear(bounds: Phone.bounds)
        let red = vc.squareViews[0], green = vc.squareViews[1]
        XCTAssertEqual(red.center, CGPoint(x: 187.5, y: 0))
        XCTAssertEqual(green.center, CGPoint(x: 187.5, y: 60))
        let boundaryY: CGFloat = 667 - 100
        // At each began callback: how far the square's lowest corner is from the boundary, and
        // whether the contact point lies under the square.
        var gaps: [CGFloat] = [], pointUnderSquare: [Bool] = []
        vc.onBegan = { view, point in
            let o = outline(view)
            gaps.append(abs(o.map(\.y).max()! - boundaryY))
            pointUnderSquare.append(point.x >= o.map(\.x).min()! - 0.5 && point.x <= o.map(\.x).max()! + 0.5)
        }
        var redAtGreenRemoval: CGPoint?
        var lowestBeforeRemoval: [String: CGFloat] = [:]
        vc.animator.run(seconds: 5) {
            let removedBefore = vc.removed.count
            vc.tickAnimations()
            if removedBefore == 0 && vc.removed.count == 1 { redAtGreenRemoval = red.center }
            for v in [red, green] where !vc.removed.contains(where: { $0.item == v.name }) {
                lowestBeforeRemoval[v.name] = max(lowestBeforeRemoval[v.name] ?? 0, outline(v).map(\.y).max()!)
            }
        }

        // Callbacks: one began per touch (never two without an ended between), always with the
        // boundary's identifier, never nil, at the moment the square's bottom meets y = 567.
        XCTAssertTrue(vc.began.allSatisfy { $0.identifier == ViewController.kBottomBoundary },
                      "identifiers: \(vc.began.map { $0.identifier ?? "nil" })")
        for name in ["red", "green"] {
            let own = vc.events.filter { $0.hasSuffix(name) }
            let alternating = own.enumerated().allSatisfy { k, e in e.hasPrefix(k % 2 == 0 ? "began" : "ended") }
            XCTAssertTrue(alternating, "\(name): \(own)")
            let touches = own.filter { $0.hasPrefix("began") }.count
            // The default material (elasticity 0.2) bounces a square once or twice before it rests.
            XCTAssertTrue((1...3).contains(touches), "\(name) touched \(touches) times")
        }
        // The contact point lies between the skins (the boundary's contact begins 2 pt above it);
        // the callback runs at the end of the frame, by when a bouncing square has risen a few pt.
        for (k, b) in vc.began.enumerated() {
            XCTAssertEqual(Double(b.point.y), Double(boundaryY) - 1, accuracy: 1.5, "\(b.item) touches at y = \(b.point.y)")
            XCTAssertLessThan(gaps[k], 5, "\(b.item)'s bottom is \(gaps[k]) pt from the boundary at the callback")
            XCTAssertTrue(pointUnderSquare[k], "\(b.item): contact point \(b.point) under the square")
        }
        // Green (below) falls 482 pt: sqrt(2 * 482 / 1000) = 0.98 s without drag, 1.00 s with the
        // default material's resistance 0.1 (x = 100 t - 1000 (1 - exp(-t / 10)) m). Red lands on
        // green and meets the boundary only after green has gone, 1 s after green's first touch.
        let firstTouch = Dictionary(vc.began.map { ($0.item, $0.time) }, uniquingKeysWith: min)
        let firstRemoval = Dictionary(vc.removed.map { ($0.item, $0.time) }, uniquingKeysWith: min)
        guard let greenTouch = firstTouch["green"], let redTouch = firstTouch["red"],
              let greenGone = firstRemoval["green"], let redGone = firstRemoval["red"] else {
            return XCTFail("touches \(firstTouch), removals \(firstRemoval)")
        }
        XCTAssertEqual(greenTouch, 1.0, accuracy: 2.0 / 60)
        XCTAssertEqual(greenGone - greenTouch, 1.0, accuracy: 1.0 / 60 + 1e-9, "green leaves the collision 1 s after its touch")
        XCTAssertEqual(redGone - redTouch, 1.0, accuracy: 1.0 / 60 + 1e-9, "red leaves the collision 1 s after its touch")
        XCTAssertGreaterThan(redTouch, greenGone, "red reaches the boundary only after green is gone")
        XCTAssertEqual(Double(redAtGreenRemoval?.y ?? 0), Double(boundaryY - 75), accuracy: 3, "red rested on green")
        // While in the collision behavior neither square crossed the boundary.
        for (name, lowest) in lowestBeforeRemoval {
            XCTAssertLessThan(lowest, boundaryY + 1, "\(name) reached \(lowest) before its removal")
        }
        // The fade ran to the end: red, transparent, twice the size, out of its superview.
        for name in ["red", "green"] {
            let look = vc.looks[name]!
            XCTAssertEqual(look.color, "red")
            XCTAssertEqual(look.alpha, 0, accuracy: 1e-9)
            XCTAssertEqual(look.scale, 2, accuracy: 1e-9)
            XCTAssertFalse(look.inSuperview)
        }
        // Out of the collision behavior but still under gravity: both fall through the boundary
        // and off the screen.
        for v in [red, green] {
            XCTAssertGreaterThan(v.center.y, 667 + 25, "\(v.name) fell through the boundary to \(v.center.y)")
        }
        print("001 callbacks: \(vc.events)")
    }
}
