import Foundation
import FrameFiles
import Images
import SceneFormat

// Design note: previews made while the frames are rendered. The frame writer's workers hand
// each rendered frame's pixels (as Cairo holds them) to this stream in whatever order they
// finish; one feeder thread per ffmpeg takes them back in frame order and writes them to that
// ffmpeg's standard input, so encoding overlaps drawing and no PNG is decoded again. A frame
// is kept until every feeder has written it. Workers block when a frame is more than `window`
// frames ahead of the slowest feeder, which bounds memory; the frame every feeder waits for is
// always within the window (workers take frames in order), so this cannot deadlock. ffmpeg
// writes into the staging folder under a temporary name, renamed at finish.

/// ffmpeg previews fed with raw frames from memory while the frames render.
final class StreamedPreviews: @unchecked Sendable {
    /// One ffmpeg and its position in the frame sequence.
    private final class Feed {
        let format: PreviewFormat
        /// Fed planar YUV 4:2:0 rather than Cairo pixels.
        let yuv: Bool
        let stream: FFmpegStream
        let temporary: String
        let path: String
        let size: (width: Int, height: Int)
        var next: Int
        var error: Error?
        init(format: PreviewFormat, yuv: Bool, stream: FFmpegStream, temporary: String, path: String,
             size: (width: Int, height: Int), next: Int) {
            self.format = format; self.yuv = yuv; self.stream = stream; self.temporary = temporary; self.path = path
            self.size = size; self.next = next
        }
    }

    /// A frame in the forms the feeds read.
    private struct Payload {
        var bgrx: [UInt8]?
        var yuv: [UInt8]?
    }

    private let condition = NSCondition()
    private var frames: [Int: Payload] = [:]
    private let width: Int, height: Int
    private let pad: (red: UInt8, green: UInt8, blue: UInt8)
    private var needsBGRX = false, needsYUV = false
    private var feeds: [Feed] = []
    private var threads: [Thread] = []
    private var finishedFeeds = 0
    private var cancelled = false
    private let range: Range<Int>
    private let window: Int

    /// Starts one ffmpeg per format, writing `folder/preview.FORMAT`.
    init(formats: [PreviewFormat], folder: String, fps: Double, frames range: Range<Int>, width: Int, height: Int,
         background: SceneColor, options: PreviewOptions, ffmpeg: String? = nil, window: Int = 32) throws {
        try options.validate()
        let executable = try FFmpegPreview.locate(ffmpeg)
        self.range = range
        self.window = max(window, 1)
        self.width = width
        self.height = height
        func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
        pad = (byte(background.red), byte(background.green), byte(background.blue))
        for format in formats {
            let path = (folder as NSString).appendingPathComponent(format.defaultFileName)
            let temporary = (folder as NSString).appendingPathComponent(".\(format.defaultFileName).tmp-\(getpid())")
            let size = try FFmpegPreview.outputSize(format, frameWidth: width, frameHeight: height, options: options)
            let arguments = FFmpegPreview.streamArguments(for: format, fps: fps, output: temporary, options: options,
                                                          frameWidth: width, frameHeight: height, padColor: background)
            do {
                let yuv = FFmpegPreview.streamsYUV(format, frameWidth: width, options: options)
                let stream = try FFmpegStream(executable, arguments: arguments, purpose: format.rawValue.uppercased())
                feeds.append(Feed(format: format, yuv: yuv, stream: stream, temporary: temporary, path: path, size: size,
                                  next: range.lowerBound))
                if yuv { needsYUV = true } else { needsBGRX = true }
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

    /// Hands in frame `index`'s pixels (rows of `width` 32-bit Cairo words, packed). Waits while
    /// the frame is too far ahead of the slowest feeder; throws the first feeder failure. The
    /// conversion to YUV happens here, on the caller's (a render worker's) thread.
    func submit(_ index: Int, pixels: [UInt8]) throws {
        var payload = Payload(bgrx: needsBGRX ? pixels : nil, yuv: nil)
        if needsYUV {
            payload.yuv = pixels.withUnsafeBytes {
                YUV420.convert(bgrx: $0.baseAddress!, width: width, height: height, stride: width * 4, pad: pad).bytes
            }
        }
        condition.lock()
        defer { condition.unlock() }
        while !cancelled, feeds.allSatisfy({ $0.error == nil }), index >= slowest + window { condition.wait() }
        if let error = feeds.lazy.compactMap(\.error).first { throw error }
        guard !cancelled else { return }
        frames[index] = payload
        condition.broadcast()
    }

    /// Waits for every ffmpeg to finish and moves the previews into place. Returns them in the
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

    /// Stops every ffmpeg and removes their temporary files.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
        for feed in feeds {
            feed.stream.stop()
            unlink(feed.temporary)
            InterruptCleanup.unregister(path: feed.temporary)
        }
    }

    /// The lowest frame some feeder still needs (called with the lock held).
    private var slowest: Int { feeds.map(\.next).min() ?? range.upperBound }

    private func run(_ feed: Feed) {
        InterruptCleanup.register(path: feed.temporary)
        do {
            for index in range {
                condition.lock()
                while frames[index] == nil && !cancelled { condition.wait() }
                let payload = frames[index]
                condition.unlock()
                guard let payload, let bytes = feed.yuv ? payload.yuv : payload.bgrx else { break }
                try feed.stream.write(bytes)
                condition.lock()
                feed.next = index + 1
                if feeds.allSatisfy({ $0.next > index }) { frames[index] = nil }
                condition.broadcast()
                condition.unlock()
            }
            if !cancelled { try feed.stream.finish() }
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
