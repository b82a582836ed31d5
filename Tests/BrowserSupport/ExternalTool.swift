import Foundation

// Design note: tests that need a program from outside the toolchain (chromium, ffmpeg,
// check-jsonschema, GNU parallel) find it here. The test script installs them all and sets
// ANIMATIC_REQUIRE_TOOLS=1, so in CI a missing tool is a failure, never a silent skip; a
// developer without the tool gets a skip that says how to install it.

/// Locating external programs for the tests.
public enum ExternalTool {
    /// Whether a missing tool must fail the test (set by scripts/test.sh).
    public static var required: Bool { ProcessInfo.processInfo.environment["ANIMATIC_REQUIRE_TOOLS"] == "1" }

    /// The first executable named `name` on PATH (and in ~/.local/bin, where pip puts tools).
    public static func locate(_ name: String) -> String? {
        var folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        folders.append(NSHomeDirectory() + "/.local/bin")
        return folders.map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `executable` with `arguments`; returns its exit status and standard output.
    public static func run(_ executable: String, _ arguments: [String], in directory: String? = nil) throws -> (status: Int32, output: String) {
        let result = try capture(executable, arguments, in: directory)
        return (result.status, result.stdout)
    }

    /// Runs `executable` with `arguments` (standard input empty); returns its exit status,
    /// standard output and standard error. Both outputs go to files, so a program that writes
    /// a lot to one of them never blocks on a full pipe.
    public static func capture(_ executable: String, _ arguments: [String],
                               in directory: String? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("animatic-tool-\(UUID().uuidString)")
        let out = base.appendingPathExtension("out"), err = base.appendingPathExtension("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: out); try? FileManager.default.removeItem(at: err) }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: out), as: UTF8.self),
                String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }
}

#if canImport(XCTest)
import XCTest

extension ExternalTool {
    /// The path of `name` (one of `candidates` if given, else on PATH). When it is missing the
    /// test fails under scripts/test.sh and is skipped elsewhere, with `install` as the hint.
    public static func require(_ name: String, candidates: [String] = [], install: String) throws -> String {
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) ?? locate(name) {
            return found
        }
        if required { throw Missing(description: "\(name) is missing: \(install)") }
        throw XCTSkip("\(name) is not installed (\(install))")
    }

    /// A tool the test script should have installed.
    public struct Missing: Error, CustomStringConvertible {
        public var description: String
    }

    /// Headless Chromium.
    public static func chromium() throws -> String {
        try require("chromium", candidates: ["/usr/bin/chromium", "/usr/bin/chromium-browser"], install: "apt-get install -y chromium")
    }
}
#endif
