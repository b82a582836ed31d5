// Recipe 002 of the cookbook, the push recipe: createSmallSquareView
// (an 80x80 green square at self.view.center), createAnimatorAndBehaviors (a collision behavior
// with translatesReferenceBoundsIntoBoundary = YES and a continuous UIPushBehavior on the
// square) and handleTap: (angle = atan2(tap - square center), magnitude = distance / 200, as the
// project reconstructs it: the chapter breaks off at "Формула определения расстояния").
import Foundation
import XCTest
@testable import Dynamics

final class PushRecipeTests: XCTestCase {
    final class ViewController {
        var squareView: DynamicView!
        var animator: DynamicAnimator!
        var pushBehavior: PushBehavior!

        func createSmallSquareView() {
            squareView = DynamicView(name: "green", center: Phone.center, size: CGSize(width: 80, height: 80))
        }

        func createAnimatorAndBehaviors() {
            animator = DynamicAnimator(referenceBounds: Phone.bounds, seed: 2)
            let collision = CollisionBehavior(items: [squareView])
            collision.translatesReferenceBoundsIntoBoundary = true
            pushBehavior = PushBehavior(items: [squareView], mode: .continuous)
            animator.addBehavior(collision)
            animator.addBehavior(pushBehavior)
        }

        func viewDidAppear() {
            createSmallSquareView()
            createAnimatorAndBehaviors()
        }

        func handleTap(at tapPoint: CGPoint) {
            let squareViewCenterPoint = squareView.center
            let deltaX = tapPoint.x - squareViewCenterPoint.x
            let deltaY = tapPoint.y - squareViewCenterPoint.y
            let angle = atan2(deltaY, deltaX)
            pushBehavior.angle = angle
            let distanceBetweenPoints = (deltaX * deltaX + deltaY * deltaY).squareRoot()
            pushBehavior.magnitude = distanceBetweenPoints / 200
        }
    }

    func testTapPushesTheSquareTowardTheTapPoint() {
        let vc = ViewController()
        vc.viewDidAppear()
        // Nothing pushes yet (magnitude 0): the square stays and the animator pauses.
        vc.animator.run(seconds: 1)
        XCTAssertEqual(vc.squareView.center, Phone.center)
        XCTAssertFalse(vc.animator.isRunning, "at rest before the first tap")

        let tap = CGPoint(x: 300, y: 150)
        vc.handleTap(at: tap)
        let toTap = tap - Phone.center
        // UIKit keeps angle and magnitude in single precision.
        XCTAssertEqual(Double(vc.pushBehavior.magnitude), Double(toTap.length / 200), accuracy: 1e-6)
        XCTAssertEqual(Double(vc.pushBehavior.angle), atan2(Double(toTap.dy), Double(toTap.dx)), accuracy: 1e-6)
        vc.animator.run(seconds: 0.5)
        XCTAssertTrue(vc.animator.isRunning, "the tap woke the animator")
        let moved = vc.squareView.center - Phone.center
        XCTAssertGreaterThan(moved.length, 10, "moved \(moved.length) pt in 0.5 s")
        XCTAssertLessThan(degreesBetween(moved, toTap), 1, "travels toward the tap: \(moved) vs \(toTap)")
        XCTAssertEqual(Double(vc.squareView.rotation), 0, accuracy: 1e-9, "a push through the center does not turn it")

        // The push keeps acting: the square ends pressed into the top-right corner region, inside
        // the reference bounds.
        var worst: CGFloat = 0
        vc.animator.run(seconds: 3) { worst = max(worst, protrusion(vc.squareView)) }
        XCTAssertLessThan(worst, 1, "stays inside the reference bounds (out by \(worst) pt)")
        // The top boundary lies 1 pt above the view; pressed, the square sinks into the 2 pt
        // skin until position correction holds it (0.6 pt of outline gap).
        XCTAssertEqual(Double(vc.squareView.center.y), 40, accuracy: 1.5, "pressed against the top edge")
    }

    func testFartherTapGivesProportionallyLargerAcceleration() {
        // Same direction (3, 4), 100 and 250 pt away.
        var speeds: [Double] = []
        for d in [CGFloat(100), 250] {
            let vc = ViewController()
            vc.viewDidAppear()
            vc.handleTap(at: CGPoint(x: Phone.center.x + 0.6 * d, y: Phone.center.y + 0.8 * d))
            vc.animator.run(seconds: 0.25)
            let v = vc.animator.linearVelocity(of: vc.squareView)
            XCTAssertLessThan(degreesBetween(v, CGVector(dx: 3, dy: 4)), 0.1)
            speeds.append(Double(v.length))
            // A = magnitude / mass: 80x80 pt at density 1 is 0.64 kg, 1 UIKit newton = 100 pt/s^2
            // on 1 kg, for 29 sub-steps of (float)1/120 s (15 frames); the default resistance 0.1
            // takes ~1.2% off.
            let a = 100 * Double(d / 200) / 0.64, t = 29 * Double(Float(1.0 / 120))
            XCTAssertEqual(Double(v.length), a * t, accuracy: a * t * 0.02, "tap \(d) pt away")
        }
        XCTAssertEqual(speeds[1] / speeds[0], 2.5, accuracy: 0.025, "acceleration ratio = distance ratio")
    }

    /// Regression: the recipe sets the angle while the magnitude is still 0, then the magnitude.
    /// PushBehavior used to derive the angle from the (zero) vector, dropped it, and pushed along
    /// +x whatever the tap. UIKit keeps the two apart.
    func testAngleSetWhileMagnitudeIsZeroIsKept() {
        let push = PushBehavior(items: [], mode: .continuous)
        XCTAssertEqual(push.angle, 0)
        XCTAssertEqual(push.magnitude, 0)
        push.angle = -2
        XCTAssertEqual(push.angle, -2, "angle kept at magnitude 0")
        XCTAssertEqual(push.pushDirection, .zero)
        push.magnitude = 0.5
        XCTAssertEqual(Double(push.pushDirection.dx), 0.5 * cos(-2.0), accuracy: 1e-7)
        XCTAssertEqual(Double(push.pushDirection.dy), 0.5 * sin(-2.0), accuracy: 1e-7)
        push.magnitude = 0
        XCTAssertEqual(Double(push.angle), -2, accuracy: 1e-6, "and kept again when the magnitude returns to 0")
        push.pushDirection = CGVector(dx: 0, dy: 3)
        XCTAssertEqual(Double(push.angle), .pi / 2, accuracy: 1e-6)
        XCTAssertEqual(push.magnitude, 3)
    }
}
