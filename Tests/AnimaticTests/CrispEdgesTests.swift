import Foundation
import Images
import FrameFiles
import XCTest

/// Views are drawn where a device draws them: at pixel-rounded centers. A square that falls
/// and lands without turning shows crisp edges in every frame, at every scale: each pixel is
/// either the background or the square's color, never a blend of the two.
final class CrispEdgesTests: XCTestCase {
    let scene = """
    {
      title: "A square falls and lands",
      canvas: { width: 200, height: 300, scale: 1, background: "black" },
      fps: 30,
      duration: 1.5,
      items: [ { id: "square", size: [60, 60], center: [100.37, 40.81], color: "red" } ],
      behaviors: [
        { id: "gravity", type: "gravity", items: ["square"] },
        { id: "collision", type: "collision", items: ["square"], referenceBoundsAsBoundary: true },
      ],
    }
    """

    func testUnrotatedSquareHasCrispEdgesAtScalesOneTwoThree() throws {
        let dir = try CLI.temporaryDirectory("crisp")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/falling-square.json"
        try scene.write(toFile: file, atomically: true, encoding: .utf8)
        for scale in [1, 2, 3] {
            let out = dir + "/out\(scale)"
            let result = try CLI.run(["render", file, "--scale", "\(scale)", "--out", out, "--quiet"])
            XCTAssertEqual(result.status, 0, result.stderr)
            let frames = try FileManager.default.contentsOfDirectory(atPath: out + "/falling-square").filter { $0.hasSuffix(".png") }.sorted()
            XCTAssertEqual(frames.count, 45)
            var moved = Set<Int>()
            for name in frames {
                let image = try RGBAImage.decodePNG(path: out + "/falling-square/" + name)
                XCTAssertEqual(image.width, 200 * scale)
                var redPixels = 0, firstRow = Int.max
                for y in 0..<image.height {
                    for x in 0..<image.width {
                        let k = 4 * (y * image.width + x)
                        let (r, g, b) = (image.pixels[k], image.pixels[k + 1], image.pixels[k + 2])
                        let background = r == 0 && g == 0 && b == 0, red = r == 255 && g == 0 && b == 0
                        XCTAssertTrue(background || red, "scale \(scale) \(name): pixel (\(x), \(y)) is (\(r), \(g), \(b)), a blended edge")
                        if !(background || red) { return }
                        if red { redPixels += 1; firstRow = min(firstRow, y) }
                    }
                }
                XCTAssertEqual(redPixels, 60 * 60 * scale * scale, "scale \(scale) \(name): the whole square, on whole pixels")
                moved.insert(firstRow)
            }
            XCTAssertGreaterThan(moved.count, 10, "scale \(scale): the square falls")
        }
    }
}
