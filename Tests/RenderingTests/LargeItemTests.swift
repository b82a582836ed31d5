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
