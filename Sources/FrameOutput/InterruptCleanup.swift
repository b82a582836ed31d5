import Dispatch
import Foundation
import FrameFiles
import Rendering
import Images

// Design note: Ctrl-C (SIGINT), a `kill` (SIGTERM) or a closed terminal (SIGHUP) during a
// render must not leave a half-written hidden folder beside the output. Writers register
// what they create before they create it and unregister it once it is swapped in or
// removed; the handler removes whatever is still registered, stops registered child
// processes (ffmpeg) and exits with the shell's 128 + signal status. Signals are received
// through DispatchSource on a private queue, not in an async-signal handler, so the cleanup
// may take locks and call FileManager. The lock also serialises the handler with a writer's
// final swap (rename old aside, rename new in): an interrupt lands before or after the swap,
// never between its two renames. What a process killed outright leaves, the next command
// that writes there removes (Leftovers).

/// Removes in-progress temporary output when the process is interrupted.
///
/// The command line calls ``install(beforeExit:)`` once at start-up; ``FrameSequenceWriter``
/// and the previews register their temporary folders and files themselves.
public enum InterruptCleanup {
    /// Installs SIGINT, SIGTERM and SIGHUP handling (idempotent; SIGHUP stays ignored where
    /// the caller ignores it, as `nohup` does). On a signal: registered child processes are
    /// stopped, registered paths are removed, `beforeExit` runs (e.g. to print
    /// "interrupted"), and the process exits with status 128 + signal number (130, 143, 129).
    /// `beforeExit` runs with the registry locked and must not call back into this type.
    public static func install(beforeExit: (@Sendable (Int32) -> Void)? = nil) {
        registry.install(beforeExit: beforeExit)
    }

    /// Registers a temporary file or folder to remove on interrupt.
    public static func register(path: String) {
        registry.lock.withLock { _ = registry.paths.insert(path) }
    }

    /// Forgets `path` (it was swapped in, or removed by its owner).
    public static func unregister(path: String) {
        registry.lock.withLock { _ = registry.paths.remove(path) }
    }

    /// Registers a child process to stop on interrupt.
    public static func register(processID: Int32) {
        registry.lock.withLock { _ = registry.processes.insert(processID) }
    }

    /// Forgets a child process (it has exited).
    public static func unregister(processID: Int32) {
        registry.lock.withLock { _ = registry.processes.remove(processID) }
    }

    /// The registered paths, sorted (for diagnostics and tests).
    public static var registeredPaths: [String] {
        registry.lock.withLock { registry.paths.sorted() }
    }

    /// What the signal handler does before exiting: stops registered processes and removes
    /// registered paths. Returns the paths it removed.
    @discardableResult
    public static func cleanUpNow() -> [String] {
        registry.lock.withLock { registry.cleanUpLocked() }
    }

    /// Runs `body` (making folders under a registered one, say) where no interrupt cleanup
    /// can run beside it: a cleanup that starts meanwhile waits, and one that has run holds
    /// on until the process exits, so `body` never undoes it (a folder made after the cleanup
    /// removed its parent outlived the exit).
    public static func outsideCleanup<T>(_ body: () throws -> T) rethrows -> T {
        try registry.lock.withLock(body)
    }

    /// Whether an interrupt arrived (its cleanup is running, or has run and is exiting).
    public static var isInterrupted: Bool { registry.flagLock.withLock { registry.interrupted } }

    /// Returns at once, unless an interrupt arrived: then it never returns (the cleanup exits
    /// the process with 128 + signal). For a command that fails, or ends, as a consequence
    /// of the cleanup removing its files: neither its message nor its own exit status may
    /// come before the cleanup's.
    public static func waitIfInterrupted() {
        guard isInterrupted else { return }
        registry.lock.lock()  // held by the cleanup until the process exits
        registry.lock.unlock()
    }

    /// Starts `process` and registers it with the registry locked: a cleanup holding the lock
    /// keeps it from being started at all (a process started just before the cleanup and
    /// registered just after it outlived the exit).
    static func start(_ process: Process) throws {
        try registry.lock.withLock {
            try process.run()
            registry.processes.insert(process.processIdentifier)
        }
    }

    /// Registers a path while the registry is already locked (inside ``outsideCleanup(_:)``).
    public static func registerLocked(path: String) { registry.paths.insert(path) }
    /// Forgets a path while the registry is already locked (inside ``outsideCleanup(_:)``).
    public static func unregisterLocked(path: String) { registry.paths.remove(path) }

    private static let registry = Registry()

    private final class Registry: @unchecked Sendable {
        let lock = NSLock()
        /// Set as a signal arrives, before the cleanup takes `lock` (its own lock: the
        /// registry's may be held by a writer the cleanup waits for).
        let flagLock = NSLock()
        var interrupted = false
        var paths = Set<String>()
        var processes = Set<Int32>()
        private var sources: [DispatchSourceSignal] = []
        private let queue = DispatchQueue(label: "animatic.interrupt-cleanup")

        func install(beforeExit: (@Sendable (Int32) -> Void)?) {
            lock.lock()
            defer { lock.unlock() }
            guard sources.isEmpty else { return }
            for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
                // The default action would kill the process before the source sees the signal.
                let previous = signal(signalNumber, SIG_IGN)
                // A hang-up the caller ignores stays ignored: `nohup animatic render` must
                // outlive its terminal. (Ctrl-C and SIGTERM are always handled.)
                if signalNumber == SIGHUP, let previous, unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                    continue
                }
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
                source.setEventHandler { [unowned self] in
                    self.flagLock.withLock { self.interrupted = true }
                    self.lock.lock()
                    _ = self.cleanUpLocked()
                    // Keep the lock: no writer may swap a folder in after the cleanup.
                    beforeExit?(signalNumber)
                    exit(128 + signalNumber)
                }
                source.resume()
                sources.append(source)
            }
        }

        func cleanUpLocked() -> [String] {
            for process in processes { kill(process, SIGKILL) }
            processes.removeAll()
            var removed = [String]()
            // Deepest paths first, so a registered file inside a registered folder goes first.
            for path in paths.sorted(by: { $0.count > $1.count }) {
                // Workers may still be writing into a folder: renamed aside first (one atomic
                // step), it gains no new file, since a writer opens its next file by the old
                // path, and then comes out whole. Removed in place, a folder that kept gaining
                // files failed every retry and was left behind.
                let aside = path + ".removing"
                let target = rename(path, aside) == 0 ? aside : path
                for _ in 0..<5 {
                    guard FileManager.default.fileExists(atPath: target) else { break }
                    if (try? FileManager.default.removeItem(atPath: target)) != nil { break }
                }
                removed.append(path)
            }
            paths.removeAll()
            return removed
        }
    }
}
