import BrowserSupport
import Foundation
import XCTest

/// Runs the built `animatic` executable (it sits beside the test bundle) and captures output.
struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

enum CLI {
    static var executable: String {
        Bundle.main.bundleURL.appendingPathComponent("animatic").path
    }

    /// The package root (for scenes/ and test fixtures).
    static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    @discardableResult
    static func run(_ args: [String], in directory: String? = nil) throws -> CommandResult {
        let result = try ExternalTool.capture(executable, args, in: directory ?? packageRoot)
        return CommandResult(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// The JSON objects of `text`, one per line (what `bench` and the scripts print); a line
    /// that is not one fails the test.
    static func jsonLines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "not a JSON object: \($0)")
        }
    }

    /// `folder/short.json`: the bundled scene `id` with its duration line `long` made `short`.
    static func shortScene(_ id: String, _ long: String, _ short: String, in folder: String) throws -> String {
        let scene = folder + "/short.json"
        let text = try String(contentsOfFile: packageRoot + "/scenes/\(id).json", encoding: .utf8)
        XCTAssertTrue(text.contains(long), "\(id) no longer says \(long)")
        try text.replacingOccurrences(of: long, with: short).write(toFile: scene, atomically: true, encoding: .utf8)
        return scene
    }

    /// Starts `animatic ARGS` (through `env ENV...` when given: env's options set signal
    /// dispositions before it runs animatic), waits until `ready(staging folder of scene
    /// push)` holds, sends `signal` and waits for the exit. Returns the status, the staging
    /// folder's path and whether the render still ran when the signal was sent.
    static func signalledRender(_ args: [String], out: String, env: [String] = [], signal: Int32,
                                when ready: (String) -> Bool) throws -> (status: Int32, staging: String, running: Bool) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: env.isEmpty ? executable : "/usr/bin/env")
        process.arguments = env.isEmpty ? args : env + [executable] + args
        process.currentDirectoryURL = URL(fileURLWithPath: packageRoot)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // (env execs animatic: the same process.)
        let staging = out + "/.push.tmp-\(process.processIdentifier)"
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline && !ready(staging) { Thread.sleep(forTimeInterval: 0.001) }
        let running = process.isRunning
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return (process.terminationStatus, staging, running)
    }

    static func temporaryDirectory(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("animatic-tests-\(name)-\(getpid())").path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
