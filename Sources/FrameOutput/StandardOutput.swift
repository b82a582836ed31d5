import Foundation

/// What a command prints, on standard output and standard error.
///
/// `print` goes through C's buffered `stdout`, whose write errors (a full disk, a closed
/// descriptor) show only in `fflush` and `ferror`: a command that ends without asking would
/// exit 0 with its listing or summary lost. Both executables call ``flushFailure()`` last.
public enum StandardOutput {
    /// Flushes standard output; returns why it could not be written (`nil`: it was), e.g.
    /// "cannot write the standard output: No space left on device".
    public static func flushFailure() -> String? {
        let flushed = fflush(stdout) == 0
        let reason = flushed ? nil : String(cString: strerror(errno))
        guard !flushed || ferror(stdout) != 0 else { return nil }
        return "cannot write the standard output" + (reason.map { ": \($0)" } ?? "")
    }

    /// Writes a line to standard error. After an interrupt nothing is said (a failure then is
    /// the cleanup's doing, its files removed under the command): this waits for the cleanup,
    /// which exits with 130 or 143. The throwing write: the plain one traps when standard
    /// error cannot be written (`2>/dev/full`).
    public static func error(_ line: String) {
        InterruptCleanup.waitIfInterrupted()
        try? FileHandle.standardError.write(contentsOf: Data((line + "\n").utf8))
    }
}
