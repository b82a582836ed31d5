// Recipe 004 of the cookbook, chapter 13 (UIKit Dynamics fields):
// 13.1 radial gravity, 13.2 linear gravity, 13.3 turbulence, 13.4 noise, 13.5 magnetic field,
// 13.6 velocity field, 13.7 non-rectangular collision bounds (a pentagon). The orange view's
// size is not in the text (it comes from a storyboard): 60x60 here. Panning is the recipes'
// panning(_:) handler: .began removes the view from its behaviors, .changed sets its center
// to the finger, .ended adds it back.
import Foundation
import XCTest
@testable import Dynamics

/// A pan gesture as the recipes' panning(_:) sees it.
enum Pan {
    case began
    case changed(CGPoint)
    case ended
}

let orangeSize = CGSize(width: 60, height: 60)

final class RadialGravityRecipeTests: XCTestCase {
    /// Recipe 13.1's view controller.
    final class ViewController {
        let orangeView = DynamicView(name: "orange", center: CGPoint(x: 187.5, y: 100), size: orangeSize)
        lazy var animator = DynamicAnimator(referenceBounds: Phone.bounds, seed: 0)
        lazy var collision: CollisionBehavior = {
            let collision = CollisionBehavior(items: [self.orangeView])
            collision.translatesReferenceBoundsIntoBoundary = true
            return collision
        }()
        lazy var centerGravity: FieldBehavior = {
            let centerGravity = FieldBehavior.radialGravityField(position: Phone.center)
            centerGravity.addItem(self.orangeView)
            centerGravity.region = Region(radius: 200)
            centerGravity.strength = -1 // repel items
            return centerGravity
        }()

        func viewDidLoad() {
            animator.addBehavior(collision)
            animator.addBehavior(centerGravity)
        }

        func panning(_ state: Pan) {
            switch state {
            case .began:
                collision.removeItem(orangeView)
                centerGravity.removeItem(orangeView)
            case .changed(let location):
                orangeView.center = location
            case .ended:
                collision.addItem(orangeView)
                centerGravity.addItem(orangeView)
            }
        }

        /// Drags the view along a straight line to `end` over `frames` frames and releases it.
        func drag(to end: CGPoint, frames: Int = 20) {
            panning(.began)
            let start = orangeView.center
            for k in 1...frames {
                let t = CGFloat(k) / CGFloat(frames)
                let finger = CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t)
                panning(.changed(finger))
                animator.step()
                XCTAssertEqual(orangeView.center, finger, "while dragged the view follows the finger only")
                XCTAssertFalse(animator.contains(orangeView))
            }
            panning(.ended)
        }
    }

    func testViewAtRestOutsideTheRegionUntilDragged() {
        let vc = ViewController()
        vc.viewDidLoad()
        vc.animator.run(seconds: 1)
        XCTAssertEqual(vc.orangeView.center, CGPoint(x: 187.5, y: 100), "233.5 pt from the center: outside the 200 pt region")
    }

    func testReleasedInsideTheRegionItIsRepelled() {
        let vc = ViewController()
        vc.viewDidLoad()
        let release = CGPoint(x: 237.5, y: 383.5) // 70.7 pt from the center, down-right
        vc.drag(to: release)
        vc.animator.run(seconds: 0.2)
        let moved = vc.orangeView.center - release
        let outward = release - Phone.center
        XCTAssertLessThan(degreesBetween(moved, outward), 1, "pushed straight away from the center: \(moved)")
        // Strength -1 with the default falloff 2: S p^ / r^2 m/s^2 = 2 m/s^2 (200 pt/s^2) at
        // r = 0.707 m, for 23 sub-steps (12 frames, the first of one): a h^2 n (n + 1) / 2 =
        // 3.83 pt, a little less as r grows and with the default resistance 0.1.
        let h = Double(Float(1.0 / 120)), n = 23.0
        XCTAssertEqual(Double(moved.length), 200 * h * h * n * (n + 1) / 2, accuracy: 0.15, "repelled \(moved.length) pt in 0.2 s")

        var worst: CGFloat = 0
        vc.animator.run(seconds: 4) { worst = max(worst, protrusion(vc.orangeView)) }
        XCTAssertLessThan(worst, 1, "the collision keeps it inside the view (out by \(worst) pt)")
        XCTAssertGreaterThan(distance(vc.orangeView.center, Phone.center), 150, "ends far from the center: \(vc.orangeView.center)")
    }

    func testReleasedOutsideTheRegionItStaysWhereDropped() {
        let vc = ViewController()
        vc.viewDidLoad()
        let release = CGPoint(x: 60, y: 600) // 295 pt from the center
        vc.drag(to: release)
        vc.animator.run(seconds: 2)
        XCTAssertEqual(vc.orangeView.center, release, "no field outside its region, no gravity: it stays")
        XCTAssertTrue(vc.animator.contains(vc.orangeView), "back in its behaviors after the release")
    }
}

final class LinearGravityRecipeTests: XCTestCase {
    /// Recipe 13.2's view controller (13.3 and 13.6 reuse its gravity).
    final class ViewController {
        let orangeView: DynamicView
        let animator: DynamicAnimator
        lazy var collision: CollisionBehavior = {
            let collision = CollisionBehavior(items: [self.orangeView])
            collision.translatesReferenceBoundsIntoBoundary = true
            return collision
        }()
        lazy var gravity: FieldBehavior = {
            let vector = CGVector(dx: 0.4, dy: 1.0)
            let gravity = FieldBehavior.linearGravityField(direction: vector)
            gravity.addItem(self.orangeView)
            return gravity
        }()

        init(start: CGPoint, seed: UInt64 = 0) {
            orangeView = DynamicView(name: "orange", center: start, size: orangeSize)
            animator = DynamicAnimator(referenceBounds: Phone.bounds, seed: seed)
        }

        func viewDidLoad() {
            animator.addBehavior(collision)
            animator.addBehavior(gravity)
        }
    }

    func testFallsDownAndToTheRightAndStopsOnTheBounds() {
        let start = CGPoint(x: 50, y: 50)
        let vc = ViewController(start: start)
        vc.viewDidLoad()
        vc.animator.run(seconds: 0.5)
        let d = vc.orangeView.center - start
        XCTAssertEqual(Double(d.dx / d.dy), 0.4, accuracy: 1e-6, "falls along (0.4, 1.0): \(d)")
        // Strength 1 is 1 m/s^2 per unit of direction: 100 pt/s^2 along y, for 59 sub-steps:
        // a h^2 n (n + 1) / 2 = 12.3 pt, less ~1% for the default resistance 0.1.
        let h = Double(Float(1.0 / 120)), n = 59.0
        XCTAssertEqual(Double(d.dy), 100 * h * h * n * (n + 1) / 2, accuracy: 0.3)

        var worst: CGFloat = 0
        vc.animator.run(seconds: 8) { worst = max(worst, protrusion(vc.orangeView)) }
        XCTAssertLessThan(worst, 1, "never leaves the view (out by \(worst) pt)")
        // On the floor the field's 0.4 m/s^2 sideways beats friction (sqrt(0.2 x 0.2) x 1 m/s^2):
        // it slides on into the bottom-right corner (the bounds boundary 1 pt out, 2 pt of skin).
        XCTAssertEqual(Double(vc.orangeView.center.y), 667 + 1 - 30 - 1, accuracy: 1.5, "rests on the bottom edge")
        XCTAssertEqual(Double(vc.orangeView.center.x), 375 + 1 - 30 - 1, accuracy: 1.5, "in the right corner: \(vc.orangeView.center)")
        XCTAssertLessThan(vc.animator.linearVelocity(of: vc.orangeView).length, 1, "stopped")
    }
}

final class TurbulenceRecipeTests: XCTestCase {
    /// Recipe 13.3: the 13.2 view controller plus a turbulence field. The recipe writes
    /// `turbulence.position = self.orangeView.bounds.size.center`, i.e. (30, 30), which is a slip
    /// for the screen center its text describes ("a turbulence field in the center of the
    /// screen"): the center is used here.
    func makeScene(turbulent: Bool) -> LinearGravityRecipeTests.ViewController {
        // Dropped from the top-left corner on a line through the center.
        let vc = LinearGravityRecipeTests.ViewController(start: CGPoint(x: 50, y: 50), seed: 0)
        vc.viewDidLoad()
        if turbulent {
            let turbulence = FieldBehavior.turbulenceField(smoothness: 0.5, animationSpeed: 60)
            turbulence.strength = 12
            turbulence.region = Region(radius: 200)
            turbulence.position = Phone.center
            turbulence.addItem(vc.orangeView)
            vc.animator.addBehavior(turbulence)
        }
        return vc
    }

    func testPathDeviatesOnlyOnceInsideTheTurbulentRegion() {
        let calm = makeScene(turbulent: false), wild = makeScene(turbulent: true)
        var deviationBefore: CGFloat = 0, deviationInside: CGFloat = 0
        var entered: Double?
        var worst: CGFloat = 0
        for _ in 0..<180 {
            calm.animator.step(); wild.animator.step()
            let deviation = distance(calm.orangeView.center, wild.orangeView.center)
            // The field samples the midpoint of the coming step: count as "before" until the
            // view is within a step's travel (~10 pt) of the region.
            if entered == nil && distance(wild.orangeView.center, Phone.center) > 210 {
                deviationBefore = max(deviationBefore, deviation)
            } else {
                if entered == nil { entered = wild.animator.elapsedTime }
                if wild.animator.elapsedTime - entered! <= 0.5 { deviationInside = max(deviationInside, deviation) }
            }
            worst = max(worst, protrusion(wild.orangeView))
        }
        XCTAssertNotNil(entered, "the view never reached the turbulent region")
        XCTAssertEqual(deviationBefore, 0, "same path as without turbulence before the region")
        XCTAssertGreaterThan(deviationInside, 20, "wiggles off the calm path within 0.5 s in the region (\(deviationInside) pt)")
        XCTAssertLessThan(worst, 1, "stays inside the view (out by \(worst) pt)")
        print("13.3: region entered at \(entered ?? -1) s, deviation 0.5 s later \(deviationInside) pt")
    }
}

final class NoiseRecipeTests: XCTestCase {
    /// Recipe 13.4's view controller.
    final class ViewController {
        let orangeView = DynamicView(name: "orange", center: Phone.center, size: orangeSize)
        let animator = DynamicAnimator(referenceBounds: Phone.bounds, seed: 0)
        lazy var collision: CollisionBehavior = {
            let collision = CollisionBehavior(items: [self.orangeView])
            collision.translatesReferenceBoundsIntoBoundary = true
            return collision
        }()
        lazy var noise: FieldBehavior = {
            let noise = FieldBehavior.noiseField(smoothness: 0.9, animationSpeed: 1)
            noise.addItem(self.orangeView)
            return noise
        }()

        func viewDidLoad() {
            animator.addBehavior(collision)
            animator.addBehavior(noise)
        }
    }

    func testViewWandersInSeveralDirectionsAndStaysInside() {
        let vc = ViewController()
        vc.viewDidLoad()
        var worst: CGFloat = 0
        var directions = Set<Int>()
        var last = vc.orangeView.center
        var minP = last, maxP = last
        for _ in 0..<20 {
            vc.animator.run(seconds: 1) {
                worst = max(worst, protrusion(vc.orangeView))
                let c = vc.orangeView.center
                minP = CGPoint(x: min(minP.x, c.x), y: min(minP.y, c.y)); maxP = CGPoint(x: max(maxP.x, c.x), y: max(maxP.y, c.y))
            }
            let d = vc.orangeView.center - last
            if d.length > 20 {
                // Quadrant of the second's net move: 0 right-down, 1 left-down, 2 left-up, 3 right-up.
                directions.insert(d.dx >= 0 ? (d.dy >= 0 ? 0 : 3) : (d.dy >= 0 ? 1 : 2))
            }
            last = vc.orangeView.center
        }
        XCTAssertGreaterThanOrEqual(directions.count, 3, "moves > 20 pt a second in several directions: quadrants \(directions.sorted())")
        XCTAssertGreaterThan(maxP.x - minP.x, 100, "wanders across: x from \(minP.x) to \(maxP.x)")
        XCTAssertGreaterThan(maxP.y - minP.y, 100, "wanders across: y from \(minP.y) to \(maxP.y)")
        XCTAssertLessThan(worst, 1, "stays inside the view (out by \(worst) pt)")
        print("13.4: quadrants \(directions.sorted()), x \(minP.x)...\(maxP.x), y \(minP.y)...\(maxP.y)")
    }
}

final class MagneticFieldRecipeTests: XCTestCase {
    /// Recipe 13.5: three colorful views, collision + noise (13.4) + a magnetic field on all.
    final class ViewController {
        let views = [DynamicView(name: "red", center: CGPoint(x: 100, y: 200), size: orangeSize),
                     DynamicView(name: "green", center: CGPoint(x: 260, y: 330), size: orangeSize),
                     DynamicView(name: "blue", center: CGPoint(x: 140, y: 480), size: orangeSize)]
        let animator = DynamicAnimator(referenceBounds: Phone.bounds, seed: 0)
        lazy var collision: CollisionBehavior = {
            let collision = CollisionBehavior(items: self.views)
            collision.translatesReferenceBoundsIntoBoundary = true
            return collision
        }()
        lazy var noise: FieldBehavior = {
            let noise = FieldBehavior.noiseField(smoothness: 0.9, animationSpeed: 1)
            noise.addItems(self.views)
            return noise
        }()
        lazy var magnet: FieldBehavior = {
            let magnet = FieldBehavior.magneticField()
            magnet.addItems(self.views)
            return magnet
        }()

        /// `withMagnet` false drops the magnet to compare; `charge` nil keeps UIKit's default 0
        /// (the recipe sets no charge), else a DynamicItemBehavior gives every view that charge.
        init(withMagnet: Bool, charge: CGFloat?) {
            var behaviors: [DynamicBehavior] = [collision, noise]
            if withMagnet { behaviors.append(magnet) }
            if let charge {
                let charged = DynamicItemBehavior(items: views)
                charged.charge = charge
                behaviors.append(charged)
            }
            animator.addBehaviors(behaviors)
        }
    }

    /// The recipe as written: UIKit's default charge is 0, so the magnetic field (force =
    /// charge x v x B) does nothing at all.
    func testWithoutChargeTheMagnetChangesNothing() {
        let magnet = ViewController(withMagnet: true, charge: nil), plain = ViewController(withMagnet: false, charge: nil)
        XCTAssertEqual(DynamicItemBehavior().charge, 0, "UIKit's default charge")
        var deviation: CGFloat = 0, travelled: CGFloat = 0
        for _ in 0..<300 {
            magnet.animator.step(); plain.animator.step()
            for (a, b) in zip(magnet.views, plain.views) { deviation = max(deviation, distance(a.center, b.center)) }
            travelled = max(travelled, distance(magnet.views[0].center, CGPoint(x: 100, y: 200)))
        }
        XCTAssertGreaterThan(travelled, 50, "the noise moves the views")
        XCTAssertEqual(deviation, 0, "bit-identical paths with and without the uncharged magnet")
    }

    /// Charged views: the magnet bends their paths counter-clockwise on screen, whatever the
    /// charge's sign [quirk]: the force is S (v.y, -v.x) / r (falloff 1, r the distance in metres
    /// from the field's position, the top-left corner), so a 60x60 view (0.36 kg) turns at
    /// omega = 1 / (0.36 r) rad/s.
    func testChargedViewsAreTurnedCounterClockwise() {
        let plain = ViewController(withMagnet: false, charge: 1)
        let positive = ViewController(withMagnet: true, charge: 1), negative = ViewController(withMagnet: true, charge: -1)
        var turns: [[Double]] = [[], []]
        var deviation: CGFloat = 0
        for step in 1...300 {
            positive.animator.step(); negative.animator.step(); plain.animator.step()
            if step == 15 {
                // Heading relative to the plain run after 0.25 s, per view: a steady push turned
                // at omega gives about -omega t / 2.
                for (k, run) in [positive, negative].enumerated() {
                    for (a, b) in zip(run.views, plain.views) {
                        let va = run.animator.linearVelocity(of: a), vb = plain.animator.linearVelocity(of: b)
                        turns[k].append(remainder(atan2(Double(va.dy), Double(va.dx)) - atan2(Double(vb.dy), Double(vb.dx)), 2 * .pi))
                    }
                }
            }
            for (a, b) in zip(positive.views, plain.views) { deviation = max(deviation, distance(a.center, b.center)) }
        }
        for (k, view) in plain.views.enumerated() {
            let start = [CGPoint(x: 100, y: 200), CGPoint(x: 260, y: 330), CGPoint(x: 140, y: 480)][k]
            let r = Double(hypot(start.x, start.y)) / 100
            let expected = -(1 / (0.36 * r)) * 0.25 / 2
            XCTAssertEqual(turns[0][k], expected, accuracy: 0.045, "\(view.name) turned \(turns[0][k]) rad (negative = counter-clockwise on screen)")
            XCTAssertEqual(turns[1][k], turns[0][k], accuracy: 1e-9, "\(view.name): a negative charge turns the same way")
        }
        XCTAssertGreaterThan(deviation, 20, "the magnet changes the paths (\(deviation) pt)")
        print("13.5: turns at 0.25 s \(turns[0]) rad, max deviation \(deviation) pt")
    }
}

final class VelocityFieldRecipeTests: XCTestCase {
    /// Recipe 13.6: the 13.2 gravity (linear field (0.4, 1.0)) and collision, plus a velocity
    /// field (-0.4, -0.5) at the center with a 100 pt region. The field's vector is a velocity in
    /// m/s, so inside the region the velocity is (-40, -50) pt/s (then damped by the default
    /// resistance 0.1: 0.08% per sub-step).
    func testInsideTheRegionTheVelocityIsTheFieldsThenItSettlesBottomRight() {
        // Dropped from the top on the line (0.4, 1.0) through the center.
        let vc = LinearGravityRecipeTests.ViewController(start: CGPoint(x: 187.5 - 0.4 * 283.5, y: 50), seed: 0)
        let velocity = FieldBehavior.velocityField(direction: CGVector(dx: -0.4, dy: -0.5))
        velocity.position = Phone.center
        velocity.region = Region(radius: 100)
        velocity.addItem(vc.orangeView)
        vc.animator.addBehaviors([vc.collision, vc.gravity, velocity])

        var insideSteps = 0, entries = 0, wasInside = false
        var worstError: CGFloat = 0
        var worst: CGFloat = 0
        var lastInside = 0.0
        for _ in 0..<(60 * 20) {
            // The field tests the center at the start of each sub-step: a frame that starts inside
            // gets the field's velocity in its first sub-step, and at most one sub-step of the
            // gravity field (0.83 pt/s) on top if the second starts outside.
            let before = vc.orangeView.center
            vc.animator.step()
            let inside = distance(before, Phone.center) <= 100
            worst = max(worst, protrusion(vc.orangeView))
            guard inside else { wasInside = false; continue }
            if !wasInside { entries += 1 }
            wasInside = true
            insideSteps += 1
            lastInside = vc.animator.elapsedTime
            let v = vc.animator.linearVelocity(of: vc.orangeView)
            worstError = max(worstError, distance(CGPoint(x: v.dx, y: v.dy), CGPoint(x: -40, y: -50)))
        }
        XCTAssertGreaterThan(insideSteps, 0, "the view never crossed the velocity field")
        XCTAssertLessThan(worstError, 1, "inside the region the velocity is (-40, -50) pt/s (off by up to \(worstError) pt/s)")
        XCTAssertGreaterThanOrEqual(entries, 2, "pushed back up-left a few times (\(entries) entries, \(insideSteps) steps inside)")
        XCTAssertLessThan(worst, 1, "stays inside the view (out by \(worst) pt)")
        // Then it gets out of the field and settles at the bottom right.
        XCTAssertLessThan(lastInside, 15, "left the field for good (last inside at \(lastInside) s)")
        XCTAssertEqual(Double(vc.orangeView.center.y), 667 + 1 - 30 - 1, accuracy: 1.5, "rests on the bottom edge")
        // The gravity field's 0.4 m/s^2 sideways beats the floor's friction: the bottom-right corner.
        XCTAssertEqual(Double(vc.orangeView.center.x), 375 + 1 - 30 - 1, accuracy: 1.5, "in the corner: \(vc.orangeView.center)")
        XCTAssertLessThan(vc.animator.linearVelocity(of: vc.orangeView).length, 1)
        print("13.6: \(entries) entries, \(insideSteps) steps inside, last inside at \(lastInside) s, rests at \(vc.orangeView.center)")
    }
}

extension VelocityFieldRecipeTests {
    /// Regression: the velocity field used to cancel only GravityBehavior gravity, so the 13.2
    /// gravity field (and any push or field applied after it) still accelerated the view inside
    /// the region: (-33, -33) pt/s instead of (-40, -50). It now runs after every other force
    /// and overrides them.
    func testVelocityFieldOverridesOtherFieldsAndPushes() {
        let animator = DynamicAnimator(referenceBounds: Phone.bounds)
        let view = DynamicView(name: "orange", center: Phone.center, size: orangeSize)
        let velocity = FieldBehavior.velocityField(direction: CGVector(dx: -0.4, dy: -0.5))
        velocity.position = Phone.center
        velocity.region = Region(radius: 100)
        velocity.addItem(view)
        let gravityField = FieldBehavior.linearGravityField(direction: CGVector(dx: 0.4, dy: 1.0))
        gravityField.addItem(view)
        let push = PushBehavior(items: [view], mode: .continuous)
        push.setAngle(0, magnitude: 3)
        // Velocity field first in the tree, the others after it; no resistance, so the imposed
        // velocity is kept exactly.
        let undamped = DynamicItemBehavior(items: [view])
        undamped.resistance = 0
        animator.addBehaviors([velocity, gravityField, GravityBehavior(items: [view]), push, undamped])
        for _ in 0..<30 {
            animator.step()
            let v = animator.linearVelocity(of: view)
            XCTAssertEqual(Double(v.dx), -40, accuracy: 1e-9)
            XCTAssertEqual(Double(v.dy), -50, accuracy: 1e-9)
        }
    }
}

final class PentagonRecipeTests: XCTestCase {
    /// Recipe 13.7's PentagonView: the path through five points of the circle of `diameter`
    /// at 0, 72, 144, 216, 288 degrees, as collisionBoundingPath (relative to the center).
    static func pentagonPath(diameter: CGFloat) -> [CGPoint] {
        let radius = diameter / 2
        func pointFromAngle(_ angle: Double) -> CGPoint {
            CGPoint(x: radius + radius * cos(CGFloat(angle)), y: radius + radius * sin(CGFloat(angle)))
        }
        let oneSlice = (Double.pi * 2.0) / 5.0
        var path = [pointFromAngle(0)]
        for a in stride(from: oneSlice, through: Double.pi * 2.0 - oneSlice, by: oneSlice) { path.append(pointFromAngle(a)) }
        // collisionBoundingPath: the path translated by (-radius, -radius).
        return path.map { CGPoint(x: $0.x - radius, y: $0.y - radius) }
    }

    final class ViewController {
        let squareView = DynamicView(name: "brown", center: CGPoint(x: 50, y: 50), size: CGSize(width: 100, height: 100))
        let pentagonView = DynamicView(name: "pentagon", center: Phone.center, size: CGSize(width: 100, height: 100),
                                       collisionBoundsType: .path, path: PentagonRecipeTests.pentagonPath(diameter: 100))
        let animator = DynamicAnimator(referenceBounds: Phone.bounds, seed: 0)
        lazy var collision: CollisionBehavior = {
            let collision = CollisionBehavior(items: self.views)
            collision.translatesReferenceBoundsIntoBoundary = true
            return collision
        }()
        lazy var noise: FieldBehavior = {
            let noise = FieldBehavior.noiseField(smoothness: 0.9, animationSpeed: 1)
            noise.addItems(self.views)
            return noise
        }()
        var views: [DynamicView] { [squareView, pentagonView] }
        var behaviors: [DynamicBehavior] { [collision, noise] }

        func viewDidLoad() { animator.addBehaviors(behaviors) }

        func panning(_ view: DynamicView, _ state: Pan) {
            switch state {
            case .began:
                collision.removeItems()
                noise.removeItems()
            case .changed(let location):
                view.center = location
            case .ended:
                collision.addItems(views)
                noise.addItems(views)
            }
        }
    }

    func testPentagonPathIsTheRecipes() {
        let path = Self.pentagonPath(diameter: 100)
        XCTAssertEqual(path.count, 5)
        for (k, p) in path.enumerated() {
            let a = Double(k) * 72 * .pi / 180
            XCTAssertEqual(Double(p.x), 50 * cos(a), accuracy: 1e-9); XCTAssertEqual(Double(p.y), 50 * sin(a), accuracy: 1e-9)
        }
    }

    /// Along 180 degrees (between the vertices at 144 and 216) the pentagon's side is 40.45 pt
    /// from its center, where its 100x100 bounds reach 50: dropped with 2.5 pt to spare from the
    /// side, the square overlaps the pentagon's bounds by 7 pt and is left alone; moved 3.5 pt
    /// into the side, it is pushed out.
    func testTheyCollideAsAPentagonNotAsItsBounds() {
        let apothem = 50 * cos(CGFloat.pi / 5) // 40.45
        for (gap, pushedOut) in [(CGFloat(2.5), false), (-3.5, true)] {
            let vc = ViewController()
            vc.viewDidLoad()
            vc.animator.step()
            let drop = CGPoint(x: vc.pentagonView.center.x - apothem - 50 - gap, y: vc.pentagonView.center.y)
            vc.panning(vc.squareView, .began)
            vc.panning(vc.squareView, .changed(drop))
            vc.animator.step()
            vc.panning(vc.squareView, .ended)
            XCTAssertEqual(Double(overlapDepth(outline(vc.squareView), outline(vc.pentagonView))), Double(-gap), accuracy: 0.01)
            let pentagonAt = vc.pentagonView.center
            vc.animator.run(seconds: 15.0 / 60)
            let separation = vc.pentagonView.center.x - vc.squareView.center.x - (pentagonAt.x - drop.x)
            let depth = overlapDepth(outline(vc.squareView), outline(vc.pentagonView))
            if pushedOut {
                XCTAssertGreaterThan(separation, 3, "overlapping the side by 3.5 pt: pushed apart (\(separation) pt)")
                XCTAssertLessThan(depth, 0.5, "overlap resolved to \(depth) pt")
            } else {
                // The noise alone moves each by under 5 pt in 15 frames (1500 pt/s^2 at most), and
                // not apart: a push-out of the 7 pt bounds overlap would add 7 pt.
                XCTAssertLessThan(abs(separation), 2.5, "2.5 pt from the side: not pushed (\(separation) pt)")
                XCTAssertGreaterThan(depth, -2.5 - 2.5, "still next to the side (gap \(-depth) pt)")
            }
        }
    }

    func testUnderNoiseTheyTouchButNeverOverlapMoreThanOnePoint() {
        let vc = ViewController()
        vc.viewDidLoad()
        vc.animator.step()
        vc.panning(vc.squareView, .began)
        vc.panning(vc.squareView, .changed(CGPoint(x: vc.pentagonView.center.x - 50 * cos(.pi / 5) - 52, y: vc.pentagonView.center.y)))
        vc.animator.step()
        vc.panning(vc.squareView, .ended)
        var deepest = -CGFloat.infinity, touchingSteps = 0
        vc.animator.run(seconds: 20) {
            let depth = overlapDepth(outline(vc.squareView), outline(vc.pentagonView))
            deepest = max(deepest, depth)
            // Touching: within their skins (0.1 pt for the square, 0.9 pt for the path).
            if depth > -1.5 { touchingSteps += 1 }
        }
        XCTAssertGreaterThan(touchingSteps, 10, "they meet")
        XCTAssertLessThanOrEqual(deepest, 1, "never overlap more than 1 pt (deepest \(deepest) pt)")
        print("13.7: touching \(touchingSteps) of 1200 steps, deepest \(deepest) pt")
    }
}
