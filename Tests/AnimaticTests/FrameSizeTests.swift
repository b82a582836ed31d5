import Foundation
import Images
import XCTest

/// Frames are exactly canvas x scale, and the pixel limits apply to what is drawn.
final class FrameSizeTests: XCTestCase {
    var fixtures: String { CLI.packageRoot + "/Tests/SceneFormatTests/Fixtures/good" }

    func testPixelLimitsApplyAtTheDrawnScaleAndNotToSimulate() throws {
        let out = try CLI.temporaryDirectory("pixel-limits")
        defer { try? FileManager.default.removeItem(atPath: out) }
        // 8,000 x 8,000 pixels at the scene's own scale 2: refused before anything is written.
        let big = fixtures + "/large-canvas-pixels.json5"
        let refused = try CLI.run(["render", big, "--out", out, "--duration", "0.05", "--quiet"])
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("8,000 x 8,000 = 64,000,000 pixels"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--scale"), refused.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), [])
        // The same scene at --scale 0.25 is 1,000 x 1,000 pixels.
        let small = try CLI.run(["render", big, "--out", out, "--duration", "0.05", "--scale", "0.25", "--quiet"])
        XCTAssertEqual(small.status, 0, small.stderr)
        let frame = try RGBAImage.decodePNG(path: out + "/large-canvas-pixels/frame_00000.png")
        XCTAssertEqual([frame.width, frame.height], [1000, 1000])
        // simulate draws nothing, so no pixel limit applies; validate only warns.
        let simulated = try CLI.run(["simulate", fixtures + "/large-canvas-side.json5", "--duration", "0.1", "--quiet"])
        XCTAssertEqual(simulated.status, 0, simulated.stderr)
        let validated = try CLI.run(["validate", fixtures + "/large-canvas-side.json5"])
        XCTAssertEqual(validated.status, 0, validated.stderr)
        XCTAssertTrue((validated.stdout + validated.stderr).contains("warning"), validated.stdout + validated.stderr)
        XCTAssertTrue((validated.stdout + validated.stderr).contains("16,384"), validated.stdout + validated.stderr)
    }
}
