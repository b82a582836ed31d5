import BrowserSupport
import Foundation
import XCTest

/// `scripts/fuzz.sh`, which the README offers for fuzzing the scene loader with libFuzzer,
/// built and run briefly: it named the loader's sources by the module's old folder
/// (Sources/Scenes) and failed to build, unnoticed, until a session ran it.
final class FuzzScriptTests: XCTestCase {
    func testTheFuzzScriptBuildsTheLoaderAndRuns() throws {
        let run = try ExternalTool.capture("/bin/bash", [CLI.packageRoot + "/scripts/fuzz.sh", "2000"])
        XCTAssertEqual(run.status, 0, String(run.stderr.suffix(2000)))
        // (libFuzzer first runs every file of the corpus, which grows as the script is used:
        // "Done N runs" with N at least 2,000.)
        XCTAssertNotNil((run.stdout + run.stderr).range(of: #"Done [0-9]+ runs"#, options: .regularExpression), String(run.stderr.suffix(2000)))
    }
}
