import AnimaticUIKit
import SceneFormat
import XCTest

/// CGAffineTransform's matrix arithmetic, UIKit's small geometry values and UIColor, against
/// values worked out by hand.
final class GeometryAndColorTests: XCTestCase {
    func testTransformFactoriesAndConcatenation() {
        let s = CGAffineTransform(scaleX: 2, y: 3)
        XCTAssertEqual([s.a, s.b, s.c, s.d, s.tx, s.ty], [2, 0, 0, 3, 0, 0])
        let t = CGAffineTransform(translationX: 5, y: -7)
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(t), CGPoint(x: 6, y: -6))
        // A quarter turn clockwise on screen (y down): +x goes to +y.
        let r = CGAffineTransform(rotationAngle: .pi / 2)
        let p = CGPoint(x: 10, y: 0).applying(r)
        XCTAssertEqual(p.x, 0, accuracy: 1e-12)
        XCTAssertEqual(p.y, 10, accuracy: 1e-12)
        // Scale first, then translate: (1, 1) -> (2, 3) -> (7, -4).
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(s.concatenating(t)), CGPoint(x: 7, y: -4))
        // translatedBy applies the translation first: (1, 1) -> (6, -6) -> (12, -18).
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(s.translatedBy(x: 5, y: -7)), CGPoint(x: 12, y: -18))
        XCTAssertTrue(CGAffineTransform.identity.isIdentity)
        XCTAssertFalse(s.isIdentity)
        // The inverse of scale (2, 3) then translate (5, -7) maps (7, -4) back to (1, 1).
        let back = CGPoint(x: 7, y: -4).applying(s.concatenating(t).inverted())
        XCTAssertEqual(back.x, 1, accuracy: 1e-12)
        XCTAssertEqual(back.y, 1, accuracy: 1e-12)
        // The box of a 10 x 20 rectangle turned a quarter: 20 x 10.
        let box = CGRect(x: 0, y: 0, width: 10, height: 20).applying(r)
        XCTAssertEqual(box.width, 20, accuracy: 1e-12)
        XCTAssertEqual(box.height, 10, accuracy: 1e-12)
    }

    func testAViewTakesTheExactAngleAndScaleOfAFactoryTransform() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        view.transform = CGAffineTransform(rotationAngle: 0.6)
        XCTAssertEqual(view.rotation, 0.6, "exactly the angle given, not atan2 of its sine and cosine")
        view.transform = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(rotationAngle: -0.33929))
        XCTAssertEqual(view.rotation, -0.33929)
        XCTAssertEqual(view.transform.a, 2 * cos(-0.33929), accuracy: 1e-15)
        XCTAssertEqual(view.transform.b, 2 * sin(-0.33929), accuracy: 1e-15)
        // A general matrix is decomposed: a 30 degree turn written out by hand.
        let c = cos(CGFloat.pi / 6), s = sin(CGFloat.pi / 6)
        view.transform = CGAffineTransform(a: c, b: s, c: -s, d: c, tx: 3, ty: 4)
        XCTAssertEqual(view.rotation, .pi / 6, accuracy: 1e-15)
        XCTAssertEqual(view.transform.tx, 3)
        XCTAssertEqual(view.transform.ty, 4)
    }

    func testOffsetsInsetsAndRanges() {
        XCTAssertEqual(UIOffset(horizontal: 3, vertical: -4), UIOffset(horizontal: 3, vertical: -4))
        XCTAssertEqual(UIOffset.zero, UIOffset(horizontal: 0, vertical: 0))
        let insets = UIEdgeInsets(top: 10, left: 20, bottom: 30, right: 40)
        XCTAssertEqual(CGRect(x: 0, y: 0, width: 375, height: 667).inset(by: insets), CGRect(x: 20, y: 10, width: 315, height: 627))
        XCTAssertEqual(UIFloatRange(minimum: -1, maximum: 2).maximum, 2)
        XCTAssertTrue(UIFloatRange.infinite.isInfinite)
        XCTAssertEqual(UIFloatRange.zero, UIFloatRange(minimum: 0, maximum: 0))
    }

    func testUIKitsNamedColorsHaveUIKitsValues() {
        func rgba(_ c: UIColor) -> [Double] { [c.sceneColor.red, c.sceneColor.green, c.sceneColor.blue, c.sceneColor.alpha] }
        XCTAssertEqual(rgba(.orange), [1, 0.5, 0, 1], "UIKit's orange, not CSS orange")
        XCTAssertEqual(rgba(.brown), [0.6, 0.4, 0.2, 1])
        XCTAssertEqual(rgba(.purple), [0.5, 0, 0.5, 1])
        XCTAssertEqual(rgba(.darkGray), [1.0 / 3, 1.0 / 3, 1.0 / 3, 1])
        XCTAssertEqual(rgba(.lightGray), [2.0 / 3, 2.0 / 3, 2.0 / 3, 1])
        XCTAssertEqual(rgba(.clear), [0, 0, 0, 0])
        for (name, color) in [("red", UIColor.red), ("green", .green), ("blue", .blue), ("yellow", .yellow), ("cyan", .cyan),
                              ("magenta", .magenta), ("black", .black), ("white", .white), ("gray", .gray)] {
            XCTAssertEqual(UIColor(named: name), color, name)
        }
        XCTAssertNil(UIColor(named: "organge"))
        XCTAssertEqual(rgba(UIColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5)), [0.25, 0.5, 0.75, 0.5])
        XCTAssertEqual(rgba(UIColor(white: 0.2, alpha: 1)), [0.2, 0.2, 0.2, 1])
        XCTAssertEqual(rgba(UIColor(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 1)), [0, 1, 0, 1], "hue 120 degrees is green")
        XCTAssertEqual(rgba(UIColor.red.withAlphaComponent(0.25)), [1, 0, 0, 0.25])
        XCTAssertEqual(UIColor(cgColor: UIColor.blue.cgColor), .blue)
    }
}
