// Design note: `animatic bench physics` steps the engine's reference workloads (Box2D's large
// and many pyramids, rain and piles) several times (on one thread unless `--workers` says
// more) and prints one JSON line per workload with the median milliseconds per step, so runs
// can be set beside Box2D's own benchmark and the pymunk peers in the same session. Several
// worker counts are timed in turn within each run, so that their ratio is measured on the
// machine as it is at that moment (a shared machine drifts by a third within minutes); with
// `--interleave` the workloads are too, so that their per-body costs are compared run by run
// (the piles' growth from 1,000 to 10,000 bodies). Timing is wall clock around the step loop
// only; building the workload is excluded. `bench render` times the whole render path
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
    usage: animatic bench physics [--runs N] [--only a,b] [--workers N[,M...]] [--interleave] [--quick]
           animatic bench render [--runs N] [--frames N] [--jobs N]
    Release-build benchmarks; one JSON line per workload with the median of N runs (default 3).
      physics: \(EngineBenchmark.Workload.allCases.map { $0.rawValue }.joined(separator: ", ")) (ms per step)
      render:  600 frames of rain1000 (1,000 shapes, 1280x720) to PNG (frames/s)
    --workers N: threads for the engine (default 1); the states are identical for any N.
      A list (--workers 1,2) runs each count in turn within every run and adds to each line
      after the first its speedup over the first count, measured run by run.
    --interleave runs every workload in turn within each run (the lines come at the end) and
      adds to each later workload's lines its per-body step cost over the first workload's,
      measured run by run (per_body_step_ratio).
    --quick takes a tenth of the steps (a smoke test, not a measurement).
    """

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, valueFlags: ["runs", "only", "frames", "jobs", "workers"], boolFlags: ["help", "quick", "interleave"])
        if a.flags.contains("help") { print(help); return 0 }
        let runs = try a.int("runs", range: 1...100) ?? 3
        guard a.positional.count <= 1 else { throw UsageError(message: "bench takes one benchmark: physics or render") }
        let benchmark = a.positional.first ?? "physics"
        try refuseOptionsOfTheOther(benchmark, a)
        switch benchmark {
        case "physics":
            let names = EngineBenchmark.Workload.allCases.map(\.rawValue)
            var selected = EngineBenchmark.Workload.allCases
            if let only = a.values["only"] {
                // Every name once: an empty one ran nothing (exit 0, no line), a repeated one
                // was timed against itself (as --workers refuses 1,1).
                selected = []
                for name in only.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                    guard !name.isEmpty else {
                        throw UsageError(message: "--only takes workload names separated by commas, such as large_pyramid,rain1000 (got '\(only)')")
                    }
                    guard let w = EngineBenchmark.Workload(rawValue: name) else {
                        throw UnknownNameError(kind: "workload", name: name, known: names)
                    }
                    guard !selected.contains(w) else {
                        throw UsageError(message: "--only names \(name) twice (got '\(only)'); each workload is measured once per run")
                    }
                    selected.append(w)
                }
            }
            runPhysics(selected, runs: runs, workers: try workerCounts(a.values["workers"]), quick: a.flags.contains("quick"),
                       interleave: a.flags.contains("interleave"))
        case "render":
            try runRender(runs: runs, frames: try a.int("frames", range: 1...100_000) ?? 600,
                          jobs: try a.int("jobs", range: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount)
        case let other:
            throw UnknownNameError(kind: "benchmark", name: other, known: ["physics", "render"])
        }
        return 0
    }

    /// The options only one of the two benchmarks reads: given to the other, a usage error
    /// (they were accepted and ignored: `bench render --quick` ran all 600 frames).
    static let optionsOf = ["physics": ["only", "workers", "quick", "interleave"], "render": ["frames", "jobs"]]

    static func refuseOptionsOfTheOther(_ benchmark: String, _ a: Arguments) throws {
        // (An unknown benchmark's name is reported by the caller.)
        guard optionsOf[benchmark] != nil else { return }
        for (other, options) in optionsOf.sorted(by: { $0.key < $1.key }) where other != benchmark {
            for option in options where a.values[option] != nil || a.flags.contains(option) {
                let hint = option == "quick" && benchmark == "render" ? " (a shorter render: --frames N)" : ""
                throw UsageError(message: "--\(option) is an option of bench \(other), not of bench \(benchmark)\(hint)")
            }
        }
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

    /// What the runs of one workload at one worker count measured.
    struct Series {
        var times: [Double] = []
        var pooled: [Double] = []
        var hash: UInt64 = 0
        var bodies = 0
        var steps = 0
        /// The process's peak resident set after the first run (with the workloads
        /// interleaved, a reading at the end would hold the later workloads' peaks too).
        var peakMegabytes = 0.0

        /// Steps the workload once, timed, and records the run.
        mutating func measure(_ w: EngineBenchmark.Workload, workers: Int, steps: Int) {
            let bench = EngineBenchmark(w, workers: workers)
            bodies = bench.bodyCount
            self.steps = steps
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<steps { bench.step() }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 / Double(steps))
            hash = bench.stateHash
            pooled.append(bench.pooledShare)
            if times.count == 1 { peakMegabytes = residentMegabytes() }
        }

        /// Milliseconds per body-step of each run.
        var perBody: [Double] { times.map { $0 / Double(max(bodies, 1)) } }
    }

    /// Runs the workloads `runs` times each and prints one JSON line per workload and worker
    /// count. With several counts, every run steps the workload once per count, one after
    /// the other, so that the counts are timed side by side on the machine as it is at that
    /// moment; each line after the first gets `speedup`, the median over the runs of the
    /// first count's time divided by its own in the same run (a shared machine's drift
    /// between runs moves both times of a run alike, and leaves the ratio). With
    /// `interleave`, every run steps all the workloads in turn, and each later workload's
    /// lines get `per_body_step_ratio`, the median over the runs of its time per body-step
    /// divided by the first workload's at the same count in the same run.
    static func runPhysics(_ workloads: [EngineBenchmark.Workload], runs: Int, workers: [Int], quick: Bool, interleave: Bool) {
        // The workloads timed together: all of them when interleaved, else one at a time (its
        // lines printed as soon as its runs are done).
        let groups = interleave ? [Array(workloads.indices)] : workloads.indices.map { [$0] }
        for group in groups {
            var series = [[Series]](repeating: [Series](repeating: Series(), count: workers.count), count: group.count)
            for _ in 0..<runs {
                for (g, i) in group.enumerated() {
                    let steps = quick ? max(workloads[i].steps / 10, 1) : workloads[i].steps
                    for (k, count) in workers.enumerated() { series[g][k].measure(workloads[i], workers: count, steps: steps) }
                }
            }
            for (g, i) in group.enumerated() {
                printLines(workloads[i], series[g], runs: runs, workers: workers, first: g > 0 ? series[0] : nil)
            }
        }
    }

    /// The median of `sorted` (ascending): the middle value, or the mean of the two middle
    /// ones for an even count (the upper one alone overstated a time of two runs).
    static func median(_ sorted: [Double]) -> Double {
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The lines of one workload, a line per worker count (see `runPhysics`); `first`: the
    /// first workload's series when the workloads were interleaved.
    static func printLines(_ w: EngineBenchmark.Workload, _ series: [Series], runs: Int, workers: [Int], first: [Series]?) {
        /// The median and extremes of per-run ratios, under `name`, `name_min`, `name_max`.
        func ratioFields(_ name: String, _ ratios: [Double]) -> [(String, JSON5Value?)] {
            let sorted = ratios.sorted()
            return [(name, rounded(Self.median(sorted))), (name + "_min", rounded(sorted.first!)), (name + "_max", rounded(sorted.last!))]
        }
        for (k, count) in workers.enumerated() {
            let s = series[k]
            let sorted = s.times.sorted()
            let median = Self.median(sorted)
            var fields: [(String, JSON5Value?)] = [
                ("workload", .string(w.rawValue)), ("bodies", .number(Double(s.bodies))), ("steps", .number(Double(s.steps))),
                ("workers", .number(Double(count))),
                ("runs", .number(Double(runs))), ("ms_per_step", rounded(median)), ("min_ms", rounded(sorted.first!)),
                ("max_ms", rounded(sorted.last!)), ("ns_per_body_step", rounded(median * 1e6 / Double(s.bodies))),
                ("peak_rss_mb", rounded(s.peakMegabytes)),
                // With more than one worker: how many of the steps used them (the engine keeps
                // to one thread while the other does not pay), over all runs.
                ("pooled_share", rounded(s.pooled.reduce(0, +) / Double(max(s.pooled.count, 1)))),
                // The end state, bit for bit: equal for any worker count, and a quick check that
                // a speed change did not change the simulation.
                ("state_hash", .string(String(s.hash, radix: 16))),
            ]
            if k > 0 { fields += ratioFields("speedup", zip(series[0].times, s.times).map { $0 / $1 }) }
            if let first { fields += ratioFields("per_body_step_ratio", zip(s.perBody, first[k].perBody).map { $0 / $1 }) }
            print(JSON5Value.object(fields).compactJSON())
        }
        fflush(stdout)
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
        // The frames go to a folder of this process in the temporary folder ($TMPDIR), which
        // must exist (the writer would create a missing one, and leave it), and which an
        // interrupt removes like any other output in progress.
        let scratch = try ScratchFolder.make(prefix: "animatic-bench", for: "bench render")
        defer { ScratchFolder.remove(scratch) }
        let out = scratch.path, temporary = FilePath.parent(of: out)
        let colors = [SceneColor(red: 0.95, green: 0.5, blue: 0.1, alpha: 0.9), SceneColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.9)]
        var times: [Double] = []
        for _ in 0..<runs {
            let bench = EngineBenchmark(.rain1000)
            let shapes = bench.outlines.map { DrawShape.polygon($0.map { DrawPoint($0.x, $0.y) }) }
            let metadata = FrameSequenceMetadata(sceneID: "rain", title: "rain benchmark", fps: 60, frameCount: frames,
                                                 sceneSHA256: String(repeating: "0", count: 64),
                                                 toolVersion: FramePipeline.toolVersion)
            let start = DispatchTime.now().uptimeNanoseconds
            let writer: FrameSequenceWriter
            do {
                writer = try FrameSequenceWriter(outputFolder: out, metadata: metadata, options: FrameSequenceOptions(jobs: jobs))
            } catch let error as OutputError {
                // Its hint says "write to another folder": bench render's folder is $TMPDIR's.
                throw SceneRunError(message: "\(error) (bench render writes its frames under the temporary folder \(temporary); set TMPDIR to choose another)")
            }
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
        let median = Self.median(times)
        print(JSON5Value.object([
            ("workload", .string("render_rain1000")), ("frames", .number(Double(frames))), ("width", .number(1280)),
            ("height", .number(720)), ("jobs", .number(Double(jobs))), ("runs", .number(Double(runs))),
            ("seconds", rounded(median)), ("frames_per_s", rounded(Double(frames) / median)),
            ("min_s", rounded(times.first!)), ("max_s", rounded(times.last!)),
        ]).compactJSON())
    }
}
