import Foundation
#if canImport(Glibc)
import Glibc
#endif

// Design note: every temporary path the commands make outside memory carries its process's
// PID in its name (a render's `.ID.tmp-PID`, check's `animatic-check-PID`, a trace's
// `FILE.tmp-PID`), and the process holds an advisory lock (flock) on it while it lives. A
// process killed outright (SIGKILL, a power cut, SIGKILL after a SIGTERM whose cleanup had
// begun: `.removing`) leaves its path behind; the kernel drops its lock with it, and the next
// command that writes there removes the path. The PID alone cannot tell a live writer from
// a dead one: a render in another PID namespace (a container) or on another host sharing
// the folder has processes this one cannot see, and a second render in a container emptied
// a live render's staging folder, which then published a manifest listing frames that were
// gone (exit 0). So a path is removed only when its PID names no process here and nobody
// holds its lock.

/// Temporary paths named after the process that made them, the locks that mark them as
/// live, and the sweep that removes those a killed process left.
public enum Leftovers {
    /// The suffix an interrupt's cleanup gives a folder it is removing.
    static let removingSuffix = ".removing"

    /// Opens `path` (a folder or a file) and takes its lock, held until ``release(_:)``
    /// (or the process's end). Returns the descriptor, or -1 when the path cannot be opened
    /// or locked (it is then protected by its PID alone).
    public static func hold(_ path: String) -> Int32 {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return -1 }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return -1
        }
        return descriptor
    }

    /// Gives up a lock taken by ``hold(_:)`` (nothing for -1).
    public static func release(_ descriptor: Int32) {
        if descriptor >= 0 { close(descriptor) }
    }

    /// The PID of an entry named `prefix` + PID, optionally followed by the interrupt
    /// cleanup's `.removing`; nil for any other name.
    static func processID(of entry: String, prefix: String) -> Int32? {
        guard entry.hasPrefix(prefix) else { return nil }
        var rest = entry.dropFirst(prefix.count)
        if rest.hasSuffix(removingSuffix) { rest = rest.dropLast(removingSuffix.count) }
        guard let pid = Int32(rest), pid > 0, String(pid) == rest else { return nil }
        return pid
    }

    /// Whether a path that process `pid` made was left behind: no process here has that PID
    /// and no process anywhere holds the path's lock.
    static func isAbandoned(_ path: String, pid: Int32) -> Bool {
        guard kill(pid, 0) != 0, errno == ESRCH else { return false }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else {
            // A link named like ours is removed as the link it is; a path that cannot be
            // opened (another user's) is not ours to judge.
            return errno == ELOOP
        }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }

    /// Removes the entries of `folder` named one of `prefixes` + PID (+ `.removing`) that
    /// were left behind; those of this process too when `includingOwn` (the caller knows
    /// none of its own is in use).
    public static func sweep(in folder: String, prefixes: [String], includingOwn: Bool = false) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let own = getpid()
        for entry in entries {
            for prefix in prefixes {
                guard let pid = processID(of: entry, prefix: prefix) else { continue }
                let path = (folder as NSString).appendingPathComponent(entry)
                if pid == own ? includingOwn : isAbandoned(path, pid: pid) {
                    try? FileManager.default.removeItem(atPath: path)
                }
                break
            }
        }
    }
}
