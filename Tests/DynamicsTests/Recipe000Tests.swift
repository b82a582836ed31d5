// Recipe 000 of the UIKit Dynamics cookbook the project follows (snap, then item properties).
// - First paragraph (snap, "поведение зацепления"): to move the small square to a new tap point,
//   remove the old snap behavior from the animator first, then add a new one; two snaps on one
//   item make the animator ignore both on iOS (here they fight; docs/uikit-fidelity.md).
//   The square is the cookbook's small square (80x80, green, at the view's center, as in 002),
//   with a collision behavior on the reference bounds and a first snap to its own center.
// - "Разделы 2.0 и 10.5" onwards (UIDynamicItemBehavior): elasticity (one item bounces higher
//   than another), allowsRotation (NO = never rotates), resistance (0...CGFLOAT_MAX: with
//   CGFLOAT_MAX gravity cannot move a view), friction (0...1: the higher, the stickier), on
//   items that fall under gravity (section 2.1) and collide (section 2.2).
import Foundation
import XCTest
@testable import Dynamics

final class SnapRecipeTests: XCTestCase {
    /// The recipe's view controller.
    final class ViewController {
        let squareView = DynamicView(name: "green", center: Phone.center, size: CGSize(width: 80, height: 80))
        let animator = DynamicAnimator(referenceBounds: Phone.bounds, seed: 0)
        var snapBehavior: SnapBehavior?
        /// The recipe removes the old snap; false shows what happens when one forgets.
        let removesOldSnap: Bool

        init(removesOldSnap: Bool = true) {
            self.removesOldSnap = removesOldSnap
            let collision = CollisionBehavior(items: [squareView])
            collision.translatesReferenceBoundsIntoBoundary = true
            animator.addBehavior(collision)
            // For now, snap the square to its current center.
            let snap = SnapBehavior(item: squareView, snapTo: squareView.center)
            snap.damping = 0.5
            animator.addBehavior(snap)
            snapBehavior = snap
        }

        func handleTap(at tapPoint: CGPoint) {
            if removesOldSnap, let old = snapBehavior { animator.removeBehavior(old) }
            let snap = SnapBehavior(item: squareView, snapTo: tapPoint)
            snap.damping = 0.5
            animator.addBehavior(snap)
            snapBehavior = snap
        }
    }

    func testEachTapSnapsTheSquareToTheTapPointUpright() {
        let vc = ViewController()
        // Into the bottom-left corner: the overshoot (damping 0.5) knocks the square against both
        // walls, which tilts it; the second tap then has to stand it upright again.
        let tap1 = CGPoint(x: 45, y: 620), tap2 = CGPoint(x: 300, y: 200)
        vc.handleTap(at: tap1)
        var maxTilt: CGFloat = 0
        vc.animator.run(seconds: 1.5) { maxTilt = max(maxTilt, abs(vc.squareView.rotation)) }
        XCTAssertLessThan(distance(vc.squareView.center, tap1), 1, "first tap: square at \(vc.squareView.center), tap \(tap1)")
        XCTAssertEqual(vc.animator.behaviors.filter { $0 is SnapBehavior }.count, 1, "the old snap was removed")
        XCTAssertGreaterThan(maxTilt, 0.005, "the walls tilted the square on the way (max \(maxTilt) rad)")

        vc.handleTap(at: tap2)
        var steps = 0, settledAfter: Int?
        vc.animator.run(seconds: 1.5) {
            steps += 1
            if settledAfter == nil, distance(vc.squareView.center, tap2) < 1, vc.animator.linearVelocity(of: vc.squareView).length < 5 {
                settledAfter = steps
            }
        }
        XCTAssertLessThan(distance(vc.squareView.center, tap2), 1, "second tap: square at \(vc.squareView.center), tap \(tap2)")
        XCTAssertLessThan(abs(vc.squareView.rotation), 0.001, "ends upright (rotation \(vc.squareView.rotation) rad)")
        // 324 pt away: within 1 pt and below 5 pt/s in under a second (as measured on iOS: a view
        // 250 pt away visibly stops within about 0.5 s at the default damping).
        XCTAssertLessThan(settledAfter ?? .max, 60, "settled after \(settledAfter ?? -1) steps of 1/60 s")
    }

    func testTwoSnapsOnOneItemFightAndLeaveItBetweenThePoints() {
        let vc = ViewController(removesOldSnap: false)
        let start = vc.squareView.center
        let tap = CGPoint(x: 300, y: 560)
        vc.handleTap(at: tap)
        vc.animator.run(seconds: 3)
        XCTAssertEqual(vc.animator.behaviors.filter { $0 is SnapBehavior }.count, 2)
        let square = vc.squareView.center
        let gap = distance(start, tap)
        XCTAssertGreaterThan(distance(square, tap), gap / 4, "not at the tap point (square \(square))")
        XCTAssertGreaterThan(distance(square, start), gap / 4, "not at the first snap point (square \(square))")
        let middle = CGPoint(x: (start.x + tap.x) / 2, y: (start.y + tap.y) / 2)
        XCTAssertLessThan(distance(square, middle), 2, "two equal snaps pull it to the midpoint \(middle), square at \(square)")
    }
}

final class ItemBehaviorRecipeTests: XCTestCase {
    /// Sections 2.1 + 2.2: gravity and collision with the reference bounds on `views`.
    func fallingScene(_ views: [DynamicView], seed: UInt64 = 0) -> (DynamicAnimator, CollisionBehavior) {
        let animator = DynamicAnimator(referenceBounds: Phone.bounds, seed: seed)
        animator.addBehavior(GravityBehavior(items: views))
        let collision = CollisionBehavior(items: views)
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        return (animator, collision)
    }

    func testMoreElasticItemBouncesHigher() {
        let red = DynamicView(name: "red", center: CGPoint(x: 100, y: 100), size: CGSize(width: 50, height: 50))
        let green = DynamicView(name: "green", center: CGPoint(x: 275, y: 100), size: CGSize(width: 50, height: 50))
        let (animator, _) = fallingScene([red, green])
        let moreElasticItem = DynamicItemBehavior(items: [red])
        moreElasticItem.elasticity = 0.9
        let lessElasticItem = DynamicItemBehavior(items: [green])
        lessElasticItem.elasticity = 0
        animator.addBehaviors([moreElasticItem, lessElasticItem])

        // The reference bounds boundary lies 1 pt outside the view; a square's contact with it
        // begins 2 pt out (the boundary's skin).
        let floorY: CGFloat = 667 + 1 - 2 - 25, drop = floorY - 100
        var touched = [false, false]
        var apex: [CGFloat] = [.infinity, .infinity]
        animator.run(seconds: 2.5) {
            for (k, v) in [red, green].enumerated() {
                // Touched: on its way up again near the floor (a frame may not show the impact).
                if v.center.y > floorY - 50 && animator.linearVelocity(of: v).dy < 0 { touched[k] = true }
                if touched[k] { apex[k] = min(apex[k], v.center.y) }
            }
        }
        XCTAssertEqual(touched, [true, true], "both reach the floor")
        let bounce = apex.map { floorY - $0 }
        // The recipe: the more elastic item bounces higher. Restitution mixes as the larger of
        // the item's and the boundary's (0.2): 0.9 returns e^2 = 0.81 of the drop (541 pt) less
        // what the default resistance 0.1 takes over the 2 s flight (measured 0.71); "0" bounces
        // at the boundary's 0.2, about 0.04 of it.
        XCTAssertGreaterThan(bounce[0] / drop, 0.65, "elasticity 0.9 rebounds \(bounce[0]) pt of \(drop)")
        XCTAssertLessThan(bounce[0] / drop, 0.81 + 0.02, "no more than e^2 of the drop")
        XCTAssertLessThan(bounce[1] / drop, 0.06, "elasticity 0 bounces only at the boundary's 0.2 (\(bounce[1]) pt)")
        XCTAssertGreaterThan(bounce[0], 10 * bounce[1])
    }

    func testItemThatDisallowsRotationNeverRotates() {
        let tilt: CGFloat = 0.3
        let free = DynamicView(name: "red", center: CGPoint(x: 100, y: 300), size: CGSize(width: 50, height: 50), rotation: tilt)
        let locked = DynamicView(name: "green", center: CGPoint(x: 275, y: 300), size: CGSize(width: 50, height: 50), rotation: tilt)
        let (animator, _) = fallingScene([free, locked])
        let noRotation = DynamicItemBehavior(items: [locked])
        noRotation.allowsRotation = false
        animator.addBehavior(noRotation)
        var lockedAngles = Set<CGFloat>()
        var freeTurn: CGFloat = 0
        animator.run(seconds: 3) {
            lockedAngles.insert(locked.rotation)
            freeTurn = max(freeTurn, abs(free.rotation - tilt))
        }
        XCTAssertEqual(lockedAngles, [tilt], "allowsRotation = false: the rotation never leaves its initial \(tilt)")
        XCTAssertGreaterThan(freeTurn, 0.25, "the free square turns when its corner lands (turned \(freeTurn) rad)")
        // The free one lies flat on a side; the locked one stands on its corner.
        let flat = remainder(Double(free.rotation), .pi / 2)
        XCTAssertEqual(flat, 0, accuracy: 0.01, "free square lies flat (rotation \(free.rotation))")
        XCTAssertEqual(Double(free.center.y), 667 - 25, accuracy: 1)
        let cornerHeight = 25 * (cos(tilt) + sin(tilt))
        XCTAssertEqual(Double(locked.center.y), Double(667 - cornerHeight), accuracy: 1, "locked square rests on its corner")
    }

    func testHugeResistanceMakesAnItemIgnoreGravity() {
        let held = DynamicView(name: "held", center: Phone.center, size: CGSize(width: 50, height: 50))
        let other = DynamicView(name: "other", center: CGPoint(x: 60, y: Phone.center.y), size: CGSize(width: 50, height: 50))
        let (animator, _) = fallingScene([held, other])
        let resistant = DynamicItemBehavior(items: [held])
        resistant.resistance = CGFloat.greatestFiniteMagnitude // CGFLOAT_MAX
        animator.addBehavior(resistant)
        var drift: CGFloat = 0
        animator.run(seconds: 2) { drift = max(drift, distance(held.center, Phone.center)) }
        XCTAssertLessThan(drift, 0.01, "CGFLOAT_MAX resistance: gravity cannot move the view (moved \(drift) pt)")
        XCTAssertTrue(held.center.x.isFinite && held.center.y.isFinite)
        XCTAssertEqual(Double(other.center.y), 667 - 25, accuracy: 1, "the same gravity pulls the other view to the floor")
    }

    func testFrictionDecidesWhetherAnItemSlidesDownARamp() {
        let animator = DynamicAnimator(referenceBounds: Phone.bounds, seed: 0)
        // A 20 degree ramp: friction mixes as sqrt(item x boundary 0.2), so friction 1 gives
        // 0.447 > tan(20 deg) = 0.364 and holds; friction 0 gives 0.
        let a = CGPoint(x: 0, y: 300), b = CGPoint(x: 375, y: 300 + 375 * tan(20 * CGFloat.pi / 180))
        let slope = atan2(b.y - a.y, b.x - a.x)
        // Squares lying on the ramp: turned like it, 26 pt above it along its upward normal
        // (inside the boundary's 2 pt contact skin).
        func onRamp(_ name: String, x: CGFloat) -> DynamicView {
            let y = a.y + (x - a.x) * tan(slope)
            let c = CGPoint(x: x + 26 * sin(slope), y: y - 26 * cos(slope))
            return DynamicView(name: name, center: c, size: CGSize(width: 50, height: 50), rotation: slope)
        }
        let sticky = onRamp("sticky", x: 100), slippery = onRamp("slippery", x: 220)
        let start = (sticky.center, slippery.center)
        animator.addBehavior(GravityBehavior(items: [sticky, slippery]))
        let collision = CollisionBehavior(items: [sticky, slippery])
        collision.addBoundary(withIdentifier: "ramp", from: a, to: b)
        animator.addBehavior(collision)
        let rough = DynamicItemBehavior(items: [sticky]); rough.friction = 1
        let smooth = DynamicItemBehavior(items: [slippery]); smooth.friction = 0
        animator.addBehaviors([rough, smooth])
        let t = 0.5
        animator.run(seconds: t)
        let down = CGVector(dx: cos(slope), dy: sin(slope))
        func along(_ p: CGPoint, _ q: CGPoint) -> CGFloat { (q.x - p.x) * down.dx + (q.y - p.y) * down.dy }
        // Friction 1 holds; friction 0 slides at g sin(slope) (less 2.5% of resistance 0.1 over 0.5 s).
        XCTAssertLessThan(distance(sticky.center, start.0), 1, "friction 1 stays put on a \(slope * 180 / .pi) deg ramp")
        let expected = 0.5 * 1000 * Double(sin(slope)) * t * t
        XCTAssertEqual(Double(along(start.1, slippery.center)), expected, accuracy: expected * 0.05,
                       "friction 0 slides down the ramp at g sin(slope)")
        XCTAssertEqual(Double(slippery.rotation), Double(slope), accuracy: 0.01, "slides flat on the ramp")
    }
}
