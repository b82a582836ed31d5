import XCTest
@testable import Dynamics

/// Measured facts an audit against the measured account of Apple's framework found untested
/// (or held only loosely): the mass of curved items, an item falling for ever, the noise
/// field's time and position mapping, the order of one animator step, elapsedTime.
final class UIKitFidelityAuditTests: XCTestCase {
    let bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)

    /// The speed (pt/s) an instantaneous push of magnitude 1 (1 N s) gives `item` at rest.
    func pushedSpeed(_ item: DynamicView) -> Double {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let push = PushBehavior(items: [item], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 1, dy: 0)
        animator.addBehaviors([push, noDamping([item])])
        animator.step()
        return Double(animator.linearVelocity(of: item).dx)
    }

    /// [measured] for rectangles, [choice] for curves: mass = density x the outline's area /
    /// 100^2, so 1 N s gives 100 / mass pt/s.
    func testMassIsDensityTimesTheOutlinesArea() {
        let center = CGPoint(x: 500, y: 500)
        let rectangle = DynamicView(center: center, size: CGSize(width: 100, height: 100))
        XCTAssertEqual(pushedSpeed(rectangle), 100, accuracy: 1e-9, "1 kg")
        let wide = DynamicView(center: center, size: CGSize(width: 200, height: 50))
        XCTAssertEqual(pushedSpeed(wide), 100, accuracy: 1e-9, "200 x 50 is 1 kg too")
        // A circle of radius 50: pi 50^2 pt^2.
        let circle = DynamicView(center: center, size: CGSize(width: 100, height: 100), collisionBoundsType: .ellipse)
        XCTAssertEqual(pushedSpeed(circle), 100 / (Double.pi * 50 * 50 / 10_000), accuracy: 1e-6)
        // A 200 x 100 ellipse is flattened into a polygon a little inside the true ellipse's
        // area (pi 100 50 pt^2) and never above it.
        let ellipse = DynamicView(center: center, size: CGSize(width: 200, height: 100), collisionBoundsType: .ellipse)
        let trueEllipse = 100 / (Double.pi * 100 * 50 / 10_000)
        XCTAssertEqual(pushedSpeed(ellipse), trueEllipse, accuracy: 0.01 * trueEllipse)
        XCTAssertGreaterThanOrEqual(pushedSpeed(ellipse), trueEllipse)
        // A triangle path of base 100 and height 100: 5,000 pt^2, half a kilogram.
        let triangle = DynamicView(center: center, size: CGSize(width: 100, height: 100), collisionBoundsType: .path,
                                   path: [CGPoint(x: -50, y: 50), CGPoint(x: 0, y: -50), CGPoint(x: 50, y: 50)])
        XCTAssertEqual(pushedSpeed(triangle), 200, accuracy: 1e-6)
    }

    /// [measured] The pitfall "an item still in a gravity behavior keeps the animator awake
    /// forever": with nothing to land on, it falls for ever and the animator never pauses. A
    /// resting item lets the animator pause (UIKitCollisionTests.testAnimatorPausesOnceAtRestAndResumesOnChange).
    func testAnItemFallingForeverKeepsTheAnimatorAwake() {
        final class Pauses: DynamicAnimatorDelegate {
            var count = 0
            func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { count += 1 }
        }
        let animator = DynamicAnimator(referenceBounds: bounds)
        let pauses = Pauses()
        animator.delegate = pauses
        let item = DynamicView(center: CGPoint(x: 500, y: 500), size: CGSize(width: 50, height: 50))
        let gravity = GravityBehavior(items: [item])
        animator.addBehavior(gravity)
        for frame in 0..<(60 * 30) {
            animator.step()
            XCTAssertTrue(animator.isRunning, "frame \(frame)")
        }
        XCTAssertEqual(pauses.count, 0)
        XCTAssertGreaterThan(item.center.y, 500 + 0.4 * 1000 * 30 * 30 / 2, "still falling after 30 s")
    }

    /// [measured] The noise field's force at time t (the animator's time after the sub-step):
    /// S n (g.x, g.y) of srdnoise3 sampled at fr (p.x + T, p.y + T, T), gradient angle T,
    /// T = t x animationSpeed, p the item's position relative to the field in metres. Checked
    /// against a free item integrated here with the reference noise, sub-step by sub-step.
    func testNoiseFieldFollowsTimeAndTheFieldsPosition() {
        let smoothness = 0.3, speed = 2.5, strength = 1.7
        let fieldPosition = (x: 37.0, y: -12.0)
        let field = FieldBehavior.noiseField(smoothness: CGFloat(smoothness), animationSpeed: CGFloat(speed))
        field.position = CGPoint(x: fieldPosition.x, y: fieldPosition.y)
        field.strength = CGFloat(strength)
        let animator = DynamicAnimator(referenceBounds: bounds)
        let start = (x: 311.0, y: 207.0)
        let item = DynamicView(center: CGPoint(x: start.x, y: start.y), size: CGSize(width: 100, height: 100))
        field.addItem(item)
        animator.addBehaviors([field, noDamping([item])])
        // The reference: 1 kg, semi-implicit Euler as Box2D 2.2 integrates (v += h a; x += h v),
        // for the law as measured and for two readings of it that would be wrong (the time
        // frozen, the field taken at the origin), which must end elsewhere.
        let h = Double(Float(1.0 / 120))
        let fr = 1.25 / (smoothness + 1.0 / 12) - 1
        struct Path { var x: Double, y: Double, vx = 0.0, vy = 0.0 }
        var law = Path(x: start.x, y: start.y), frozen = law, atOrigin = law
        func advance(_ p: inout Path, time t: Double, origin: (x: Double, y: Double)) {
            let T = t * speed
            let px = (p.x - origin.x) / 100, py = (p.y - origin.y) / 100
            let n = SimplexNoiseReference.srdnoise3(fr * (px + T), fr * (py + T), fr * T, angle: T)
            p.vx += h * strength * n.value * n.gradient.x * 100
            p.vy += h * strength * n.value * n.gradient.y * 100
            p.x += h * p.vx
            p.y += h * p.vy
        }
        var t = 0.0, subSteps = 0, moved = 0.0
        for frame in 1...20 {
            animator.step()
            // One sub-step in the first frame, two in every later one.
            for _ in 0..<(frame == 1 ? 1 : 2) {
                t += h
                subSteps += 1
                advance(&law, time: t, origin: fieldPosition)
                advance(&frozen, time: 0, origin: fieldPosition)
                advance(&atOrigin, time: t, origin: (0, 0))
            }
            moved = ((law.x - start.x) * (law.x - start.x) + (law.y - start.y) * (law.y - start.y)).squareRoot()
            XCTAssertEqual(Double(item.center.x), law.x, accuracy: 1e-6 + 1e-6 * moved, "frame \(frame)")
            XCTAssertEqual(Double(item.center.y), law.y, accuracy: 1e-6 + 1e-6 * moved, "frame \(frame)")
        }
        XCTAssertEqual(subSteps, 39)
        XCTAssertGreaterThan(moved, 0.1, "the noise moved the item")
        for (name, wrong) in [("time frozen", frozen), ("field at the origin", atOrigin)] {
            let off = abs(wrong.x - law.x) + abs(wrong.y - law.y)
            XCTAssertGreaterThan(off, 100 * (1e-6 + 1e-6 * moved), "\(name) must be told apart from the law")
        }
    }

    /// [measured] One animator step: the world's sub-steps, the write-back to the items, every
    /// began callback, then every ended one, then every behavior's action. Twelve balls
    /// bounce on a floor at staggered heights, so some steps hold both kinds of callback.
    func testOneStepWritesBackThenTellsBeganThenEndedThenRunsActions() {
        final class Log: CollisionBehaviorDelegate {
            var entries: [String] = []
            var centersAtCallback: [ObjectIdentifier: CGPoint] = [:]
            func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem, at point: CGPoint) {
                entries.append("began")
            }
            func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem) {
                entries.append("ended")
            }
            func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem, withBoundaryIdentifier identifier: String?, at point: CGPoint) {
                entries.append("began")
                centersAtCallback[ObjectIdentifier(item)] = item.center
            }
            func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem, withBoundaryIdentifier identifier: String?) {
                entries.append("ended")
                centersAtCallback[ObjectIdentifier(item)] = item.center
            }
        }
        let animator = DynamicAnimator(referenceBounds: bounds)
        let balls = (0..<12).map { k in
            DynamicView(name: "b\(k)", center: CGPoint(x: 40 + 70 * CGFloat(k), y: 600 - 23 * CGFloat(k)),
                        size: CGSize(width: 30, height: 30), collisionBoundsType: .ellipse)
        }
        let collision = CollisionBehavior(items: balls)
        collision.addBoundary(withIdentifier: "floor", from: CGPoint(x: 0, y: 900), to: CGPoint(x: 1000, y: 900))
        let log = Log()
        collision.collisionDelegate = log
        let bouncy = DynamicItemBehavior(items: balls)
        bouncy.elasticity = 1
        let gravity = GravityBehavior(items: balls)
        gravity.action = { log.entries.append("action") }
        animator.addBehaviors([gravity, collision, bouncy])
        var stepsWithBoth = 0, callbacks = 0
        for _ in 0..<240 {
            log.entries.removeAll()
            log.centersAtCallback.removeAll()
            animator.step()
            let kinds = log.entries
            XCTAssertEqual(kinds.last, "action", "the action runs last: \(kinds)")
            XCTAssertEqual(kinds.filter { $0 == "action" }.count, 1)
            let callbacksOnly = kinds.dropLast()
            XCTAssertEqual(Array(callbacksOnly), callbacksOnly.filter { $0 == "began" } + callbacksOnly.filter { $0 == "ended" },
                           "every began before every ended: \(kinds)")
            if callbacksOnly.contains("began") && callbacksOnly.contains("ended") { stepsWithBoth += 1 }
            callbacks += callbacksOnly.count
            // The items told about were already where this step left them.
            for ball in balls {
                if let seen = log.centersAtCallback[ObjectIdentifier(ball)] { XCTAssertEqual(seen, ball.center, ball.name) }
            }
        }
        XCTAssertGreaterThan(callbacks, 24, "the balls bounced")
        XCTAssertGreaterThan(stepsWithBoth, 0, "some step told both kinds")
    }

    /// [measured] `elapsedTime` is the sum of the dt given while the animator runs.
    func testElapsedTimeIsTheSumOfTheTimesGiven() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let item = DynamicView(center: CGPoint(x: 500, y: 500), size: CGSize(width: 50, height: 50))
        animator.addBehavior(GravityBehavior(items: [item]))
        var sum = 0.0
        for dt in [1.0 / 60, 1.0 / 60, 0.05, 1.0 / 30, 0.001, 1.0 / 120, 0.2] {
            animator.step(dt)
            sum += dt
            XCTAssertEqual(animator.elapsedTime, sum, accuracy: 1e-12)
        }
    }
}
