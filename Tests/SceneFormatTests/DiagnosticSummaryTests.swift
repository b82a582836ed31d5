import SceneFormat
import XCTest

/// Repeated diagnostics are summarized: the first few of each kind, then a count.
final class DiagnosticSummaryTests: XCTestCase {
    func warning(_ k: Int) -> SceneDiagnostic {
        SceneDiagnostic(severity: .warning, file: "rain.json", position: nil, path: "items[\(k)]",
                        message: "item 'b\(k)' starts entirely outside the canvas (1280 x 720)", hint: "its center is [\(k), -24]")
    }

    func testRepeatedWarningsAreCountedAfterTheFirstThree() {
        let other = SceneDiagnostic(severity: .warning, file: "rain.json", position: nil, path: "behaviors[0]",
                                    message: "several gravity behaviors: the last one set wins for all")
        let lines = SceneDiagnostic.summarized((0..<7321).map(warning) + [other])
        XCTAssertEqual(lines.count, 5)
        XCTAssertEqual(lines[0], warning(0).description)
        XCTAssertEqual(lines[2], warning(2).description)
        XCTAssertEqual(lines[3], "  ... and 7,318 more warnings like it")
        XCTAssertEqual(lines[4], other.description)
    }

    func testDifferentMessagesAreNotMerged() {
        let a = SceneDiagnostic(file: "f", position: nil, path: "", message: "unknown key `frameRate`")
        let b = SceneDiagnostic(file: "f", position: nil, path: "", message: "unknown key `sleepng`")
        XCTAssertEqual(SceneDiagnostic.summarized([a, b, a, a, a]).count, 4 + 1)
        XCTAssertEqual(SceneDiagnostic.summarized([warning(1)]), [warning(1).description])
    }
}
