import BrowserSupport
import Foundation
import XCTest

/// `scripts/bench-peers.py`, which the README's benchmark runs are made with, read against the
/// built executable in its quick mode (no peers): it must read the JSON lines `simulate`,
/// `bench physics` and `bench render` print today, and report what they measured.
final class BenchPeersScriptTests: XCTestCase {
    func testTheScriptReadsWhatTheBenchmarksPrint() throws {
        let python = try ExternalTool.require("python3", install: "apt-get install -y python3")
        let run = try ExternalTool.capture(python, [CLI.packageRoot + "/scripts/bench-peers.py", "--animatic", CLI.executable,
                                                   "--only", "rain,pyramids,piles,render", "--rounds", "1", "--rain-rounds", "1",
                                                   "--quick"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let records = try CLI.jsonLines(run.stdout)
        func part(_ name: String) -> [[String: Any]] { records.filter { $0["part"] as? String == name } }
        XCTAssertEqual(records.first?["run"] as? String, "start")
        let rain = try XCTUnwrap(part("rain1000").first)
        XCTAssertGreaterThan(rain["ours_w2_s"] as? Double ?? 0, 0)
        XCTAssertGreaterThan(rain["ours_w1_s"] as? Double ?? 0, 0)
        XCTAssertNil(rain["ratio"], "no pymunk given, no ratio")
        // Two one-worker runs started together: at least about as long as one alone, at most
        // about twice (two cores or one); the round labelled by the two workers' gain.
        let one = try XCTUnwrap(rain["ours_w1_s"] as? Double), two = try XCTUnwrap(rain["ours_w2_s"] as? Double)
        let pair = try XCTUnwrap(rain["pair_w1_s"] as? Double)
        XCTAssertGreaterThan(pair, 0.5 * one)
        XCTAssertLessThan(pair, 4 * one)
        XCTAssertEqual(rain["two_workers_gained"] as? Bool, one >= 1.2 * two)
        let pyramids = part("pyramids")
        XCTAssertEqual(pyramids.map { $0["workload"] as? String }, ["large_pyramid", "many_pyramids"])
        for p in pyramids {
            let one = try XCTUnwrap(p["ours_w1_ms"] as? Double), two = try XCTUnwrap(p["ours_w2_ms"] as? Double)
            let speedup = try XCTUnwrap(p["speedup"] as? Double)
            XCTAssertGreaterThan(one, 0)
            // bench physics' speedup (the median of its runs' ratios) carried over as printed:
            // near the ratio of the two counts' medians.
            XCTAssertGreaterThan(speedup, 0.1 * one / two)
            XCTAssertLessThan(speedup, 10 * one / two)
            XCTAssertEqual((p["state_hash"] as? String)?.count, 16)
        }
        let piles = try XCTUnwrap(part("piles").first)
        let small = try XCTUnwrap(piles["pile1000_ns"] as? Double), large = try XCTUnwrap(piles["pile10000_ns"] as? Double)
        XCTAssertGreaterThan(small, 0)
        XCTAssertGreaterThan(large, 0)
        XCTAssertGreaterThan(piles["ratio"] as? Double ?? 0, 0)
        XCTAssertGreaterThan(part("render").first?["ours_fps"] as? Double ?? 0, 0)
        let end = try XCTUnwrap(records.last)
        XCTAssertEqual(end["run"] as? String, "end")
        let summary = try XCTUnwrap(end["summary"] as? [String: Any])
        let growth = try XCTUnwrap(summary["piles_growth"] as? [String: Any])
        XCTAssertEqual(growth["of"] as? Int, 1)
        XCTAssertNotNil(summary["large_pyramid_two_workers"])
        XCTAssertNil(summary["rain1000_vs_pymunk"], "no pymunk given")
        // Its temporary folder is gone.
        let left = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("animatic-bench-peers-") }
        XCTAssertEqual(left, [])
    }
}
