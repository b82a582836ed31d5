// Design note: what went wrong after an output was already safely in place, where failing
// the whole command would be wrong (the new render is there and complete) and saying
// nothing would leave the user a hidden copy of the previous render filling their disk: the
// previous folder, swapped out, that cannot be deleted (a folder the user made read-only).
// Writers deep in the library add a line here; the command line prints what is pending when
// the command ends. One process-wide list, as the interrupt cleanup is one: writers run on
// several threads, and a library caller drains it as the command line does.
import Foundation

/// Warnings about outputs, collected while a command runs.
public enum OutputWarnings {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var pending: [String] = []

    /// Adds a warning (from any thread).
    static func add(_ text: String) {
        lock.withLock { pending.append(text) }
    }

    /// The warnings added since the last call, in order, and forgets them.
    public static func drain() -> [String] {
        lock.withLock {
            defer { pending.removeAll() }
            return pending
        }
    }
}
