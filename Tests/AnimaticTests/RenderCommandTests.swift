import BrowserSupport
import Foundation
import Images
import FrameFiles
import XCTest

/// The render contract end to end through the real executable.
final class RenderCommandTests: XCTestCase {
    func testRenderWritesContiguousFramesOfTheRightSizeWithManifest() throws {
        let out = try CLI.temporaryDirectory("render")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try CLI.run(["render", "collision-delegate", "--out", out, "--duration", "0.5", "--trace", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let folder = out + "/collision-delegate"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("frame_") }.sorted()
        XCTAssertEqual(files.count, 30)
        XCTAssertEqual(files.first, "frame_00000.png")
        XCTAssertEqual(files.last, "frame_00029.png")
        let image = try RGBAImage.decodePNG(path: folder + "/frame_00000.png")
        XCTAssertEqual(image.width, 750)
        XCTAssertEqual(image.height, 1334)
        // The red square (centered on the top edge, as in the recipe) at (187.5, 10) pt x 2.
        XCTAssertEqual(image.pixel(x: 375, y: 20), RGBAPixel(red: 255, green: 0, blue: 0))
        let manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/manifest.json"))) as! [String: Any]
        let frames = manifest["frames"] as! [[String: Any]]
        XCTAssertEqual(frames.count, 30)
        XCTAssertEqual(manifest["sceneID"] as? String ?? manifest["scene"] as? String, "collision-delegate")
        for frame in frames.prefix(3) {
            let file = folder + "/" + (frame["file"] as! String)
            XCTAssertEqual(SHA256.hexDigest(of: try Data(contentsOf: URL(fileURLWithPath: file))), frame["sha256"] as? String)
        }
        let trace = try String(contentsOfFile: folder + "/trace.jsonl", encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(trace.count, 30)
        XCTAssertTrue(trace[0].hasPrefix("{\"frame\":0,\"time\":0,"))
    }

    func testJobCountsGiveByteIdenticalFrames() throws {
        let out1 = try CLI.temporaryDirectory("jobs1"), out2 = try CLI.temporaryDirectory("jobs2")
        defer { try? FileManager.default.removeItem(atPath: out1); try? FileManager.default.removeItem(atPath: out2) }
        XCTAssertEqual(try CLI.run(["render", "item-properties", "--out", out1, "--duration", "1", "--jobs", "1", "--quiet"]).status, 0)
        XCTAssertEqual(try CLI.run(["render", "item-properties", "--out", out2, "--duration", "1", "--jobs", "2", "--quiet"]).status, 0)
        let m1 = try Data(contentsOf: URL(fileURLWithPath: out1 + "/item-properties/manifest.json"))
        let m2 = try Data(contentsOf: URL(fileURLWithPath: out2 + "/item-properties/manifest.json"))
        XCTAssertEqual(m1, m2, "manifests (with every frame's SHA-256) must be identical")
        XCTAssertGreaterThan(m1.count, 1000)
    }

    /// The streamed GIF (our own encoder, fed from the workers' smaller re-drawn frames) must not
    /// depend on how many workers drew them, and must decode as a GIF of the asked width.
    func testStreamedGIFPreviewIsIdenticalForAnyJobCount() throws {
        let out1 = try CLI.temporaryDirectory("gifjobs1"), out2 = try CLI.temporaryDirectory("gifjobs2")
        defer { try? FileManager.default.removeItem(atPath: out1); try? FileManager.default.removeItem(atPath: out2) }
        for (out, jobs) in [(out1, "1"), (out2, "2")] {
            let r = try CLI.run(["render", "push", "--out", out, "--duration", "1", "--jobs", jobs, "--video", "gif",
                                 "--preview-width", "200", "--quiet"])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let g1 = try Data(contentsOf: URL(fileURLWithPath: out1 + "/push/preview.gif"))
        let g2 = try Data(contentsOf: URL(fileURLWithPath: out2 + "/push/preview.gif"))
        XCTAssertEqual(g1, g2, "preview.gif must be byte-identical for --jobs 1 and 2")
        XCTAssertEqual(Array(g1.prefix(6)), Array("GIF89a".utf8))
        // Logical screen width, little-endian, right after the signature.
        XCTAssertEqual(Int(g1[6]) | Int(g1[7]) << 8, 200)
        XCTAssertEqual(g1.last, 0x3B, "a GIF ends with its trailer")
    }

    func testFrameRangeMatchesTheFullRender() throws {
        let full = try CLI.temporaryDirectory("full"), part = try CLI.temporaryDirectory("part")
        defer { try? FileManager.default.removeItem(atPath: full); try? FileManager.default.removeItem(atPath: part) }
        XCTAssertEqual(try CLI.run(["render", "push", "--out", full, "--duration", "1.5", "--quiet"]).status, 0)
        XCTAssertEqual(try CLI.run(["render", "push", "--out", part, "--duration", "1.5", "--frames", "40:60", "--quiet"]).status, 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: part + "/push").filter { $0.hasPrefix("frame_") }.sorted()
        XCTAssertEqual(names.count, 20)
        XCTAssertEqual(names.first, "frame_00040.png")
        for name in names {
            let a = try Data(contentsOf: URL(fileURLWithPath: full + "/push/" + name))
            let b = try Data(contentsOf: URL(fileURLWithPath: part + "/push/" + name))
            XCTAssertEqual(a, b, name)
        }
    }

    func testSimulateTraceEqualsRenderTrace() throws {
        let out = try CLI.temporaryDirectory("trace")
        defer { try? FileManager.default.removeItem(atPath: out) }
        XCTAssertEqual(try CLI.run(["render", "snap", "--out", out, "--duration", "2", "--trace", "--quiet"]).status, 0)
        let sim = try CLI.run(["simulate", "snap", "--duration", "2", "--trace", "-"])
        XCTAssertEqual(sim.status, 0, sim.stderr)
        let rendered = try String(contentsOfFile: out + "/snap/trace.jsonl", encoding: .utf8)
        XCTAssertEqual(sim.stdout, rendered)
        XCTAssertTrue(rendered.contains("\"running\":true"))
    }

    func testEveryBundledSceneValidatesAndRendersAndFFmpegStitchesIt() throws {
        let v = try CLI.run(["validate", "--quiet"])
        XCTAssertEqual(v.status, 0, v.stderr)
        let out = try CLI.temporaryDirectory("all")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try CLI.run(["render", "--out", out, "--duration", "0.25", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let scenes = try FileManager.default.contentsOfDirectory(atPath: CLI.packageRoot + "/scenes").filter { $0.hasSuffix(".json") }
        XCTAssertGreaterThanOrEqual(scenes.count, 12)
        for scene in scenes {
            let id = (scene as NSString).deletingPathExtension
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(out)/\(id)/frame_00014.png"), id)
        }
        let ffmpeg = try ExternalTool.require("ffmpeg", install: "apt-get install -y ffmpeg")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: ffmpeg)
        p.arguments = ["-v", "error", "-y", "-i", "\(out)/push/frame_%05d.png", "\(out)/push.mp4"]
        try p.run()
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        XCTAssertGreaterThan((try FileManager.default.attributesOfItem(atPath: "\(out)/push.mp4")[.size] as? Int) ?? 0, 1000)
    }

    func testRenderWithPreviewsSheetAndDebugOverlay() throws {
        let out = try CLI.temporaryDirectory("previews")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let r = try CLI.run(["render", "radial-gravity", "--out", out, "--duration", "1", "--video", "apng", "--sheet", "--poster",
                             "--debug", "fields,shapes,boundaries", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        for name in ["preview.apng", "sheet.png", "poster.png"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(out)/radial-gravity/\(name)"), name)
        }
        // The overlay draws the field's arrows: the debug frame differs from a plain one.
        let plain = try CLI.temporaryDirectory("plain")
        defer { try? FileManager.default.removeItem(atPath: plain) }
        XCTAssertEqual(try CLI.run(["render", "radial-gravity", "--out", plain, "--duration", "1", "--quiet"]).status, 0)
        let a = try Data(contentsOf: URL(fileURLWithPath: "\(out)/radial-gravity/frame_00000.png"))
        let b = try Data(contentsOf: URL(fileURLWithPath: "\(plain)/radial-gravity/frame_00000.png"))
        XCTAssertNotEqual(a, b)
    }

    /// `--png fast` (the frame deflate coder) and `--png small` (zlib 6 through libpng) give
    /// frames of the very same pixels, and on the UI frames of a bundled scene the fast ones
    /// are no larger.
    func testBothPNGPresetsGiveTheSamePixels() throws {
        let fast = try CLI.temporaryDirectory("png-fast"), small = try CLI.temporaryDirectory("png-small")
        defer { try? FileManager.default.removeItem(atPath: fast); try? FileManager.default.removeItem(atPath: small) }
        for (out, preset) in [(fast, "fast"), (small, "small")] {
            let r = try CLI.run(["render", "push", "--out", out, "--duration", "1", "--png", preset, "--quiet"])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: fast + "/push").filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertEqual(names.count, 60)
        var fastBytes = 0, smallBytes = 0
        for name in names {
            let a = try Data(contentsOf: URL(fileURLWithPath: "\(fast)/push/\(name)"))
            let b = try Data(contentsOf: URL(fileURLWithPath: "\(small)/push/\(name)"))
            XCTAssertNotEqual(a, b, "two encoders, two streams")
            XCTAssertEqual(try RGBAImage.decodePNG(data: [UInt8](a)).pixels, try RGBAImage.decodePNG(data: [UInt8](b)).pixels, name)
            fastBytes += a.count
            smallBytes += b.count
        }
        XCTAssertLessThanOrEqual(fastBytes, smallBytes, "fast \(fastBytes) bytes, small \(smallBytes)")
    }
}
