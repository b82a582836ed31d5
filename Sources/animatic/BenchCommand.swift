// Design note: `animatic bench physics` runs the engine workloads of engine.md (the large
// pyramid, rain at 1,000 and 4,000 bodies, a 10,000-body pile) several times on one thread and
// prints one JSON line per workload with the median milliseconds per step, so runs can be
// compared against the pymunk peers in shared/bench in the same session. Timing is wall
// clock around the step loop only; building the scene is excluded.
import Dynamics
import Rendering
import Images
import FrameFiles
import FrameOutput
import Foundation
import SceneFormat
import ScenePlayer

struct PhysicsWorkload {
    let name: String
    let bodies: Int
    let steps: Int
    let build: () -> World
}

enum BenchCommand {
    static let help = """
    usage: animatic bench physics [--runs N] [--only a,b] [--quick]
           animatic bench render [--runs N] [--frames N] [--jobs N]
    Release-build benchmarks; one JSON line per workload with the median of N runs.
      physics: pyramid (5,050 boxes), rain1000, rain4000, pile1000, pile10000 (ms per step)
      render:  600 frames of the rain workload (1,000 shapes, 1280x720) to PNG (frames/s)
    Run the pymunk peers in shared/bench beside it to compare in the same session.
    """

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, valueFlags: ["runs", "only", "frames", "jobs"], boolFlags: ["help", "quick"])
        if a.flags.contains("help") { print(help); return 0 }
        let runs = try a.int("runs", range: 1...100) ?? 3
        switch a.positional.first ?? "physics" {
        case "physics":
            let only = Set((a.values["only"] ?? "").split(separator: ",").map(String.init))
            runPhysics(only: only, runs: runs, quick: a.flags.contains("quick"))
        case "render":
            try runRender(runs: runs, frames: try a.int("frames", range: 1...100_000) ?? 600,
                          jobs: try a.int("jobs", range: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount)
        case let other:
            throw UsageError(message: "unknown benchmark '\(other)' (physics or render)")
        }
        return 0
    }
    static func physicsWorkloads(quick: Bool) -> [PhysicsWorkload] {
        [
            PhysicsWorkload(name: "pyramid", bodies: 5050, steps: quick ? 60 : 500) { Workloads.pyramid(base: 100).0 },
            PhysicsWorkload(name: "rain1000", bodies: 1000, steps: quick ? 120 : 600) { Workloads.rain(count: 1000).0 },
            PhysicsWorkload(name: "rain4000", bodies: 4000, steps: quick ? 120 : 600) { Workloads.rain(count: 4000).0 },
            PhysicsWorkload(name: "pile1000", bodies: 1000, steps: quick ? 120 : 500) { Workloads.pile(count: 1000).0 },
            PhysicsWorkload(name: "pile10000", bodies: 10000, steps: quick ? 60 : 500) { Workloads.pile(count: 10000).0 },
        ]
    }

    /// Runs the selected workloads `runs` times each and prints JSON lines.
    static func runPhysics(only: Set<String>, runs: Int, quick: Bool) {
        for w in physicsWorkloads(quick: quick) where only.isEmpty || only.contains(w.name) {
            var times: [Double] = []
            var peakMB = 0.0
            for _ in 0..<max(runs, 1) {
                let world = w.build()
                let start = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<w.steps { world.step(1.0 / 60) }
                let end = DispatchTime.now().uptimeNanoseconds
                times.append(Double(end - start) / 1e6 / Double(w.steps))
                peakMB = max(peakMB, residentMegabytes())
            }
            times.sort()
            let median = times[times.count / 2]
            let perBody = median * 1e6 / Double(w.bodies)
            print("{\"workload\":\"\(w.name)\",\"bodies\":\(w.bodies),\"steps\":\(w.steps),\"runs\":\(times.count),"
                + "\"ms_per_step\":\(fmt(median)),\"min_ms\":\(fmt(times.first!)),\"max_ms\":\(fmt(times.last!)),"
                + "\"ns_per_body_step\":\(fmt(perBody)),\"peak_rss_mb\":\(fmt(peakMB))}")
            fflush(stdout)
        }
    }

    static func fmt(_ x: Double) -> String { String(format: "%.3f", x) }

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
    /// 600 frames of the rain workload (1,000 boxes and pentagons, 1280x720) simulated and
    /// written as PNG frames: the workload of shared/bench/pymunk_rain.py --mode render.
    static func runRender(runs: Int, frames: Int, jobs: Int) throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("animatic-bench-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: out) }
        var times: [Double] = []
        for _ in 0..<runs {
            let (world, bodies) = Workloads.rain(count: 1000)
            let size = 12.0
            let square = [DrawPoint(-size / 2, -size / 2), DrawPoint(size / 2, -size / 2), DrawPoint(size / 2, size / 2), DrawPoint(-size / 2, size / 2)]
            let pentagon = (0..<5).map { k in DrawPoint(size / 2 * cos(2 * Double.pi * Double(k) / 5), size / 2 * sin(2 * Double.pi * Double(k) / 5)) }
            let colors = [SceneColor(red: 0.95, green: 0.5, blue: 0.1, alpha: 0.9), SceneColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.9)]
            let metadata = FrameSequenceMetadata(sceneID: "rain", title: "rain benchmark", fps: 60, frameCount: frames,
                                                 sceneSHA256: String(repeating: "0", count: 64), toolVersion: FramePipeline.toolVersion)
            let start = DispatchTime.now().uptimeNanoseconds
            let writer = try FrameSequenceWriter(outputFolder: out, metadata: metadata, options: FrameSequenceOptions(jobs: jobs))
            while writer.needsMoreFrames {
                world.step(1.0 / 60)
                var items: [DrawItem] = []
                items.reserveCapacity(bodies.count)
                for (i, b) in bodies.enumerated() {
                    let p = world.position(b)
                    items.append(DrawItem(shape: .polygon(i % 2 == 0 ? square : pentagon), width: size, height: size,
                                          center: DrawPoint(p.x * 100, p.y * 100), angle: world.angle(b), fill: colors[i % 2]))
                }
                try writer.append(FrameState(width: 1280, height: 720, scale: 1, background: .white, items: items))
            }
            try writer.finish()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        times.sort()
        let median = times[times.count / 2]
        print("{\"workload\":\"render_rain1000\",\"frames\":\(frames),\"width\":1280,\"height\":720,\"jobs\":\(jobs),\"runs\":\(runs),"
            + "\"seconds\":\(fmt(median)),\"frames_per_s\":\(fmt(Double(frames) / median)),\"min_s\":\(fmt(times.first!)),\"max_s\":\(fmt(times.last!))}")
    }
}
