import Foundation
import XCTest

/// Bad scenes and bad usage through the real executable: exit 2, a located message, and
/// nothing written.
final class BadInputTests: XCTestCase {
    struct Expectation: Decodable { let line: Int?; let column: Int?; let message: String; let path: String? }

    func testEveryBadSceneIsRefusedWithExitTwoAndALocatedMessage() throws {
        let dir = CLI.packageRoot + "/Tests/SceneFormatTests/Fixtures/bad"
        let expectations = try JSONDecoder().decode([String: Expectation].self,
                                                    from: Data(contentsOf: URL(fileURLWithPath: dir + "/expectations.json")))
        XCTAssertGreaterThanOrEqual(expectations.count, 60)
        let out = try CLI.temporaryDirectory("bad")
        defer { try? FileManager.default.removeItem(atPath: out) }
        for (file, expected) in expectations.sorted(by: { $0.key < $1.key }) {
            let r = try CLI.run(["render", dir + "/" + file, "--out", out, "--quiet"])
            XCTAssertEqual(r.status, 2, "\(file): \(r.stderr)")
            XCTAssertTrue(r.stderr.contains(file), "\(file): the message names the file: \(r.stderr)")
            if let line = expected.line, let column = expected.column {
                XCTAssertTrue(r.stderr.contains(":\(line):\(column):"), "\(file): expected \(line):\(column) in \(r.stderr)")
            }
            XCTAssertTrue(r.stderr.contains(expected.message), "\(file): expected '\(expected.message)' in \(r.stderr)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), [], "nothing written for invalid scenes")
    }

    func testUsageErrorsExitTwoWithAHint() throws {
        let r = try CLI.run(["render", "--jbos", "2"])
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("did you mean --jobs"), r.stderr)
        let unknown = try CLI.run(["rendr"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("did you mean 'render'"), unknown.stderr)
        let missing = try CLI.run(["render", "colision-delegate"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("did you mean 'collision-delegate'"), missing.stderr)
        let frames = try CLI.run(["render", "snap", "--frames", "9:3"])
        XCTAssertEqual(frames.status, 2, frames.stderr)
    }

    func testHelpAndVersion() throws {
        let v = try CLI.run(["--version"])
        XCTAssertEqual(v.status, 0)
        XCTAssertTrue(v.stdout.hasPrefix("animatic "))
        for command in ["render", "validate", "simulate", "diff", "check", "list", "bench"] {
            let h = try CLI.run([command, "--help"])
            XCTAssertEqual(h.status, 0, command)
            XCTAssertTrue(h.stdout.contains("usage: animatic \(command)"), command)
        }
        let list = try CLI.run(["list"])
        XCTAssertEqual(list.status, 0)
        XCTAssertTrue(list.stdout.contains("collision-delegate"))
    }

    func testDiffExitStatuses() throws {
        let a = try CLI.temporaryDirectory("diffA"), b = try CLI.temporaryDirectory("diffB")
        defer { try? FileManager.default.removeItem(atPath: a); try? FileManager.default.removeItem(atPath: b) }
        XCTAssertEqual(try CLI.run(["render", "snap", "--out", a, "--duration", "0.5", "--quiet"]).status, 0)
        XCTAssertEqual(try CLI.run(["render", "snap", "--out", b, "--duration", "0.5", "--quiet"]).status, 0)
        let same = try CLI.run(["diff", a + "/snap", b + "/snap", "--json"])
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertTrue(same.stdout.contains("\"differentPixels\": 0,"), same.stdout)
        // Different frames: frame 0 against frame 29 of a falling scene (the squares moved).
        XCTAssertEqual(try CLI.run(["render", "collision-delegate", "--out", a, "--duration", "0.5", "--quiet"]).status, 0)
        let moved = try CLI.run(["diff", a + "/collision-delegate/frame_00000.png", a + "/collision-delegate/frame_00029.png"])
        XCTAssertEqual(moved.status, 1, moved.stdout + moved.stderr)
        let tolerated = try CLI.run(["diff", a + "/collision-delegate/frame_00000.png", a + "/collision-delegate/frame_00029.png",
                                     "--max-diff-ratio", "0.5"])
        XCTAssertEqual(tolerated.status, 0)
        try FileManager.default.removeItem(atPath: b + "/snap/frame_00007.png")
        let missing = try CLI.run(["diff", a + "/snap", b + "/snap"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("7"), missing.stderr)
    }
}
