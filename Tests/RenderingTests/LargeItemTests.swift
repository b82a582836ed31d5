import Images
import Rendering
import SceneFormat
import XCTest

/// An item drawn millions of pixels across that lands on the canvas: past 2^23 pixels Cairo's
/// fixed-point coordinates wrap, and short of it a stroke that wide took seconds a frame (an
/// item a million points wide, scaled 1,000 times, with a million-point stroke: 10 s; three
/// of them did not finish in 30 s). Such an item is refused with a message, at once; an item
/// of the largest size at the largest frame scale, without a stroke, is drawn.
final class LargeItemTests: XCTestCase {
    func frame(itemScale: Double, frameScale: Double) -> FrameState {
        let gray = SceneColor(red: 0.5, green: 0.5, blue: 0.5)
        let item = DrawItem(shape: .rectangle(cornerRadius: 1_000_000), width: 1_000_000, height: 1_000_000,
                            center: DrawPoint(187.5, 333.5), fill: gray,
                            stroke: DrawStroke(color: .black, width: 1_000_000), scale: itemScale)
        return FrameState(width: 375, height: 667, scale: frameScale, items: [item])
    }

    func testAnItemDrawnBeyondCairosRangeIsRefusedAtOnce() throws {
        let renderer = FrameRenderer()
        XCTAssertThrowsError(try renderer.render(frame(itemScale: 1000, frameScale: 0.25))) { error in
            guard case RenderError.invalidItem(0, let reason) = error else { return XCTFail("unexpected \(error)") }
            XCTAssertTrue(reason.contains("more than the 8000000"), reason)
        }
        // A square of the largest size at the largest frame scale: (707,107 + 1,000,000 pt of
        // stroke) x 8 would be past it, without the stroke it is drawn.
        var plain = frame(itemScale: 1, frameScale: 8)
        plain.items[0].stroke = nil
        XCTAssertNoThrow(try renderer.render(plain))
        XCTAssertNoThrow(try renderer.render(frame(itemScale: 1, frameScale: 1)))
        // Past the limit but nowhere near the canvas (a million points wide, a thousandth of a
        // point tall, 1,000,000 pt below it): nothing to draw, and no failure (the circle of
        // its reach touched the canvas, and the frame failed).
        let far = DrawItem(shape: .rectangle(cornerRadius: 0), width: 1_000_000, height: 0.001,
                           center: DrawPoint(50, 1_000_000), fill: SceneColor(red: 0.5, green: 0.5, blue: 0.5), scale: 9)
        XCTAssertNoThrow(try renderer.render(FrameState(width: 100, height: 100, scale: 2, items: [far])))
    }
}

/// Long sloped edges: Cairo's rasterizer loses an edge whose width times height passes about
/// 3.7e10 square pixels, so a bar 300,000 pt long turned by 1 rad was drawn as nothing, and
/// at 0.7 rad as a band in the wrong place, with exit status 0. Items reaching that far are
/// drawn from an outline clipped to the canvas; these tests measure what they cover against
/// the geometry, and against Cairo's own drawing of the same visible part where it is right.
final class LongSlopedEdgeTests: XCTestCase {
    /// The sum over the canvas of how far each pixel went from white to black, in pixels
    /// (the shapes measured so are gray: every channel alike).
    func darkness(_ renderer: FrameRenderer) -> Double {
        var total = 0.0
        for y in 0..<renderer.pixelHeight {
            for x in 0..<renderer.pixelWidth { total += Double(renderer.pixel(x: x, y: y)!.maximumDifference(to: .white)) / 255 }
        }
        return total
    }

    func bar(length: Double, thickness: Double = 10, angle: Double, shape: DrawShape = .rectangle(cornerRadius: 0),
             fill: SceneColor = Palette.black, stroke: DrawStroke? = nil, alpha: Double = 1) -> FrameState {
        canvas([DrawItem(shape: shape, width: length, height: thickness, center: DrawPoint(50, 40), angle: angle,
                         fill: fill, stroke: stroke, alpha: alpha)], width: 100, height: 80)
    }

    /// The part of an endless bar of `thickness` through (50, 40) at `angle` that lies
    /// between the canvas's top and bottom is a parallelogram: `thickness / sin(angle)` wide
    /// along each row, 80 rows tall (at 0.785 rad and steeper the bar leaves through the top
    /// and the bottom, not the sides).
    func parallelogramArea(thickness: Double, angle: Double) -> Double { thickness / sin(angle) * 80 }

    func testLongTurnedBarsCoverTheirParallelogram() throws {
        for angle in [0.785, 1.0, 1.3] {
            let expected = parallelogramArea(thickness: 10, angle: angle)
            for length in [300_000.0, 1_000_000.0] {
                for shape in [DrawShape.rectangle(cornerRadius: 0), .rectangle(cornerRadius: 3), .ellipse] {
                    let drawn = darkness(try rendered(bar(length: length, angle: angle, shape: shape)))
                    XCTAssertEqual(drawn, expected, accuracy: 0.01 * expected, "\(shape) \(length) at \(angle) rad")
                }
            }
            // The same bar as a path of four vertices, a million points long.
            let path = DrawShape.polygon([DrawPoint(-500_000, -5), DrawPoint(500_000, -5), DrawPoint(500_000, 5),
                                              DrawPoint(-500_000, 5)])
            let drawn = darkness(try rendered(bar(length: 10, angle: angle, shape: path)))
            XCTAssertEqual(drawn, expected, accuracy: 0.01 * expected, "path at \(angle) rad")
        }
    }

    func testABarReachingPastCairosFixedPointRangeIsDrawnWhereItIs() throws {
        // 1,000,000 x 2 pt at visual scale 15, its center 7,000,000 pt left of the canvas:
        // it runs from -14,500,000 to +500,000 px, past 2^23 px where Cairo's coordinates
        // wrap, and covers rows 25 to 54 (15 pt either side of y = 40) across the canvas.
        let item = DrawItem(shape: .rectangle(cornerRadius: 0), width: 1_000_000, height: 2,
                            center: DrawPoint(-7_000_000, 40), fill: Palette.black, scale: 15)
        let renderer = try rendered(canvas([item], width: 100, height: 80))
        for x in [0, 50, 99] {
            assertPixel(renderer, x, 24, .white)
            assertPixel(renderer, x, 25, .black)
            assertPixel(renderer, x, 54, .black)
            assertPixel(renderer, x, 55, .white)
        }
    }

    func testAHalfTransparentItemCoveringTheCanvasFromFarIsDrawnWhole() throws {
        // Its stroke lies wholly off the canvas; the fill covers all of it, at half alpha.
        let item = DrawItem(shape: .rectangle(cornerRadius: 0), width: 200_000, height: 200_000, center: DrawPoint(50, 40),
                            angle: 0.5, fill: Palette.red, stroke: DrawStroke(color: Palette.black, width: 4), alpha: 0.5)
        let renderer = try rendered(canvas([item], width: 100, height: 80))
        for (x, y) in [(0, 0), (50, 40), (99, 79)] {
            assertPixel(renderer, x, y, RGBAPixel(red: 255, green: 128, blue: 128), tolerance: 1)
        }
    }

    func testTheStrokeOfALongTurnedBarIsTwoBands() throws {
        // A clear bar with a 4 pt stroke: two bands 4 pt thick along its long sides.
        let stroke = DrawStroke(color: Palette.black, width: 4)
        let drawn = darkness(try rendered(bar(length: 1_000_000, angle: 1, fill: .clear, stroke: stroke)))
        let expected = 2 * parallelogramArea(thickness: 4, angle: 1)
        XCTAssertEqual(drawn, expected, accuracy: 0.01 * expected)
    }

    func testAHalfTransparentLongBarShowsNoFillUnderItsStroke() throws {
        // Red fill, 6 pt black stroke, alpha 0.5: the middle is red over white at half,
        // the stroke's middle line (5 pt from the bar's axis) black over white at half.
        let renderer = try rendered(bar(length: 1_000_000, thickness: 10, angle: 1, fill: Palette.red,
                                        stroke: DrawStroke(color: Palette.black, width: 6), alpha: 0.5))
        assertPixel(renderer, 50, 40, RGBAPixel(red: 255, green: 128, blue: 128), tolerance: 1)
        // 5 pt from the axis, across it: (sin 1, -cos 1) x 5 from the center, then 20 pt along.
        let x = 50 + 5 * sin(1.0) + 20 * cos(1.0), y = 40 - 5 * cos(1.0) + 20 * sin(1.0)
        assertPixel(renderer, Int(x), Int(y), RGBAPixel(red: 128, green: 128, blue: 128), tolerance: 2)
    }

    /// A shape long enough to be drawn from the clipped outline, and the same shape short
    /// enough for Cairo to draw directly, differ only far off the canvas: the canvas must
    /// show the same pixels but for antialiasing, whose error against the exact coverage is
    /// up to 16 levels on Cairo's own drawing (measured against a 32 x 32 supersampling of
    /// these wedges: 15.8 for both ways, and at the wedge's apex the clipped outline's pixel
    /// was the exact one, Cairo's 14 levels off); over the canvas they differ by less than a
    /// tenth of a level on average.
    func assertSameOnCanvas(_ shape: (Double) -> DrawShape, stroke: DrawStroke?, fill: SceneColor,
                            file: StaticString = #filePath, line: UInt = #line) throws {
        func frame(_ length: Double) -> FrameState {
            canvas([DrawItem(shape: shape(length), width: 10, height: 10, center: DrawPoint(50, 40), angle: 1,
                             fill: fill, stroke: stroke)], width: 100, height: 80)
        }
        let direct = try rendered(frame(20_000)), clipped = try rendered(frame(50_000))
        var worst = 0, sum = 0
        for y in 0..<80 {
            for x in 0..<100 {
                let difference = Int(direct.pixel(x: x, y: y)!.maximumDifference(to: clipped.pixel(x: x, y: y)!))
                worst = max(worst, difference)
                sum += difference
            }
        }
        XCTAssertLessThanOrEqual(worst, 16, file: file, line: line)
        XCTAssertLessThan(Double(sum) / 8000, 0.1, file: file, line: line)
        XCTAssertGreaterThan(darkness(clipped), 100, "the shape is on the canvas", file: file, line: line)
    }

    func testTheClippedOutlineDrawsWhatCairoDrawsOnTheCanvas() throws {
        // A wedge whose apex is on the canvas, its arms reaching `length` away: a miter at the
        // apex (arms at 53 degrees), then a bevel (arms at 5.7 degrees, past the miter limit
        // of 10).
        for slope in [0.5, 0.05] {
            let wedge = { (length: Double) in
                DrawShape.polygon([DrawPoint(0, 0), DrawPoint(length, slope * length), DrawPoint(length, -slope * length)])
            }
            try assertSameOnCanvas(wedge, stroke: DrawStroke(color: Palette.black, width: 3), fill: .clear)
            try assertSameOnCanvas(wedge, stroke: DrawStroke(color: Palette.blue, width: 2), fill: Palette.red)
        }
        // A long bar whose end, with its two corners, is on the canvas.
        let bar = { (length: Double) in
            DrawShape.polygon([DrawPoint(-5, -5), DrawPoint(length, -5), DrawPoint(length, 5), DrawPoint(-5, 5)])
        }
        try assertSameOnCanvas(bar, stroke: nil, fill: Palette.red)
    }
}

/// The debug overlay's lines meet the same rasterizer: a boundary a million points long
/// crossing the canvas on a slope was not drawn at all. Primitives reaching far are clipped
/// to the canvas first.
final class FarReachingOverlayTests: XCTestCase {
    func overlaid(_ primitives: [OverlayPrimitive]) throws -> FrameRenderer {
        try rendered(canvas([], width: 100, height: 80, overlay: primitives))
    }

    func darkness(_ renderer: FrameRenderer) -> Double {
        var total = 0.0
        for y in 0..<80 { for x in 0..<100 { total += Double(renderer.pixel(x: x, y: y)!.maximumDifference(to: .white)) / 255 } }
        return total
    }

    func testALongSlopedLineCrossesTheCanvas() throws {
        // Through (0, 0) and (100, 80) with slope 0.8, 2 pt wide: 2 x 128.1 pt of line (the
        // canvas's diagonal) with its ends cut by the canvas's corners.
        let line = OverlayPrimitive.line(from: DrawPoint(-400_000, -320_000), to: DrawPoint(400_500, 320_400),
                                         color: Palette.black, width: 2)
        let renderer = try overlaid([line])
        let diagonal = (100.0 * 100 + 80 * 80).squareRoot()
        XCTAssertEqual(darkness(renderer), 2 * diagonal, accuracy: 0.05 * 2 * diagonal)
        XCTAssertGreaterThan(renderer.pixel(x: 50, y: 40)!.maximumDifference(to: .white), 150)
        assertPixel(renderer, 50, 10, .white)
        // The same as a closed path through a far point and back (a boundary path), and as
        // the rim of a circle a million points wide whose top runs along y = 40.
        let path = OverlayPrimitive.polyline(points: [DrawPoint(-400_000, -320_000), DrawPoint(400_500, 320_400)], closed: true,
                                             color: Palette.black, width: 2)
        XCTAssertEqual(darkness(try overlaid([path])), 2 * diagonal, accuracy: 0.05 * 2 * diagonal)
        let rim = OverlayPrimitive.circle(center: DrawPoint(50, 1_000_040), radius: 1_000_000, color: Palette.black, width: 2)
        let circle = try overlaid([rim])
        XCTAssertEqual(darkness(circle), 2 * 100, accuracy: 0.05 * 200)
        for x in [5, 50, 95] {
            // (The rim is flattened to chords within 0.1 px of it, Cairo's tolerance.)
            assertPixel(circle, x, 39, .black, tolerance: 26)
            assertPixel(circle, x, 36, .white)
            assertPixel(circle, x, 42, .white)
        }
    }

    func testAClosedPathWithOneFarCornerDrawsNoChord() throws {
        // A boundary triangle with one corner far off the canvas: its run leaves the canvas
        // and comes back as many points as the path has, and closing it drew a line from
        // where it left (about (-3, 27)) to where it came back (about (97, -3)).
        let triangle = OverlayPrimitive.polyline(points: [DrawPoint(99, 0), DrawPoint(50, 79), DrawPoint(-1_000_000, -1_000_000)],
                                                 closed: true, color: Palette.black, width: 2)
        let renderer = try overlaid([triangle])
        assertPixel(renderer, 47, 12, .white)
        assertPixel(renderer, 20, 21, .white)
        // Its real sides are there: (99, 0) to (50, 79) through (74.5, 39.5).
        XCTAssertGreaterThan(renderer.pixel(x: 74, y: 39)!.maximumDifference(to: .white), 100)
    }

    func testAnArrowFromFarAwayKeepsItsHead() throws {
        // From 500,000 pt away along the slope 0.8 to the tip at (50, 40), 2 pt wide: the
        // shaft through (25, 20) and the head, 8 pt long and 8 pt across, ending at the tip.
        let arrow = OverlayPrimitive.arrow(from: DrawPoint(-400_000, -320_000), to: DrawPoint(50, 40), color: Palette.black, width: 2)
        let renderer = try overlaid([arrow])
        XCTAssertGreaterThan(renderer.pixel(x: 25, y: 20)!.maximumDifference(to: .white), 150)
        XCTAssertGreaterThan(renderer.pixel(x: 10, y: 8)!.maximumDifference(to: .white), 150)
        // 6 pt back from the tip, where the head is 3 pt to either side, and 1.5 pt to the
        // side (the shaft ends at the head's base, 8 pt back).
        let ux = 1 / (1.0 + 0.64).squareRoot(), uy = 0.8 * ux
        let x = 50 - 6 * ux - 1.5 * uy, y = 40 - 6 * uy + 1.5 * ux
        XCTAssertGreaterThan(renderer.pixel(x: Int(x), y: Int(y))!.maximumDifference(to: .white), 150)
        assertPixel(renderer, 60, 48, .white)
        assertPixel(renderer, 25, 30, .white)
    }

}
