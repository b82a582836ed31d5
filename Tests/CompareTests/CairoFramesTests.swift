import Compare
import Foundation
import Rendering
import Images
import SceneFormat
import XCTest

// Design note: anti-aliasing as the renderer really produces it. Two frames drawn by Cairo
// through FrameRenderer (a rotated card, a stroked disc, a polygon; in the second frame they
// are turned a little and moved by a pixel: the renderer puts centers on the pixel grid, as
// a device draws views) are committed as Fixtures/cairo_*.png, and the
// oracle numbers for them come from make_fixtures.py like every other pair. The frames are
// written by `COMPARE_WRITE_CAIRO_FIXTURES=1 swift test --filter CairoFramesTests`, after
// which make_fixtures.py is run again; otherwise that test is skipped.

final class CairoFramesTests: XCTestCase {
    static func frame(shifted: Bool) -> FrameState {
        let turn = shifted ? 0.009 : 0
        let nudge = shifted ? 1.0 : 0
        let card = DrawItem(shape: .rectangle(cornerRadius: 8), width: 70, height: 44, center: DrawPoint(52 + nudge, 40),
                            angle: 0.21 + turn, fill: SceneColor(red: 0.16, green: 0.47, blue: 0.86),
                            stroke: DrawStroke(color: SceneColor(red: 0.05, green: 0.1, blue: 0.3), width: 2))
        let disc = DrawItem(shape: .ellipse, width: 36, height: 36, center: DrawPoint(122, 70 + nudge),
                            fill: SceneColor(red: 0.9, green: 0.24, blue: 0.2), stroke: DrawStroke(color: .black, width: 1.5))
        let wedge = DrawItem(shape: .polygon([DrawPoint(-18, 12), DrawPoint(0, -16), DrawPoint(20, 10)]),
                             width: 40, height: 30, center: DrawPoint(48 - nudge, 96 + nudge / 2), angle: -turn,
                             fill: SceneColor(red: 0.2, green: 0.7, blue: 0.35, alpha: 0.8))
        return FrameState(width: 160, height: 120, items: [card, disc, wedge])
    }

    func testWriteCairoFixtures() throws {
        guard ProcessInfo.processInfo.environment["COMPARE_WRITE_CAIRO_FIXTURES"] == "1" else {
            throw XCTSkip("set COMPARE_WRITE_CAIRO_FIXTURES=1 to write Fixtures/cairo_*.png (then run make_fixtures.py)")
        }
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
        let renderer = FrameRenderer()
        for (name, shifted) in [("cairo_expected.png", false), ("cairo_actual.png", true)] {
            try renderer.render(Self.frame(shifted: shifted))
            try renderer.writePNG(to: fixtures.appendingPathComponent(name).path, preset: .small)
        }
    }

    func testCairoAntiAliasingMatchesTheOracle() throws {
        let expected = try Fixtures.image("cairo_expected.png"), actual = try Fixtures.image("cairo_actual.png")
        for name in ["cairo_shift", "cairo_shift_includeAA", "cairo_shift_threshold_0.05"] {
            let oracle = try Fixtures.oracleCase(name)
            let diff = try Pixelmatch.compare(expected, actual, options: oracle.options)
            XCTAssertEqual(diff.differentPixels, oracle.differentPixels, name)
            XCTAssertEqual(diff.antiAliasedPixels, oracle.antiAliasedPixels, name)
            XCTAssertEqual(diff.boundingBox, oracle.boundingBox, name)
        }
    }

    /// The committed frames are what the renderer draws today (same Cairo, same bytes); a
    /// failure here means Cairo's output changed and the fixtures should be made again.
    func testFixturesAreTheRenderersOutput() throws {
        let renderer = FrameRenderer()
        for (name, shifted) in [("cairo_expected.png", false), ("cairo_actual.png", true)] {
            try renderer.render(Self.frame(shifted: shifted))
            let drawn = try XCTUnwrap(renderer.rgbaImage())
            let diff = try Pixelmatch.compare(try Fixtures.image(name), drawn, options: PixelmatchOptions(threshold: 0, includeAA: true))
            XCTAssertEqual(diff.differentPixels, 0, "\(name) no longer matches the renderer: \(diff.boundingBox.map { "\($0)" } ?? "")")
        }
    }
}
