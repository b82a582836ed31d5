import BrowserSupport
import Foundation
import FrameOutput
import FrameFiles
import Rendering
import Images
import SceneFormat
import XCTest

// Our GIFs read by other decoders: ffmpeg gives back every frame's pixels (exactly for frames
// of up to 256 colors, closely and with the frequent colors exact beyond), ffprobe the frame
// count, size and duration, and headless Chromium loads and draws the file. Skipped without
// the tools (failures under scripts/test.sh).

final class GIFRoundTripTests: XCTestCase {
    var scratch: ScratchFolder!
    override func setUp() { scratch = ScratchFolder() }
    override func tearDown() { scratch.remove() }

    /// A finished folder of `count` rain frames (`items` items) at 60 fps.
    func folder(count: Int, items: Int, width: Double = 64, height: Double = 48) throws -> FrameFolder {
        let out = scratch.child("output-\(items)")
        try writeSequence(to: out, frameCount: count, frame: { rainFrame($0, count: items, width: width, height: height) })
        return try FrameFolder(path: out + "/rain")
    }

    func testFFmpegDecodesEveryFrame() throws {
        for items in [5, 14] {
            let frames = try folder(count: 90, items: items)
            let path = scratch.child("rain-\(items).gif")
            let file = try GIFWriter.write(from: frames, to: path, jobs: 2)
            let timing = GIFTiming(sequenceFPS: 60, frameCount: 90)
            XCTAssertEqual(file.frameCount, 75)
            let decoded = try ffmpegFrames(path, width: 64, height: 48)
            XCTAssertEqual(decoded.count, 75, "ffmpeg decodes every frame once")
            var exact = 0, approximated = 0, worst = 0
            for (k, frame) in decoded.enumerated() {
                XCTAssertTrue(frame.opaque, "frame \(k) is opaque")
                let source = colors(of: try RGBAImage.decodePNG(path: frames.path(ofFrame: timing.frames[k])))
                var counts: [UInt32: Int] = [:]
                for color in source { counts[color, default: 0] += 1 }
                if counts.count <= 256 {
                    exact += 1
                    assertSameColors(frame.colors, source, width: 64, "frame \(k)")
                } else {
                    approximated += 1
                    let difference = zip(frame.colors, source).map { channelDifference($0, $1) }.max()!
                    worst = max(worst, difference)
                    XCTAssertLessThanOrEqual(difference, 10, "frame \(k): every pixel within 10 levels per channel")
                    // The colors of the frame's areas (1% of it or more) are exact. (Rarer colors may
                    // show a close color a frame or two longer than they are in it: a pixel that does
                    // not change keeps what an earlier frame, with its own palette, showed.)
                    let frequent = Set(counts.filter { $0.value * 100 >= source.count }.map(\.key))
                    XCTAssertGreaterThanOrEqual(frequent.count, 5, "frame \(k)")
                    for i in source.indices where frequent.contains(source[i]) && frame.colors[i] != source[i] {
                        XCTFail("frame \(k): frequent color 0x\(String(source[i], radix: 16)) changed at \(i)")
                        break
                    }
                }
            }
            XCTAssertEqual(items == 5 ? exact : approximated, 75, "\(items) items: \(exact) exact, \(approximated) approximated frames")
            print("GIF round trip, \(items) items: \(exact) exact frames, \(approximated) approximated (largest difference \(worst))")
        }
    }

    func testFFprobeReadsCountSizeAndDuration() throws {
        let frames = try folder(count: 90, items: 5, width: 66, height: 50)
        let path = scratch.child("rain.gif")
        try GIFWriter.write(from: frames, to: path, options: PreviewOptions(fps: 30))
        guard let streams = try ffprobe(["-count_frames", "-select_streams", "v:0",
                                         "-show_entries", "stream=codec_name,width,height,nb_read_frames",
                                         "-of", "csv=p=0", path]) else {
            _ = try ExternalTool.require("ffprobe", install: "apt-get install -y ffmpeg")
            return
        }
        XCTAssertEqual(streams, "gif,66,50,45")
        let duration = try XCTUnwrap(Double(try XCTUnwrap(try ffprobe(["-show_entries", "format=duration",
                                                                       "-of", "default=nokey=1:noprint_wrappers=1", path]))))
        XCTAssertEqual(duration, 1.5, accuracy: 0.01, "45 frames of 3, 3, 4 cs: 1.5 s")
        let gif = try XCTUnwrap(readTestGIF(path: path))
        XCTAssertEqual(gif.loopCount, 0, "NETSCAPE2.0: loop forever")
        XCTAssertEqual(Array(gif.images.map(\.delay).prefix(6)), [3, 3, 4, 3, 3, 4])
    }

    /// Chromium loads the GIF at its size and draws its first frame's colors.
    func testChromiumDecodesTheGIF() throws {
        let chromium = try ExternalTool.chromium()
        let frames = try folder(count: 20, items: 5)
        try GIFWriter.write(from: frames, to: scratch.child("rain.gif"))
        // A data: URL, so the canvas it is drawn into may be read back (a file: image would taint it).
        let base64 = try XCTUnwrap(FileManager.default.contents(atPath: scratch.child("rain.gif"))).base64EncodedString()
        let first = try RGBAImage.decodePNG(path: frames.path(ofFrame: 0))
        let corner = try XCTUnwrap(first.pixel(x: 0, y: 0))
        let page = URL(fileURLWithPath: scratch.child("page.html"))
        try """
        <!doctype html><html><head><title>pending</title></head><body>
        <img id="gif" src="data:image/gif;base64,\(base64)" onload="
          const c = document.createElement('canvas'); c.width = this.naturalWidth; c.height = this.naturalHeight;
          const g = c.getContext('2d'); g.drawImage(this, 0, 0); const p = g.getImageData(0, 0, 1, 1).data;
          document.title = 'loaded:' + this.naturalWidth + 'x' + this.naturalHeight + ':' + p[0] + ',' + p[1] + ',' + p[2] + ',' + p[3]"
          onerror="document.title='failed'"></body></html>
        """.write(to: page, atomically: true, encoding: .utf8)
        let profile = URL(fileURLWithPath: scratch.child("profile"))
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let dom = try Headless.run(chromium, ["--dump-dom", page.absoluteString], profile: profile)
        XCTAssertTrue(dom.contains("<title>loaded:64x48:\(corner.red),\(corner.green),\(corner.blue),255</title>"), dom)
    }
}

/// Encoding speed on a real render: set ANIMATIC_GIF_BENCH to a frame folder (e.g. from
/// `animatic render push --out /tmp/x`); prints ms per frame on one thread and the file size
/// (with ANIMATIC_GIF_BENCH_ALL, of every frame; with ANIMATIC_GIF_BENCH_OUT, also the time of
/// GIFWriter, PNG decoding included, writing that file; with ANIMATIC_GIF_BENCH_DETAIL, the
/// bytes of the color tables).
final class GIFBenchmarkTests: XCTestCase {
    func testEncodingSpeed() throws {
        guard let path = ProcessInfo.processInfo.environment["ANIMATIC_GIF_BENCH"] else {
            throw XCTSkip("set ANIMATIC_GIF_BENCH to a frame folder to measure GIF encoding")
        }
        let folder = try FrameFolder(path: path)
        // ANIMATIC_GIF_BENCH_ALL: every frame (as a sequence at 50 fps or less would be), not the 50 fps pick.
        let all = ProcessInfo.processInfo.environment["ANIMATIC_GIF_BENCH_ALL"] != nil
        let timing = GIFTiming(sequenceFPS: all ? min(folder.fps, 50) : folder.fps, frameCount: folder.frames.count)
        var frames: [[UInt8]] = []
        var size = (width: 0, height: 0)
        var decoding = 0.0
        for offset in timing.frames {
            let start = Date()
            let image = try RGBAImage.decodePNG(path: folder.path(ofFrame: folder.frames.lowerBound + offset))
            decoding += Date().timeIntervalSince(start)
            size = (image.width, image.height)
            frames.append(cairoBytes(colors(of: image)))
        }
        print(String(format: "GIF benchmark: decoding the PNGs took %.2f ms per frame", 1000 * decoding / Double(frames.count)))
        let encoder = GIFFrameEncoder()
        var bytes = GIFFormat.header(width: size.width, height: size.height).count + GIFFormat.trailer.count
        var blocks: [[UInt8]] = []
        let start = Date(), cpuStart = threadCPUSeconds()
        for k in frames.indices {
            blocks.append(encoder.encode(frame: frames[k], previous: k > 0 ? frames[k - 1] : nil,
                                         width: size.width, height: size.height, delay: timing.delay(at: k)))
        }
        let seconds = Date().timeIntervalSince(start), cpu = threadCPUSeconds() - cpuStart
        bytes += blocks.map(\.count).reduce(0, +)
        if ProcessInfo.processInfo.environment["ANIMATIC_GIF_BENCH_DETAIL"] != nil {
            // Where the bytes go: color tables, image data; how many frames needed more than 256 colors.
            var tables = 0, area = 0, full = 0
            for block in blocks {
                let table = 3 * (2 << Int(block[17] & 7))
                tables += table
                area += (Int(block[13]) | Int(block[14]) << 8) * (Int(block[15]) | Int(block[16]) << 8)
                if table == 768 { full += 1 }
            }
            print("GIF benchmark: \(tables) bytes of color tables (\(full) full ones), \(bytes - tables) of the rest, "
                  + "\(area / blocks.count) pixels per rectangle on average")
        }
        print(String(format: "GIF benchmark: %d frames %dx%d in %.3f s on one thread (%.3f s CPU): %.2f ms per frame (%.2f ms CPU), %d bytes",
                     blocks.count, size.width, size.height, seconds, cpu, 1000 * seconds / Double(blocks.count),
                     1000 * cpu / Double(blocks.count), bytes))
        // The whole folder path (PNG decoding included), and a file to compare with ffmpeg's.
        if let out = ProcessInfo.processInfo.environment["ANIMATIC_GIF_BENCH_OUT"] {
            for jobs in [1, 2] {
                let start = Date()
                let file = try GIFWriter.write(from: folder, to: out, options: PreviewOptions(width: size.width), jobs: jobs)
                print(String(format: "GIF benchmark: GIFWriter from PNGs, %d jobs: %.3f s, %d bytes",
                             jobs, Date().timeIntervalSince(start), file.byteCount))
            }
        }
    }
}

/// CPU time of the calling thread (not wall time, which other processes on a shared machine inflate).
func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
