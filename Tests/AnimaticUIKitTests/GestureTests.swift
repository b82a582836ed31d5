import AnimaticUIKit
import XCTest

/// Scripted taps and pans reach the gesture recognizers of the views under them, as method
/// references, with UIKit's states and values.
final class GestureTests: XCTestCase {
    final class Controller: UIViewController {
        let box = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        var taps: [CGPoint] = []
        var tapsInBox: [CGPoint] = []
        var pans: [(UIGestureRecognizer.State, CGPoint, CGPoint, CGPoint, Int)] = []
        var stepCount: () -> Int = { 0 }

        override func viewDidLoad() {
            view.addSubview(box)
            view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: Controller.handleTap))
            box.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: Controller.panning))
        }

        func handleTap(_ tap: UITapGestureRecognizer) {
            XCTAssertEqual(tap.state, .ended)
            XCTAssertEqual(tap.state, .recognized)
            taps.append(tap.location(in: view))
            tapsInBox.append(tap.location(in: box))
        }

        func panning(_ pan: UIPanGestureRecognizer) {
            pans.append((pan.state, pan.location(in: view), pan.translation(in: view), pan.velocity(in: view), stepCount()))
        }
    }

    func testTapsAndPansAreDeliveredWithTheirStatesAndValues() throws {
        let controller = Controller()
        let recorder = try Recorder(id: "gestures", size: CGSize(width: 300, height: 300), scale: 1, duration: 1, gestures: [
            .tap(at: 0.1, CGPoint(x: 75, y: 80)),
            .tap(at: 0.2, CGPoint(x: 250, y: 250)),
            // 60 pt right in 0.1 s: 600 pt/s, 10 pt a step.
            .pan(at: 0.5, along: [CGPoint(x: 100, y: 100), CGPoint(x: 160, y: 100)], duration: 0.1),
            // Starts off the box: the box's recognizer does not see it.
            .pan(at: 0.8, along: [CGPoint(x: 250, y: 10), CGPoint(x: 250, y: 100)], duration: 0.1),
        ]) { controller }
        controller.stepCount = { recorder.stepCount }
        for _ in 1..<recorder.frameCount { try recorder.advanceFrame() }

        // The box has no tap recognizer: the root view's gets both taps (its ancestor's).
        XCTAssertEqual(controller.taps, [CGPoint(x: 75, y: 80), CGPoint(x: 250, y: 250)])
        XCTAssertEqual(controller.tapsInBox, [CGPoint(x: 25, y: 30), CGPoint(x: 200, y: 200)])

        let states = controller.pans.map(\.0)
        XCTAssertEqual(states, [.began] + Array(repeating: .changed, count: 7) + [.ended])
        // .began and the first .changed at step 30, where the finger goes down.
        XCTAssertEqual(controller.pans[0].4, 30)
        XCTAssertEqual(controller.pans[0].1, CGPoint(x: 100, y: 100))
        XCTAssertEqual(controller.pans[1].1, CGPoint(x: 100, y: 100))
        XCTAssertEqual(controller.pans[1].3, .zero)
        // Step 31: 1/60 s of 0.1 s, 10 pt along, at 600 pt/s.
        XCTAssertEqual(controller.pans[2].4, 31)
        XCTAssertEqual(controller.pans[2].1.x, 110, accuracy: 1e-9)
        XCTAssertEqual(controller.pans[2].2.x, 10, accuracy: 1e-9)
        XCTAssertEqual(controller.pans[2].3.x, 600, accuracy: 1e-6)
        XCTAssertEqual(controller.pans[2].3.y, 0)
        // The last .changed and .ended at step 36 (0.6 s), at the end of the path.
        XCTAssertEqual(controller.pans[7].4, 36)
        XCTAssertEqual(controller.pans[7].1, CGPoint(x: 160, y: 100))
        XCTAssertEqual(controller.pans[8].2, CGPoint(x: 60, y: 0))
    }

    func testScriptedCodeRunsAtItsTimeAfterTheGesturesDueThen() throws {
        final class Logger: UIViewController {
            var log: [String] = []
            override func viewDidLoad() { view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: Logger.tapped)) }
            func tapped() { log.append("tap") }
        }
        let controller = Logger()
        let recorder = try Recorder(id: "run", size: CGSize(width: 100, height: 100), scale: 1, duration: 1, gestures: [
            .run(at: 0.5) { controller.log.append("run 0.5") },
            .tap(at: 0.5, CGPoint(x: 10, y: 10)),
            .run(at: 0.25) { controller.log.append("run 0.25") },
        ]) { controller }
        for _ in 1..<recorder.frameCount { try recorder.advanceFrame() }
        XCTAssertEqual(controller.log, ["run 0.25", "tap", "run 0.5"])
    }

    func testBadScriptsAndSettingsAreRefused() {
        XCTAssertThrowsError(try Recorder(id: "x", fps: 0) { UIViewController() })
        XCTAssertThrowsError(try Recorder(id: "x", duration: 0) { UIViewController() })
        XCTAssertThrowsError(try Recorder(id: "x", duration: 601) { UIViewController() })
        XCTAssertThrowsError(try Recorder(id: "a/b") { UIViewController() })
        XCTAssertThrowsError(try Recorder(id: "x", gestures: [.pan(at: 0, along: [])]) { UIViewController() })
        XCTAssertThrowsError(try Recorder(id: "x", scale: 9) { UIViewController() })
    }
}

/// What the fifth audit of the Swift API found missing: addTarget with a method that takes the
/// recognizer (it compiled only through the initializers), and a group that is not a
/// UIDynamicItem (it could not be typed as one, and its contacts never reached a delegate).
final class UIKitSpellingTests: XCTestCase {
    final class Controller: UIViewController, UICollisionBehaviorDelegate {
        let box = UIView(frame: CGRect(x: 50, y: 50, width: 40, height: 40))
        let other = UIView(frame: CGRect(x: 150, y: 50, width: 40, height: 40))
        lazy var animator = UIDynamicAnimator(referenceView: view)
        var pans: [UIGestureRecognizer.State] = []
        var contacts: [String] = []
        override func viewDidLoad() {
            view.addSubview(box)
            view.addSubview(other)
            let pan = UIPanGestureRecognizer()
            pan.addTarget(self, action: Controller.handle)
            box.addGestureRecognizer(pan)
            let group = UIDynamicItemGroup(items: [box, other])
            let item: UIDynamicItem = group
            let push = UIPushBehavior(items: [item], mode: .instantaneous)
            push.setTargetOffsetFromCenter(UIOffset(horizontal: 0, vertical: 0), for: group)
            let gravity = UIGravityBehavior(items: [group])
            let collision = UICollisionBehavior(items: [group])
            collision.translatesReferenceBoundsIntoBoundary = true
            collision.collisionDelegate = self
            animator.addBehavior(gravity)
            animator.addBehavior(collision)
        }
        func handle(_ pan: UIPanGestureRecognizer) { pans.append(pan.state) }
        func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem,
                               withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint) {
            contacts.append("\(type(of: item))")
        }
    }

    func testARecognizerTakingMethodAndAGroupAsAnItem() throws {
        let controller = Controller()
        let recorder = try Recorder(id: "spelling", size: CGSize(width: 300, height: 300), scale: 1, duration: 1.5, gestures: [
            .pan(at: 0.1, along: [CGPoint(x: 70, y: 70), CGPoint(x: 90, y: 70)], duration: 0.1),
        ]) { controller }
        for _ in 1..<recorder.frameCount { try recorder.advanceFrame() }
        XCTAssertEqual(controller.pans.first, .began)
        XCTAssertEqual(controller.pans.last, .ended)
        // The group falls onto the bottom of the 300 pt view and its delegate hears it.
        XCTAssertEqual(controller.contacts.first, "DynamicItemGroup")
    }

    // Regression: a subview of a hidden view was traced as visible though it is not drawn.
    func testASubviewOfAHiddenViewIsTracedAsNotVisible() throws {
        final class Hidden: UIViewController {
            let card = UIView(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
            let badge = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
            override func viewDidLoad() {
                badge.accessibilityIdentifier = "badge"
                card.addSubview(badge)
                view.addSubview(card)
                card.isHidden = true
            }
        }
        let recorder = try Recorder(id: "hidden", size: CGSize(width: 200, height: 200), scale: 1, duration: 0.1) { Hidden() }
        let line = try JSONSerialization.jsonObject(with: Data(recorder.traceLine().utf8)) as! [String: Any]
        let badge = try XCTUnwrap((line["items"] as! [[String: Any]]).first { $0["id"] as? String == "badge" })
        XCTAssertEqual(badge["visible"] as? Bool, false)
        XCTAssertTrue(recorder.frameState().items.isEmpty, "nothing is drawn")
    }

    // Regression: a NaN center set by the recorded code was reported as "the simulation went
    // non-finite ... hint: lower extreme strengths", the engine's failure, not the code's.
    func testANonFiniteCenterSetByTheCodeIsNamedAsSuch() throws {
        final class Falling: UIViewController {
            let box = UIView(frame: CGRect(x: 50, y: 50, width: 40, height: 40))
            lazy var animator = UIDynamicAnimator(referenceView: view)
            override func viewDidLoad() {
                box.accessibilityIdentifier = "box"
                view.addSubview(box)
                animator.addBehavior(UIGravityBehavior(items: [box]))
            }
        }
        let controller = Falling()
        let recorder = try Recorder(id: "nan", size: CGSize(width: 200, height: 200), scale: 1, duration: 1, gestures: [
            .run(at: 0.5) {
                controller.box.center = CGPoint(x: CGFloat.nan, y: 10)
                controller.animator.updateItem(usingCurrentState: controller.box)
            },
        ]) { controller }
        XCTAssertThrowsError(try { for _ in 1..<recorder.frameCount { try recorder.advanceFrame() } }()) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("id = box") && message.contains("was given a non-finite center (nan, 10.0)")
                          && message.contains("before t = 0.500 s"), message)
            XCTAssertFalse(message.contains("simulation went non-finite"), message)
        }
    }
}
