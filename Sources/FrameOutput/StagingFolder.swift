import Foundation
import FrameFiles
import Rendering
import Images
#if canImport(Glibc)
import Glibc
#endif

// Design note: a render is written into a hidden sibling of its folder, `OUT/.ID.tmp-PID`, and
// published only when complete: the new folder and the old `OUT/ID` trade places in one step
// (Linux's renameat2 with RENAME_EXCHANGE, looked up at run time: Swift's Glibc module does
// not declare it) and the old one, now at the temporary name, is deleted. Where the system or
// filesystem cannot exchange, the old folder is renamed aside to `OUT/.ID.old-PID` and the new
// one renamed in: two renames, with a window between them where a process killed outright
// (SIGKILL; an interrupt waits for the swap) left no `OUT/ID`, only the hidden old copy.
// Renames within one parent are atomic and cheap whatever the folder holds, so the previous
// render survives any failure up to the swap, a reader never sees a mix of two renders, and
// frames of a longer earlier run cannot linger (the new folder starts empty). Nothing outside
// `OUT/ID` and its two hidden siblings is touched; a sibling left behind by a killed process
// is recognised by its PID and its free lock (Leftovers) and removed by the next render.

/// The temporary folder of one output folder and the swap that publishes it: renders,
/// merges, `check --update`'s goldens.
///
/// ```swift
/// let staging = try StagingFolder(parent: "goldens", name: "push")
/// do {
///     try data.write(to: URL(fileURLWithPath: staging.file("golden.json")))
///     try staging.publish()      // goldens/push now holds what was written
/// } catch {
///     staging.discard()          // goldens/push as it was
///     throw error
/// }
/// ```
public final class StagingFolder {
    /// `OUT/ID`.
    public let target: String
    /// `OUT/.ID.tmp-PID`, where the frames are written.
    public let path: String
    /// `OUT/.ID.old-PID`, where the previous render waits during the swap.
    private let asidePath: String
    private var isOpen = true
    /// The lock that marks the temporary folder as live (`Leftovers`).
    private var lock: Int32 = -1

    /// Targets being written by this process (two writers of one folder would share a name).
    private static let active = Active()
    private final class Active: @unchecked Sendable {
        let lock = NSLock()
        var targets = Set<String>()
    }

    /// Creates `parent` when missing and an empty temporary folder beside `parent/name`,
    /// removed on an interrupt until it is published or discarded. Throws ``OutputError``.
    public init(parent: String, name: String) throws {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.contains("\0") else {
            throw OutputError.invalidSceneID(name)
        }
        let target = (parent as NSString).appendingPathComponent(name)
        self.target = target
        let pid = getpid()
        path = (parent as NSString).appendingPathComponent(".\(name).tmp-\(pid)")
        asidePath = (parent as NSString).appendingPathComponent(".\(name).old-\(pid)")

        var info = stat()
        if stat(target, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
            throw OutputError.notAFolder(path: target)
        }
        let claimed = Self.active.lock.withLock { Self.active.targets.insert(target).inserted }
        guard claimed else { throw OutputError.alreadyWriting(path: target) }
        do {
            Self.removeLeftovers(in: parent, name: name)
            // Registered and made with the registry locked: an interrupt's cleanup, which
            // holds the lock until the process exits, then either removes the folder or keeps
            // it from being made (made after the cleanup, it outlived the exit).
            let path = self.path
            try InterruptCleanup.outsideCleanup {
                try Self.makeFolders(parent)
                InterruptCleanup.registerLocked(path: path)
                guard mkdir(path, 0o755) == 0 else {
                    let code = errno
                    // Left by the sweep: a process with this PID in another container writes
                    // the same folder (it holds the lock), or something else is in the way.
                    if code == EEXIST {
                        if Leftovers.isHeld(path) { throw OutputError.alreadyWriting(path: target) }
                        throw OutputError.unwritableFolder(path: parent, reason: "\(path) is in the way; remove it")
                    }
                    throw code == ENOSPC || code == EDQUOT
                        ? OutputError.diskFull(path: path)
                        : OutputError.unwritableFolder(path: parent, reason: String(cString: strerror(code)))
                }
            }
            lock = Leftovers.hold(path)
        } catch {
            InterruptCleanup.unregister(path: path)
            Self.active.lock.withLock { _ = Self.active.targets.remove(target) }
            isOpen = false
            throw error
        }
    }

    deinit {
        discard()
    }

    /// The path of `name` inside the temporary folder.
    public func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    /// Swaps the temporary folder in as `target`; the previous content of `target` is deleted.
    public func publish() throws {
        guard isOpen else { throw OutputError.writerClosed }
        let parent = FilePath.parent(of: target)
        var exchanged = false
        var asideLock: Int32 = -1
        defer { Leftovers.release(asideLock) }
        try InterruptCleanup.outsideCleanup {
            var hadPrevious = false
            var info = stat()
            if lstat(target, &info) == 0 {
                if Self.exchange(path, target) {
                    // The new render is `target`; the previous one, at the temporary name (still
                    // registered for an interrupt's cleanup), is deleted below.
                    exchanged = true
                    return
                }
                // The previous folder keeps a lock while it waits aside, so that no other
                // process's sweep takes it for a leftover before it is restored or deleted.
                asideLock = Leftovers.hold(target)
                guard rename(target, asidePath) == 0 else {
                    throw OutputError.unwritableFolder(path: parent, reason: "cannot move the previous \(target) aside: "
                                                       + String(cString: strerror(errno)))
                }
                hadPrevious = true
                InterruptCleanup.registerLocked(path: asidePath)
            }
            guard rename(path, target) == 0 else {
                let reason = String(cString: strerror(errno))
                if hadPrevious, rename(asidePath, target) == 0 { InterruptCleanup.unregisterLocked(path: asidePath) }
                throw OutputError.unwritableFolder(path: parent, reason: "cannot move the new frames into \(target): \(reason)")
            }
            InterruptCleanup.unregisterLocked(path: path)
        }
        close()
        let previous = exchanged ? path : asidePath
        if let reason = Self.removeTree(previous) {
            // The new render is in place; the old one, hidden, stays (a folder made read-only).
            OutputWarnings.add("the previous \(target) was replaced but cannot be deleted (\(reason)); "
                               + "it is left at \(previous): remove it by hand")
        }
        InterruptCleanup.unregister(path: previous)
    }

    /// glibc's renameat2, found at run time (nil where the C library has none).
    private static let renameAt2: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)? = {
        guard let symbol = dlsym(nil, "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32).self)
    }()

    /// Swaps the two paths in one step (RENAME_EXCHANGE); false, with nothing changed, where
    /// the system or the filesystem cannot.
    static func exchange(_ a: String, _ b: String) -> Bool {
        guard let renameAt2 else { return false }
        let renameExchange: UInt32 = 1 << 1
        return renameAt2(AT_FDCWD, a, AT_FDCWD, b, renameExchange) == 0
    }

    /// Removes the temporary folder and everything in it (after a failure or a cancel).
    public func discard() {
        guard isOpen else { return }
        Self.removeTree(path)
        InterruptCleanup.unregister(path: path)
        close()
    }

    private func close() {
        isOpen = false
        Leftovers.release(lock)
        lock = -1
        Self.active.lock.withLock { _ = Self.active.targets.remove(target) }
    }

    /// `mkdir -p` with typed errors: the failing folder and the system's reason
    /// (``OutputError``).
    public static func makeFolders(_ folder: String) throws {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw OutputError.unwritableFolder(path: folder, reason: "it is a file, not a folder")
            }
            return
        }
        let parent = FilePath.parent(of: folder)
        if !parent.isEmpty, parent != folder { try makeFolders(parent) }
        if mkdir(folder, 0o755) != 0, errno != EEXIST {
            let code = errno
            throw code == ENOSPC || code == EDQUOT
                ? OutputError.diskFull(path: folder)
                : OutputError.unwritableFolder(path: folder, reason: String(cString: strerror(code)))
        }
    }

    /// Removes `.NAME.tmp-PID` and `.NAME.old-PID` siblings (and their `.removing` forms) a
    /// killed process left, or which belong to this process but to no active writer (the
    /// caller holds the target's claim).
    private static func removeLeftovers(in parent: String, name: String) {
        Leftovers.sweep(in: parent, prefixes: [".\(name).tmp-", ".\(name).old-"], kind: .folder, includingOwn: true)
    }

    /// Removes `path` and everything in it; nil when it is gone, else why it is not.
    @discardableResult
    private static func removeTree(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        do {
            try FileManager.default.removeItem(atPath: path)
            return nil
        } catch {
            guard lstat(path, &info) == 0 else { return nil }
            return OutputError.systemReason(error)
        }
    }
}
