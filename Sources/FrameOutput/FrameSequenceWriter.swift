import Foundation
import FrameFiles
import Rendering
import Images

// Design note: the writer turns a stream of frame states into a published frame folder. The
// caller's thread runs the simulation and hands each state to append(_:traceLine:) in frame
// order; states are grouped into small batches for RenderWorkerPool, whose workers draw,
// encode, hash and write each frame into the staging folder (StagingFolder) while the caller
// simulates the next ones (a state equal to the one a worker drew last is written from that
// frame's bytes: drawing depends on the state alone). Trace lines are written by the caller's thread as they arrive, so
// they are in frame order without buffering. With streamed previews, each worker also hands
// its frame's pixels to StreamedPreviews, whose ffmpeg children encode while the frames
// render. finish() waits for the workers and the previews, writes manifest.json
// (FrameManifest) and swaps the folder in; any error on the way removes the
// staging folder and leaves the previous render untouched. Bytes depend only on the frame
// states, the preset and the metadata, never on the job count or on timing.

/// Renders a scene's frames into `OUT/ID/` (frames, `manifest.json`, optional `trace.jsonl`).
///
/// ```swift
/// let writer = try FrameSequenceWriter(outputFolder: "output", metadata: metadata,
///                                      options: FrameSequenceOptions(jobs: 2)) { progress in
///     print("\r\(progress.framesDone)/\(progress.frameTotal)", terminator: "")
/// }
/// while writer.needsMoreFrames {
///     let state = runner.step()                 // the simulation stays on this thread
///     try writer.append(state, traceLine: runner.traceLine())
/// }
/// let manifest = try writer.finish()            // publishes output/ID atomically
/// ```
///
/// Frames are handed in order from frame 0, also for a range (`--frames A:B`): frames before A
/// are only counted (the simulation has to pass through them), frames from B on are not
/// needed (``needsMoreFrames`` turns false). A writer is used from one thread. If it is
/// dropped without ``finish(addingFiles:)``, or after an error, its temporary folder is removed.
public final class FrameSequenceWriter {
    /// The folder being written, `OUT/ID`.
    public let folderPath: String
    /// The frames this writer writes.
    public let frames: Range<Int>
    /// The frame number the next ``append(_:traceLine:)`` stands for.
    public private(set) var nextFrameIndex = 0

    private let metadata: FrameSequenceMetadata
    private let options: FrameSequenceOptions
    private let progress: ((RenderProgress) -> Void)?
    private var staging: StagingFolder?
    private let pool: RenderWorkerPool<FrameManifest.Frame>
    private var pending: [RenderWorkerPool<FrameManifest.Frame>.Job] = []
    private var trace: OutputFile?
    private var pixelSize: (width: Int, height: Int, scale: Double)?
    private let startTime = monotonicSeconds()
    private var lastReport: (time: TimeInterval, done: Int) = (-.infinity, -1)
    private let previewBox = PreviewBox()
    /// The streamed previews written by ``finish(addingFiles:)``.
    public private(set) var streamedPreviews: [PreviewFile] = []
    /// Previews asked for in `options.streamedPreviews` that could not be streamed (frames with
    /// a see-through background): the caller makes them from the finished folder instead.
    public private(set) var unstreamedPreviews: [PreviewFormat] = []
    /// Frames (known after ``finish(addingFiles:)``) that a worker wrote from the bytes of the
    /// last frame it drew, their states being equal (a scene at rest): the same bytes, neither
    /// drawn nor encoded again.
    public private(set) var repeatedFrames = 0

    /// Where the workers find the preview stream, set before the first frame is queued.
    private final class PreviewBox: @unchecked Sendable { var stream: StreamedPreviews? }

    /// Creates the hidden staging folder beside `outputFolder/metadata.sceneID` (creating
    /// `outputFolder` when missing) and starts `options.jobs` render workers.
    ///
    /// `progress` is called on the caller's thread, from ``append(_:traceLine:)`` and
    /// ``finish(addingFiles:)``, at most every `options.progressInterval` seconds and once at the end.
    /// Throws ``OutputError`` (invalid id, range or metadata; unwritable folder; full disk).
    public init(outputFolder: String, metadata: FrameSequenceMetadata, options: FrameSequenceOptions = FrameSequenceOptions(),
                progress: ((RenderProgress) -> Void)? = nil) throws {
        try metadata.validate()
        frames = try (options.frames ?? FrameRange(lower: nil, upper: nil)).resolved(frameCount: metadata.frameCount)
        self.metadata = metadata
        var options = options
        options.streamedPreviews = PreviewFormat.distinct(options.streamedPreviews)
        self.options = options
        self.progress = progress
        let staging = try StagingFolder(parent: outputFolder, name: metadata.sceneID)
        folderPath = staging.target
        if options.writesTrace {
            do {
                trace = try OutputFile(creating: staging.file(FrameFolder.traceName))
            } catch {
                staging.discard()
                throw error
            }
        }
        self.staging = staging
        let jobs = max(1, options.jobs)
        let preset = options.preset
        let folder = staging.path
        let previews = previewBox
        pool = RenderWorkerPool(jobs: jobs, capacity: 2 * jobs, frames: frames) { renderers, job in
            try Self.writeFrame(job, with: renderers, preset: preset, into: folder, previews: previews.stream)
        }
    }

    deinit {
        if staging != nil { abort() }
    }

    /// True until the state of the range's last frame has been handed in.
    public var needsMoreFrames: Bool { staging != nil && nextFrameIndex < frames.upperBound }

    /// Hands in the state of frame ``nextFrameIndex`` and, with `writesTrace`, its trace line
    /// (one JSON object, no line break; a trailing newline is dropped).
    ///
    /// States (and trace lines) of frames outside the range are counted and dropped, so the
    /// trace of a partial render holds the lines of its own frames only.
    ///
    /// Returns quickly: the frame is rendered by a worker. Waits only while the workers are a
    /// few batches behind. Throws the first failure of any frame so far (``OutputError``); the
    /// staging folder is then already removed and the writer closed.
    public func append(_ frame: FrameState, traceLine: String? = nil) throws {
        guard staging != nil else { throw OutputError.writerClosed }
        do {
            let index = nextFrameIndex
            guard index < metadata.frameCount else { throw OutputError.tooManyFrames(frameCount: metadata.frameCount) }
            nextFrameIndex += 1
            guard frames.contains(index) else { return }
            try checkSize(of: frame, index: index)
            if let trace {
                var line = traceLine ?? ""
                if line.hasSuffix("\n") { line.removeLast() }
                guard !line.isEmpty, !line.contains(where: \.isNewline) else { throw OutputError.invalidTraceLine(frame: index) }
                try trace.write(line + "\n")
            }
            pending.append(.init(index: index, state: frame))
            if pending.count >= max(1, options.batchSize) || index + 1 == frames.upperBound {
                let batch = pending
                pending.removeAll(keepingCapacity: true)
                let done = try pool.submit(batch)
                report(done: done, final: false)
            }
        } catch {
            abort()
            throw error
        }
    }

    /// Whether frame ``nextFrameIndex`` is drawn; false for the frames before a range's start,
    /// which ``skipFrame()`` passes without building a state.
    public var writesNextFrame: Bool { frames.contains(nextFrameIndex) }

    /// Counts frame ``nextFrameIndex`` without a state; only for frames before the range.
    ///
    /// ```swift
    /// while writer.needsMoreFrames {
    ///     runner.step()
    ///     if writer.writesNextFrame { try writer.append(runner.frameState()) } else { try writer.skipFrame() }
    /// }
    /// ```
    public func skipFrame() throws {
        guard staging != nil else { throw OutputError.writerClosed }
        guard nextFrameIndex < frames.lowerBound else {
            let error = OutputError.invalidFrameRange("frame \(nextFrameIndex) is written (\(frames.lowerBound):\(frames.upperBound)) and needs its state")
            abort()
            throw error
        }
        nextFrameIndex += 1
    }

    /// Hands in several states in order (no trace lines).
    public func append<States: Sequence>(contentsOf states: States) throws where States.Element == FrameState {
        for state in states { try append(state) }
    }

    /// Waits for the last frames, writes `manifest.json` and publishes the folder: the previous
    /// `OUT/ID` is replaced only now. Returns the manifest.
    ///
    /// `addingFiles` runs after the manifest is written and before the swap, with the staged
    /// folder: whatever it writes there (previews, a contact sheet, a poster) is published
    /// together with the frames, and if it throws, nothing is.
    ///
    /// Throws ``OutputError/missingFrames(expected:received:)`` when fewer frames than the range
    /// needs were handed in, or the first failure of any frame; the previous folder then stays.
    @discardableResult
    public func finish(addingFiles: ((FrameFolder) throws -> Void)? = nil) throws -> FrameManifest {
        guard let staging else { throw OutputError.writerClosed }
        do {
            guard nextFrameIndex >= frames.upperBound else {
                throw OutputError.missingFrames(expected: frames.upperBound, received: nextFrameIndex)
            }
            if !pending.isEmpty {
                try pool.submit(pending)
                pending.removeAll()
            }
            let written = try pool.finish { done in report(done: done, final: false) }
            repeatedFrames = pool.repeatedFrames
            if let stream = previewBox.stream {
                report(done: written.count, final: true, encoding: options.streamedPreviews.map(\.rawValue))
                streamedPreviews = try stream.finish()
                previewBox.stream = nil
            }
            try trace?.close()
            trace = nil
            let size = pixelSize ?? (0, 0, 1)
            let manifest = FrameManifest(
                sceneID: metadata.sceneID, title: metadata.title, sceneSHA256: metadata.sceneSHA256,
                toolVersion: metadata.toolVersion, fps: metadata.fps, frameCount: metadata.frameCount, range: frames,
                pixelWidth: size.width, pixelHeight: size.height, scale: size.scale, png: options.preset.name,
                hasTrace: options.writesTrace, frames: written)
            try OutputFile.write(Array(manifest.jsonText.utf8), to: staging.file(FrameFolder.manifestName))
            if let addingFiles { try addingFiles(try FrameFolder(path: staging.path)) }
            try staging.publish()
            self.staging = nil
            report(done: written.count, final: true)
            return manifest
        } catch {
            abort()
            throw error
        }
    }

    /// Stops the workers and removes the staging folder; the previous render stays as it was.
    public func cancel() {
        abort()
    }

    private func abort() {
        pool.cancel()
        previewBox.stream?.cancel()
        previewBox.stream = nil
        trace = nil
        staging?.discard()
        staging = nil
        pending.removeAll()
    }

    /// Frame 0's pixel size (after the canvas checks) must hold for every frame.
    private func checkSize(of frame: FrameState, index: Int) throws {
        let size: (width: Int, height: Int)
        do {
            size = try FrameRenderer.pixelSize(of: frame)
        } catch let error as RenderError {
            throw OutputError.renderFailed(frame: index, error)
        }
        guard let expected = pixelSize else {
            pixelSize = (size.width, size.height, frame.scale)
            try startPreviews(for: frame, width: size.width, height: size.height)
            return
        }
        guard size.width == expected.width, size.height == expected.height else {
            throw OutputError.frameSizeChanged(frame: index, width: size.width, height: size.height,
                                               expectedWidth: expected.width, expectedHeight: expected.height)
        }
    }

    private func report(done: Int, final: Bool, encoding: [String] = []) {
        guard let progress else { return }
        let now = monotonicSeconds()
        guard final || (done != lastReport.done && now - lastReport.time >= options.progressInterval) else { return }
        lastReport = (now, done)
        progress(RenderProgress(framesDone: done, frameTotal: frames.count, elapsed: now - startTime, encodingPreviews: encoding))
    }

    /// Starts the ffmpeg previews once the first frame's size and background are known.
    private func startPreviews(for frame: FrameState, width: Int, height: Int) throws {
        guard !options.streamedPreviews.isEmpty, let staging else { return }
        guard frame.background.alpha >= 1 else {
            unstreamedPreviews = options.streamedPreviews
            return
        }
        let scale = StreamedPreviews.scale(for: options.streamedPreviews, frame: frame, width: width, options: options.preview)
        previewBox.stream = try StreamedPreviews(formats: options.streamedPreviews, folder: staging.path, fps: metadata.fps,
                                                 frames: frames, width: width, height: height, scale: scale,
                                                 background: frame.background, options: options.preview,
                                                 ffmpeg: options.ffmpeg, window: max(32, 4 * options.jobs * options.batchSize))
    }

    /// A worker's job: draw, encode, hash, write (a frame the same as the worker's last one
    /// only writes: see `WorkerRenderers.lastFrame`).
    private static func writeFrame(_ job: RenderWorkerPool<FrameManifest.Frame>.Job,
                                   with renderers: RenderWorkerPool<FrameManifest.Frame>.WorkerRenderers,
                                   preset: PNGPreset, into folder: String,
                                   previews: StreamedPreviews?) throws -> FrameManifest.Frame {
        let renderer = renderers.frame
        let repeated = renderers.lastFrame.map { $0.preset == preset && $0.state == job.state } ?? false
        if !repeated {
            renderers.lastFrame = nil
            do {
                try renderer.render(job.state)
            } catch let error as RenderError {
                throw OutputError.renderFailed(frame: job.index, error)
            }
        }
        if let previews {
            // Smaller previews are drawn again at their own size: sharper than shrinking pixels.
            if let scale = previews.scale, !repeated {
                var small = job.state
                small.scale = scale.factor
                small.height = scale.pointHeight
                do { try renderers.preview.render(small) } catch let error as RenderError {
                    throw OutputError.renderFailed(frame: job.index, error)
                }
            }
            let preview = previews.scale == nil ? nil : renderers.preview
            try renderer.withNativePixels { pixels, stride in
                if let preview {
                    try preview.withNativePixels { small, smallStride in
                        try previews.submit(job.index, pixels: pixels, stride: stride, scaledPixels: small, scaledStride: smallStride)
                    }
                } else {
                    try previews.submit(job.index, pixels: pixels, stride: stride, scaledPixels: nil, scaledStride: 0)
                }
            }
        }
        let png: [UInt8], digest: String
        if repeated, let last = renderers.lastFrame {
            (png, digest) = (last.png, last.sha256)
            renderers.repeatedFrames += 1
        } else {
            do {
                png = try renderer.pngData(preset: preset)
            } catch let error as PNGError {
                throw OutputError.encodingFailed(frame: job.index, error)
            }
            digest = SHA256.hexDigest(of: png)
            renderers.lastFrame = (job.state, preset, png, digest)
        }
        let name = FrameFolder.fileName(forFrame: job.index)
        try OutputFile.write(png, to: (folder as NSString).appendingPathComponent(name))
        return FrameManifest.Frame(index: job.index, file: name, bytes: png.count, sha256: digest)
    }
}
