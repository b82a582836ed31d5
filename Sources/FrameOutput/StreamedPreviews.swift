import Foundation
import FrameFiles
import Images
import Rendering
import SceneFormat

// Design note: previews made while the frames are rendered. The frame writer's workers hand
// each rendered frame's pixels (as Cairo holds them, and drawn a second time at the preview
// size when a preview is smaller than the frames) to this stream in whatever order they
// finish; one feeder thread per preview takes them back in frame order. MP4 and WebP feeders
// write raw frames to an ffmpeg child (MP4 as YUV 4:2:0 converted here, on the worker's
// thread); the GIF feeder encodes with our own GIF encoder, which needs the previously shown
// frame and so runs in order. A frame is kept until every feeder has passed it. Workers
// block when a frame is more than `window` frames ahead of the slowest feeder, which bounds
// memory; the frame every feeder waits for is always within the window (workers take frames
// in order), so this cannot deadlock. Everything is written into the staging folder under
// temporary names, renamed at finish.

/// The preview size frames are drawn at for streamed previews, when it is not the frames' own.
struct PreviewScale: Equatable, Sendable {
    /// Points to pixels for the preview frames (preview width / canvas width).
    var factor: Double
    var width: Int
    var height: Int
    /// The canvas height (points) the preview frames are drawn with, so that they come out
    /// `height` pixels high: the height a preview made from the frames has.
    var pointHeight: Double
}

/// Previews fed with raw frames from memory while the frames render.
final class StreamedPreviews: @unchecked Sendable {
    /// What a feeder reads of a frame.
    enum Input: Equatable { case bgrx, yuv }

    /// One preview and its position in the frame sequence.
    private final class Feed {
        let format: PreviewFormat
        let scaled: Bool
        let input: Input
        let stream: FFmpegStream?
        let gif: GIFFileWriter?
        let temporary: String
        let path: String
        let size: (width: Int, height: Int)
        var next: Int
        var error: Error?
        var file: PreviewFile?
        init(format: PreviewFormat, scaled: Bool, input: Input, stream: FFmpegStream?, gif: GIFFileWriter?, temporary: String,
             path: String, size: (width: Int, height: Int), next: Int) {
            self.format = format; self.scaled = scaled; self.input = input; self.stream = stream; self.gif = gif
            self.temporary = temporary; self.path = path; self.size = size; self.next = next
        }
    }

    /// A frame in the forms the feeds read.
    private struct Payload {
        var bgrx: [UInt8]?
        var yuv: [UInt8]?
        var scaledBGRX: [UInt8]?
        var scaledYUV: [UInt8]?
    }

    private let condition = NSCondition()
    private var frames: [Int: Payload] = [:]
    private var feeds: [Feed] = []
    private var threads: [Thread] = []
    private var finishedFeeds = 0
    private var cancelled = false
    private let range: Range<Int>
    private let window: Int
    private let full: (width: Int, height: Int)
    /// The size frames are drawn at a second time for the smaller previews, if any.
    let scale: PreviewScale?
    private let pad: (red: UInt8, green: UInt8, blue: UInt8)
    private let fps: Double
    private let previewFPS: Double?
    /// The frames the ffmpeg previews show (`FrameFolder.sample`); the GIF's own timing
    /// (at most 50 fps) picks its own.
    private let shown: Set<Int>
    private var needs: Set<String> = []
    /// Buffers of frames every feeder has passed, by byte count, for ``buffer(_:)``.
    private var recycled: [Int: [[UInt8]]] = [:]

    /// The size the smaller previews of `frame` are drawn at, or nil when every preview keeps
    /// the frames' size (`frame` is the first frame; its pixel size is `width` pixels wide).
    static func scale(for formats: [PreviewFormat], frame: FrameState, width: Int, options: PreviewOptions) -> PreviewScale? {
        // (A narrower MP4 is scaled by ffmpeg from the frames, not re-drawn.)
        let widths = formats.filter { $0 != .mp4 }.compactMap { options.width(for: $0) }.filter { $0 < width }
        guard let w = widths.min() else { return nil }
        // Exactly the size a preview made from the frames has (`PreviewOptions.scaledSize`):
        // scaled from the canvas's width in points, the height by the frames' rounded pixel
        // size. Scaled from the frames' width (rounded: 187.5 -> 188), one more or one
        // less pixel row than the preview of the same render's folder (merge, APNG).
        let height = PreviewOptions.scaledHeight(frameWidth: width, frameHeight: frame.pixelHeight, width: w)
        let factor = Double(w) / frame.width
        return PreviewScale(factor: factor, width: w, height: height, pointHeight: Double(height) / factor)
    }

    /// Starts one feeder per format, writing `folder/preview.FORMAT`. MP4 and WebP need ffmpeg.
    init(formats: [PreviewFormat], folder: String, fps: Double, frames range: Range<Int>, width: Int, height: Int,
         scale: PreviewScale?, background: SceneColor, options: PreviewOptions, ffmpeg: String? = nil, window: Int = 32) throws {
        try options.validate()
        self.range = range
        self.window = max(window, 1)
        self.full = (width, height)
        self.scale = scale
        self.fps = fps
        previewFPS = options.fps
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        pad = (byte(background.red), byte(background.green), byte(background.blue))
        let executable = formats.contains { $0 != .gif } ? try FFmpegPreview.locate(ffmpeg) : ""
        let sample = FrameFolder.sample(range, fps: fps, atFPS: options.fps)
        shown = Set(sample.frames)
        for format in formats {
            let path = (folder as NSString).appendingPathComponent(format.defaultFileName)
            let temporary = (folder as NSString).appendingPathComponent(".\(format.defaultFileName).tmp-\(getpid())")
            let wanted = options.scaledSize(width: width, height: height, format: format)
            // A narrower MP4 is scaled by ffmpeg from the frames, to an even width and height
            // (as one made from a frame folder is): a re-drawing at the preview width has the
            // aspect ratio's height, often odd, which the encoder would have padded.
            let scaled = scale != nil && wanted.width < width && format != .mp4
            let source = scaled ? (scale!.width, scale!.height) : (width, height)
            do {
                if format == .gif {
                    let writer = try GIFFileWriter(path: path, width: source.0, height: source.1)
                    feeds.append(Feed(format: format, scaled: scaled, input: .bgrx, stream: nil, gif: writer, temporary: "",
                                      path: path, size: source, next: range.lowerBound))
                } else {
                    // The frames arrive at their final size (an MP4's, narrower, is scaled by ffmpeg):
                    // ffmpeg encodes (and pads an MP4 of odd-sized frames to even).
                    // Only the frames the preview shows are written, at the preview's rate (the
                    // frames `FrameFolder.sample` picks, as for every other preview): ffmpeg's
                    // fps filter picked others (the last of each interval, up to half an
                    // interval late) and one frame more at the end.
                    // (Only a narrower MP4 keeps its width for ffmpeg's scaling: one as wide as
                    // odd frames, given to the padded YUV, was scaled down from the padding.)
                    var direct = options
                    if format != .mp4 || wanted.width >= width { direct.width = nil }
                    direct.fps = nil
                    // Planar YUV for an MP4 at the frames' size; the frames' own pixels for one
                    // ffmpeg scales (and for WebP).
                    let input: Input = FFmpegPreview.streamsYUV(format, frameWidth: width, options: direct) ? .yuv : .bgrx
                    let arguments = FFmpegPreview.streamArguments(for: format, fps: sample.fps, output: temporary, options: direct,
                                                                  frameWidth: source.0, frameHeight: source.1, padColor: background,
                                                                  encoderThreads: FFmpegPreview.streamedEncoderThreads)
                    let size = try FFmpegPreview.outputSize(format, frameWidth: source.0, frameHeight: source.1, options: direct)
                    let stream = try FFmpegStream(executable, arguments: arguments, purpose: format.rawValue.uppercased())
                    InterruptCleanup.register(path: temporary)
                    feeds.append(Feed(format: format, scaled: scaled, input: input, stream: stream, gif: nil,
                                      temporary: temporary, path: path, size: size, next: range.lowerBound))
                }
                needs.insert("\(scaled)-\(feeds[feeds.count - 1].input)")
            } catch {
                cancel()
                throw error
            }
        }
        for feed in feeds {
            let thread = Thread { [self] in self.run(feed) }
            thread.name = "animatic.preview.\(feed.format.rawValue)"
            threads.append(thread)
            thread.start()
        }
    }

    /// Hands in frame `index`'s pixels (rows of 32-bit Cairo words, `stride` bytes apart) at the
    /// frames' size and, when ``scale`` is set, at the preview size; they are copied (or
    /// converted) before this returns. Waits while the frame is too far ahead
    /// of the slowest feeder; throws the first feeder failure. Conversions to YUV happen here,
    /// on the caller's (a render worker's) thread.
    func submit(_ index: Int, pixels: UnsafeRawPointer, stride: Int, scaledPixels: UnsafeRawPointer?, scaledStride: Int) throws {
        var payload = Payload()
        if needs.contains("false-bgrx") { payload.bgrx = copy(pixels, stride, full.width, full.height) }
        if needs.contains("false-yuv") { payload.yuv = yuv(pixels, stride, full.width, full.height) }
        if let scaledPixels, let scale {
            if needs.contains("true-bgrx") { payload.scaledBGRX = copy(scaledPixels, scaledStride, scale.width, scale.height) }
            if needs.contains("true-yuv") { payload.scaledYUV = yuv(scaledPixels, scaledStride, scale.width, scale.height) }
        }
        condition.lock()
        defer { condition.unlock() }
        while !cancelled, feeds.allSatisfy({ $0.error == nil }), index >= slowest + window { condition.wait() }
        if let error = feeds.lazy.compactMap(\.error).first { throw error }
        guard !cancelled else { return }
        frames[index] = payload
        condition.broadcast()
    }

    /// Packed rows of 32-bit words, in a recycled buffer.
    private func copy(_ pixels: UnsafeRawPointer, _ stride: Int, _ width: Int, _ height: Int) -> [UInt8] {
        let rowBytes = width * 4
        var bytes = buffer(rowBytes * height)
        bytes.withUnsafeMutableBytes { target in
            if stride == rowBytes {
                target.baseAddress!.copyMemory(from: pixels, byteCount: rowBytes * height)
            } else {
                for y in 0..<height { (target.baseAddress! + y * rowBytes).copyMemory(from: pixels + y * stride, byteCount: rowBytes) }
            }
        }
        return bytes
    }

    private func yuv(_ pixels: UnsafeRawPointer, _ stride: Int, _ width: Int, _ height: Int) -> [UInt8] {
        var bytes = buffer(YUV420.byteCount(width: width, height: height))
        bytes.withUnsafeMutableBufferPointer {
            YUV420.convert(bgrx: pixels, width: width, height: height, stride: stride, pad: pad, into: $0.baseAddress!)
        }
        return bytes
    }

    /// A buffer of `count` bytes, reused from a frame every feeder has passed when there is
    /// one. Fresh multi-megabyte arrays cost a page fault per 4 KiB each time (the allocator
    /// maps and unmaps them); recycled ones are already mapped.
    private func buffer(_ count: Int) -> [UInt8] {
        condition.lock()
        // The oldest first: the newest may still be a feeder's previous frame (the GIF's), and
        // writing into a shared array would copy it.
        let reused = recycled[count]?.isEmpty == false ? recycled[count]!.removeFirst() : nil
        condition.unlock()
        return reused ?? [UInt8](repeating: 0, count: count)
    }

    /// Keeps the buffers of a frame no feeder needs any more (called with the lock held).
    private func recycle(_ payload: Payload) {
        for bytes in [payload.bgrx, payload.yuv, payload.scaledBGRX, payload.scaledYUV] {
            guard let bytes else { continue }
            if recycled[bytes.count, default: []].count < window + 4 { recycled[bytes.count, default: []].append(bytes) }
        }
    }

    /// Waits for every feeder to finish and moves the previews into place. Returns them in the
    /// order of the formats.
    func finish() throws -> [PreviewFile] {
        condition.lock()
        while finishedFeeds < feeds.count && !cancelled { condition.wait() }
        condition.unlock()
        if let error = feeds.lazy.compactMap(\.error).first {
            cancel()
            throw error
        }
        var files: [PreviewFile] = []
        for feed in feeds {
            if let file = feed.file { files.append(file); continue }
            // An ffmpeg that exited 0 without writing its file failed all the same (renaming
            // the missing file blamed the folder's permissions).
            var written = stat()
            guard stat(feed.temporary, &written) == 0, written.st_size > 0 else {
                cancel()
                throw PreviewError.ffmpegFailed(format: feed.format.rawValue.uppercased(), status: 0,
                                                stderr: "ffmpeg exited without writing the file")
            }
            guard rename(feed.temporary, feed.path) == 0 else {
                cancel()
                throw OutputError.fileSystem(path: feed.path, code: errno)
            }
            InterruptCleanup.unregister(path: feed.temporary)
            var info = stat()
            let bytes = stat(feed.path, &info) == 0 ? Int(info.st_size) : 0
            files.append(PreviewFile(path: feed.path, byteCount: bytes, frameCount: nil, width: feed.size.width,
                                     height: feed.size.height))
        }
        return files
    }

    /// Stops every feeder and removes their temporary files.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
        for feed in feeds {
            feed.stream?.stop()
            feed.gif?.cancel()
            if !feed.temporary.isEmpty {
                unlink(feed.temporary)
                InterruptCleanup.unregister(path: feed.temporary)
            }
        }
    }

    /// The lowest frame some feeder still needs (called with the lock held).
    private var slowest: Int { feeds.map(\.next).min() ?? range.upperBound }

    private func run(_ feed: Feed) {
        let timing = feed.format == .gif ? GIFTiming(sequenceFPS: fps, frameCount: range.count, previewFPS: previewFPS) : nil
        let encoder = feed.format == .gif ? GIFFrameEncoder() : nil
        var previous: [UInt8]?
        do {
            for index in range {
                condition.lock()
                while frames[index] == nil && !cancelled { condition.wait() }
                let payload = frames[index]
                condition.unlock()
                guard let payload else { break }
                let bytes: [UInt8]?
                switch (feed.scaled, feed.input) {
                case (false, .bgrx): bytes = payload.bgrx
                case (false, .yuv): bytes = payload.yuv
                case (true, .bgrx): bytes = payload.scaledBGRX
                case (true, .yuv): bytes = payload.scaledYUV
                }
                // (Every feed's input is made for each frame, `needs`; a missing one would
                // leave the preview short, so it fails the preview instead.)
                guard let bytes else {
                    throw PreviewError.ffmpegFailed(format: feed.format.rawValue.uppercased(), status: 0,
                                                    stderr: "no \(feed.input) pixels were made for frame \(index)")
                }
                if let stream = feed.stream {
                    if shown.contains(index) { try stream.write(bytes) }
                } else if let gif = feed.gif, let encoder, let timing,
                          let position = timing.position(ofFrame: index - range.lowerBound) {
                    try gif.append(encoder.encode(frame: bytes, previous: previous, width: feed.size.width,
                                                  height: feed.size.height, delay: timing.delay(at: position)))
                    previous = bytes
                }
                condition.lock()
                feed.next = index + 1
                if feeds.allSatisfy({ $0.next > index }), let done = frames.removeValue(forKey: index) { recycle(done) }
                condition.broadcast()
                condition.unlock()
            }
            if !cancelled {
                try feed.stream?.finish()
                if let gif = feed.gif { feed.file = try gif.finish() }
            }
        } catch {
            condition.lock()
            feed.error = error
            condition.unlock()
        }
        condition.lock()
        finishedFeeds += 1
        condition.broadcast()
        condition.unlock()
    }
}
