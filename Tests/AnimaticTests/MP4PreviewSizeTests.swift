import BrowserSupport
import Foundation
import Images
import XCTest

/// A narrower MP4 is scaled to an even width and height whichever way it is made. Streamed
/// beside the frames, it was re-drawn at the preview width (the aspect ratio's height, often
/// odd) and then padded: 240 x 160 frames at --preview-width 100 gave 100 x 68 (a row of
/// background), at 101 a 102 x 68 file wider than asked, where one made from the frames (a
/// see-through scene, a merge) was 100 x 66. And an odd-sized see-through MP4 was padded
/// with the first frame's top-left pixel instead of black.
final class MP4PreviewSizeTests: XCTestCase {
    func scene(background: String, width: Int, height: Int) -> String {
        """
        { title: "t", canvas: { width: \(width), height: \(height), scale: 1, background: "\(background)" }, fps: 30, duration: 0.2,
          items: [ { id: "corner", size: [40, 40], center: [20, 20], color: "white" } ] }
        """
    }

    func size(_ mp4: String) throws -> String {
        let ffprobe = try ExternalTool.require("ffprobe", install: "apt-get install -y ffmpeg")
        let probe = try ExternalTool.capture(ffprobe, ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                                                         "-of", "csv=p=0", mp4])
        return probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testANarrowerMP4HasTheSameEvenSizeStreamedOrNot() throws {
        _ = try ExternalTool.require("ffmpeg", install: "apt-get install -y ffmpeg")
        let dir = try CLI.temporaryDirectory("mp4-size")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try scene(background: "black", width: 240, height: 160).write(toFile: dir + "/opaque.json", atomically: true, encoding: .utf8)
        try scene(background: "clear", width: 240, height: 160).write(toFile: dir + "/clear.json", atomically: true, encoding: .utf8)
        // 160 x 100 / 240 = 66.7 and 160 x 101 / 240 = 67.3: both 66 at the even width 100.
        for width in [100, 101] {
            for id in ["opaque", "clear"] {
                let r = try CLI.run(["render", id + ".json", "--out", dir + "/out", "--video", "mp4", "--preview-width", "\(width)",
                                     "--quiet"], in: dir)
                XCTAssertEqual(r.status, 0, r.stderr)
                let mp4 = dir + "/out/\(id)/preview.mp4"
                XCTAssertEqual(try size(mp4), "100,66", "\(id) at --preview-width \(width)")
                // And the picture is the frames' (a streamed MP4 fed the wrong pixel format was
                // scrambled at the right size): the white item in the top-left 40 x 40 pt, at
                // 100 / 240 of it, on black.
                let still = dir + "/still.png"
                let decoded = try ExternalTool.capture(try ExternalTool.require("ffmpeg", install: "apt-get install -y ffmpeg"),
                                                       ["-v", "error", "-y", "-i", mp4, "-frames:v", "1", still])
                XCTAssertEqual(decoded.status, 0, decoded.stderr)
                let image = try RGBAImage.decodePNG(path: still)
                for (x, y, white) in [(5, 5, true), (12, 12, true), (60, 40, false), (25, 5, false), (5, 25, false)] {
                    let pixel = try XCTUnwrap(image.pixel(x: x, y: y))
                    let target = white ? RGBAPixel(red: 255, green: 255, blue: 255) : RGBAPixel(red: 0, green: 0, blue: 0)
                    XCTAssertLessThan(pixel.maximumDifference(to: target), 40, "\(id) at \(width): (\(x), \(y)) is \(pixel)")
                }
            }
        }
    }

    func testAPreviewWidthOfTheFramesOwnOddWidthPadsAsWithout() throws {
        // 375 x 667 frames with --preview-width 375: not narrower, so padded to 376 x 668 as
        // without the option (it was given to the padded YUV and scaled down to 374 x 664);
        // 374 is narrower: 374 x 666 (667 x 374 / 375 = 665.2, the even number nearest).
        _ = try ExternalTool.require("ffmpeg", install: "apt-get install -y ffmpeg")
        let dir = try CLI.temporaryDirectory("mp4-own-width")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try scene(background: "black", width: 375, height: 667).write(toFile: dir + "/odd.json", atomically: true, encoding: .utf8)
        for (width, expected) in [(375, "376,668"), (374, "374,666"), (376, "376,668")] {
            let r = try CLI.run(["render", "odd.json", "--out", dir + "/out", "--video", "mp4", "--preview-width", "\(width)",
                                 "--quiet"], in: dir)
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(try size(dir + "/out/odd/preview.mp4"), expected, "--preview-width \(width)")
        }
    }

    func testAnOddSeeThroughMP4IsPaddedWithBlack() throws {
        let ffmpeg = try ExternalTool.require("ffmpeg", install: "apt-get install -y ffmpeg")
        let dir = try CLI.temporaryDirectory("mp4-pad")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 201 x 151, a white item over the top-left corner: the padding column (x = 201) and
        // row (y = 151) are black, not the corner's white.
        try scene(background: "clear", width: 201, height: 151).write(toFile: dir + "/odd.json", atomically: true, encoding: .utf8)
        let r = try CLI.run(["render", "odd.json", "--out", dir + "/out", "--video", "mp4", "--quiet"], in: dir)
        XCTAssertEqual(r.status, 0, r.stderr)
        let mp4 = dir + "/out/odd/preview.mp4"
        XCTAssertEqual(try size(mp4), "202,152")
        let still = dir + "/first.png"
        let decoded = try ExternalTool.capture(ffmpeg, ["-v", "error", "-y", "-i", mp4, "-frames:v", "1", still])
        XCTAssertEqual(decoded.status, 0, decoded.stderr)
        let image = try RGBAImage.decodePNG(path: still)
        for y in 0..<40 {
            let pixel = try XCTUnwrap(image.pixel(x: 201, y: y))
            XCTAssertLessThan(pixel.maximumDifference(to: RGBAPixel(red: 0, green: 0, blue: 0)), 40, "padding at (201, \(y)): \(pixel)")
        }
    }

    /// An ffmpeg that reads every frame and exits 0 without writing its file: the render said
    /// it could not write into its own staging folder ("fix its permissions").
    func testAStreamedPreviewFFmpegDidNotWriteIsItsFailure() throws {
        let dir = try CLI.temporaryDirectory("mp4-nothing")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/fake", withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/fake/ffmpeg", contents: Data("#!/bin/sh\ncat > /dev/null\nexit 0\n".utf8),
                                                    attributes: [.posixPermissions: 0o755]))
        try scene(background: "black", width: 240, height: 160).write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
        let r = try ExternalTool.capture("/usr/bin/env", ["PATH=\(dir)/fake:/usr/bin:/bin", CLI.executable, "render", "s.json",
                                                          "--out", dir + "/out", "--video", "mp4", "--quiet"], in: dir)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains("ffmpeg failed to make the MP4 preview (exit status 0): ffmpeg exited without writing the file"),
                      r.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/out"), [])
    }
}
