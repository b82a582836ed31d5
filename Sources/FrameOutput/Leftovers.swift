import Foundation
#if canImport(Glibc)
import Glibc
#endif

// Design note: every temporary path the commands make outside memory carries its process's
// PID in its name (a render's `.ID.tmp-PID`, check's `animatic-check-PID`, a trace's
// `FILE.tmp-PID`), and the process holds an advisory lock (flock) on it while it lives (a
// folder from a moment after it is made; a file from the descriptor that makes it). A
// process killed outright (SIGKILL, a power cut, SIGKILL after a SIGTERM whose cleanup had
// begun: `.removing`) leaves its path behind; the kernel drops its lock with it, and the next
// command that writes there removes the path: one of the kind it makes there (a folder or a
// file), whose PID names no process here (or is this process's own, which the caller knows
// it does not use) and whose lock nobody holds. The PID alone cannot tell a live writer
// from a dead one: a render in another PID namespace (a container) has processes this one
// cannot see, and a second render in a container emptied a live render's staging folder,
// which then published a manifest listing frames that were gone (exit 0). Where the
// filesystem keeps no such locks (NFS emulates flock with locks that need a file open for
// writing), the PID decides alone, as it did before there were locks.

/// Temporary paths named after the process that made them, the locks that mark them as
/// live, and the sweep that removes those a killed process left.
public enum Leftovers {
    /// What a temporary path is: the sweep removes only paths of the kind it looks for (a
    /// user's folder named like a temporary file is not touched).
    public enum Kind: Sendable {
        case folder, file
    }

    /// The suffix an interrupt's cleanup gives a folder it is removing.
    static let removingSuffix = ".removing"

    /// The largest PID the kernel hands out (PID_MAX_LIMIT, 2^22): a larger number in a name
    /// is no PID of ours.
    static let largestPID: Int32 = 4_194_304

    /// Opens `path` (a folder or a file) and takes its lock, held until ``release(_:)``
    /// (or the process's end). Returns the descriptor, or -1 when the path cannot be opened
    /// or locked (it is then protected by its PID alone).
    public static func hold(_ path: String) -> Int32 {
        hold(descriptor: open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK))
    }

    /// Takes the lock of an open descriptor (closed when it cannot be locked); returns it, or -1.
    public static func hold(descriptor: Int32) -> Int32 {
        guard descriptor >= 0 else { return -1 }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return -1
        }
        return descriptor
    }

    /// Whether another open file (another process's, or this one's elsewhere) holds the lock
    /// of `path`.
    public static func isHeld(_ path: String) -> Bool {
        probeLock(path) == true
    }

    /// Whether another open file holds the lock of `path`: nil when the path cannot be
    /// opened (not ours to judge: another user's, or a link). Where locks are not kept
    /// (flock on NFS needs a file open for writing) nobody holds it.
    private static func probeLock(_ path: String) -> Bool? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return false }
        return errno == EWOULDBLOCK || errno == EINTR
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
        guard let pid = Int32(rest), pid > 0, pid <= largestPID, String(pid) == rest else { return nil }
        return pid
    }

    /// Whether a `kind` path that process `pid` made was left behind: it is of that kind (not
    /// a link), no process here has that PID (unless it is this process's own, which the
    /// caller knows it does not use), and no process anywhere holds its lock. Where the
    /// filesystem keeps no such locks (flock on NFS needs a file open for writing), the PID
    /// decides alone, as it did before there were locks.
    static func isAbandoned(_ path: String, pid: Int32, kind: Kind) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        guard kind == .folder ? type == S_IFDIR : type == S_IFREG else { return false }
        if pid != getpid() {
            guard kill(pid, 0) != 0, errno == ESRCH else { return false }
        }
        return probeLock(path) == false
    }

    /// Removes the `kind` entries of `folder` named one of `prefixes` + PID (+ `.removing`)
    /// that were left behind; those named with this process's PID too when `includingOwn`
    /// (the caller knows none of its own is in use; one another process with the same PID,
    /// in another container, holds is kept).
    public static func sweep(in folder: String, prefixes: [String], kind: Kind, includingOwn: Bool = false) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let own = getpid()
        for entry in entries {
            for prefix in prefixes {
                guard let pid = processID(of: entry, prefix: prefix) else { continue }
                let path = (folder as NSString).appendingPathComponent(entry)
                if (pid != own || includingOwn) && isAbandoned(path, pid: pid, kind: kind) {
                    try? FileManager.default.removeItem(atPath: path)
                }
                break
            }
        }
    }
}
