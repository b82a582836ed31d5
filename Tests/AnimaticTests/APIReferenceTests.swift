import BrowserSupport
import Foundation
import XCTest

/// The API reference builds with the toolchain's DocC (scripts/docs.sh) and its pages render
/// in a real browser: headless Chromium loads the DynamicAnimator page from a local web
/// server, runs DocC's JavaScript and shows the symbol's documentation.
final class APIReferenceTests: XCTestCase {
    func testDocCSiteBuildsAndTheDynamicAnimatorPageRendersInChromium() throws {
        let chromium = try ExternalTool.chromium()
        let python = try ExternalTool.require("python3", install: "apt-get install -y python3")
        let site = try CLI.temporaryDirectory("docc") + "/site"
        defer { try? FileManager.default.removeItem(atPath: (site as NSString).deletingLastPathComponent) }
        // The modules are those of the test build (scripts/test.sh built them), so no rebuild.
        let build = Process()
        build.executableURL = URL(fileURLWithPath: "/bin/bash")
        build.arguments = [CLI.packageRoot + "/scripts/docs.sh", site]
        build.environment = ProcessInfo.processInfo.environment.merging(["ANIMATIC_DOCS_SKIP_BUILD": "1"]) { $1 }
        build.standardOutput = FileHandle.nullDevice
        try build.run()
        build.waitUntilExit()
        XCTAssertEqual(build.terminationStatus, 0, "scripts/docs.sh failed")
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/documentation/dynamics/dynamicanimator/index.html"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: site + "/data/documentation/dynamics/dynamicanimator.json"))

        // DocC pages load their content with fetch(), which file:// forbids: serve the folder.
        let port = 20_000 + Int(getpid() % 20_000)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: python)
        server.arguments = ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", site]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { server.terminate(); server.waitUntilExit() }
        Thread.sleep(forTimeInterval: 1)

        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("docc-chromium-\(getpid())")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: profile) }
        let page = "http://127.0.0.1:\(port)/documentation/dynamics/dynamicanimator/"
        let dom = try Headless.run(chromium, ["--virtual-time-budget=15000", "--dump-dom", page], profile: profile)
        XCTAssertTrue(dom.contains("<title>DynamicAnimator | Documentation</title>"), String(dom.prefix(2000)))
        // Rendered by DocC's JavaScript from the symbol graph: the class's own members.
        XCTAssertTrue(dom.contains("addBehavior"), "the page shows no members")
        // And a page that does not exist is not found, so the check above can fail.
        let missing = try Headless.run(chromium, ["--virtual-time-budget=15000", "--dump-dom",
                                                  "http://127.0.0.1:\(port)/documentation/dynamics/nosuchtype/"], profile: profile)
        XCTAssertFalse(missing.contains("<title>DynamicAnimator | Documentation</title>"))
    }
}
