import Rendering
import Images
import SceneFormat
import XCTest

// Shared builders for the rendering tests: a 100 x 100 pt white canvas and named colors, so
// each test states only the item it is about and the pixels it expects.

enum Palette {
    static let red = SceneColor(red: 1, green: 0, blue: 0)
    static let blue = SceneColor(red: 0, green: 0, blue: 1)
    static let black = SceneColor.black
    static let white = SceneColor.white
}

extension RGBAPixel {
    static let white = RGBAPixel(red: 255, green: 255, blue: 255)
    static let red = RGBAPixel(red: 255, green: 0, blue: 0)
    static let blue = RGBAPixel(red: 0, green: 0, blue: 255)
    static let black = RGBAPixel(red: 0, green: 0, blue: 0)
    static let clear = RGBAPixel(red: 0, green: 0, blue: 0, alpha: 0)
}

func box(width: Double, height: Double, at x: Double, _ y: Double, fill: SceneColor = Palette.red,
         cornerRadius: Double = 0, angle: Double = 0, stroke: DrawStroke? = nil,
         alpha: Double = 1, scale: Double = 1) -> DrawItem {
    DrawItem(shape: .rectangle(cornerRadius: cornerRadius), width: width, height: height,
             center: DrawPoint(x, y), angle: angle, fill: fill, stroke: stroke, alpha: alpha, scale: scale)
}

func canvas(_ items: [DrawItem], width: Double = 100, height: Double = 100, scale: Double = 1,
            background: SceneColor = .white, overlay: [OverlayPrimitive] = []) -> FrameState {
    FrameState(width: width, height: height, scale: scale, background: background, items: items, overlay: overlay)
}

func rendered(_ frame: FrameState) throws -> FrameRenderer {
    let renderer = FrameRenderer()
    try renderer.render(frame)
    return renderer
}

/// Asserts that pixel (x, y) is `expected`, each channel within `tolerance`.
func assertPixel(_ renderer: FrameRenderer, _ x: Int, _ y: Int, _ expected: RGBAPixel, tolerance: Int = 0,
                 file: StaticString = #filePath, line: UInt = #line) {
    guard let actual = renderer.pixel(x: x, y: y) else {
        return XCTFail("no pixel at (\(x), \(y))", file: file, line: line)
    }
    XCTAssertLessThanOrEqual(actual.maximumDifference(to: expected), tolerance,
                             "pixel (\(x), \(y)) is \(actual), expected \(expected)", file: file, line: line)
}
