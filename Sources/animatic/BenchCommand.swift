// Design note: `animatic bench physics` steps the engine's reference workloads (Box2D's large
// and many pyramids, rain and piles) several times (on one thread unless `--workers` says
// more) and prints one JSON line per workload with the median milliseconds per step, so runs
// can be set beside Box2D's own benchmark and the pymunk peers in the same session. Several
// worker counts are timed in turn within each run, so that their ratio is measured on the
// machine as it is at that moment (a shared machine drifts by a third within minutes). Timing is wall clock around the step
// loop only; building the workload is excluded. `bench render` times the whole render path
// (physics, drawing, PNG encoding, files) for 600 rain frames.
import Dynamics
import Foundation
import FrameFiles
import FrameOutput
import Rendering
import SceneFormat
import ScenePlayer

enum BenchCommand {
    static let help = """
    usage: animatic bench physics [--runs N] [--only a,b] [--workers N[,M...]] [--quick]
           animatic bench render [--runs N] [--frames N] [--jobs N]
    Release-build benchmarks; one JSON line per workload with the median of N runs (default 3).
      physics: \(EngineBenchmark.Workload.allCases.map { $0.rawValue }.joined(separator: ", ")) (ms per step)
      render:  600 frames of rain1000 (1,000 shapes, 1280x720) to PNG (frames/s)
    --workers N: threads for the engine (default 1); the states are identical for any N.
      A list (--workers 1,2) runs each count in turn within every run and adds to each line
      after the first its speedup over the first count, measured run by run.
    --quick takes a tenth of the steps (a smoke test, not a measurement).
    """

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, valueFlags: ["runs", "only", "frames", "jobs", "workers"], boolFlags: ["help", "quick"])
        if a.flags.contains("help") { print(help); return 0 }
        let runs = try a.int("runs", range: 1...100) ?? 3
        guard a.positional.count <= 1 else { throw UsageError(message: "bench takes one benchmark: physics or render") }
        switch a.positional.first ?? "physics" {
        case "physics":
            let names = EngineBenchmark.Workload.allCases.map(\.rawValue)
            var selected = EngineBenchmark.Workload.allCases
            if let only = a.values["only"] {
                selected = try only.split(separator: ",").map { name in
                    guard let w = EngineBenchmark.Workload(rawValue: String(name)) else {
                        throw UnknownNameError(kind: "workload", name: String(name), known: names)
                    }
                    return w
                }
            }
            runPhysics(selected, runs: runs, workers: try workerCounts(a.values["workers"]), quick: a.flags.contains("quick"))
        case "render":
            try runRender(runs: runs, frames: try a.int("frames", range: 1...100_000) ?? 600,
                          jobs: try a.int("jobs", range: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount)
        case let other:
            throw UnknownNameError(kind: "benchmark", name: other, known: ["physics", "render"])
        }
        return 0
    }

    /// The engine thread counts of `--workers`: one count, or several separated by commas,
    /// each 1...64 and none twice (default: 1).
    static func workerCounts(_ text: String?) throws -> [Int] {
        guard let text else { return [1] }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        var counts: [Int] = []
        for part in parts {
            guard let n = Int(part), (1...64).contains(n) else {
                throw UsageError(message: "--workers takes a whole number from 1 to 64, or several separated by commas such as 1,2 (got '\(text)')")
            }
            guard !counts.contains(n) else {
                throw UsageError(message: "--workers names \(n) twice (got '\(text)'); each count is measured once per run")
            }
            counts.append(n)
        }
        return counts
    }

    /// Runs the workloads `runs` times each and prints one JSON line per workload and worker
    /// count. With several counts, every run steps the workload once per count, one after
    /// the other, so that the counts are timed side by side on the machine as it is at that
    /// moment; each line after the first gets `speedup`, the median over the runs of the
    /// first count's time divided by its own in the same run (a shared machine's drift
    /// between runs moves both times of a run alike, and leaves the ratio).
    static func runPhysics(_ workloads: [EngineBenchmark.Workload], runs: Int, workers: [Int], quick: Bool) {
        for w in workloads {
            let steps = quick ? max(w.steps / 10, 1) : w.steps
            var times = [[Double]](repeating: [], count: workers.count)
            var pooled = [[Double]](repeating: [], count: workers.count)
            var hashes = [UInt64](repeating: 0, count: workers.count)
            var bodies = 0
            for _ in 0..<runs {
                for (k, count) in workers.enumerated() {
                    let bench = EngineBenchmark(w, workers: count)
                    bodies = bench.bodyCount
                    let start = DispatchTime.now().uptimeNanoseconds
                    for _ in 0..<steps { bench.step() }
                    times[k].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(steps))
                    hashes[k] = bench.stateHash
                    pooled[k].append(bench.pooledShare)
                }
            }
            for (k, count) in workers.enumerated() {
                let sorted = times[k].sorted()
                let median = sorted[sorted.count / 2]
                var fields: [(String, JSON5Value?)] = [
                    ("workload", .string(w.rawValue)), ("bodies", .number(Double(bodies))), ("steps", .number(Double(steps))),
                    ("workers", .number(Double(count))),
                    ("runs", .number(Double(runs))), ("ms_per_step", rounded(median)), ("min_ms", rounded(sorted.first!)),
                    ("max_ms", rounded(sorted.last!)), ("ns_per_body_step", rounded(median * 1e6 / Double(bodies))),
                    ("peak_rss_mb", rounded(residentMegabytes())),
                    // With more than one worker: how many of the steps used them (the engine keeps
                    // to one thread while the other does not pay), over all runs.
                    ("pooled_share", rounded(pooled[k].reduce(0, +) / Double(max(pooled[k].count, 1)))),
                    // The end state, bit for bit: equal for any worker count, and a quick check that
                    // a speed change did not change the simulation.
                    ("state_hash", .string(String(hashes[k], radix: 16))),
                ]
                if k > 0 {
                    let ratios = zip(times[0], times[k]).map { $0 / $1 }.sorted()
                    fields.append(("speedup", rounded(ratios[ratios.count / 2])))
                    fields.append(("speedup_min", rounded(ratios.first!)))
                    fields.append(("speedup_max", rounded(ratios.last!)))
                }
                print(JSON5Value.object(fields).compactJSON())
            }
            fflush(stdout)
        }
    }

    /// A number kept to three decimals.
    static func rounded(_ x: Double) -> JSON5Value { .number((x * 1000).rounded() / 1000) }

    /// Peak resident set size (VmHWM) of this process in MB.
    static func residentMegabytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
            return digits / 1024
        }
        return 0
    }
}

extension BenchCommand {
    /// `frames` frames of rain1000 simulated and written as 1280x720 PNG frames through the
    /// frame writer, `runs` times; prints the median frames per second.
    static func runRender(runs: Int, frames: Int, jobs: Int) throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("animatic-bench-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        let colors = [SceneColor(red: 0.95, green: 0.5, blue: 0.1, alpha: 0.9), SceneColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.9)]
        var times: [Double] = []
        for _ in 0..<runs {
            let bench = EngineBenchmark(.rain1000)
            let shapes = bench.outlines.map { DrawShape.polygon($0.map { DrawPoint($0.x, $0.y) }) }
            let metadata = FrameSequenceMetadata(sceneID: "rain", title: "rain benchmark", fps: 60, frameCount: frames,
                                                 sceneSHA256: String(repeating: "0", count: 64),
                                                 toolVersion: FramePipeline.toolVersion)
            let start = DispatchTime.now().uptimeNanoseconds
            let writer = try FrameSequenceWriter(outputFolder: out, metadata: metadata, options: FrameSequenceOptions(jobs: jobs))
            while writer.needsMoreFrames {
                bench.step()
                var items: [DrawItem] = []
                items.reserveCapacity(shapes.count)
                for (i, pose) in bench.poses.enumerated() {
                    items.append(DrawItem(shape: shapes[i], width: 12, height: 12, center: DrawPoint(pose.x, pose.y),
                                          angle: pose.angle, fill: colors[i % 2]))
                }
                try writer.append(FrameState(width: 1280, height: 720, scale: 1, background: .white, items: items))
            }
            try writer.finish()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        times.sort()
        let median = times[times.count / 2]
        print(JSON5Value.object([
            ("workload", .string("render_rain1000")), ("frames", .number(Double(frames))), ("width", .number(1280)),
            ("height", .number(720)), ("jobs", .number(Double(jobs))), ("runs", .number(Double(runs))),
            ("seconds", rounded(median)), ("frames_per_s", rounded(Double(frames) / median)),
            ("min_s", rounded(times.first!)), ("max_s", rounded(times.last!)),
        ]).compactJSON())
    }
}
