import BrowserSupport
import Foundation
import XCTest

/// The streamed MP4 preview is meant to be visually lossless (docs/cli.md: above 50 dB PSNR
/// even on busy scenes). Measured against its own PNG frames with ffmpeg's PSNR filter on the
/// busiest workload there is, the 1,000-item rain: a thousand colored edges move every frame,
/// so the flat background cannot hide the loss (at x264's qp 24 the same frames measure
/// 43 dB, at qp 16 51 dB).
final class MP4QualityTests: XCTestCase {
    func testTheStreamedMP4OfABusySceneIsVisuallyLossless() throws {
        let ffmpeg = try ExternalTool.require("ffmpeg", install: "apt-get install -y ffmpeg")
        let python = try ExternalTool.require("python3", install: "apt-get install -y python3")
        let out = try CLI.temporaryDirectory("mp4-quality")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let scene = try ExternalTool.capture(python, [CLI.packageRoot + "/scripts/rain-scene.py", "1000"])
        XCTAssertEqual(scene.status, 0, scene.stderr)
        try scene.stdout.write(toFile: out + "/rain.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", out + "/rain.json", "--out", out, "--duration", "1", "--video", "mp4", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let folder = out + "/rain"
        let psnr = try ExternalTool.capture(ffmpeg, ["-hide_banner", "-nostdin", "-framerate", "60", "-i", folder + "/frame_%05d.png",
                                                     "-i", folder + "/preview.mp4", "-lavfi", "[1:v][0:v]psnr=shortest=1",
                                                     "-f", "null", "-"])
        XCTAssertEqual(psnr.status, 0, psnr.stderr)
        // "... PSNR y:... average:51.3 min:50.5 max:..." on ffmpeg's standard error.
        func value(_ key: String) -> Double? {
            guard let range = psnr.stderr.range(of: key + ":") else { return nil }
            return Double(psnr.stderr[range.upperBound...].prefix { "0123456789.".contains($0) })
        }
        let average = try XCTUnwrap(value("average"), psnr.stderr), worst = try XCTUnwrap(value("min"), psnr.stderr)
        XCTAssertGreaterThan(average, 48, "mean PSNR of the MP4 against its frames")
        XCTAssertGreaterThan(worst, 46, "PSNR of the MP4's worst frame")
        // Not trivially perfect either, so the comparison really compared: H.264 at qp 16 loses a little.
        XCTAssertLessThan(average, 99)
    }
}
