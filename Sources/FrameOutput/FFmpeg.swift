import Foundation
#if canImport(Glibc)
import Glibc
#endif

// Design note: ffmpeg is an optional run-time tool, found on the PATH (or given explicitly)
// and run through Foundation.Process with an argument array: no shell, so paths with spaces
// or quotes need no escaping. Its stdout is discarded and stderr captured (ffmpeg says what
// went wrong there; -loglevel error keeps it short). The child is registered with
// InterruptCleanup so an interrupt stops it; SIGKILL is used there because a child inherits the
// ignored SIGINT/SIGTERM dispositions the cleanup installs. The child gets glibc malloc
// tunables (``FFmpeg/environment(_:)``) so its per-frame buffers are reused, not mapped anew.

/// Locating and running ffmpeg and ffprobe.
public enum FFmpeg {
    /// The path of `tool` (`ffmpeg`, `ffprobe`) on `searchPath` (default: the PATH), or nil.
    public static func locate(_ tool: String = "ffmpeg", searchPath: String? = nil) -> String? {
        let path = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = (String(folder) as NSString).appendingPathComponent(tool)
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The glibc malloc settings ffmpeg runs with: every allocation under 64 MiB from the heap
    /// and freed memory kept up to 256 MiB. By default glibc maps each block of 128 KiB or more
    /// afresh and unmaps it on free, so each raw-video packet (a whole frame) and decoded
    /// picture costs a page fault per 4 KiB: for the push scene's 600 MP4 frames (750 x 1334)
    /// 143,800 faults and 0.48 s of system time, 7,000 and 0.15 s with these (same bytes out).
    static let mallocTunables = "glibc.malloc.mmap_threshold=67108864:glibc.malloc.trim_threshold=268435456"

    /// The environment for an ffmpeg child: `base` with ``mallocTunables`` in `GLIBC_TUNABLES`,
    /// ahead of the caller's own tunables so those still win. Other C libraries ignore it.
    static func environment(_ base: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var environment = base
        let own = base["GLIBC_TUNABLES"].flatMap { $0.isEmpty ? nil : $0 }
        environment["GLIBC_TUNABLES"] = own.map { mallocTunables + ":" + $0 } ?? mallocTunables
        return environment
    }

    /// Runs `executable` with `arguments`; returns its stdout. Throws
    /// ``PreviewError/ffmpegFailed(format:status:stderr:)`` (with the last lines of stderr) on a
    /// non-zero exit, naming `purpose` in the message.
    @discardableResult
    static func run(_ executable: String, arguments: [String], purpose: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment()
        process.standardInput = FileHandle.nullDevice
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try InterruptCleanup.start(process)
        } catch {
            throw PreviewError.ffmpegNotStarted(reason: "\(executable): \(error.localizedDescription)")
        }
        let pid = process.processIdentifier
        defer { InterruptCleanup.unregister(processID: pid) }
        // Drain stderr on another thread so neither pipe can fill up and block the child.
        final class Box: @unchecked Sendable { var data = Data() }  // written before signal, read after wait
        let errorBox = Box()
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorBox.data = errors.fileHandleForReading.readDataToEndOfFile()
            drained.signal()
        }
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        let errorData = errorBox.data
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let text = String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let tail = text.split(separator: "\n").suffix(8).joined(separator: "\n")
            let status = process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
            throw PreviewError.ffmpegFailed(format: purpose, status: status, stderr: tail.isEmpty ? "(no message)" : tail)
        }
        return String(decoding: outputData, as: UTF8.self)
    }
}

/// An ffmpeg child that reads raw frames from its standard input (streamed previews).
///
/// Writes block while ffmpeg is busy (the pipe is full), which is the back-pressure the
/// feeder wants. SIGPIPE is ignored process-wide so that an ffmpeg that exits early turns a
/// write into an error instead of killing the process.
final class FFmpegStream {
    let purpose: String
    private let process = Process()
    private let input: FileHandle
    private let errors = Pipe()
    private final class Box: @unchecked Sendable { var data = Data() }
    private let errorBox = Box()
    private let drained = DispatchSemaphore(value: 0)
    /// Whether ffmpeg's input is closed. Guarded by `io`, which each write to the pipe holds
    /// too: the render's thread may close it (`stop`) while a feeder writes, and a write to
    /// a descriptor closed under it could land in a file opened since with the same number.
    private var closed = false
    private let io = NSLock()
    /// Whether ffmpeg is being, or has been, waited for (`reap`), and whether that is done:
    /// a second caller waits for the first (it read ffmpeg's exit status before ffmpeg had
    /// exited, or discarded the render while ffmpeg still ran).
    private var reapStarted = false
    private var reapDone = false
    private let reaping = NSCondition()

    init(_ executable: String, arguments: [String], purpose: String) throws {
        signal(SIGPIPE, SIG_IGN)
        self.purpose = purpose
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = FFmpeg.environment()
        process.standardInput = pipe
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do {
            try InterruptCleanup.start(process)
        } catch {
            throw PreviewError.ffmpegNotStarted(reason: "\(executable): \(error.localizedDescription)")
        }
        input = pipe.fileHandleForWriting
        // A frame is megabytes; with the default 64 KiB pipe every frame is dozens of
        // wake-ups of both processes. 1 MiB is the largest an unprivileged process may ask for
        // by default; a refusal just keeps the default.
        _ = fcntl(input.fileDescriptor, 1031 /* F_SETPIPE_SZ, not exported by Glibc */, Int32(1 << 20))
        let errors = self.errors, box = errorBox, done = drained
        DispatchQueue.global().async {
            box.data = errors.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Writes all of `bytes`; throws when ffmpeg has stopped reading.
    func write(_ bytes: [UInt8]) throws {
        let fd = input.fileDescriptor
        try bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                // (A write blocked on a full pipe holds `io`; `stop` kills ffmpeg first, which
                // ends the write, and only then closes the pipe.)
                io.lock()
                let n = closed ? -1 : Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                let code = n < 0 && !closed ? errno : EPIPE
                io.unlock()
                if n < 0 {
                    if code == EINTR { continue }
                    throw stoppedReading()
                }
                offset += n
            }
        }
    }

    /// Why ffmpeg stopped reading its input: its own exit status and last messages (it
    /// failed and exited; it is given five seconds to), else that it exited without reading
    /// everything. "ffmpeg stopped reading its input" with a status of -1 hid both.
    private func stoppedReading() -> PreviewError {
        closeInput()
        let deadline = DispatchTime.now().uptimeNanoseconds + 5_000_000_000
        while process.isRunning && DispatchTime.now().uptimeNanoseconds < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        do {
            try finish()
        } catch let error as PreviewError {
            return error
        } catch {}
        return PreviewError.ffmpegFailed(format: purpose, status: 0, stderr: "ffmpeg exited before it had read every frame")
    }

    /// Closes ffmpeg's input and waits for it; throws ``PreviewError/ffmpegFailed(format:status:stderr:)``
    /// with the end of its messages when it fails.
    func finish() throws {
        closeInput()
        reap()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let text = String(decoding: errorBox.data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let tail = text.split(separator: "\n").suffix(8).joined(separator: "\n")
            let status = process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
            throw PreviewError.ffmpegFailed(format: purpose, status: status, stderr: tail.isEmpty ? "(no message)" : tail)
        }
    }

    /// Stops ffmpeg (after a failure elsewhere) and reaps it; after `finish` (which reaped it
    /// already, and may have thrown for ffmpeg's failure), nothing is left to do.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        closeInput()
        reap()
    }

    /// Closes ffmpeg's input, once (with no write under way: see `io`).
    private func closeInput() {
        io.lock()
        defer { io.unlock() }
        if !closed { closed = true; try? input.close() }
    }

    /// Waits, once, for ffmpeg's messages to be read to their end and for ffmpeg to exit. The
    /// message reader signals `drained` once: a second wait (`stop` after a `finish` that threw
    /// because ffmpeg failed after reading all its input) blocked forever, and the render with it.
    private func reap() {
        reaping.lock()
        if reapStarted {
            while !reapDone { reaping.wait() }
            reaping.unlock()
            return
        }
        reapStarted = true
        reaping.unlock()
        drained.wait()
        process.waitUntilExit()
        InterruptCleanup.unregister(processID: process.processIdentifier)
        reaping.lock()
        reapDone = true
        reaping.broadcast()
        reaping.unlock()
    }
}
