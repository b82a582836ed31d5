import CCairo
import Foundation
import FrameFiles
import Rendering
import Images

// Design note: the GIF preview of a finished frame folder, without ffmpeg. The frames shown
// and their delays are GIFTiming's (at most 50 fps, the frame nearest to each instant).
// Frames are decoded and converted to Cairo's pixel layout, then encoded by GIFFrameEncoder
// against the frame shown before them, in parallel windows of a few frames (one window decoded
// while the one before it is encoded), and the blocks are written in order: memory stays at
// two windows of frames whatever the length, and the bytes do not depend on the job count. Frames at the preview size and opaque are
// converted directly; others (a smaller width, a see-through background) are drawn with
// Cairo onto a white canvas of the preview size, since GIF has no partial transparency.

/// Writes looping GIF previews from a frame folder, without ffmpeg.
///
/// ```swift
/// let folder = try FrameFolder(path: "output/push")
/// try GIFWriter.write(from: folder, to: "output/push/preview.gif", options: PreviewOptions(width: 600))
/// ```
public enum GIFWriter {
    /// `preview.gif`.
    public static let defaultFileName = "preview.gif"

    /// Writes the frames of `folder` as a GIF that loops forever.
    ///
    /// Shows at most 50 frames per second (`options.fps` lower still); `options.width` below
    /// the frames' (default: at most ``PreviewOptions/docsWidth``) scales them down. Throws
    /// ``PreviewError`` for unreadable frames and options, ``OutputError`` when the file cannot
    /// be written; a previous file at `path` then stays.
    @discardableResult
    public static func write(from folder: FrameFolder, to path: String, options: PreviewOptions = PreviewOptions(),
                             jobs: Int = ProcessInfo.processInfo.activeProcessorCount) throws -> PreviewFile {
        try options.validate()
        let timing = GIFTiming(sequenceFPS: folder.fps, frameCount: folder.frames.count, previewFPS: options.fps)
        let picked = timing.frames.map { folder.frames.lowerBound + $0 }
        let firstPath = folder.path(ofFrame: picked[0])
        let first: PNGHeader
        do { first = try PNGHeader.read(fileAt: firstPath) } catch let error as PNGError {
            throw PreviewError.unreadableFrame(path: firstPath, error)
        }
        let size = options.scaledSize(width: first.width, height: first.height, format: .gif)
        let gif = try GIFFileWriter(path: path, width: size.width, height: size.height)
        let encoders = EncoderPool()
        // Each pass decodes one window and encodes the window decoded by the pass before (whose
        // frames, and the one shown before them, are all at hand): one wait per window.
        let window = max(1, jobs) * 4
        var decoded: (positions: Range<Int>, pixels: [[UInt8]])?
        var previous: [UInt8]?
        var start = 0
        repeat {
            let positions = min(start, picked.count)..<min(picked.count, start + window)
            start += window
            let encoding = decoded
            let before = previous
            var pixels = [[UInt8]](repeating: [], count: positions.count)
            var blocks = [[UInt8]](repeating: [], count: encoding?.pixels.count ?? 0)
            let lock = NSLock()
            try parallel(positions.count + blocks.count, jobs: jobs) { item in
                if item < positions.count {
                    let frame = try nativePixels(of: folder.path(ofFrame: picked[positions.lowerBound + item]), size: size)
                    lock.withLock { pixels[item] = frame }
                } else if let encoding {
                    let k = item - positions.count
                    let block = encoders.withEncoder { encoder in
                        encoder.encode(frame: encoding.pixels[k], previous: k > 0 ? encoding.pixels[k - 1] : before,
                                       width: size.width, height: size.height,
                                       delay: timing.delay(at: encoding.positions.lowerBound + k))
                    }
                    lock.withLock { blocks[k] = block }
                }
            }
            for block in blocks { try gif.append(block) }
            previous = encoding?.pixels.last ?? previous
            decoded = positions.isEmpty ? nil : (positions, pixels)
        } while decoded != nil
        return try gif.finish()
    }

    /// Frame `path` as `size` rows of Cairo words (opaque: see-through pixels over white).
    static func nativePixels(of path: String, size: (width: Int, height: Int)) throws -> [UInt8] {
        let image: RGBAImage
        do { image = try RGBAImage.decodePNG(path: path) } catch let error as PNGError {
            throw PreviewError.unreadableFrame(path: path, error)
        }
        let opaque = image.pixels.withUnsafeBytes { rgba in
            rgba.withMemoryRebound(to: UInt32.self) { words in words.allSatisfy { UInt32(bigEndian: $0) & 0xFF == 0xFF } }
        }
        if opaque && image.width == size.width && image.height == size.height {
            let count = image.width * image.height
            return image.pixels.withUnsafeBufferPointer { rgba in
                [UInt8](unsafeUninitializedCapacity: 4 * count) { bytes, initialized in
                    let words = UnsafeMutableRawPointer(bytes.baseAddress!).bindMemory(to: UInt32.self, capacity: count)
                    for k in 0..<count {
                        words[k] = 0xFF00_0000 | UInt32(rgba[4 * k]) << 16 | UInt32(rgba[4 * k + 1]) << 8 | UInt32(rgba[4 * k + 2])
                    }
                    initialized = 4 * count
                }
            }
        }
        let source = try CairoImageSurface(image: image, opaque: opaque)
        let target = try CairoImageSurface(width: size.width, height: size.height, opaque: true, background: .white)
        try target.draw { cr in
            CairoImageSurface.paint(source, into: cr, x: 0, y: 0, width: Double(size.width), height: Double(size.height))
        }
        guard let data = cairo_image_surface_get_data(target.surface) else { throw RenderError.cairoFailure("no pixel memory") }
        let stride = Int(cairo_image_surface_get_stride(target.surface)), rowBytes = size.width * 4
        var bytes = [UInt8](repeating: 0, count: rowBytes * size.height)
        bytes.withUnsafeMutableBytes { out in
            for y in 0..<size.height { (out.baseAddress! + y * rowBytes).copyMemory(from: data + y * stride, byteCount: rowBytes) }
        }
        return bytes
    }

    /// `body(0..<count)` on up to `jobs` threads; throws the first error (in item order).
    private static func parallel(_ count: Int, jobs: Int, _ body: (Int) throws -> Void) throws {
        var errors = [Error?](repeating: nil, count: count)
        let lock = NSLock()
        withoutActuallyEscaping(body) { body in
            let work = { (k: Int) in
                do { try body(k) } catch { lock.withLock { errors[k] = error } }
            }
            if jobs <= 1 || count <= 1 {
                for k in 0..<count { work(k) }
            } else {
                DispatchQueue.concurrentPerform(iterations: count, execute: work)
            }
        }
        if let error = errors.lazy.compactMap({ $0 }).first { throw error }
    }

    /// Encoders handed to whichever thread needs one (each keeps its scratch memory).
    private final class EncoderPool: @unchecked Sendable {
        private var idle: [GIFFrameEncoder] = []
        private let lock = NSLock()

        func withEncoder<R>(_ body: (GIFFrameEncoder) -> R) -> R {
            let encoder = lock.withLock { idle.popLast() } ?? GIFFrameEncoder()
            defer { lock.withLock { idle.append(encoder) } }
            return body(encoder)
        }
    }
}
