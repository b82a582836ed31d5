import Foundation
import FrameFiles
import Rendering
import Images

// Design note: the cheap, ordered half of GIF encoding. The expensive half (quantizing and
// compressing each frame's changed rectangle) is GIFFrameEncoder's and runs wherever the
// pixels are; this writer only puts the header first, the blocks in the order they are
// appended, and the trailer last. It writes a hidden temporary sibling, registered for
// interrupt cleanup, and renames it over the target on finish, so a reader never sees half a
// GIF and a failed or cancelled preview leaves any previous file as it was.

/// Writes a looping GIF from image blocks made by `GIFFrameEncoder`, appended in frame order.
///
/// ```swift
/// let gif = try GIFFileWriter(path: "output/push/preview.gif", width: 600, height: 1067)
/// for block in blocks { try gif.append(block) }   // GIFFrameEncoder output, in frame order
/// let file = try gif.finish()                     // output/push/preview.gif appears now
/// ```
///
/// Used from one thread at a time. Dropped without ``finish()``, it removes its temporary file.
public final class GIFFileWriter {
    /// Where the GIF appears on ``finish()``.
    public let path: String
    /// The canvas size.
    public let width: Int
    public let height: Int
    /// Blocks appended so far.
    public private(set) var frameCount = 0

    private let temporary: String
    private var file: OutputFile?

    /// Starts the GIF (header and, unless `loopCount` is nil, the loop extension: 0 loops
    /// forever). Throws ``PreviewError/invalidOption(_:)`` for a size GIF cannot hold
    /// (1...65535 per side), ``OutputError`` when the file cannot be created.
    public init(path: String, width: Int, height: Int, loopCount: Int? = 0) throws {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw PreviewError.invalidOption("a GIF is 1 to 65535 pixels wide and high, not \(width) x \(height)")
        }
        self.path = path
        self.width = width
        self.height = height
        let folder = (path as NSString).deletingLastPathComponent
        temporary = (folder as NSString).appendingPathComponent(".\((path as NSString).lastPathComponent).tmp-\(getpid())")
        InterruptCleanup.register(path: temporary)
        do {
            let file = try OutputFile(creating: temporary, bufferLimit: 1 << 20)
            try file.write(GIFFormat.header(width: width, height: height, loopCount: loopCount))
            self.file = file
        } catch {
            unlink(temporary)
            InterruptCleanup.unregister(path: temporary)
            throw error
        }
    }

    deinit {
        if file != nil { cancel() }
    }

    /// Appends the next frame's block (made by Images' `GIFFrameEncoder.encode(frame:previous:width:height:delay:)`).
    public func append(_ block: [UInt8]) throws {
        guard let file else { throw OutputError.writerClosed }
        do {
            try file.write(block)
        } catch {
            cancel()
            throw error
        }
        frameCount += 1
    }

    /// Writes the trailer and moves the GIF into place. Throws ``PreviewError/invalidOption(_:)``
    /// when no frame was appended, ``OutputError`` when the file cannot be written.
    @discardableResult
    public func finish() throws -> PreviewFile {
        guard let file else { throw OutputError.writerClosed }
        do {
            guard frameCount > 0 else { throw PreviewError.invalidOption("a GIF needs at least one frame") }
            try file.write(GIFFormat.trailer)
            try file.close()
            self.file = nil
            guard rename(temporary, path) == 0 else { throw OutputError.fileSystem(path: path, code: errno) }
        } catch {
            cancel()
            throw error
        }
        InterruptCleanup.unregister(path: temporary)
        var info = stat()
        let bytes = stat(path, &info) == 0 ? Int(info.st_size) : 0
        return PreviewFile(path: path, byteCount: bytes, frameCount: frameCount, width: width, height: height)
    }

    /// Stops writing and removes the temporary file; a previous file at ``path`` stays.
    public func cancel() {
        file = nil
        unlink(temporary)
        InterruptCleanup.unregister(path: temporary)
    }
}
