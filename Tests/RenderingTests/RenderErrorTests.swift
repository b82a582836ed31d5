import Rendering
import Images
import XCTest

// Bad numbers in a frame state are user input (scene files, exploding simulations): they must
// produce an error that names the offending item, and must not break the renderer.

final class RenderErrorTests: XCTestCase {
    func testInvalidCanvasIsRejected() {
        let renderer = FrameRenderer()
        for frame in [canvas([], width: 0), canvas([], height: -1), canvas([], scale: .nan),
                      canvas([], width: .infinity), canvas([], width: 20_000, scale: 2)] {
            XCTAssertThrowsError(try renderer.render(frame)) { error in
                guard case RenderError.invalidCanvas = error else { return XCTFail("unexpected \(error)") }
                XCTAssertTrue("\(error)".contains("canvas"))
            }
        }
        XCTAssertFalse(renderer.hasFrame)
    }

    func testNonFiniteItemNamesItsIndexAndTheRendererRecovers() throws {
        let renderer = FrameRenderer()
        let bad = box(width: 10, height: 10, at: .nan, 50)
        XCTAssertThrowsError(try renderer.render(canvas([box(width: 10, height: 10, at: 50, 50), bad]))) { error in
            guard case RenderError.invalidItem(let index, let reason) = error else { return XCTFail("unexpected \(error)") }
            XCTAssertEqual(index, 1)
            XCTAssertTrue(reason.contains("center"), reason)
        }
        XCTAssertFalse(renderer.hasFrame)
        XCTAssertNil(renderer.pixel(x: 50, y: 50))
        XCTAssertThrowsError(try renderer.pngData()) { XCTAssertEqual($0 as? PNGError, .nothingRendered) }

        try renderer.render(canvas([box(width: 10, height: 10, at: 50, 50)]))
        assertPixel(renderer, 50, 50, .red)
    }

    func testOtherInvalidValuesAreRejected() {
        let renderer = FrameRenderer()
        let items = [box(width: -1, height: 10, at: 50, 50),
                     box(width: 10, height: 10, at: 50, 50, angle: .infinity),
                     box(width: 10, height: 10, at: 50, 50, cornerRadius: -2),
                     box(width: 10, height: 10, at: 50, 50, stroke: DrawStroke(color: Palette.black, width: .nan)),
                     DrawItem(shape: .polygon([DrawPoint(0, 0), DrawPoint(.nan, 1), DrawPoint(1, 1)]),
                              width: 1, height: 1, center: DrawPoint(50, 50), fill: Palette.red)]
        for item in items {
            XCTAssertThrowsError(try renderer.render(canvas([item])), "\(item)")
        }
        let overlay = OverlayPrimitive.dot(center: DrawPoint(1, .infinity), radius: 2, color: Palette.red)
        XCTAssertThrowsError(try renderer.render(canvas([], overlay: [overlay]))) { error in
            XCTAssertEqual(error as? RenderError, .invalidOverlay(index: 0, reason: "its point 0 is not finite"))
        }
    }
}
