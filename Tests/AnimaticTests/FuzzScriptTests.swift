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
        XCTAssertTrue((run.stdout + run.stderr).contains("Done 2000 runs"), String(run.stderr.suffix(2000)))
    }
}
