import Foundation
import FrameFiles
import Rendering
import Images
#if canImport(Glibc)
import Glibc
#endif

// Design note: the output layer writes files with open/write/close rather than Foundation's
// Data.write, for two reasons: the errno of the failing call survives, so a full disk becomes
// OutputError.diskFull instead of a generic message, and short writes (which a nearly full
// disk produces) are retried until every byte is out or the kernel reports why not. Files are
// written whole and in one pass; the crash safety of a render comes from the temporary
// folder that is swapped in at the end (FrameSequenceWriter), not from fsync per file.

/// A file opened for writing, with typed errors. Writes go through a small buffer.
final class OutputFile {
    let path: String
    private var descriptor: Int32
    private var buffer = [UInt8]()
    private let bufferLimit: Int

    /// Creates or truncates `path` (mode 0644).
    init(creating path: String, bufferLimit: Int = 64 * 1024) throws {
        self.path = path
        self.bufferLimit = bufferLimit
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError.fileSystem(path: path, code: errno) }
    }

    deinit {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
    }

    /// Appends `bytes`, writing through when the buffer is full.
    func write<Bytes: ContiguousBytes>(_ bytes: Bytes) throws {
        try bytes.withUnsafeBytes { raw in
            if buffer.count + raw.count > bufferLimit {
                try flush()
                if raw.count >= bufferLimit {
                    try writeAll(raw)
                    return
                }
            }
            buffer.append(contentsOf: raw)
        }
    }

    func write(_ text: String) throws {
        try write(Array(text.utf8))
    }

    /// Writes the buffered bytes.
    func flush() throws {
        guard !buffer.isEmpty else { return }
        let pending = buffer
        buffer.removeAll(keepingCapacity: true)
        try pending.withUnsafeBytes { try writeAll($0) }
    }

    /// Flushes and closes; errors a delayed write reports at close are thrown too.
    func close() throws {
        guard descriptor >= 0 else { return }
        defer { descriptor = -1 }
        do {
            try flush()
        } catch {
            _ = Glibc.close(descriptor)
            throw error
        }
        if Glibc.close(descriptor) != 0 {
            throw OutputError.fileSystem(path: path, code: errno)
        }
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        guard var start = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = Glibc.write(descriptor, start, remaining)
            if written < 0 {
                if errno == EINTR { continue }
                throw OutputError.fileSystem(path: path, code: errno)
            }
            if written == 0 { throw OutputError.fileSystem(path: path, code: ENOSPC) }
            start += written
            remaining -= written
        }
    }

    /// Writes `bytes` as the whole content of `path`.
    static func write<Bytes: ContiguousBytes>(_ bytes: Bytes, to path: String) throws {
        let file = try OutputFile(creating: path, bufferLimit: 0)
        try file.write(bytes)
        try file.close()
    }
}

extension OutputFile {
    /// Writes a file through a hidden temporary sibling (`.NAME.tmp-PID`) that `body` fills and
    /// that is renamed over `path` only when `body` succeeds; on failure or interrupt the
    /// temporary file is removed and any previous `path` stays. The temporary file is made
    /// empty and locked first (`body` writes into it by its path), and such a file a killed
    /// process left is removed (Leftovers). Returns the final size.
    @discardableResult
    static func replace(_ path: String, body: (_ temporaryPath: String) throws -> Void) throws -> Int {
        let folder = FilePath.parent(of: path)
        let name = (path as NSString).lastPathComponent
        let temporary = (folder as NSString).appendingPathComponent(".\(name).tmp-\(getpid())")
        Leftovers.sweep(in: folder.isEmpty ? "." : folder, prefixes: [".\(name).tmp-"], kind: .file)
        defer { InterruptCleanup.unregister(path: temporary) }
        var lock: Int32 = -1
        defer { Leftovers.release(lock) }
        do {
            // Made and renamed where no interrupt's cleanup runs beside it: a file made just
            // after the cleanup outlived the exit, and a rename racing it either published
            // the file or failed with a message of its own before the cleanup's status.
            // Locked through the descriptor that made it: no moment unlocked.
            lock = try InterruptCleanup.outsideCleanup {
                InterruptCleanup.registerLocked(path: temporary)
                let made = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                guard made >= 0 else { throw OutputError.fileSystem(path: temporary, code: errno) }
                return Leftovers.hold(descriptor: made)
            }
            try body(temporary)
            try InterruptCleanup.outsideCleanup {
                guard rename(temporary, path) == 0 else { throw OutputError.fileSystem(path: path, code: errno) }
                InterruptCleanup.unregisterLocked(path: temporary)
            }
        } catch {
            // A failure the cleanup caused (it removed the file) yields to the cleanup's exit.
            InterruptCleanup.waitIfInterrupted()
            unlink(temporary)
            throw error
        }
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}

/// One file written whole or not at all, for the command line: through a hidden temporary
/// sibling that an interrupt removes (`OutputFile.replace`).
public enum AtomicFile {
    /// Replaces `path` with `bytes`; returns the size written. Throws ``OutputError``.
    @discardableResult
    public static func write(_ bytes: [UInt8], to path: String) throws -> Int {
        try OutputFile.replace(path) { try OutputFile.write(bytes, to: $0) }
    }
}
