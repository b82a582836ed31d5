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
