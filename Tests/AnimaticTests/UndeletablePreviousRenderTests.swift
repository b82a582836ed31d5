import BrowserSupport
import Foundation
import FrameFiles
import XCTest

/// A render replacing a folder whose old files cannot be deleted (made read-only or
/// immutable by the user) puts the new render in place and says where the old one was left;
/// it used to end with exit 0 and a hidden copy of the old render, without a word.
final class UndeletablePreviousRenderTests: XCTestCase {
    func testThePreviousRenderThatCannotBeDeletedIsReported() throws {
        let dir = try CLI.temporaryDirectory("undeletable")
        let render = ["render", "push", "--scale", "0.25", "--jobs", "1", "--quiet", "--out", dir + "/out"]
        XCTAssertEqual(try CLI.run(render + ["--frames", "0:2"]).status, 0)
        let pinned = dir + "/out/push/frame_00000.png"
        // Root deletes from read-only folders, so as root the file is made immutable instead.
        let root = getuid() == 0
        let chattr = ["/usr/bin/chattr", "/bin/chattr"].first { FileManager.default.isExecutableFile(atPath: $0) }
        var unpin: () -> Void = {}
        if root {
            guard let chattr, (try? ExternalTool.capture(chattr, ["+i", pinned]))?.status == 0 else {
                try? FileManager.default.removeItem(atPath: dir)
                throw XCTSkip("cannot make a file immutable here (chattr +i)")
            }
            unpin = {
                for path in (FileManager.default.enumerator(atPath: dir + "/out")?.allObjects as? [String] ?? [])
                where path.hasSuffix("frame_00000.png") {
                    _ = try? ExternalTool.capture(chattr, ["-i", dir + "/out/" + path])
                }
            }
        } else {
            XCTAssertEqual(chmod(dir + "/out/push", 0o555), 0)
            unpin = {
                for entry in (try? FileManager.default.contentsOfDirectory(atPath: dir + "/out")) ?? [] { chmod(dir + "/out/" + entry, 0o755) }
            }
        }
        defer { unpin(); try? FileManager.default.removeItem(atPath: dir) }

        let again = try CLI.run(render + ["--frames", "0:3"])
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try FrameManifest.read(fromFolder: dir + "/out/push").range, 0..<3, "the new render is in place")
        let hidden = try FileManager.default.contentsOfDirectory(atPath: dir + "/out").filter { $0.hasPrefix(".push.") }
        XCTAssertEqual(hidden.count, 1, "\(hidden)")
        XCTAssertTrue(again.stderr.contains("animatic: warning: the previous \(dir)/out/push was replaced but cannot be deleted"),
                      again.stderr)
        XCTAssertTrue(again.stderr.contains("it is left at \(dir)/out/\(hidden.first ?? "?"): remove it by hand"), again.stderr)
    }
}
