import AnimaticUIKit
import Rendering
import SceneFormat
import XCTest

/// Findings of an audit of the UIKit views, drawing and recording, each reproduced on the old
/// code and asserted here.
final class UIKitAuditTests: XCTestCase {
    /// A flipped view (CGAffineTransform(scaleX: -1, y: 1), the usual mirror) was drawn with a
    /// width of -100, which the renderer refused: the whole recording failed. A rectangle
    /// looks the same mirrored; a drawn path is mirrored; both axes flipped is a half turn.
    func testAFlippedViewIsDrawnMirrored() throws {
        final class Arrow: UIView {
            override func draw(_ rect: CGRect) {
                let path = UIBezierPath()
                path.move(to: CGPoint(x: 0, y: 0)); path.addLine(to: CGPoint(x: 100, y: 50)); path.addLine(to: CGPoint(x: 0, y: 100))
                path.close()
                UIColor.blue.setFill()
                path.fill()
            }
        }
        final class Controller: UIViewController {
            override func viewDidLoad() {
                view.backgroundColor = .white
                let box = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
                box.backgroundColor = .red
                box.transform = CGAffineTransform(scaleX: -1, y: 1)
                box.layer.cornerRadius = -4
                view.addSubview(box)
                let arrow = Arrow(frame: CGRect(x: 100, y: 0, width: 100, height: 100))
                arrow.transform = CGAffineTransform(scaleX: -1, y: 1)
                view.addSubview(arrow)
                let turned = UIView(frame: CGRect(x: 0, y: 100, width: 40, height: 20))
                turned.backgroundColor = .green
                turned.transform = CGAffineTransform(scaleX: -1, y: -1)
                view.addSubview(turned)
            }
        }
        let recorder = try Recorder(id: "flip", size: CGSize(width: 200, height: 200), scale: 1, duration: 1) { Controller() }
        let state = recorder.frameState()
        XCTAssertEqual(state.items[0].width, 100)
        XCTAssertEqual(state.items[0].shape, .rectangle(cornerRadius: 0))
        // The arrow pointed right (+x) from its center (150, 50); mirrored it points left.
        guard case .polygon(let points) = state.items[1].shape else { return XCTFail("\(state.items[1].shape)") }
        XCTAssertEqual(points.map(\.x), [50, -50, 50])
        XCTAssertEqual(state.items[2].angle, .pi, accuracy: 1e-12)
        XCTAssertEqual([state.items[2].width, state.items[2].height], [40, 20])
        let renderer = FrameRenderer()
        XCTAssertNoThrow(try renderer.render(state), "the frame is drawn")
    }

    /// Two animations of one property: the older one wrote its target over the newer's every
    /// step, so the view was left at alpha 0 while `alpha` read 1. The newer takes the
    /// property over; the older still completes.
    func testANewerAnimationTakesThePropertyOver() throws {
        let square = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        var completed: [String] = []
        final class Controller: UIViewController {
            var square: UIView!
            override func viewDidLoad() { view.addSubview(square) }
        }
        let controller = Controller()
        controller.square = square
        square.backgroundColor = .green
        let recorder = try Recorder(id: "two", size: CGSize(width: 100, height: 100), scale: 1, duration: 3, gestures: [
            .run(at: 0) { UIView.animate(withDuration: 2, animations: { square.alpha = 0 }, completion: { _ in completed.append("first") }) },
            .run(at: 0.5) { UIView.animate(withDuration: 0.5, animations: { square.alpha = 1 }, completion: { _ in completed.append("second") }) },
        ]) { controller }
        for _ in 0..<150 { try recorder.advanceFrame() }
        XCTAssertEqual(square.alpha, 1)
        XCTAssertEqual(recorder.frameState().items[0].alpha, 1, accuracy: 1e-12, "the frame shows the model's value")
        XCTAssertEqual(completed, ["second", "first"])
    }

    /// A view's root: its drawing and border were left out, and a hidden root still showed
    /// its subviews. The root's background stays the canvas.
    func testTheRootViewIsDrawnAsAnyView() throws {
        final class Canvas: UIView {
            override func draw(_ rect: CGRect) {
                UIColor.red.setFill()
                UIBezierPath(ovalIn: CGRect(x: 10, y: 10, width: 40, height: 40)).fill()
            }
        }
        final class Controller: UIViewController {
            let hide: Bool
            init(hide: Bool) { self.hide = hide; super.init(nibName: nil, bundle: nil) }
            required init?(coder: NSCoder) { nil }
            override func loadView() { view = Canvas(frame: CGRect(x: 0, y: 0, width: 100, height: 100)) }
            override func viewDidLoad() {
                view.backgroundColor = .white
                view.isHidden = hide
                let child = UIView(frame: CGRect(x: 60, y: 60, width: 20, height: 20))
                child.backgroundColor = .blue
                view.addSubview(child)
            }
        }
        let shown = try Recorder(id: "root", size: CGSize(width: 100, height: 100), scale: 1, duration: 1) { Controller(hide: false) }.frameState()
        XCTAssertEqual(shown.background, SceneColor(white: 1))
        XCTAssertEqual(shown.items.count, 2, "the oval the root draws, then its subview")
        XCTAssertEqual(shown.items[0].shape, .ellipse)
        XCTAssertEqual(shown.items[0].center, DrawPoint(30, 30))
        let hidden = try Recorder(id: "root", size: CGSize(width: 100, height: 100), scale: 1, duration: 1) { Controller(hide: true) }.frameState()
        XCTAssertEqual(hidden.items.count, 0)
    }

    /// A transform's matrix set field by field was drawn at scale 1 (its remembered parts
    /// stayed those of the identity).
    func testATransformSetFieldByFieldIsTheMatrix() {
        var t = CGAffineTransform.identity
        t.a = 2; t.d = 2
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        v.transform = t
        XCTAssertEqual(v.transform.a, 2)
        XCTAssertEqual(v.transform, CGAffineTransform(scaleX: 2, y: 2))
        v.transform.d = 3
        XCTAssertEqual(v.transform, CGAffineTransform(scaleX: 2, y: 3), "a field of the view's transform set in place")
    }

    /// `contains(_:)` used the even-odd rule; UIBezierPath's default is non-zero, and only
    /// closed subpaths contain points. A subpath after `close()` began at (0, 0).
    func testContainsUsesTheNonZeroRuleAndClosedSubpaths() {
        let p = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        p.append(UIBezierPath(rect: CGRect(x: 50, y: 50, width: 100, height: 100)))
        XCTAssertTrue(p.contains(CGPoint(x: 75, y: 75)), "non-zero: the overlap is inside")
        p.usesEvenOddFillRule = true
        XCTAssertFalse(p.contains(CGPoint(x: 75, y: 75)), "even-odd: a hole")
        let open = UIBezierPath()
        open.move(to: .zero); open.addLine(to: CGPoint(x: 100, y: 0)); open.addLine(to: CGPoint(x: 100, y: 100))
        XCTAssertFalse(open.contains(CGPoint(x: 90, y: 10)), "an open subpath contains nothing")
        let q = UIBezierPath()
        q.move(to: CGPoint(x: 100, y: 100)); q.addLine(to: CGPoint(x: 200, y: 100)); q.addLine(to: CGPoint(x: 200, y: 200)); q.close()
        q.addLine(to: CGPoint(x: 100, y: 200)); q.addLine(to: CGPoint(x: 50, y: 150)); q.close()
        XCTAssertTrue(q.contains(CGPoint(x: 90, y: 160)), "the second subpath starts at (100, 100)")
        XCTAssertFalse(q.contains(CGPoint(x: 20, y: 20)))
    }

    /// `addArc` trapped on a NaN angle and never returned from a sweep of -1e17 clockwise
    /// (adding 2 pi changed nothing). A sweep of many turns along the direction is still a
    /// full circle (a remainder taken of it once gave half of one at 65 pi).
    func testArcsOfAnyAngleEndAndAFullTurnIsACircle() {
        let nan = UIBezierPath()
        nan.addArc(withCenter: .zero, radius: 10, startAngle: .nan, endAngle: 1, clockwise: true)
        XCTAssertTrue(nan.isEmpty)
        let far = UIBezierPath()
        far.addArc(withCenter: .zero, radius: 10, startAngle: 1e17, endAngle: 0, clockwise: true)
        XCTAssertFalse(far.isEmpty)
        for turns in [2.0, 65, 66, 1e9] {
            let circle = UIBezierPath()
            circle.addArc(withCenter: .zero, radius: 10, startAngle: 0, endAngle: turns * .pi, clockwise: true)
            XCTAssertTrue(circle.contains(CGPoint(x: -9, y: 0)) == false, "an open arc contains nothing")
            circle.close()
            for p in [CGPoint(x: 9, y: 0), CGPoint(x: -9, y: 0), CGPoint(x: 0, y: 9), CGPoint(x: 0, y: -9)] {
                XCTAssertTrue(circle.contains(p), "\(turns) pi: a full circle holds \(p)")
            }
        }
    }

    /// `UIColor(hue:)` trapped on a NaN or infinite hue (Int(_:) of NaN).
    func testANonFiniteHueDoesNotTrap() {
        XCTAssertEqual(UIColor(hue: .nan, saturation: 1, brightness: 1, alpha: 1).sceneColor, UIColor(hue: 0, saturation: 1, brightness: 1, alpha: 1).sceneColor)
        _ = UIColor(hue: .infinity, saturation: 1, brightness: 1, alpha: 1)
    }

    /// [measured] A path boundary is a closed loop in UIKit, open path or not: an open U
    /// (no top) caught an item on its closing top edge, where the old code let it fall inside
    /// to the bottom (it followed the path's own `close()`). And a closed path is two-sided: an
    /// obstacle to an item outside it (solid walls built outward of a closed convex path
    /// swallowed an item falling onto it), a container to an item inside.
    func testAPathBoundaryIsAClosedTwoSidedLoopEvenWhenThePathIsOpen() {
        func restingY(closingThePath: Bool, startingAt y: CGFloat) -> CGFloat {
            let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 700))
            let item = UIView(frame: CGRect(x: 190, y: y - 10, width: 20, height: 20))
            root.addSubview(item)
            let animator = UIDynamicAnimator(referenceView: root)
            animator.addBehavior(UIGravityBehavior(items: [item]))
            let collision = UICollisionBehavior(items: [item])
            let u = UIBezierPath()
            u.move(to: CGPoint(x: 100, y: 300))
            u.addLine(to: CGPoint(x: 100, y: 500))
            u.addLine(to: CGPoint(x: 300, y: 500))
            u.addLine(to: CGPoint(x: 300, y: 300))
            if closingThePath { u.close() }
            collision.addBoundary(withIdentifier: "u" as NSString, for: u)
            animator.addBehavior(collision)
            for _ in 0..<120 { animator.step() }
            return item.center.y
        }
        // Dropped from above: on the top edge (y = 300), its center half its size and the
        // skins above it.
        XCTAssertEqual(restingY(closingThePath: false, startingAt: 100), 290, accuracy: 2.5)
        XCTAssertEqual(restingY(closingThePath: true, startingAt: 100), 290, accuracy: 2.5)
        // Dropped inside: on the bottom edge (y = 500).
        XCTAssertEqual(restingY(closingThePath: false, startingAt: 400), 490, accuracy: 2.5)
        XCTAssertEqual(restingY(closingThePath: true, startingAt: 400), 490, accuracy: 2.5)
    }
}
