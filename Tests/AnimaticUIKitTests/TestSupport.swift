import BrowserSupport
import Foundation
import SceneFormat
import XCTest

/// The package root (for scenes/), found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// The bundled scene `id`.
func bundledScene(_ id: String) throws -> Scene {
    try Scene.load(path: packageRoot + "/scenes/" + id + ".json")
}

/// A fresh temporary folder, removed at the end of the test.
func temporaryFolder(_ name: String, _ test: XCTestCase) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("animatic-uikit-\(name)-\(getpid())").path
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
    return path
}

/// What a command printed and its exit status.
struct CommandResult {
    let status: Int32
    let stdout: String
    let stderr: String
}

/// Runs a program (a path, or a name looked up in /usr/bin and /usr/local/bin); nil when it
/// is not installed.
@discardableResult
func runCommand(_ program: String, _ arguments: [String], in directory: String = packageRoot) throws -> CommandResult? {
    let path = program.hasPrefix("/") ? program
        : ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + program }.first { FileManager.default.isExecutableFile(atPath: $0) }
    guard let path, FileManager.default.isExecutableFile(atPath: path) else { return nil }
    let result = try ExternalTool.capture(path, arguments, in: directory)
    return CommandResult(status: result.status, stdout: result.stdout, stderr: result.stderr)
}

/// The built `animatic` executable (beside the test bundle).
var animaticExecutable: String { Bundle.main.bundleURL.appendingPathComponent("animatic").path }
