import SceneFormat
@testable import ScenePlayer
import XCTest

/// `animate`'s timing curves are UIKit's: Core Animation's named cubic Beziers, not the
/// quadratic eases the player once used (easeIn at half time gave 0.25 instead of 0.315).
final class AnimationCurveTests: XCTestCase {
    /// y at x = t on the Bezier (0, 0) (x1, y1) (x2, y2) (1, 1), by bisection on the Bernstein
    /// form (another method than the player's Newton steps on the power form).
    func reference(_ t: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func b(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var low = 0.0, high = 1.0
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if b(mid, x1, x2) < t { low = mid } else { high = mid }
        }
        return b((low + high) / 2, y1, y2)
    }

    func testEachCurveIsItsCoreAnimationBezier() {
        let curves: [(AnimateAction.Curve, (Double, Double, Double, Double))] = [
            (.easeIn, (0.42, 0, 1, 1)), (.easeOut, (0, 0, 0.58, 1)), (.easeInOut, (0.42, 0, 0.58, 1)),
        ]
        for (curve, c) in curves {
            for k in 0...1000 {
                let t = Double(k) / 1000
                XCTAssertEqual(curve.value(t), reference(t, c.0, c.1, c.2, c.3), accuracy: 1e-9, "\(curve) at \(t)")
            }
        }
        XCTAssertEqual(AnimateAction.Curve.linear.value(0.3), 0.3)
        // These curves at a quarter, half or three quarters of the time, as any cubic-bezier
        // evaluator (CSS, Core Animation) gives them.
        XCTAssertEqual(AnimateAction.Curve.easeIn.value(0.5), 0.315357, accuracy: 1e-6)
        XCTAssertEqual(AnimateAction.Curve.easeOut.value(0.25), 0.378138, accuracy: 1e-6)
        XCTAssertEqual(AnimateAction.Curve.easeInOut.value(0.75), 0.870838, accuracy: 1e-6)
        XCTAssertEqual(AnimateAction.Curve.easeInOut.value(0.5), 0.5, accuracy: 1e-12)
        // Ends exactly, and outside 0...1 clamps.
        for curve in [AnimateAction.Curve.easeIn, .easeOut, .easeInOut] {
            XCTAssertEqual(curve.value(0), 0)
            XCTAssertEqual(curve.value(1), 1, accuracy: 1e-15)
            XCTAssertEqual(curve.value(-2), 0)
            XCTAssertEqual(curve.value(3), 1, accuracy: 1e-15)
        }
    }
}
