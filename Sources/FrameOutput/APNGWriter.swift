import Foundation
import FrameFiles
import Rendering
import Images

// Design note: Debian's libpng has no APNG support, and ffmpeg is optional, so the always-
// available animated preview is written here chunk by chunk (APNG 1.0, Mozilla): IHDR, acTL
// {frames, plays 0 = loop forever}, then per frame an fcTL {sequence, size, offset 0, delay
// num/den, dispose NONE, blend SOURCE} followed by the image data, as IDAT for frame 0 (which
// is also the still image non-APNG viewers show) and as fdAT {sequence, data} for the others.
// fcTL and fdAT share one sequence counter from 0. When the frames keep their size and share
// one IHDR (always true for a folder written by FrameSequenceWriter), their compressed IDAT
// data is copied as is: nothing is decoded or compressed again. Otherwise (a smaller width,
// mixed headers) each frame is decoded, scaled with Cairo and encoded again. Frames are
// prepared in parallel windows and written in order, so memory stays bounded and the bytes do
// not depend on the job count. The file appears under its name only when complete.

/// Writes looping animated PNGs from a frame folder, without ffmpeg.
///
/// ```swift
/// let folder = try FrameFolder(path: "output/push")
/// try APNGWriter.write(from: folder, to: "output/push/preview.apng",
///                      options: PreviewOptions(fps: 30, width: 320))
/// ```
public enum APNGWriter {
    /// `preview.apng`.
    public static let defaultFileName = "preview.apng"

    /// Largest data size of one IDAT or fdAT chunk written; larger frames take several chunks.
    static let maximumChunkData = 1 << 20

    /// Writes the frames of `folder` as an APNG that loops forever.
    ///
    /// `options.fps` below the sequence's picks the frame nearest to each preview instant;
    /// `options.width` below the frames' scales them down. `preset` compresses frames that must
    /// be encoded again (scaled ones). Throws ``PreviewError`` for unreadable frames and options,
    /// ``OutputError`` when the file cannot be written.
    @discardableResult
    public static func write(from folder: FrameFolder, to path: String, options: PreviewOptions = PreviewOptions(),
                             preset: PNGPreset = .fast,
                             jobs: Int = ProcessInfo.processInfo.activeProcessorCount) throws -> PreviewFile {
        try options.validate()
        let (picked, fps) = folder.sample(atFPS: options.fps)
        let headers = try picked.map { index -> PNGHeader in
            let framePath = folder.path(ofFrame: index)
            do { return try PNGHeader.read(fileAt: framePath) } catch let error as PNGError {
                throw PreviewError.unreadableFrame(path: framePath, error)
            }
        }
        let first = headers[0]
        let size = options.scaledSize(width: first.width, height: first.height, format: .apng)
        let copies = size == (first.width, first.height) && !first.interlaced && headers.allSatisfy { $0 == first }
        let opaque = headers.allSatisfy(\.isOpaque)
        let delay = delay(forFPS: fps)

        let byteCount = try OutputFile.replace(path) { temporary in
            let file = try OutputFile(creating: temporary, bufferLimit: 1 << 20)
            var sequence: UInt32 = 0
            var written = 0
            let window = max(1, jobs) * 2
            for start in stride(from: 0, to: picked.count, by: window) {
                let indices = Array(picked[start..<min(picked.count, start + window)])
                let frames = try prepare(indices, from: folder, copying: copies, size: size, opaque: opaque,
                                         preset: preset, jobs: jobs)
                for frame in frames {
                    var bytes = [UInt8]()
                    if written == 0 {
                        bytes = PNGChunk.signature
                        PNGChunk(type: "IHDR", data: frame.header).appendSerialized(to: &bytes)
                        var control = [UInt8]()
                        control.appendBigEndian(UInt32(picked.count))
                        control.appendBigEndian(UInt32(0))  // plays: 0 = forever
                        PNGChunk(type: "acTL", data: control).appendSerialized(to: &bytes)
                    }
                    var frameControl = [UInt8]()
                    frameControl.appendBigEndian(sequence)
                    frameControl.appendBigEndian(UInt32(size.width))
                    frameControl.appendBigEndian(UInt32(size.height))
                    frameControl.appendBigEndian(UInt32(0))
                    frameControl.appendBigEndian(UInt32(0))
                    frameControl.appendBigEndian(delay.numerator)
                    frameControl.appendBigEndian(delay.denominator)
                    frameControl.append(0)  // dispose: none
                    frameControl.append(0)  // blend: source
                    PNGChunk(type: "fcTL", data: frameControl).appendSerialized(to: &bytes)
                    sequence += 1
                    for start in stride(from: 0, to: max(1, frame.imageData.count), by: maximumChunkData) {
                        let piece = frame.imageData[start..<min(frame.imageData.count, start + maximumChunkData)]
                        if written == 0 {
                            PNGChunk(type: "IDAT", data: Array(piece)).appendSerialized(to: &bytes)
                        } else {
                            var data = [UInt8]()
                            data.reserveCapacity(piece.count + 4)
                            data.appendBigEndian(sequence)
                            data.append(contentsOf: piece)
                            PNGChunk(type: "fdAT", data: data).appendSerialized(to: &bytes)
                            sequence += 1
                        }
                    }
                    try file.write(bytes)
                    written += 1
                }
            }
            var end = [UInt8]()
            PNGChunk(type: "IEND", data: []).appendSerialized(to: &end)
            try file.write(end)
            try file.close()
        }
        return PreviewFile(path: path, byteCount: byteCount, frameCount: picked.count, width: size.width, height: size.height)
    }

    /// The fcTL delay for `fps`: 1/fps exactly when representable in 16-bit fields
    /// (60 -> 1/60, 29.97 -> 100/2997), else the closest fraction.
    static func delay(forFPS fps: Double) -> (numerator: UInt16, denominator: UInt16) {
        var best: (numerator: UInt16, denominator: UInt16, error: Double) = (1, 60, .infinity)
        for numerator in [1, 10, 100, 1000] {
            let denominator = (Double(numerator) * fps).rounded()
            guard denominator >= 1, denominator <= 65535 else { continue }
            let error = abs(Double(numerator) / denominator - 1 / fps)
            if error < best.error * 0.999_999 { best = (UInt16(numerator), UInt16(denominator), error) }
            if error == 0 { break }
        }
        return (best.numerator, best.denominator)
    }

    /// A frame ready to be written: its IHDR data and its compressed image data.
    private struct PreparedFrame {
        var header: [UInt8]
        var imageData: [UInt8]
    }

    /// Reads (and, unless copying, scales and encodes) `indices` in parallel, in order.
    private static func prepare(_ indices: [Int], from folder: FrameFolder, copying: Bool, size: (width: Int, height: Int),
                                opaque: Bool, preset: PNGPreset, jobs: Int) throws -> [PreparedFrame] {
        var results = [Result<PreparedFrame, Error>?](repeating: nil, count: indices.count)
        let lock = NSLock()
        let work = { (position: Int) in
            let framePath = folder.path(ofFrame: indices[position])
            let result = Result<PreparedFrame, Error> {
                let png: [UInt8]
                if copying {
                    guard let data = RegularFile.contents(atPath: framePath) else {
                        throw PreviewError.unreadableFrame(path: framePath, .unreadableFile(path: framePath, reason: "it cannot be read"))
                    }
                    png = [UInt8](data)
                } else {
                    let source = try CairoImageSurface.load(framePath: framePath, opaque: opaque)
                    let target = try CairoImageSurface(width: size.width, height: size.height, opaque: opaque)
                    try target.draw { cr in
                        CairoImageSurface.paint(source, into: cr, x: 0, y: 0, width: Double(size.width), height: Double(size.height))
                    }
                    png = try target.pngData(preset: preset)
                }
                let chunks: [PNGChunk]
                do { chunks = try PNGChunk.chunks(of: png, source: "file '\(framePath)'") } catch let error as PNGError {
                    throw PreviewError.unreadableFrame(path: framePath, error)
                }
                return PreparedFrame(header: chunks[0].data,
                                     imageData: chunks.filter { $0.type == "IDAT" }.flatMap(\.data))
            }
            lock.withLock { results[position] = result }
        }
        if jobs <= 1 || indices.count == 1 {
            for position in indices.indices { work(position) }
        } else {
            DispatchQueue.concurrentPerform(iterations: indices.count, execute: work)
        }
        return try results.map { try $0!.get() }
    }
}
