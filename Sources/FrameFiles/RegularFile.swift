// Design note: the commands read files the user points them at (manifests, traces, frames,
// golden.json), and a path can name a FIFO (reading it waits for a writer for ever) or a
// device (/dev/zero never ends). Foundation's readers open and read whatever is there; here a
// file is opened without waiting and looked at before a byte is read, and only regular files
// are read. The one place that decides what may be read.
import Foundation

/// Reading files that must be regular files.
public enum RegularFile {
    /// Why a path cannot be read as a regular file.
    public struct Unreadable: Error, CustomStringConvertible {
        public let path: String
        /// "no such file or directory", "it is a folder", "not a regular file (a FIFO, ...)".
        public let reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The regular file at `path` (symbolic links followed), open for reading; opening it
    /// never waits. Throws ``Unreadable`` for anything else.
    public static func handle(forReadingAtPath path: String) throws -> FileHandle {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Unreadable(path: path, reason: String(cString: strerror(errno))) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw Unreadable(path: path, reason: String(cString: strerror(errno))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return handle
        case S_IFDIR: throw Unreadable(path: path, reason: "it is a folder")
        default: throw Unreadable(path: path, reason: "not a regular file (a FIFO, a device or a socket)")
        }
    }

    /// The bytes of the regular file at `path`; throws ``Unreadable`` with the reason it
    /// cannot be read.
    public static func read(atPath path: String) throws -> Data {
        let handle = try handle(forReadingAtPath: path)
        do { return try handle.readToEnd() ?? Data() } catch {
            throw Unreadable(path: path, reason: "it cannot be read (\(error.localizedDescription))")
        }
    }

    /// The bytes of the regular file at `path`; nil when it is missing, unreadable or not a
    /// regular file.
    public static func contents(atPath path: String) -> Data? {
        try? read(atPath: path)
    }
}
