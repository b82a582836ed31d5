// Design note: the commands read files the user points them at (manifests, traces, frames,
// golden.json), and a path can name a FIFO (read waits for a writer for ever) or a device
// (/dev/zero never ends). Foundation's readers open and read whatever is there; these are
// opened without waiting and looked at before a byte is read, and only regular files are read.
import Foundation

/// Reading files that must be regular files.
public enum RegularFile {
    /// The bytes of the regular file at `path` (symbolic links followed); nil when it is
    /// missing, unreadable or not a regular file.
    public static func contents(atPath path: String) -> Data? {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return (try? handle.readToEnd()) ?? Data()
    }

    /// Whether `path` names a regular file (symbolic links followed).
    public static func exists(atPath path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}
