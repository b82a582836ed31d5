import AnimaticUIKit
import Rendering
import SceneFormat
import XCTest

/// Views: geometry, hierarchy, coordinates, hit testing and what a frame shows of them.
final class UIViewTests: XCTestCase {
    func testFrameBoundsAndCenter() {
        let view = UIView(frame: CGRect(x: 20, y: 30, width: 80, height: 40))
        XCTAssertEqual(view.center, CGPoint(x: 60, y: 50))
        XCTAssertEqual(view.bounds, CGRect(x: 0, y: 0, width: 80, height: 40))
        view.center = CGPoint(x: 100, y: 100)
        XCTAssertEqual(view.frame, CGRect(x: 60, y: 80, width: 80, height: 40))
        view.frame = CGRect(x: 0, y: 0, width: 10, height: 20)
        XCTAssertEqual(view.center, CGPoint(x: 5, y: 10))
        XCTAssertEqual(view.bounds.size, CGSize(width: 10, height: 20))
        XCTAssertEqual(UIView().frame, .zero)
        XCTAssertEqual(UIView(coder: NSCoder())?.frame, .zero)
    }

    func testHierarchy() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let a = UIView(), b = UIView(), c = UIView()
        root.addSubview(a); root.addSubview(b); root.insertSubview(c, at: 0)
        XCTAssertTrue(root.subviews.elementsEqual([c, a, b], by: ===))
        root.bringSubviewToFront(c)
        XCTAssertTrue(root.subviews.elementsEqual([a, b, c], by: ===))
        a.addSubview(b)
        XCTAssertTrue(root.subviews.elementsEqual([a, c], by: ===), "adding a view to another superview moves it")
        XCTAssertTrue(b.superview === a)
        XCTAssertTrue(b.isDescendant(of: root))
        b.removeFromSuperview()
        XCTAssertNil(b.superview)
        XCTAssertTrue(a.subviews.isEmpty)
        c.tag = 7
        XCTAssertTrue(root.viewWithTag(7) === c)
    }

    func testCoordinatesFollowTheTransformAboutTheCenter() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 375, height: 667))
        let child = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 50))
        root.addSubview(child)
        XCTAssertEqual(child.convert(CGPoint(x: 0, y: 0), to: root), CGPoint(x: 100, y: 100))
        XCTAssertEqual(root.convert(CGPoint(x: 150, y: 125), to: child), CGPoint(x: 50, y: 25))
        // Turned a quarter clockwise about its center (150, 125): its top-left corner (0, 0),
        // 50 left of and 25 above the center, goes to 25 right of and 50 above it.
        child.transform = CGAffineTransform(rotationAngle: .pi / 2)
        let corner = child.convert(CGPoint(x: 0, y: 0), to: nil)
        XCTAssertEqual(corner.x, 175, accuracy: 1e-9)
        XCTAssertEqual(corner.y, 75, accuracy: 1e-9)
        // Doubled: the corner is 100 left and 50 above.
        child.transform = CGAffineTransform(scaleX: 2, y: 2)
        XCTAssertEqual(child.convert(CGPoint(x: 0, y: 0), to: nil), CGPoint(x: 50, y: 75))
        XCTAssertEqual(child.convert(CGPoint(x: 50, y: 75), from: nil), CGPoint(x: 0, y: 0))
    }

    func testHitTestingFindsTheFrontmostVisibleView() {
        let root = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        let front = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        root.addSubview(back); root.addSubview(front)
        XCTAssertTrue(root.hitTest(CGPoint(x: 150, y: 150), with: nil) === front)
        XCTAssertTrue(root.hitTest(CGPoint(x: 50, y: 50), with: nil) === back)
        XCTAssertTrue(root.hitTest(CGPoint(x: 250, y: 250), with: nil) === root)
        front.isHidden = true
        XCTAssertTrue(root.hitTest(CGPoint(x: 150, y: 150), with: nil) === back)
        back.alpha = 0
        XCTAssertTrue(root.hitTest(CGPoint(x: 150, y: 150), with: nil) === root, "transparent views take no touches")
        XCTAssertNil(root.hitTest(CGPoint(x: 301, y: 0), with: nil))
    }

    func testAFrameShowsEveryVisibleViewWithItsLook() throws {
        final class Controller: UIViewController {
            override func viewDidLoad() {
                view.backgroundColor = UIColor(white: 0.9, alpha: 1)
                let card = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 60))
                card.backgroundColor = .orange
                card.alpha = 0.5
                card.layer.cornerRadius = 8
                card.layer.borderWidth = 2
                card.layer.borderColor = UIColor.black.cgColor
                card.transform = CGAffineTransform(scaleX: 1.5, y: 1.5).concatenating(CGAffineTransform(rotationAngle: 0.25))
                view.addSubview(card)
                let badge = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
                badge.backgroundColor = .red
                card.addSubview(badge)
                let hidden = UIView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
                hidden.backgroundColor = .blue
                hidden.isHidden = true
                view.addSubview(hidden)
                view.addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50)))  // no background: nothing drawn
            }
        }
        let recorder = try Recorder(id: "look", size: CGSize(width: 200, height: 100), scale: 3, duration: 1) { Controller() }
        let state = recorder.frameState()
        XCTAssertEqual(state.width, 200)
        XCTAssertEqual(state.height, 100)
        XCTAssertEqual(state.scale, 3)
        XCTAssertEqual(state.background, SceneColor(white: 0.9))
        XCTAssertEqual(state.items.count, 2)
        XCTAssertEqual(state.items[0], DrawItem(shape: .rectangle(cornerRadius: 8), width: 100, height: 60, center: DrawPoint(60, 50),
                                                angle: 0.25, fill: .orange, stroke: DrawStroke(color: .black, width: 2), alpha: 0.5,
                                                scale: 1.5))
        // The badge's center (10, 10) is 40 left of and 20 above the card's center in the card's
        // coordinates; scaled 1.5 and turned 0.25 rad about (60, 50).
        let badge = state.items[1]
        let dx = -40.0 * 1.5, dy = -20.0 * 1.5
        XCTAssertEqual(badge.center.x, 60 + cos(0.25) * dx - sin(0.25) * dy, accuracy: 1e-9)
        XCTAssertEqual(badge.center.y, 50 + sin(0.25) * dx + cos(0.25) * dy, accuracy: 1e-9)
        XCTAssertEqual(badge.angle, 0.25)
        XCTAssertEqual(badge.scale, 1.5)
        XCTAssertEqual(badge.alpha, 0.5, "the card's alpha times the badge's")
        XCTAssertEqual(badge.fill, .red)
    }
}
