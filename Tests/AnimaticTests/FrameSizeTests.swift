import Foundation
import BrowserSupport
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

    func testAnOddCanvasGivesOddFramesAndItsMP4PreviewStillEncodes() throws {
        let ffprobe = try ExternalTool.require("ffprobe", install: "apt-get install -y ffmpeg")
        let out = try CLI.temporaryDirectory("odd-size")
        defer { try? FileManager.default.removeItem(atPath: out) }
        // push is 375 x 667 points: at scale 1 that is a 375 x 667 screenshot.
        let r = try CLI.run(["render", "push", "--out", out, "--scale", "1", "--duration", "0.25", "--video", "mp4", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let frame = try RGBAImage.decodePNG(path: out + "/push/frame_00000.png")
        XCTAssertEqual([frame.width, frame.height], [375, 667])
        let probe = try ExternalTool.run(ffprobe, ["-v", "error", "-select_streams", "v:0", "-count_frames", "-show_entries",
                                                   "stream=width,height,nb_read_frames", "-of", "csv=p=0", out + "/push/preview.mp4"])
        XCTAssertEqual(probe.status, 0)
        // Padded to even sizes by one column and one row, every frame there (0.25 s at 60 fps).
        XCTAssertEqual(probe.output.trimmingCharacters(in: .whitespacesAndNewlines), "376,668,15")
        // The video shows the frames: its first picture matches frame 0 (upright, same colors)
        // to within H.264's loss, and the padding is the background's white.
        let ffmpeg = try ExternalTool.require("ffmpeg", install: "apt-get install -y ffmpeg")
        let still = out + "/still.png"
        XCTAssertEqual(try ExternalTool.run(ffmpeg, ["-v", "error", "-i", out + "/push/preview.mp4", "-frames:v", "1", still]).status, 0)
        let picture = try RGBAImage.decodePNG(path: still)
        XCTAssertEqual([picture.width, picture.height], [376, 668])
        for (x, y) in [(187, 333), (10, 10), (370, 660), (150, 300), (375, 667)] {
            let a = frame.pixel(x: min(x, 374), y: min(y, 666))!, b = picture.pixel(x: x, y: y)!
            for (p, q) in [(a.red, b.red), (a.green, b.green), (a.blue, b.blue)] {
                XCTAssertLessThanOrEqual(abs(Int(p) - Int(q)), 12, "pixel (\(x), \(y)): \(a) vs \(b)")
            }
        }
    }
}
