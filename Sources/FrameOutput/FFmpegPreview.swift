import Foundation
import SceneFormat
import FrameFiles
import Rendering
import Images

// Design note: MP4, GIF and WebP previews are stitched by ffmpeg from the frame folder with the
// usual recipes: H.264 in yuv420p with +faststart (plays while downloading; even
// sizes, since libx264 refuses odd ones), GIF at 50 fps or less through palettegen
// stats_mode=diff + paletteuse dither=bayer (crisp and stable on flat colors), libwebp_anim,
// and ffmpeg's own APNG muxer as an alternative to APNGWriter. All loop forever where the
// format can. The output format is always given with -f because ffmpeg writes to a hidden
// temporary name that is renamed into place only on success. The argument list is built by a
// pure function so tests can check it without ffmpeg.

/// A preview format made with ffmpeg.
public enum PreviewFormat: String, CaseIterable, Sendable {
    case mp4, gif, webp, apng

    /// `preview.mp4`, `preview.gif`, `preview.webp`, `preview.apng`.
    public var defaultFileName: String { "preview.\(rawValue)" }

    /// The fastest frame rate used for the format (GIF delays are whole centiseconds and
    /// browsers slow down anything faster than 50 fps).
    var maximumFPS: Double? { self == .gif ? 50 : nil }

    var muxer: String { rawValue }
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
        guard let executable = ffmpeg.flatMap({ FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }) ?? (ffmpeg == nil ? FFmpeg.locate() : nil) else {
            throw PreviewError.ffmpegMissing
        }
        let firstFrame = folder.path(ofFrame: folder.frames.lowerBound)
        let header: PNGHeader
        do { header = try PNGHeader.read(fileAt: firstFrame) } catch let error as PNGError {
            throw PreviewError.unreadableFrame(path: firstFrame, error)
        }
        var size = options.scaledSize(width: header.width, height: header.height)
        if format == .mp4 {
            size.width -= size.width % 2
            size.height -= size.height % 2
            guard size.width >= 2, size.height >= 2 else {
                throw PreviewError.invalidOption("an MP4 preview needs at least 2 x 2 pixels")
            }
        }
        let byteCount = try OutputFile.replace(path) { temporary in
            let arguments = self.arguments(for: format, folder: folder, output: temporary, options: options,
                                           frameWidth: header.width, frameHeight: header.height)
            try FFmpeg.run(executable, arguments: arguments, purpose: format.rawValue.uppercased())
        }
        return PreviewFile(path: path, byteCount: byteCount, frameCount: nil, width: size.width, height: size.height)
    }

    /// The ffmpeg arguments for a preview (without the executable).
    public static func arguments(for format: PreviewFormat, folder: FrameFolder, output: String,
                                 options: PreviewOptions, frameWidth: Int, frameHeight: Int) -> [String] {
        var arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y",
                         "-framerate", JSON5Value.jsonNumber(folder.fps),
                         "-start_number", String(folder.frames.lowerBound),
                         "-i", (folder.path as NSString).appendingPathComponent(FrameFolder.framePattern)]
        var filters = [String]()
        let limits = [options.fps, format.maximumFPS].compactMap { $0 }
        if let fps = limits.min(), fps < folder.fps {
            filters.append("fps=\(JSON5Value.jsonNumber(fps))")
        }
        let size = options.scaledSize(width: frameWidth, height: frameHeight)
        switch format {
        case .mp4:
            // -2: the height that keeps the aspect ratio, rounded to an even number.
            let width = max(2, size.width - size.width % 2)
            if width != frameWidth || frameHeight % 2 != 0 {
                filters.append("scale=\(width):-2:flags=lanczos")
            }
            if !filters.isEmpty { arguments += ["-vf", filters.joined(separator: ",")] }
            arguments += ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18",
                          "-movflags", "+faststart", "-f", "mp4"]
        case .gif:
            if size.width != frameWidth { filters.append("scale=\(size.width):-1:flags=lanczos") }
            filters.append("split[frames][copy];[copy]palettegen=stats_mode=diff[palette];"
                           + "[frames][palette]paletteuse=dither=bayer")
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
        return arguments + [output]
    }
}
