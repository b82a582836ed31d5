import Foundation
import Images
import XCTest

/// `--debug [LIST]` on the command line, and a render's item that lies far off the canvas:
/// cases an audit found read wrongly or drawn wrongly.
final class DebugFlagTests: XCTestCase {
    /// A folder named like a layer (left by `render --out fields`) made `--debug fields` read
    /// it as a scene; a second bare `--debug` said "needs a value"; an empty list drew nothing.
    func testALayerListIsAListWhateverFilesBearItsName() throws {
        let dir = try CLI.temporaryDirectory("debug-flag")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/fields", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir + "/scenes", withDestinationPath: CLI.packageRoot + "/scenes")
        let render = ["render", "radial-gravity", "--frames", "0:1", "--scale", "0.25", "--jobs", "1", "--quiet"]
        let fields = try CLI.run(render + ["--out", "a", "--debug", "fields"], in: dir)
        XCTAssertEqual(fields.status, 0, fields.stderr)
        let bare = try CLI.run(render + ["--out", "b", "--debug", "shapes", "--debug"], in: dir)
        XCTAssertEqual(bare.status, 0, bare.stderr)
        let plain = try CLI.run(render + ["--out", "c"], in: dir)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let frame = "/radial-gravity/frame_00000.png"
        func data(_ out: String) -> Data? { FileManager.default.contents(atPath: dir + "/" + out + frame) }
        XCTAssertNotEqual(data("a"), data("c"), "the field's arrows are drawn")
        XCTAssertNotEqual(data("b"), data("c"))
        for list in ["", ",", "fields,"] {
            let empty = try CLI.run(render + ["--out", "d", "--debug", list], in: dir)
            XCTAssertEqual(empty.status, 2, "--debug '\(list)': " + empty.stderr)
            XCTAssertTrue(empty.stderr.contains("unknown debug layer"), empty.stderr)
        }
        let simulate = try CLI.run(["simulate", "radial-gravity", "--duration", "0.1", "--debug", "fields"], in: dir)
        XCTAssertEqual(simulate.status, 0, simulate.stderr)
    }

    /// Two bars a million points long, entirely off a 100-point canvas, were painted across
    /// it at --scale 8 (their pixel coordinates passed Cairo's 2^23 fixed-point range).
    func testAnItemFarOffTheCanvasDrawsNothingAtAnyScale() throws {
        let dir = try CLI.temporaryDirectory("far-off")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
        { canvas: { width: 100, height: 100, background: "white" }, fps: 30, duration: 0.1,
          items: [ { id: "bar", size: [1000000, 10], center: [600000, 50], color: "blue" },
                   { id: "bar2", size: [10, 1000000], center: [50, -600000], color: "blue" } ] }
        """.write(toFile: dir + "/far.json", atomically: true, encoding: .utf8)
        for scale in ["1", "8"] {
            let r = try CLI.run(["render", "far.json", "--scale", scale, "--frames", "0:1", "--jobs", "1", "--quiet", "--out", "o" + scale],
                                in: dir)
            XCTAssertEqual(r.status, 0, r.stderr)
            let image = try RGBAImage.decodePNG(path: dir + "/o\(scale)/far/frame_00000.png")
            var blue = 0
            for y in 0..<image.height { for x in 0..<image.width where image.pixel(x: x, y: y) != RGBAPixel(red: 255, green: 255, blue: 255) { blue += 1 } }
            XCTAssertEqual(blue, 0, "scale \(scale): \(blue) pixels are not the background")
        }
    }
}
