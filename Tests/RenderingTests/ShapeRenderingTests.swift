import Rendering
import Images
import SceneFormat
import XCTest

// Golden pixels for each drawing feature on a 100 x 100 pt white canvas. Shapes are placed on
// whole pixels where possible so the expected colors are exact; antialiased edges are avoided
// or checked with a tolerance.

final class ShapeRenderingTests: XCTestCase {
    func testSolidRectangleCoversExactlyItsPixels() throws {
        // 40 x 20 at (50, 50): pixels 30...69 by 40...59.
        let renderer = try rendered(canvas([box(width: 40, height: 20, at: 50, 50)]))
        XCTAssertEqual(renderer.pixelWidth, 100)
        XCTAssertEqual(renderer.pixelHeight, 100)
        XCTAssertTrue(renderer.isOpaque)
        assertPixel(renderer, 50, 50, .red)
        assertPixel(renderer, 30, 40, .red)
        assertPixel(renderer, 69, 59, .red)
        assertPixel(renderer, 29, 50, .white)
        assertPixel(renderer, 70, 50, .white)
        assertPixel(renderer, 50, 39, .white)
        assertPixel(renderer, 50, 60, .white)
        XCTAssertNil(renderer.pixel(x: 100, y: 0))
        XCTAssertNil(renderer.pixel(x: 0, y: -1))
    }

    func testHalfTransparentRedOverWhiteIsPink() throws {
        let renderer = try rendered(canvas([box(width: 40, height: 40, at: 50, 50, alpha: 0.5)]))
        assertPixel(renderer, 50, 50, RGBAPixel(red: 255, green: 128, blue: 128), tolerance: 1)
    }

    func testItemAlphaMultipliesFillAlpha() throws {
        let fill = SceneColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        let renderer = try rendered(canvas([box(width: 40, height: 40, at: 50, 50, fill: fill, alpha: 0.5)]))
        // 25% red over white: 255 * 0.75 = 191.
        assertPixel(renderer, 50, 50, RGBAPixel(red: 255, green: 191, blue: 191), tolerance: 1)
    }

    func testRotationIsClockwiseAboutTheCenter() throws {
        // A 60 x 6 bar, horizontal unrotated.
        let flat = try rendered(canvas([box(width: 60, height: 6, at: 50, 50)]))
        assertPixel(flat, 75, 50, .red)
        assertPixel(flat, 50, 25, .white)

        let upright = try rendered(canvas([box(width: 60, height: 6, at: 50, 50, angle: .pi / 2)]))
        assertPixel(upright, 50, 25, .red)
        assertPixel(upright, 50, 75, .red)
        assertPixel(upright, 75, 50, .white)
        assertPixel(upright, 25, 50, .white)

        // +45 degrees turns +x toward +y (down): the bar runs from top-left to bottom-right.
        let diagonal = try rendered(canvas([box(width: 60, height: 6, at: 50, 50, angle: .pi / 4)]))
        assertPixel(diagonal, 65, 65, .red)
        assertPixel(diagonal, 35, 35, .red)
        assertPixel(diagonal, 65, 35, .white)
        assertPixel(diagonal, 35, 65, .white)
    }

    func testVisualScaleGrowsTheItemAboutItsCenter() throws {
        // 10 x 10 at (50, 50) covers 45...54; scaled 3x it covers 35...64.
        let plain = try rendered(canvas([box(width: 10, height: 10, at: 50, 50)]))
        let scaled = try rendered(canvas([box(width: 10, height: 10, at: 50, 50, scale: 3)]))
        assertPixel(plain, 40, 50, .white)
        assertPixel(scaled, 40, 50, .red)
        assertPixel(scaled, 35, 35, .red)
        assertPixel(scaled, 64, 64, .red)
        assertPixel(scaled, 34, 50, .white)
        assertPixel(scaled, 65, 50, .white)
    }

    func testStrokeIsCenteredOnTheOutlineAroundTheFill() throws {
        // 40 x 40 at (50, 50): outline at 30 and 70; a 4 pt stroke covers 28...31 and 68...71.
        let item = box(width: 40, height: 40, at: 50, 50, fill: Palette.blue,
                       stroke: DrawStroke(color: Palette.black, width: 4))
        let renderer = try rendered(canvas([item]))
        assertPixel(renderer, 50, 50, .blue)
        assertPixel(renderer, 28, 50, .black)
        assertPixel(renderer, 31, 50, .black)
        assertPixel(renderer, 71, 50, .black)
        assertPixel(renderer, 50, 29, .black)
        assertPixel(renderer, 32, 50, .blue)
        assertPixel(renderer, 27, 50, .white)
        assertPixel(renderer, 72, 50, .white)
    }

    func testTranslucentFilledAndStrokedItemIsPaintedAsOneGroup() throws {
        // At 50% the inner half of the stroke must show white through it, not the blue fill.
        let item = box(width: 40, height: 40, at: 50, 50, fill: Palette.blue,
                       stroke: DrawStroke(color: Palette.black, width: 4), alpha: 0.5)
        let renderer = try rendered(canvas([item]))
        assertPixel(renderer, 31, 50, RGBAPixel(red: 128, green: 128, blue: 128), tolerance: 1)
        assertPixel(renderer, 29, 50, RGBAPixel(red: 128, green: 128, blue: 128), tolerance: 1)
        assertPixel(renderer, 50, 50, RGBAPixel(red: 128, green: 128, blue: 255), tolerance: 1)
        assertPixel(renderer, 26, 50, .white)
        // The clip of the group must not cut the item: its far corners are drawn too.
        assertPixel(renderer, 69, 69, RGBAPixel(red: 128, green: 128, blue: 128), tolerance: 1)
    }

    func testTranslucentGroupEqualsTheOpaqueItemBlendedOverTheBackground() throws {
        // The group is clipped to the item's pixel box first: nothing of the item (the outer
        // half of the stroke, the miter tips when rotated) may fall outside that box.
        for (angle, scale) in [(0, 1), (Double.pi / 4, 1), (0.3, 1.5)] {
            func item(alpha: Double) -> DrawItem {
                box(width: 40, height: 30, at: 50, 50, fill: Palette.blue, angle: angle,
                    stroke: DrawStroke(color: Palette.black, width: 8), alpha: alpha, scale: scale)
            }
            let opaque = try XCTUnwrap(try rendered(canvas([item(alpha: 1)])).rgbaImage())
            let translucent = try XCTUnwrap(try rendered(canvas([item(alpha: 0.5)])).rgbaImage())
            var largestError = 0, coloredPixels = 0
            for (drawn, expected) in zip(translucent.pixels, opaque.pixels) {
                let blended = (Int(expected) + 255 + 1) / 2
                largestError = max(largestError, abs(Int(drawn) - blended))
                if expected != 255 { coloredPixels += 1 }
            }
            XCTAssertLessThanOrEqual(largestError, 2, "angle \(angle)")
            XCTAssertGreaterThan(coloredPixels, 2000, "angle \(angle)")
        }
    }

    func testEllipseFillsItsCenterButNotTheCornersOfItsBounds() throws {
        // 60 x 40 at (50, 50): bounds 20...79 by 30...69.
        let item = DrawItem(shape: .ellipse, width: 60, height: 40, center: DrawPoint(50, 50), fill: Palette.blue)
        let renderer = try rendered(canvas([item]))
        assertPixel(renderer, 50, 50, .blue)
        assertPixel(renderer, 22, 50, .blue)
        assertPixel(renderer, 50, 32, .blue)
        assertPixel(renderer, 21, 31, .white)
        assertPixel(renderer, 78, 68, .white)
        assertPixel(renderer, 18, 50, .white)
    }

    func testEllipseStrokeHasEvenWidth() throws {
        // An 80 x 20 ellipse with a 4 pt stroke: the stroke is 4 px thick at the ends of both axes.
        let item = DrawItem(shape: .ellipse, width: 80, height: 20, center: DrawPoint(50, 50),
                            fill: .clear, stroke: DrawStroke(color: Palette.black, width: 4))
        let renderer = try rendered(canvas([item]))
        func darkPixels(_ points: [(Int, Int)]) -> Double {
            points.reduce(0) { sum, point in
                let value: UInt8 = renderer.pixel(x: point.0, y: point.1)?.green ?? 255
                return sum + Double(255 - value) / 255
            }
        }
        let alongLongAxis = darkPixels((0..<30).map { ($0, 50) })     // crosses x = 10
        let alongShortAxis = darkPixels((30..<50).map { (50, $0) })   // crosses y = 40
        XCTAssertEqual(alongLongAxis, 4, accuracy: 0.5)
        XCTAssertEqual(alongShortAxis, 4, accuracy: 0.5)
        assertPixel(renderer, 50, 50, .white)
    }

    func testPolygonFillsItsTriangle() throws {
        // Apex (50, 30), base from (30, 70) to (70, 70).
        let triangle = DrawItem(shape: .polygon([DrawPoint(0, -20), DrawPoint(20, 20), DrawPoint(-20, 20)]),
                                width: 40, height: 40, center: DrawPoint(50, 50), fill: Palette.blue)
        let renderer = try rendered(canvas([triangle]))
        assertPixel(renderer, 50, 60, .blue)
        assertPixel(renderer, 50, 33, .blue)
        assertPixel(renderer, 32, 68, .blue)
        assertPixel(renderer, 35, 35, .white)
        assertPixel(renderer, 65, 35, .white)
        assertPixel(renderer, 50, 71, .white)
    }

    func testCornerRadiusCutsTheCorners() throws {
        let square = try rendered(canvas([box(width: 40, height: 40, at: 50, 50)]))
        let rounded = try rendered(canvas([box(width: 40, height: 40, at: 50, 50, cornerRadius: 10)]))
        assertPixel(square, 30, 30, .red)
        assertPixel(rounded, 30, 30, .white)
        assertPixel(rounded, 69, 69, .white)
        assertPixel(rounded, 30, 50, .red)
        assertPixel(rounded, 50, 30, .red)
        assertPixel(rounded, 35, 35, .red)
    }

    func testCornerRadiusIsClampedToACapsule() throws {
        // A radius larger than half the height gives a capsule with end circles of radius 10.
        let renderer = try rendered(canvas([box(width: 40, height: 20, at: 50, 50, cornerRadius: 100)]))
        assertPixel(renderer, 31, 50, .red)
        assertPixel(renderer, 68, 50, .red)
        assertPixel(renderer, 31, 41, .white)
        assertPixel(renderer, 50, 41, .red)
    }

    func testCanvasScaleTwoDoublesEveryPixel() throws {
        // 50 x 30 pt at scale 2 is 100 x 60 px; a 10 pt square at (25, 15) covers 40...59 by 20...39.
        let renderer = try rendered(canvas([box(width: 10, height: 10, at: 25, 15)], width: 50, height: 30, scale: 2))
        XCTAssertEqual(renderer.pixelWidth, 100)
        XCTAssertEqual(renderer.pixelHeight, 60)
        assertPixel(renderer, 40, 20, .red)
        assertPixel(renderer, 59, 39, .red)
        assertPixel(renderer, 39, 20, .white)
        assertPixel(renderer, 60, 39, .white)
        assertPixel(renderer, 50, 40, .white)
    }

    func testPixelSizeIsCanvasTimesScaleRounded() throws {
        // A 375 x 667 view at scale 1 is a 375 x 667 screenshot: odd sizes stay odd.
        let phone = try rendered(canvas([], width: 375, height: 667))
        XCTAssertEqual(phone.pixelWidth, 375)
        XCTAssertEqual(phone.pixelHeight, 667)
        let odd = try rendered(canvas([], width: 50.5, height: 30.2))
        XCTAssertEqual(odd.pixelWidth, 51)      // 50.5 -> 51 (half away from zero)
        XCTAssertEqual(odd.pixelHeight, 30)
        let scaled = try rendered(canvas([], width: 25, height: 33, scale: 1.5))
        XCTAssertEqual(scaled.pixelWidth, 38)   // 37.5 -> 38
        XCTAssertEqual(scaled.pixelHeight, 50)  // 49.5 -> 50
        let tiny = try rendered(canvas([], width: 1, height: 1, scale: 0.1))
        XCTAssertEqual(tiny.pixelWidth, 1)      // never zero pixels
        XCTAssertEqual(tiny.pixelHeight, 1)
    }

    func testTransparentBackgroundKeepsAlpha() throws {
        let renderer = try rendered(canvas([box(width: 40, height: 40, at: 50, 50, alpha: 0.5)], background: .clear))
        XCTAssertFalse(renderer.isOpaque)
        assertPixel(renderer, 5, 5, .clear)
        assertPixel(renderer, 50, 50, RGBAPixel(red: 255, green: 0, blue: 0, alpha: 128), tolerance: 1)
    }

    func testLaterItemsDrawOnTop() throws {
        let renderer = try rendered(canvas([box(width: 40, height: 40, at: 50, 50),
                                            box(width: 10, height: 10, at: 50, 50, fill: Palette.blue)]))
        assertPixel(renderer, 50, 50, .blue)
        assertPixel(renderer, 40, 40, .red)
    }

    func testInvisibleItemsDrawNothing() throws {
        let items = [box(width: 40, height: 40, at: 50, 50, alpha: 0),
                     box(width: 40, height: 40, at: 50, 50, scale: 0),
                     box(width: 40, height: 40, at: 50, 50, fill: .clear),
                     DrawItem(shape: .ellipse, width: 0, height: 40, center: DrawPoint(50, 50), fill: Palette.red),
                     DrawItem(shape: .polygon([DrawPoint(0, 0)]), width: 1, height: 1, center: DrawPoint(50, 50), fill: Palette.red)]
        let renderer = try rendered(canvas(items))
        assertPixel(renderer, 50, 50, .white)
    }

    /// Items scaled or sized below what Cairo can transform (a scale of 1e-320, which a scene
    /// may give: it is above 0) draw nothing instead of failing the frame with "invalid
    /// matrix"; a merely small item (under half a pixel) still leaves its faint coverage.
    func testVanishinglySmallItemsDrawNothingInsteadOfFailing() throws {
        let items = [box(width: 40, height: 40, at: 50, 50, scale: 1e-320),
                     box(width: 40, height: 40, at: 50, 50, scale: 1e-160),
                     DrawItem(shape: .ellipse, width: 40, height: 40, center: DrawPoint(50, 50), fill: Palette.red, scale: 1e-320),
                     DrawItem(shape: .ellipse, width: 1e-320, height: 40, center: DrawPoint(50, 50), fill: Palette.red),
                     DrawItem(shape: .ellipse, width: 1e-320, height: 1e-320, center: DrawPoint(50, 50), fill: Palette.red)]
        let renderer = try rendered(canvas(items, scale: 2))
        for x in stride(from: 90, through: 110, by: 5) { assertPixel(renderer, x, 100, .white) }
        // A 40 pt square at scale 0.01 is 0.4 pixel wide: drawn, faintly.
        let faint = try rendered(canvas([box(width: 40, height: 40, at: 50.5, 50.5, scale: 0.01)]))
        let tinted = try XCTUnwrap(faint.pixel(x: 50, y: 50))
        XCTAssertLessThan(tinted.green, 255, "under half a pixel still tints it")
        XCTAssertGreaterThan(tinted.green, 200, "faintly")
    }

    func testReusedRendererStartsEachFrameClean() throws {
        let renderer = FrameRenderer()
        try renderer.render(canvas([box(width: 40, height: 40, at: 50, 50, angle: 0.3, scale: 2)]))
        assertPixel(renderer, 50, 50, .red)
        // Same size and format: the surface is reused, nothing of the first frame remains and
        // no transform leaks into the second.
        try renderer.render(canvas([box(width: 10, height: 10, at: 5, 5, fill: Palette.blue)]))
        assertPixel(renderer, 50, 50, .white)
        assertPixel(renderer, 1, 1, .blue)
        assertPixel(renderer, 11, 11, .white)
        // Switching to a transparent background and to another size replaces the surface.
        try renderer.render(canvas([], width: 20, height: 20, background: .clear))
        XCTAssertFalse(renderer.isOpaque)
        XCTAssertEqual(renderer.pixelWidth, 20)
        assertPixel(renderer, 1, 1, .clear)
    }

    func testOverlayDrawsOnTopOfItems() throws {
        let overlay: [OverlayPrimitive] = [
            .line(from: DrawPoint(10, 50), to: DrawPoint(90, 50), color: Palette.black, width: 4),
            .dot(center: DrawPoint(20, 20), radius: 5, color: Palette.blue),
            .circle(center: DrawPoint(80, 20), radius: 10, color: Palette.black, width: 2),
            .arrow(from: DrawPoint(10, 80), to: DrawPoint(90, 80), color: Palette.red, width: 2),
            .polyline(points: [DrawPoint(10, 95), DrawPoint(90, 95)], closed: false, color: Palette.blue, width: 2),
        ]
        let renderer = try rendered(canvas([box(width: 20, height: 20, at: 50, 50, fill: Palette.blue)], overlay: overlay))
        assertPixel(renderer, 50, 49, .black)   // the line crosses the blue box
        assertPixel(renderer, 50, 45, .blue)
        assertPixel(renderer, 20, 20, .blue)
        assertPixel(renderer, 80, 20, .white)   // circle is an outline
        assertPixel(renderer, 89, 20, .black)
        assertPixel(renderer, 50, 80, .red)     // arrow shaft
        assertPixel(renderer, 83, 77, .red)     // arrow head is wider than the shaft
        assertPixel(renderer, 50, 77, .white)
        assertPixel(renderer, 50, 95, .blue)
    }
}

/// UIKit's pixel rounding of a view's center, floor(x) + round(s (x - floor(x))) / s, lands
/// on whole pixels at whole-number scales only: at a fractional canvas scale it is kept as
/// measured, and an item can show half-covered edge columns (docs/uikit-fidelity.md).
final class FractionalScaleTests: XCTestCase {
    func testACenterRoundedAtScaleOneAndAHalfMayFallOnHalfAPixel() throws {
        // 20 x 20 pt at scale 1.5 is 30 px. Center 31 pt: floor 31 + round(0) / 1.5 = 31 pt,
        // 46.5 px, edges at 31.5 and 61.5 px. Center 70.3 pt: 70 + round(0.45) / 1.5 = 70 pt,
        // 105 px, edges at 90 and 120 px.
        let renderer = try rendered(canvas([box(width: 20, height: 20, at: 31, 40), box(width: 20, height: 20, at: 70.3, 40)],
                                           width: 100, height: 80, scale: 1.5))
        let row = 60
        assertPixel(renderer, 31, row, RGBAPixel(red: 255, green: 128, blue: 128), tolerance: 1)
        assertPixel(renderer, 32, row, .red)
        assertPixel(renderer, 60, row, .red)
        assertPixel(renderer, 61, row, RGBAPixel(red: 255, green: 128, blue: 128), tolerance: 1)
        assertPixel(renderer, 89, row, .white)
        assertPixel(renderer, 90, row, .red)
        assertPixel(renderer, 119, row, .red)
        assertPixel(renderer, 120, row, .white)
    }
}
