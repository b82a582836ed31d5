import Foundation
import SceneFormat
import FrameFiles
import Rendering
import Images

// Design note: previews stitched by ffmpeg from the frame folder with the
// usual recipes: H.264 in yuv420p with +faststart (plays while downloading; even
// sizes, since libx264 refuses odd ones), GIF at 50 fps or less through palettegen
// stats_mode=diff + paletteuse dither=bayer (crisp and stable on flat colors), libwebp_anim,
// and ffmpeg's own APNG muxer. `animatic` uses it for MP4 and WebP of finished folders (merge,
// see-through frames); GIF and APNG it writes with its own encoders (GIFWriter, APNGWriter), so
// the ffmpeg GIF (dithered, a palette per run) and APNG are alternatives for library users
// who want ffmpeg's. All loop forever where the
// format can. The output format is always given with -f because ffmpeg writes to a hidden
// temporary name that is renamed into place only on success. The argument list is built by a
// pure function so tests can check it without ffmpeg.

/// A preview format: MP4 and WebP are made by ffmpeg, GIF and APNG by animatic itself (or by ffmpeg through ``FFmpegPreview``).
public enum PreviewFormat: String, CaseIterable, Sendable {
    case mp4, gif, webp, apng

    /// `preview.mp4`, `preview.gif`, `preview.webp`, `preview.apng`.
    public var defaultFileName: String { "preview.\(rawValue)" }

    /// The fastest frame rate used for the format (GIF delays are whole centiseconds and
    /// browsers slow down anything faster than 50 fps).
    var maximumFPS: Double? { self == .gif ? 50 : nil }

    var muxer: String { rawValue }

    /// The formats of a comma-separated list (`--video mp4,gif`), each named once. Throws
    /// ``PreviewListProblem`` for an empty list, an unknown name or a format named twice.
    public static func list(_ text: String) throws -> [PreviewFormat] {
        // Every name counts, an empty one too (`gif,` was taken as `gif`, where `--only` and
        // `--debug` refuse the same).
        let names = text.split(separator: ",", omittingEmptySubsequences: false)
        guard !text.isEmpty else { throw PreviewListProblem.empty }
        var formats: [PreviewFormat] = []
        for name in names {
            guard !name.isEmpty else { throw PreviewListProblem.emptyName(list: text) }
            guard let format = PreviewFormat(rawValue: String(name)) else { throw PreviewListProblem.unknown(String(name)) }
            guard !formats.contains(format) else { throw PreviewListProblem.repeated(format, list: text) }
            formats.append(format)
        }
        return formats
    }

    /// `formats` with each format once, at its first place: two encoders of one format would
    /// write the same file (and wait on each other's pipe), so a list that names a format
    /// twice makes it once.
    public static func distinct(_ formats: [PreviewFormat]) -> [PreviewFormat] {
        var seen: [PreviewFormat] = []
        for format in formats where !seen.contains(format) { seen.append(format) }
        return seen
    }
}

/// What is wrong with a list of preview formats (``PreviewFormat/list(_:)``), in the words of
/// the command lines' `--video`.
public enum PreviewListProblem: Error, CustomStringConvertible {
    case empty
    case emptyName(list: String)
    case unknown(String)
    case repeated(PreviewFormat, list: String)

    public var description: String {
        switch self {
        case .empty: return "--video needs at least one format (mp4, gif, apng, webp)"
        case .emptyName(let list): return "--video has an empty name in '\(list)'; give formats separated by commas, such as gif,mp4"
        case .unknown(let name): return "unknown preview format '\(name)' (mp4, gif, apng, webp)"
        case let .repeated(format, list): return "--video names \(format.rawValue) twice (got '\(list)'); each preview is made once"
        }
    }
}

/// Makes previews of a frame folder with ffmpeg.
///
/// ```swift
/// let folder = try FrameFolder(path: "output/push")
/// do {
///     try FFmpegPreview.write(.mp4, from: folder, to: "output/push/preview.mp4",
///                             options: PreviewOptions(width: 640))
/// } catch PreviewError.ffmpegMissing {
///     print("install ffmpeg for MP4 previews: apt-get install ffmpeg")
/// }
/// ```
public enum FFmpegPreview {
    /// Whether ffmpeg is on the PATH.
    public static var isAvailable: Bool { FFmpeg.locate() != nil }

    /// Writes a `format` preview of `folder` to `path`.
    ///
    /// `ffmpeg` is the executable to run (default: `ffmpeg` on the PATH). Throws
    /// ``PreviewError/ffmpegMissing`` when there is none, ``PreviewError/ffmpegFailed(format:status:stderr:)``
    /// when it fails; a previous file at `path` then stays as it was.
    @discardableResult
    public static func write(_ format: PreviewFormat, from folder: FrameFolder, to path: String,
                             options: PreviewOptions = PreviewOptions(), ffmpeg: String? = nil) throws -> PreviewFile {
        try options.validate()
        let executable = try locate(ffmpeg)
        let firstFrame = folder.path(ofFrame: folder.frames.lowerBound)
        let image: RGBAImage
        do { image = try RGBAImage.decodePNG(path: firstFrame) } catch let error as PNGError {
            throw PreviewError.unreadableFrame(path: firstFrame, error)
        }
        // An odd-sized MP4's padding: a see-through background is black in an MP4 (frames
        // with an alpha channel, PNG color types 4 and 6); an opaque one the frames do not
        // record, so the first frame's top-left pixel stands for it.
        let seeThrough = ((try? PNGHeader.read(fileAt: firstFrame))?.colorType ?? 2) & 4 != 0
        let corner = seeThrough ? RGBAPixel(red: 0, green: 0, blue: 0) : image.pixel(x: 0, y: 0) ?? RGBAPixel(red: 255, green: 255, blue: 255)
        let pad = SceneColor(red: Double(corner.red) / 255, green: Double(corner.green) / 255, blue: Double(corner.blue) / 255)
        let size = try outputSize(format, frameWidth: image.width, frameHeight: image.height, options: options)
        // Slower than the frames: ffmpeg reads just the frames `FrameFolder.sample` picks (as
        // links numbered from 0, beside the output) at the preview's rate, the frames every
        // other preview shows; its fps filter picked the last of each interval and one more.
        let limit = [options.fps, format.maximumFPS].compactMap { $0 }.min()
        let sample = folder.sample(atFPS: limit)
        var links: String?
        defer { if let links { try? FileManager.default.removeItem(atPath: links); InterruptCleanup.unregister(path: links) } }
        var input = Input(folder: folder)
        if sample.frames.count < folder.frames.count {
            let dir = (FilePath.parent(of: path) as NSString)
                .appendingPathComponent(".\((path as NSString).lastPathComponent).frames-\(getpid())")
            links = dir
            InterruptCleanup.register(path: dir)
            try? FileManager.default.removeItem(atPath: dir)
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
                for (k, frame) in sample.frames.enumerated() {
                    let target = FilePath.resolved(folder.path(ofFrame: frame))
                    try FileManager.default.createSymbolicLink(atPath: (dir as NSString).appendingPathComponent(FrameFolder.fileName(forFrame: k)),
                                                               withDestinationPath: target)
                }
            } catch {
                throw OutputError.unwritableFolder(path: FilePath.parent(of: dir), reason: "\(error)")
            }
            input = Input(pattern: (dir as NSString).appendingPathComponent(FrameFolder.framePattern), start: 0, fps: sample.fps)
        }
        var encoding = options
        if links != nil { encoding.fps = nil }
        let byteCount = try OutputFile.replace(path) { temporary in
            let arguments = self.arguments(for: format, input: input, output: temporary, options: encoding,
                                           frameWidth: image.width, frameHeight: image.height, padColor: pad)
            try FFmpeg.run(executable, arguments: arguments, purpose: format.rawValue.uppercased())
            // The temporary file is made empty beforehand (OutputFile.replace): an ffmpeg that
            // exited 0 without writing it would have published an empty preview.
            var written = stat()
            guard stat(temporary, &written) == 0, written.st_size > 0 else {
                throw PreviewError.ffmpegFailed(format: format.rawValue.uppercased(), status: 0,
                                                stderr: "ffmpeg exited without writing the file")
            }
        }
        return PreviewFile(path: path, byteCount: byteCount, frameCount: nil, width: size.width, height: size.height)
    }

    /// The frame files ffmpeg reads: a `%05d` pattern, its first number and their rate.
    struct Input {
        var pattern: String
        var start: Int
        var fps: Double

        init(pattern: String, start: Int, fps: Double) { self.pattern = pattern; self.start = start; self.fps = fps }

        /// Every frame of `folder`.
        init(folder: FrameFolder) {
            self.init(pattern: (folder.path as NSString).appendingPathComponent(FrameFolder.framePattern),
                      start: folder.frames.lowerBound, fps: folder.fps)
        }
    }

    /// ffmpeg at `path`, or on the PATH when nil; throws ``PreviewError/ffmpegMissing``.
    static func locate(_ path: String?) throws -> String {
        guard let executable = path.flatMap({ FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil })
                ?? (path == nil ? FFmpeg.locate() : nil) else {
            throw PreviewError.ffmpegMissing
        }
        return executable
    }

    /// The pixel size of a `format` preview of `frameWidth` x `frameHeight` frames: scaled down
    /// to the preview width, and for MP4 (whose encoder needs even sizes) padded up to even
    /// numbers, or scaled to an even width and height.
    static func outputSize(_ format: PreviewFormat, frameWidth: Int, frameHeight: Int,
                           options: PreviewOptions) throws -> (width: Int, height: Int) {
        var size = options.scaledSize(width: frameWidth, height: frameHeight, format: format)
        guard format == .mp4 else { return size }
        if size.width < frameWidth {
            size.width -= size.width % 2
            guard size.width >= 2 else { throw PreviewError.invalidOption("an MP4 preview needs at least 2 x 2 pixels") }
            let height = Double(frameHeight) * Double(size.width) / Double(frameWidth)
            size.height = max(2, Int((height / 2).rounded()) * 2)
        } else {
            size = (frameWidth + frameWidth % 2, frameHeight + frameHeight % 2)
        }
        return size
    }

    /// The ffmpeg arguments for a preview of a frame folder (without the executable).
    public static func arguments(for format: PreviewFormat, folder: FrameFolder, output: String,
                                 options: PreviewOptions, frameWidth: Int, frameHeight: Int,
                                 padColor: SceneColor = .white) -> [String] {
        arguments(for: format, input: Input(folder: folder), output: output, options: options, frameWidth: frameWidth,
                  frameHeight: frameHeight, padColor: padColor)
    }

    static func arguments(for format: PreviewFormat, input: Input, output: String, options: PreviewOptions,
                          frameWidth: Int, frameHeight: Int, padColor: SceneColor) -> [String] {
        ["-hide_banner", "-loglevel", "error", "-nostdin", "-y",
         "-framerate", JSON5Value.jsonNumber(input.fps),
         "-start_number", String(input.start),
         "-i", input.pattern]
            + encodingArguments(for: format, fps: input.fps, options: options, frameWidth: frameWidth,
                                frameHeight: frameHeight, padColor: padColor)
            + [output]
    }

    /// Whether a streamed `format` preview of `frameWidth`-wide frames is fed planar YUV 4:2:0
    /// (converted and padded to even sizes by the caller, ``YUV420``) rather than Cairo pixels:
    /// MP4 at the frames' own size.
    static func streamsYUV(_ format: PreviewFormat, frameWidth: Int, options: PreviewOptions) -> Bool {
        format == .mp4 && options.scaledSize(width: frameWidth, height: 1, format: format).width >= frameWidth
    }

    /// The ffmpeg arguments for a preview of raw frames written to its standard input: rows of
    /// `frameWidth` Cairo pixels (B, G, R, unused bytes), one frame after another, or
    /// planar YUV 4:2:0 of the even-padded size when the format and size take it (see
    /// `streamsYUV(_:frameWidth:options:)`).
    /// `encoderThreads` caps the MP4 encoder's threads (nil: x264's own choice, 1.5 per core).
    public static func streamArguments(for format: PreviewFormat, fps: Double, output: String, options: PreviewOptions,
                                       frameWidth: Int, frameHeight: Int, padColor: SceneColor,
                                       encoderThreads: Int? = nil) -> [String] {
        let input = ["-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo"]
        let threads = format == .mp4 ? encoderThreads.map { ["-threads", String(max(1, $0))] } ?? [] : []
        if streamsYUV(format, frameWidth: frameWidth, options: options) {
            let w = frameWidth + frameWidth % 2, h = frameHeight + frameHeight % 2
            return input + ["-pix_fmt", "yuv420p", "-video_size", "\(w)x\(h)", "-framerate", JSON5Value.jsonNumber(fps), "-i", "pipe:0"]
                + encodingArguments(for: format, fps: fps, options: options, frameWidth: w, frameHeight: h, padColor: padColor)
                + threads + [output]
        }
        return input + ["-pix_fmt", "bgr0", "-video_size", "\(frameWidth)x\(frameHeight)",
                        "-framerate", JSON5Value.jsonNumber(fps), "-i", "pipe:0"]
            + encodingArguments(for: format, fps: fps, options: options, frameWidth: frameWidth,
                                frameHeight: frameHeight, padColor: padColor)
            + threads + [output]
    }

    /// Encoder threads for an MP4 streamed beside the frame workers: half the cores. The
    /// workers already keep every core busy, and x264's frame threads (1.5 per core by
    /// default) cost CPU there: on 2 cores, push's frames + MP4 + GIF took 3.92 s with one
    /// encoder thread against 4.25 s with x264's three (medians of 6 alternating runs).
    static var streamedEncoderThreads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount / 2) }

    /// Filters and encoder settings of a preview, whatever the input.
    static func encodingArguments(for format: PreviewFormat, fps: Double, options: PreviewOptions,
                                  frameWidth: Int, frameHeight: Int, padColor: SceneColor) -> [String] {
        var arguments: [String] = []
        var filters = [String]()
        let limits = [options.fps, format.maximumFPS].compactMap { $0 }
        if let limit = limits.min(), limit < fps {
            filters.append("fps=\(JSON5Value.jsonNumber(limit))")
        }
        let size = options.scaledSize(width: frameWidth, height: frameHeight, format: format)
        switch format {
        case .mp4:
            if size.width < frameWidth, let even = try? outputSize(format, frameWidth: frameWidth, frameHeight: frameHeight,
                                                                 options: options) {
                // Scaled to the even size `outputSize` reports (the aspect ratio's height,
                // rounded to an even number), from the frames whichever way they come.
                filters.append("scale=\(even.width):\(even.height):flags=lanczos")
            } else if frameWidth % 2 != 0 || frameHeight % 2 != 0 {
                // libx264 needs even sizes: one column or row more, in the background's color.
                filters.append("pad=\(frameWidth + frameWidth % 2):\(frameHeight + frameHeight % 2):0:0:color=\(hex(padColor))")
            }
            if !filters.isEmpty { arguments += ["-vf", filters.joined(separator: ",")] }
            // A constant quantizer rather than crf: crf estimates each frame's complexity on a
            // half-size copy first, about a quarter of ultrafast's encoding time here; qp 16
            // keeps busy scenes near 50 dB PSNR with no frame far below (the 1,000-item rain:
            // 50.4-50.7 dB on average, 49.7 its worst frame; crf 18 had a 44 dB worst frame).
            arguments += ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-qp", "16",
                          "-movflags", "+faststart", "-f", "mp4"]
        case .gif:
            if size.width != frameWidth { filters.append("scale=\(size.width):-1:flags=lanczos") }
            filters.append("split[frames][copy];[copy]palettegen=stats_mode=diff[palette];"
                           + "[frames][palette]paletteuse=dither=bayer:diff_mode=rectangle")
            arguments += ["-vf", filters.joined(separator: ","), "-loop", "0", "-f", "gif"]
        case .webp:
            if size.width != frameWidth { filters.append("scale=\(size.width):-1:flags=lanczos") }
            if !filters.isEmpty { arguments += ["-vf", filters.joined(separator: ",")] }
            arguments += ["-c:v", "libwebp_anim", "-lossless", "1", "-loop", "0", "-f", "webp"]
        case .apng:
            if size.width != frameWidth { filters.append("scale=\(size.width):-1:flags=lanczos") }
            if !filters.isEmpty { arguments += ["-vf", filters.joined(separator: ",")] }
            arguments += ["-plays", "0", "-f", "apng"]
        }
        return arguments
    }

    /// `0xRRGGBB` for ffmpeg's color options.
    static func hex(_ color: SceneColor) -> String {
        func byte(_ v: Double) -> String {
            let b = String(Int((min(max(v, 0), 1) * 255).rounded()), radix: 16, uppercase: true)
            return b.count == 1 ? "0" + b : b
        }
        return "0x" + byte(color.red) + byte(color.green) + byte(color.blue)
    }
}
