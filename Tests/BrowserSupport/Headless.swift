import Foundation

// Design note: test-only support for the tests that load pages in a real browser (HTML
// reports, animated PNGs, the API reference): headless Chromium with a throwaway profile, output
// to files and a time limit, so a hung browser fails a test instead of hanging the suite.

/// Runs headless chromium with a throwaway profile and a time limit; returns its stdout.
public enum Headless {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static func run(_ chromium: String, _ arguments: [String], profile: URL, timeout: TimeInterval = 90) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                             "--no-first-run", "--user-data-dir=\(profile.path)", "--virtual-time-budget=5000"] + arguments
        // Output goes to files, not pipes: nothing to drain concurrently, no deadlock on a full pipe.
        let stdoutURL = profile.appendingPathComponent("stdout.txt"), stderrURL = profile.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            throw Failure(description: "chromium did not finish within \(Int(timeout)) s")
        }
        guard process.terminationStatus == 0 else {
            let stderr = (try? Data(contentsOf: stderrURL)) ?? Data()
            throw Failure(description: "chromium exited with \(process.terminationStatus): "
                          + String(decoding: stderr.suffix(2000), as: UTF8.self))
        }
        let stdout = try Data(contentsOf: stdoutURL)
        return String(decoding: stdout, as: UTF8.self)
    }
}
