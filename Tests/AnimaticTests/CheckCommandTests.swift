import Foundation
import XCTest

/// The golden-frame workflow: record, pass, drift detected with exit 1 and a report.
final class CheckCommandTests: XCTestCase {
    func testCheckRecordsPassesAndCatchesADriftedFrame() throws {
        let golden = try CLI.temporaryDirectory("golden")
        defer { try? FileManager.default.removeItem(atPath: golden) }
        // The scenes are long; shorten them with a copy of one scene.
        let scene = golden + "/short.json"
        let text = try String(contentsOfFile: CLI.packageRoot + "/scenes/collision-delegate.json", encoding: .utf8)
            .replacingOccurrences(of: "duration: 4,", with: "duration: 0.5,")
        try text.write(toFile: scene, atomically: true, encoding: .utf8)
        let update = try CLI.run(["check", scene, "--golden", golden + "/frames", "--update"])
        XCTAssertEqual(update.status, 0, update.stderr)
        let pass = try CLI.run(["check", scene, "--golden", golden + "/frames"])
        XCTAssertEqual(pass.status, 0, pass.stdout + pass.stderr)
        XCTAssertTrue(pass.stdout.contains("short: ok"), pass.stdout)
        // Replace a golden frame with another frame: the check must fail and name the frame.
        let frames = golden + "/frames/short"
        try FileManager.default.removeItem(atPath: frames + "/frame_00005.png")
        try FileManager.default.copyItem(atPath: frames + "/frame_00029.png", toPath: frames + "/frame_00005.png")
        let fail = try CLI.run(["check", scene, "--golden", golden + "/frames", "--report", golden + "/report"])
        XCTAssertEqual(fail.status, 1, fail.stdout + fail.stderr)
        XCTAssertTrue(fail.stdout.contains("first at frame 5"), fail.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden + "/report/short/index.html"))
        // A generous tolerance accepts it.
        let tolerated = try CLI.run(["check", scene, "--golden", golden + "/frames", "--max-diff-ratio", "0.5"])
        XCTAssertEqual(tolerated.status, 0)
        // Missing goldens: exit 2 with the hint to record them.
        let missing = try CLI.run(["check", scene, "--golden", golden + "/nothing"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("--update"), missing.stderr)
    }

    func testCheckRendersWithTheDebugOverlayWhenAsked() throws {
        let golden = try CLI.temporaryDirectory("golden-debug")
        defer { try? FileManager.default.removeItem(atPath: golden) }
        let scene = golden + "/short.json"
        let text = try String(contentsOfFile: CLI.packageRoot + "/scenes/radial-gravity.json", encoding: .utf8)
            .replacingOccurrences(of: "duration: 5,", with: "duration: 0.25,")
        try text.write(toFile: scene, atomically: true, encoding: .utf8)
        let update = try CLI.run(["check", scene, "--golden", golden + "/frames", "--update", "--debug", "fields,shapes"])
        XCTAssertEqual(update.status, 0, update.stderr)
        let pass = try CLI.run(["check", scene, "--golden", golden + "/frames", "--debug", "fields,shapes"])
        XCTAssertEqual(pass.status, 0, pass.stdout + pass.stderr)
        XCTAssertTrue(pass.stdout.contains("short: ok (0 differing pixels in 0 frames)"), pass.stdout)
        // Without the overlay the field's arrows and the view's outline are missing.
        let plain = try CLI.run(["check", scene, "--golden", golden + "/frames"])
        XCTAssertEqual(plain.status, 1, plain.stdout + plain.stderr)
        let typo = try CLI.run(["check", scene, "--golden", golden + "/frames", "--debug", "feilds"])
        XCTAssertEqual(typo.status, 2, typo.stdout + typo.stderr)
    }
}
