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

    static func temporaryDirectory(_ name: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("animatic-tests-\(name)-\(getpid())").path
        try? FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
