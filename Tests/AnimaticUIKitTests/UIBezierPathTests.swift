import AnimaticUIKit
import Rendering
import XCTest

/// Paths as the dynamics and the frames read them: their polygons, their drawn shapes.
final class UIBezierPathTests: XCTestCase {
    /// A view whose draw(_:) runs `body`, recorded on a one-view screen.
    final class Canvas: UIView {
        var body: () -> Void = {}
        override func draw(_ rect: CGRect) { body() }
    }

    /// The drawn items of a 100 x 100 canvas view centered at (100, 100), drawing `body`.
    func drawnItems(_ body: @escaping () -> Void) throws -> [DrawItem] {
        final class Controller: UIViewController {
            let canvas = Canvas(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
            override func viewDidLoad() { view.addSubview(canvas) }
        }
        let controller = Controller()
        controller.canvas.body = body
        let recorder = try Recorder(id: "paths", size: CGSize(width: 200, height: 200), scale: 1, duration: 1) { controller }
        return recorder.frameState().items
    }

    func testARectangleAnOvalAndARoundedRectangleAreDrawnAsThoseShapes() throws {
        let items = try drawnItems {
            UIColor.red.setFill()
            UIBezierPath(rect: CGRect(x: 10, y: 20, width: 30, height: 40)).fill()
            UIColor.blue.setStroke()
            let oval = UIBezierPath(ovalIn: CGRect(x: 0, y: 0, width: 100, height: 50))
            oval.lineWidth = 3
            oval.stroke()
            UIColor.green.setFill()
            UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 12).fill()
        }
        XCTAssertEqual(items.count, 3)
        // The rectangle's center (25, 40) of the view's coordinates is (75, 90) on the screen.
        XCTAssertEqual(items[0], DrawItem(shape: .rectangle(cornerRadius: 0), width: 30, height: 40, center: DrawPoint(75, 90),
                                          fill: UIColor.red.sceneColor))
        XCTAssertEqual(items[1], DrawItem(shape: .ellipse, width: 100, height: 50, center: DrawPoint(100, 75), fill: .clear,
                                          stroke: DrawStroke(color: UIColor.blue.sceneColor, width: 3)))
        XCTAssertEqual(items[2], DrawItem(shape: .rectangle(cornerRadius: 12), width: 100, height: 100, center: DrawPoint(100, 100),
                                          fill: UIColor.green.sceneColor))
    }

    func testALinePathIsDrawnAsAPolygonAroundTheViewsCenterAndClearFillsDrawNothing() throws {
        let items = try drawnItems {
            guard let context = UIGraphicsGetCurrentContext() else { return XCTFail("no context in draw(_:)") }
            UIColor.clear.setFill()
            context.fill(CGRect(x: 0, y: 0, width: 100, height: 100))
            let path = UIBezierPath()
            path.move(to: CGPoint(x: 50, y: 0))
            path.addLine(to: CGPoint(x: 100, y: 100))
            path.addLine(to: CGPoint(x: 0, y: 100))
            path.close()
            UIColor.yellow.setFill()
            path.fill()
        }
        XCTAssertEqual(items, [DrawItem(shape: .polygon([DrawPoint(0, -50), DrawPoint(50, 50), DrawPoint(-50, 50)]), width: 100,
                                        height: 100, center: DrawPoint(100, 100), fill: UIColor.yellow.sceneColor)])
        XCTAssertNil(UIGraphicsGetCurrentContext(), "no context outside draw(_:)")
    }

    func testCurvesAndArcsFlattenIntoTheirPolygons() {
        // A half circle of radius 50 from (50, 0) through (0, 50) to (-50, 0): two quarter cubics.
        let arc = UIBezierPath(arcCenter: .zero, radius: 50, startAngle: 0, endAngle: .pi, clockwise: true)
        XCTAssertEqual(arc.currentPoint.x, -50, accuracy: 1e-9)
        XCTAssertEqual(arc.currentPoint.y, 0, accuracy: 1e-9)
        // The polygon of a closed arc path: its points stay on the circle (within the cubic's
        // 0.03 % error), and there is one vertex per flattened piece plus the start.
        arc.close()
        let polygon = PathProbe(arc).polygon
        XCTAssertGreaterThan(polygon.count, 8)
        for p in polygon { XCTAssertEqual(Double((p.x * p.x + p.y * p.y).squareRoot()), 50, accuracy: 0.02) }
        // Counter-clockwise from 0 to -pi/2 ends at (0, -50).
        let up = UIBezierPath(arcCenter: .zero, radius: 50, startAngle: 0, endAngle: -.pi / 2, clockwise: false)
        XCTAssertEqual(up.currentPoint.y, -50, accuracy: 1e-9)
        // A quadratic curve is kept as the cubic with control points 2/3 of the way.
        let quad = UIBezierPath()
        quad.move(to: .zero)
        quad.addQuadCurve(to: CGPoint(x: 30, y: 0), controlPoint: CGPoint(x: 15, y: 30))
        XCTAssertEqual(quad.bounds, CGRect(x: 0, y: 0, width: 30, height: 20), "the cubic's control points are at y = 20")
    }

    func testApplyCopyAndContains() {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        let copy = path.copy() as! UIBezierPath
        path.apply(CGAffineTransform(translationX: -5, y: -5))
        XCTAssertEqual(path.bounds, CGRect(x: -5, y: -5, width: 10, height: 10))
        XCTAssertEqual(copy.bounds, CGRect(x: 0, y: 0, width: 10, height: 10), "the copy is not moved")
        XCTAssertTrue(path.contains(.zero))
        XCTAssertFalse(path.contains(CGPoint(x: 6, y: 0)))
        XCTAssertFalse(UIBezierPath().contains(.zero))
        XCTAssertTrue(UIBezierPath().isEmpty)
    }
}

/// The polygon a path gives a `.path` item: read through a view's collision bounds, as the
/// animator reads it.
struct PathProbe {
    final class Item: UIView {
        var path = UIBezierPath()
        override var collisionBoundsType: UIDynamicItemCollisionBoundsType { .path }
        override var collisionBoundingPath: UIBezierPath { path }
    }
    let polygon: [CGPoint]
    init(_ path: UIBezierPath) {
        let item = Item()
        item.path = path
        polygon = (item as DynamicItem).collisionBoundingPath
    }
}
