import Foundation
import XCTest

/// The debug overlay reads the simulation and never changes it: for every bundled scene the
/// trace of `simulate` is byte-identical with and without every overlay layer.
final class DebugOverlayTraceTests: XCTestCase {
    func testEveryBundledSceneTracesTheSameWithTheOverlay() throws {
        let scenes = try FileManager.default.contentsOfDirectory(atPath: CLI.packageRoot + "/scenes")
            .filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(scenes.count, 13)
        for file in scenes {
            let plain = try CLI.run(["simulate", "scenes/" + file, "--trace", "-"])
            let debug = try CLI.run(["simulate", "scenes/" + file, "--trace", "-", "--debug", "all"])
            XCTAssertEqual(plain.status, 0, "\(file): \(plain.stderr)")
            XCTAssertEqual(debug.status, 0, "\(file): \(debug.stderr)")
            XCTAssertGreaterThan(plain.stdout.count, 1000, file)
            XCTAssertTrue(plain.stdout == debug.stdout, "\(file): the overlay changed the trace")
        }
    }
}
