import Rendering
import Images
import XCTest

/// UIKit writes an item's angle back to its view as a multiple of 1/5000 rad [measured]; the
/// renderer draws items as views, so angles that round alike draw the same pixels.
final class DeviceAngleTests: XCTestCase {
    /// A 900 x 4 bar on a 1000 x 100 canvas: a turn of 1/5000 rad moves its ends by 0.09 pt,
    /// which changes their antialiased pixels.
    func pixels(angle: Double) throws -> [UInt8] {
        let frame = canvas([box(width: 900, height: 4, at: 500, 50, angle: angle)], width: 1000, height: 100)
        let image = try XCTUnwrap(try rendered(frame).rgbaImage())
        return image.pixels
    }

    func testAnglesAreDrawnInStepsOfOneFiveThousandthRadian() throws {
        // 0.3 rad is 1,500 steps; the rounding is to the nearest step (computed here, not by
        // the renderer): 0.3 + 0.9 step -> 1,501 steps, 0.3 + 0.4 step -> 1,500.
        let step = 1.0 / 5000
        let base = 0.3
        XCTAssertEqual((base / step).rounded(), 1500)
        let reference = try pixels(angle: base)
        XCTAssertEqual(try pixels(angle: base + 0.4 * step), reference, "0.4 of a step rounds down to 0.3 rad")
        XCTAssertEqual(try pixels(angle: base - 0.49 * step), reference, "and -0.49 of a step rounds up to it")
        let next = try pixels(angle: base + step)
        XCTAssertNotEqual(next, reference, "one step is visible on a 900-point bar")
        XCTAssertEqual(try pixels(angle: base + 0.6 * step), next, "0.6 of a step rounds to the next step")
        XCTAssertEqual(try pixels(angle: base + 1.45 * step), next)
        // Unrotated within half a step: the bar is drawn at angle 0, crisp (whole rows only).
        let flat = try pixels(angle: 0.45 * step)
        XCTAssertEqual(flat, try pixels(angle: 0))
        let row = 1000 * 4
        let green = (0..<100).map { y in flat[y * row + 500 * 4 + 1] } // green channel at x = 500
        XCTAssertEqual(green.filter { $0 != 0 && $0 != 255 }.count, 0, "no partly covered pixel in the bar's column")
        XCTAssertEqual(green.filter { $0 == 0 }.count, 4, "the bar covers four whole rows")
    }
}
