import BrowserSupport
import Foundation
@testable import FrameOutput
import FrameFiles
import Rendering
import Images
import SceneFormat
import XCTest

// ffmpeg previews: the arguments (always checked), a missing ffmpeg as a typed error naming
// the Debian package (always checked), and, when ffmpeg is installed, real MP4, GIF, WebP
// and APNG files whose frame counts, sizes and loop flags are read back.

final class FFmpegPreviewTests: XCTestCase {
    var scratch: ScratchFolder!
    override func setUp() { scratch = ScratchFolder() }
    override func tearDown() { scratch.remove() }

    /// 30 rain frames at 60 fps (half a second), 64 x 48.
    func folder(frames: Range<Int> = 0..<30) throws -> FrameFolder {
        let out = scratch.child("output")
        try writeSequence(to: out, frameCount: frames.upperBound,
                          options: FrameSequenceOptions(jobs: 2, frames: FrameRange(frames)))
        return try FrameFolder(path: out + "/rain")
    }

    func requireFFmpeg() throws {
        _ = try ExternalTool.require("ffmpeg", install: "apt-get install -y ffmpeg")
    }

    func testMissingFFmpegIsATypedErrorNamingThePackage() throws {
        let frames = try folder(frames: 0..<3)
        let path = scratch.child("preview.mp4")
        XCTAssertThrowsError(try FFmpegPreview.write(.mp4, from: frames, to: path, ffmpeg: scratch.child("no/ffmpeg"))) { error in
            XCTAssertEqual(error as? PreviewError, .ffmpegMissing)
            XCTAssertTrue("\(error)".contains("apt-get install ffmpeg"), "\(error)")
        }
        XCTAssertNil(FFmpeg.locate("ffmpeg", searchPath: scratch.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testArguments() throws {
        let frames = try folder(frames: 5..<30)
        let pattern = frames.path + "/frame_%05d.png"
        let input = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-framerate", "60", "-start_number", "5", "-i", pattern]
        XCTAssertEqual(FFmpegPreview.arguments(for: .mp4, folder: frames, output: "o", options: PreviewOptions(), frameWidth: 64, frameHeight: 48),
                       input + ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-qp", "16", "-movflags", "+faststart", "-f", "mp4", "o"])
        XCTAssertEqual(FFmpegPreview.arguments(for: .mp4, folder: frames, output: "o", options: PreviewOptions(fps: 30, width: 33),
                                               frameWidth: 64, frameHeight: 48),
                       input + ["-vf", "fps=30,scale=32:24:flags=lanczos",
                                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-qp", "16", "-movflags", "+faststart", "-f", "mp4", "o"])
        // An odd frame size is padded (not cropped or scaled) to even, in the given color.
        XCTAssertEqual(FFmpegPreview.arguments(for: .mp4, folder: frames, output: "o", options: PreviewOptions(), frameWidth: 375,
                                               frameHeight: 667, padColor: SceneColor(red: 1, green: 0.5, blue: 0)),
                       input + ["-vf", "pad=376:668:0:0:color=0xFF8000",
                                "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-qp", "16", "-movflags", "+faststart", "-f", "mp4", "o"])
        // Streamed MP4 at full size reads planar YUV of the padded size.
        XCTAssertEqual(Array(FFmpegPreview.streamArguments(for: .mp4, fps: 60, output: "o", options: PreviewOptions(), frameWidth: 375,
                                                          frameHeight: 667, padColor: .white).prefix(13)),
                       ["-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "yuv420p", "-video_size", "376x668",
                        "-framerate", "60", "-i"])
        // Beside the frame workers the encoder's threads are capped; WebP takes no such cap.
        XCTAssertEqual(Array(FFmpegPreview.streamArguments(for: .mp4, fps: 60, output: "o", options: PreviewOptions(), frameWidth: 64,
                                                          frameHeight: 48, padColor: .white, encoderThreads: 1).suffix(3)),
                       ["-threads", "1", "o"])
        XCTAssertFalse(FFmpegPreview.streamArguments(for: .webp, fps: 60, output: "o", options: PreviewOptions(), frameWidth: 64,
                                                     frameHeight: 48, padColor: .white, encoderThreads: 1).contains("-threads"))
        XCTAssertEqual(FFmpegPreview.arguments(for: .gif, folder: frames, output: "o", options: PreviewOptions(), frameWidth: 64, frameHeight: 48),
                       input + ["-vf", "fps=50,split[frames][copy];[copy]palettegen=stats_mode=diff[palette];[frames][palette]paletteuse=dither=bayer:diff_mode=rectangle",
                                "-loop", "0", "-f", "gif", "o"])
        XCTAssertEqual(FFmpegPreview.arguments(for: .webp, folder: frames, output: "o", options: PreviewOptions(width: 32), frameWidth: 64, frameHeight: 48),
                       input + ["-vf", "scale=32:-1:flags=lanczos", "-c:v", "libwebp_anim", "-lossless", "1", "-loop", "0", "-f", "webp", "o"])
        XCTAssertEqual(FFmpegPreview.arguments(for: .apng, folder: frames, output: "o", options: PreviewOptions(fps: 90), frameWidth: 64, frameHeight: 48),
                       input + ["-plays", "0", "-f", "apng", "o"])
    }

    func testMP4() throws {
        try requireFFmpeg()
        let frames = try folder()
        let path = frames.path + "/" + PreviewFormat.mp4.defaultFileName
        let preview = try FFmpegPreview.write(.mp4, from: frames, to: path)
        XCTAssertEqual(preview.width, 64)
        XCTAssertGreaterThan(preview.byteCount, 0)
        XCTAssertEqual(try ffprobeFrameCount(path), 30)
        XCTAssertEqual(try ffprobe(["-select_streams", "v:0", "-show_entries", "stream=codec_name,pix_fmt,width,height",
                                    "-of", "csv=p=0", path]), "h264,64,48,yuv420p")
        XCTAssertEqual(try topLevelBoxes(path).filter { ["moov", "mdat"].contains($0) }, ["moov", "mdat"], "+faststart: moov first")

        // Half the rate and an odd width: 15 frames, even size.
        let small = scratch.child("small.mp4")
        let scaled = try FFmpegPreview.write(.mp4, from: frames, to: small, options: PreviewOptions(fps: 30, width: 33))
        XCTAssertEqual(scaled.width, 32)
        XCTAssertEqual(scaled.height, 24)
        XCTAssertEqual(try ffprobeFrameCount(small), 15)
        XCTAssertEqual(try ffprobe(["-select_streams", "v:0", "-show_entries", "stream=width,height", "-of", "csv=p=0", small]), "32,24")
        XCTAssertEqual(scratch.entries(frames.path).filter { $0.hasPrefix(".") }, [])
    }

    func testGIFIsCappedAt50FPSAndLoops() throws {
        try requireFFmpeg()
        let frames = try folder()
        let path = scratch.child("preview.gif")
        try FFmpegPreview.write(.gif, from: frames, to: path)
        XCTAssertEqual(try ffprobeFrameCount(path), 25, "0.5 s at 50 fps")
        let bytes = [UInt8](FileManager.default.contents(atPath: path)!)
        XCTAssertEqual(Array(bytes.prefix(6)), Array("GIF89a".utf8))
        // NETSCAPE2.0 application extension with loop count 0 (forever).
        let netscape = Array("NETSCAPE2.0".utf8)
        guard let at = (0..<(bytes.count - 16)).first(where: { Array(bytes[$0..<($0 + 11)]) == netscape }) else {
            return XCTFail("no loop extension")
        }
        XCTAssertEqual(bytes[at + 11], 3)
        XCTAssertEqual(bytes[at + 12], 1)
        XCTAssertEqual(UInt16(bytes[at + 13]) | UInt16(bytes[at + 14]) << 8, 0)
        XCTAssertEqual(try ffprobeFrameCount(try FFmpegPreview.write(.gif, from: frames, to: scratch.child("slow.gif"),
                                                                     options: PreviewOptions(fps: 20)).path), 10)
    }

    func testWebPIsAnimatedAndLoops() throws {
        try requireFFmpeg()
        let frames = try folder()
        let path = scratch.child("preview.webp")
        try FFmpegPreview.write(.webp, from: frames, to: path, options: PreviewOptions(width: 32))
        // RIFF container: an ANIM chunk (loop count 0) and one ANMF chunk per frame.
        let bytes = [UInt8](FileManager.default.contents(atPath: path)!)
        XCTAssertEqual(String(decoding: bytes[0..<4], as: UTF8.self), "RIFF")
        XCTAssertEqual(String(decoding: bytes[8..<12], as: UTF8.self), "WEBP")
        var offset = 12
        var chunks: [String: Int] = [:]
        var loopCount: Int?
        var canvas: (Int, Int)?
        while offset + 8 <= bytes.count {
            let type = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            chunks[type, default: 0] += 1
            if type == "ANIM" { loopCount = Int(bytes[offset + 12]) | Int(bytes[offset + 13]) << 8 }
            if type == "VP8X" {
                let w = Int(bytes[offset + 12]) | Int(bytes[offset + 13]) << 8 | Int(bytes[offset + 14]) << 16
                let h = Int(bytes[offset + 15]) | Int(bytes[offset + 16]) << 8 | Int(bytes[offset + 17]) << 16
                canvas = (w + 1, h + 1)
            }
            offset += 8 + size + (size & 1)
        }
        XCTAssertEqual(chunks["ANIM"], 1)
        XCTAssertEqual(loopCount, 0)
        XCTAssertEqual(chunks["ANMF"], 30)
        XCTAssertEqual(canvas?.0, 32)
        XCTAssertEqual(canvas?.1, 24)
    }

    func testFFmpegAPNGLoops() throws {
        try requireFFmpeg()
        let frames = try folder(frames: 10..<30)  // a partial render: -start_number 10
        let path = scratch.child("ffmpeg.apng")
        try FFmpegPreview.write(.apng, from: frames, to: path)
        XCTAssertEqual(try ffprobeFrameCount(path), 20)
        let chunks = readChunks(path)
        XCTAssertTrue(chunks.allSatisfy(\.crcIsValid))
        let actl = chunks.first { $0.type == "acTL" }
        XCTAssertEqual(actl?.uint32(at: 0), 20)
        XCTAssertEqual(actl?.uint32(at: 4), 0, "-plays 0: loop forever")
    }

    func testFFmpegFailureKeepsThePreviousFileAndSaysWhy() throws {
        // Runs without ffmpeg: a stand-in that writes part of its output, complains and fails.
        let frames = try folder(frames: 0..<3)
        let fake = scratch.child("ffmpeg")
        let script = "#!/bin/sh\nfor last; do :; done\nprintf partial > \"$last\"\necho 'line one' >&2\necho 'Error: no luck' >&2\nexit 3\n"
        XCTAssertTrue(FileManager.default.createFile(atPath: fake, contents: Data(script.utf8), attributes: [.posixPermissions: 0o755]))
        let path = scratch.child("preview.mp4")
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("old".utf8)))
        XCTAssertThrowsError(try FFmpegPreview.write(.mp4, from: frames, to: path, ffmpeg: fake)) { error in
            XCTAssertEqual(error as? PreviewError, .ffmpegFailed(format: "MP4", status: 3, stderr: "line one\nError: no luck"))
        }
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data("old".utf8))
        XCTAssertEqual(scratch.entries().filter { $0.hasPrefix(".") }, [], "the partial output is removed")

        // A frame that is not a PNG is reported before ffmpeg runs.
        XCTAssertTrue(FileManager.default.createFile(atPath: frames.path(ofFrame: 0), contents: Data("not a png".utf8)))
        XCTAssertThrowsError(try FFmpegPreview.write(.apng, from: frames, to: path, ffmpeg: fake)) { error in
            XCTAssertEqual(error as? PreviewError, .unreadableFrame(path: frames.path(ofFrame: 0), .notPNG(source: "file '\(frames.path(ofFrame: 0))'")))
        }
    }

    func testAnFFmpegThatSucceedsWithoutWritingFails() throws {
        // The temporary file is made empty first: an ffmpeg that exits 0 without writing it
        // would have published an empty preview over the previous one.
        let frames = try folder(frames: 0..<3)
        let fake = scratch.child("ffmpeg")
        XCTAssertTrue(FileManager.default.createFile(atPath: fake, contents: Data("#!/bin/sh\nexit 0\n".utf8),
                                                    attributes: [.posixPermissions: 0o755]))
        let path = scratch.child("preview.mp4")
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("old".utf8)))
        XCTAssertThrowsError(try FFmpegPreview.write(.mp4, from: frames, to: path, ffmpeg: fake)) { error in
            XCTAssertEqual(error as? PreviewError, .ffmpegFailed(format: "MP4", status: 0, stderr: "ffmpeg exited without writing the file"))
        }
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data("old".utf8))
        XCTAssertEqual(scratch.entries().filter { $0.hasPrefix(".") }, [])
    }

    func testAStreamThatFFmpegStopsReadingTellsFFmpegsOwnStatusAndMessage() throws {
        // It read a little, complained and failed: its status and message, not "stopped
        // reading its input" with a status of -1.
        let fake = scratch.child("ffmpeg")
        let script = "#!/bin/sh\nhead -c 1000 > /dev/null\necho 'Error: out of luck' >&2\nexit 4\n"
        XCTAssertTrue(FileManager.default.createFile(atPath: fake, contents: Data(script.utf8), attributes: [.posixPermissions: 0o755]))
        let stream = try FFmpegStream(fake, arguments: [], purpose: "MP4")
        let frame = [UInt8](repeating: 7, count: 4 << 20)
        XCTAssertThrowsError(try { for _ in 0..<8 { try stream.write(frame) } }()) { error in
            XCTAssertEqual(error as? PreviewError, .ffmpegFailed(format: "MP4", status: 4, stderr: "Error: out of luck"))
        }
        stream.stop()
    }

    func testFFmpegRunsWithMallocTunablesAheadOfTheCallersOwn() throws {
        let tunables = "glibc.malloc.mmap_threshold=67108864:glibc.malloc.trim_threshold=268435456"
        XCTAssertEqual(FFmpeg.environment(["PATH": "/bin"]), ["PATH": "/bin", "GLIBC_TUNABLES": tunables])
        XCTAssertEqual(FFmpeg.environment(["GLIBC_TUNABLES": ""])["GLIBC_TUNABLES"], tunables)
        // glibc reads the list left to right, so a setting of the caller's own still wins.
        XCTAssertEqual(FFmpeg.environment(["GLIBC_TUNABLES": "glibc.malloc.mmap_threshold=4096"])["GLIBC_TUNABLES"],
                       tunables + ":glibc.malloc.mmap_threshold=4096")

        // The child really gets it: a stand-in that writes what it saw as its output.
        let frames = try folder(frames: 0..<3)
        let fake = scratch.child("ffmpeg")
        let script = "#!/bin/sh\nfor last; do :; done\nprintf '%s' \"$GLIBC_TUNABLES\" > \"$last\"\n"
        XCTAssertTrue(FileManager.default.createFile(atPath: fake, contents: Data(script.utf8), attributes: [.posixPermissions: 0o755]))
        let path = scratch.child("preview.mp4")
        try FFmpegPreview.write(.mp4, from: frames, to: path, ffmpeg: fake)
        let seen = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
        XCTAssertTrue(seen.hasPrefix(tunables), seen)
    }

    /// The top-level box types of an MP4 file.
    func topLevelBoxes(_ path: String) throws -> [String] {
        let bytes = [UInt8](FileManager.default.contents(atPath: path)!)
        var offset = 0
        var boxes = [String]()
        while offset + 8 <= bytes.count {
            var size = Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            boxes.append(String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self))
            if size == 1 {
                size = bytes[(offset + 8)..<(offset + 16)].reduce(0) { $0 << 8 | Int($1) }
            }
            guard size >= 8 else { break }
            offset += size
        }
        return boxes
    }
}

/// A preview format asked for twice is made once: two encoders of one format wrote the same
/// file and waited on each other (`render --video mp4,mp4` hung; `gif,gif` failed).
final class RepeatedPreviewFormatTests: XCTestCase {
    func testAFormatNamedTwiceIsStreamedOnceAndTheWriterFinishes() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        XCTAssertEqual(PreviewFormat.distinct([.gif, .mp4, .gif, .apng, .mp4]), [.gif, .mp4, .apng])
        let out = scratch.child("output")
        let finished = expectation(description: "the writer finishes")
        let box = ManifestBox()
        // On another thread, so that a writer that hangs fails this test instead of the run.
        Thread {
            box.result = Result { try writeSequence(to: out, frameCount: 6, options: FrameSequenceOptions(jobs: 2, streamedPreviews: [.gif, .gif])) }
            finished.fulfill()
        }.start()
        wait(for: [finished], timeout: 60)
        let manifest = try XCTUnwrap(box.result).get()
        XCTAssertEqual(manifest.frames.count, 6)
        let names = try FileManager.default.contentsOfDirectory(atPath: out + "/rain").filter { $0.hasPrefix("preview") }
        XCTAssertEqual(names, ["preview.gif"])
        let gif = try XCTUnwrap(readTestGIF(path: out + "/rain/preview.gif"))
        XCTAssertTrue(gif.endsWithTrailer)
        XCTAssertFalse(gif.images.isEmpty)
    }

    private final class ManifestBox: @unchecked Sendable { var result: Result<FrameManifest, Error>? }
}

/// An ffmpeg that reads every frame of a streamed preview and then fails: the writer stops
/// with its message, as one that fails at once does. It used to wait a second time for the
/// end of ffmpeg's messages after the first wait had taken it, and the render hung forever
/// (found with a stand-in ffmpeg, and with the real one on a full disk).
final class StreamedFFmpegFailureTests: XCTestCase {
    func testAnFFmpegFailingAfterItsInputStopsTheWriterWithItsMessage() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let fake = scratch.child("ffmpeg")
        let script = "#!/bin/sh\ncat > /dev/null\necho 'Conversion failed!' >&2\nexit 1\n"
        XCTAssertTrue(FileManager.default.createFile(atPath: fake, contents: Data(script.utf8), attributes: [.posixPermissions: 0o755]))
        let out = scratch.child("output")
        let finished = expectation(description: "the writer returns")
        let box = ManifestBox()
        // On another thread, so that a writer that hangs fails this test instead of the run.
        Thread {
            box.result = Result {
                try writeSequence(to: out, frameCount: 6,
                                  options: FrameSequenceOptions(jobs: 2, streamedPreviews: [.mp4], ffmpeg: fake))
            }
            finished.fulfill()
        }.start()
        wait(for: [finished], timeout: 60)
        XCTAssertThrowsError(try XCTUnwrap(box.result).get()) { error in
            XCTAssertEqual(error as? PreviewError, .ffmpegFailed(format: "MP4", status: 1, stderr: "Conversion failed!"))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out + "/rain"), "no render is published")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
        XCTAssertEqual(left, [], "no staging folder is left")
    }

    private final class ManifestBox: @unchecked Sendable { var result: Result<FrameManifest, Error>? }
}

/// The MP4 and WebP previews at a `--preview-fps` below the frames' rate show the frames
/// every preview shows (`FrameFolder.sample`: the frame nearest each preview instant, and
/// as many as fit in the sequence). ffmpeg's fps filter, which chose them before, showed the
/// last frame of each interval, up to half an interval late, and one frame more (found by an
/// audit comparing every preview format's frames).
final class PreviewSamplingTests: XCTestCase {
    /// Frame k is one flat gray of level 8k (30 frames at 60 fps), so a decoded MP4 frame
    /// tells which frame it shows despite the lossy coding.
    func grayFrame(_ k: Int) -> FrameState {
        let level = Double(8 * k) / 255
        return FrameState(width: 64, height: 48, items: [
            DrawItem(shape: .rectangle(cornerRadius: 0), width: 64, height: 48, center: DrawPoint(32, 24),
                     fill: SceneColor(red: level, green: level, blue: level)),
        ])
    }

    /// The frame each picture of an MP4 shows: its mean gray level over 8, rounded.
    func shownFrames(_ mp4: String, ffmpeg: String, scratch: ScratchFolder) throws -> [Int] {
        let raw = scratch.child("levels.raw")
        let run = try ExternalTool.capture(ffmpeg, ["-v", "error", "-y", "-i", mp4, "-vf", "scale=1:1:flags=area",
                                                    "-pix_fmt", "gray", "-f", "rawvideo", raw])
        XCTAssertEqual(run.status, 0, run.stderr)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: raw)))
        return bytes.map { Int((Double($0) / 8).rounded()) }
    }

    func testMP4PreviewsShowTheNearestFrameOfEachInstant() throws {
        let ffmpeg = try ExternalTool.require("ffmpeg", install: "apt-get install -y ffmpeg")
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        // 7 pictures a second of 0.5 s: floor(3.5) = 3 instants, 0, 1/7 and 2/7 s, whose
        // nearest frames at 60 fps are round(k * 60 / 7) = 0, 9 (8.57) and 17 (17.14).
        let expected = (0..<3).map { k in Int((Double(k) * 60 / 7).rounded()) }
        XCTAssertEqual(expected, [0, 9, 17])
        let out = scratch.child("output")
        let options = FrameSequenceOptions(jobs: 2, streamedPreviews: [.mp4], preview: PreviewOptions(fps: 7))
        try writeSequence(to: out, frameCount: 30, options: options, frame: grayFrame)
        XCTAssertEqual(try shownFrames(out + "/rain/preview.mp4", ffmpeg: ffmpeg, scratch: scratch), expected, "streamed")
        let folder = try FrameFolder(path: out + "/rain")
        let fromFolder = scratch.child("folder.mp4")
        try FFmpegPreview.write(.mp4, from: folder, to: fromFolder, options: PreviewOptions(fps: 7))
        XCTAssertEqual(try shownFrames(fromFolder, ffmpeg: ffmpeg, scratch: scratch), expected, "from the folder")
        XCTAssertEqual(try ffprobe(["-show_entries", "format=duration", "-of", "csv=p=0", fromFolder]).flatMap(Double.init) ?? 0,
                       3.0 / 7, accuracy: 0.01, "three pictures of 1/7 s")
        // Nothing is left beside the preview (the frames ffmpeg read were links in a hidden folder).
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { $0.hasPrefix(".") }, [])
        // A part starting at frame 5: the instants count from its first frame.
        let part = scratch.child("part")
        try writeSequence(to: part, frameCount: 30, options: FrameSequenceOptions(jobs: 2, frames: FrameRange(5..<30),
                                                                                   streamedPreviews: [.mp4], preview: PreviewOptions(fps: 7)),
                          frame: grayFrame)
        XCTAssertEqual(try shownFrames(part + "/rain/preview.mp4", ffmpeg: ffmpeg, scratch: scratch), [5, 14])
    }
}

/// A streamed GIF was drawn at the frames' scale times width / frame width: for a 375 x 667
/// canvas at scale 0.5 (188 x 334 frames, 187.5 rounded up) 100 pixels wide it came out
/// 100 x 177, where the same render's APNG and a merged GIF, scaled from the frames, are
/// 100 x 178 (an audit compared every format's size).
final class PreviewSizeTests: XCTestCase {
    func testAStreamedGIFHasTheSizeOfThePreviewsMadeFromTheFrames() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let out = scratch.child("output")
        let options = FrameSequenceOptions(jobs: 2, streamedPreviews: [.gif], preview: PreviewOptions(width: 100))
        try writeSequence(to: out, frameCount: 4, options: options, frame: { rainFrame($0, width: 375, height: 667, scale: 0.5) })
        let folder = try FrameFolder(path: out + "/rain")
        let frame = try RGBAImage.decodePNG(path: folder.path(ofFrame: 0))
        XCTAssertEqual([frame.width, frame.height], [188, 334])
        // 334 * 100 / 188 = 177.66.
        let expected = [100, Int((334.0 * 100 / 188).rounded())]
        XCTAssertEqual(expected, [100, 178])
        let streamed = try XCTUnwrap(readTestGIF(path: out + "/rain/preview.gif"))
        XCTAssertEqual([streamed.width, streamed.height], expected)
        let merged = try GIFWriter.write(from: folder, to: scratch.child("merged.gif"), options: PreviewOptions(width: 100))
        XCTAssertEqual([merged.width, merged.height], expected)
        let apng = try APNGWriter.write(from: folder, to: scratch.child("preview.apng"), options: PreviewOptions(width: 100))
        XCTAssertEqual([apng.width, apng.height], expected)
    }
}
