import Foundation
import XCTest

/// `bench physics --workers 1,2`: each count timed in every run, one line per count, the
/// speedup over the first count on the later lines; `--interleave` does the same for the
/// workloads, with the per-body cost over the first workload's.
final class BenchWorkerListTests: XCTestCase {
    func testAListOfWorkerCountsPrintsALinePerCountWithTheSpeedupOverTheFirst() throws {
        let r = try CLI.run(["bench", "physics", "--only", "rain1000", "--quick", "--runs", "3", "--workers", "2,1"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let objects = try CLI.jsonLines(r.stdout)
        XCTAssertEqual(objects.count, 2, r.stdout)
        // In the order given, the first count's line without a speedup.
        XCTAssertEqual(objects.map { $0["workers"] as? Int }, [2, 1])
        XCTAssertNil(objects[0]["speedup"])
        XCTAssertEqual(objects.map { $0["runs"] as? Int }, [3, 3])
        // The same simulation at either count.
        XCTAssertEqual(objects[0]["state_hash"] as? String, objects[1]["state_hash"] as? String)
        // The speedup is a median of per-run ratios t(2) / t(1): it lies between the smallest
        // and largest of them, and those between the ratios of the extreme times.
        let speedup = try XCTUnwrap(objects[1]["speedup"] as? Double)
        let low = try XCTUnwrap(objects[1]["speedup_min"] as? Double), high = try XCTUnwrap(objects[1]["speedup_max"] as? Double)
        XCTAssertLessThanOrEqual(low, speedup)
        XCTAssertLessThanOrEqual(speedup, high)
        let minA = try XCTUnwrap(objects[0]["min_ms"] as? Double), maxA = try XCTUnwrap(objects[0]["max_ms"] as? Double)
        let minB = try XCTUnwrap(objects[1]["min_ms"] as? Double), maxB = try XCTUnwrap(objects[1]["max_ms"] as? Double)
        // (Printed to three decimals: a little room for the rounding.)
        XCTAssertGreaterThanOrEqual(low, minA / maxB - 0.01)
        XCTAssertLessThanOrEqual(high, maxA / minB + 0.01)
        XCTAssertGreaterThan(speedup, 0)
    }

    /// `--interleave`: the workloads in turn within every run, a line each in the order
    /// given, the later ones with their per-body cost over the first's, run by run.
    func testInterleavedWorkloadsCarryTheirPerBodyCostOverTheFirst() throws {
        let args = ["bench", "physics", "--only", "rain1000,pile1000", "--quick", "--runs", "3"]
        let r = try CLI.run(args + ["--interleave"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let objects = try CLI.jsonLines(r.stdout)
        XCTAssertEqual(objects.map { $0["workload"] as? String }, ["rain1000", "pile1000"], r.stdout)
        XCTAssertNil(objects[0]["per_body_step_ratio"])
        // The same simulations as one workload after the other.
        let plain = try CLI.run(args)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let plainObjects = try CLI.jsonLines(plain.stdout)
        XCTAssertEqual(objects.map { $0["state_hash"] as? String }, plainObjects.map { $0["state_hash"] as? String })
        XCTAssertNil(plainObjects[1]["per_body_step_ratio"], "only interleaved runs are compared")
        // A median of per-run ratios (t(pile) / 1,000) / (t(rain) / 1,000): between its extremes,
        // and those between the ratios of the extreme times per body.
        let ratio = try XCTUnwrap(objects[1]["per_body_step_ratio"] as? Double)
        let low = try XCTUnwrap(objects[1]["per_body_step_ratio_min"] as? Double)
        let high = try XCTUnwrap(objects[1]["per_body_step_ratio_max"] as? Double)
        XCTAssertLessThanOrEqual(low, ratio)
        XCTAssertLessThanOrEqual(ratio, high)
        func perBody(_ o: [String: Any], _ key: String) throws -> Double {
            try XCTUnwrap(o[key] as? Double) / Double(try XCTUnwrap(o["bodies"] as? Int))
        }
        let firstLow = try perBody(objects[0], "min_ms"), firstHigh = try perBody(objects[0], "max_ms")
        let laterLow = try perBody(objects[1], "min_ms"), laterHigh = try perBody(objects[1], "max_ms")
        // (Printed to three decimals: a little room for the rounding.)
        XCTAssertGreaterThanOrEqual(low, laterLow / firstHigh - 0.01)
        XCTAssertLessThanOrEqual(high, laterHigh / firstLow + 0.01)
        XCTAssertGreaterThan(ratio, 0)
    }

    /// Interleaved, a workload's `peak_rss_mb` is read after its own first run: the small pile
    /// run first does not report the memory of the big one run after it (read once all the
    /// runs were done, every line reported the process's peak).
    func testInterleavedPeakMemoryIsEachWorkloadsOwn() throws {
        let r = try CLI.run(["bench", "physics", "--only", "pile1000,pile10000", "--quick", "--runs", "1", "--interleave"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let objects = try CLI.jsonLines(r.stdout)
        XCTAssertEqual(objects.map { $0["workload"] as? String }, ["pile1000", "pile10000"], r.stdout)
        let small = try XCTUnwrap(objects[0]["peak_rss_mb"] as? Double), big = try XCTUnwrap(objects[1]["peak_rss_mb"] as? Double)
        // Ten times the bodies, contacts and tree: megabytes more.
        XCTAssertGreaterThan(big, small + 2, r.stdout)
    }

    // Regression: the median of an even number of runs was the upper middle value (of two
    // runs, the slower), where a median is the mean of the two middle ones.
    func testTheMedianOfTwoRunsIsTheirMean() throws {
        let physics = try CLI.run(["bench", "physics", "--only", "pile1000", "--quick", "--runs", "2"])
        XCTAssertEqual(physics.status, 0, physics.stderr)
        let line = try XCTUnwrap(try CLI.jsonLines(physics.stdout).first)
        let low = try XCTUnwrap(line["min_ms"] as? Double), high = try XCTUnwrap(line["max_ms"] as? Double)
        // (Each printed to three decimals.)
        XCTAssertEqual(try XCTUnwrap(line["ms_per_step"] as? Double), (low + high) / 2, accuracy: 0.0011)
        let render = try CLI.run(["bench", "render", "--frames", "4", "--jobs", "1", "--runs", "2"])
        XCTAssertEqual(render.status, 0, render.stderr)
        let r = try XCTUnwrap(try CLI.jsonLines(render.stdout).first)
        let first = try XCTUnwrap(r["min_s"] as? Double), last = try XCTUnwrap(r["max_s"] as? Double)
        XCTAssertEqual(try XCTUnwrap(r["seconds"] as? Double), (first + last) / 2, accuracy: 0.0011)
    }
}
