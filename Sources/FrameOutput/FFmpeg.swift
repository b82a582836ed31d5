import Foundation
import FrameFiles
import Rendering
import Images

// Design note: ffmpeg is an optional run-time tool, found on the PATH (or given explicitly)
// and run through Foundation.Process with an argument array: no shell, so paths with spaces
// or quotes need no escaping. Its stdout is discarded and stderr captured (ffmpeg says what
// went wrong there; -loglevel error keeps it short). The child is registered with
// InterruptCleanup so an interrupt stops it; SIGKILL is used there because a child inherits the
// ignored SIGINT/SIGTERM dispositions the cleanup installs.

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

    /// Runs `executable` with `arguments`; returns its stdout. Throws
    /// ``PreviewError/ffmpegFailed(format:status:stderr:)`` (with the last lines of stderr) on a
    /// non-zero exit, naming `purpose` in the message.
    @discardableResult
    static func run(_ executable: String, arguments: [String], purpose: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw PreviewError.ffmpegNotStarted(reason: "\(executable): \(error.localizedDescription)")
        }
        let pid = process.processIdentifier
        InterruptCleanup.register(processID: pid)
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
