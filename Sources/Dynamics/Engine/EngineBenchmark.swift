// Design note: the engine's standard workloads behind a small public face, so a benchmark
// (the command line's `bench physics`, or a user's own) can time the engine without reaching
// into it: the world stays internal to this module and everything above it goes through the
// animator. The workloads are those the suite asserts on (Workloads), in engine units
// (metres, gravity 10 m/s^2 = UIKit's 1,000 pt/s^2), stepped at 60 Hz.
import Foundation

/// One of the engine's reference workloads, ready to step.
///
/// ```swift
/// let bench = EngineBenchmark(.largePyramid)
/// for _ in 0..<500 { bench.step() }
/// print(bench.bodyCount, bench.stateHash)
/// ```
public final class EngineBenchmark {
    /// The workloads, named as on the command line.
    public enum Workload: String, CaseIterable, Sendable {
        /// Box2D's large pyramid: 100 rows of 1 m boxes, 5,050 boxes.
        case largePyramid = "large_pyramid"
        /// Box2D's many pyramids: 20 x 20 pyramids of base 10 on 20 ground segments, 22,000 boxes.
        case manyPyramids = "many_pyramids"
        /// 1,000 boxes and pentagons of 12 pt falling into a 1280 x 720 pt open box.
        case rain1000
        /// The same with 4,000 bodies.
        case rain4000
        /// 1,000 bodies in a pile (the rain box, as deep as rain1000).
        case pile1000
        /// 10,000 bodies in a pile of the same depth (a 10x wider box).
        case pile10000

        /// Steps a full benchmark run takes (500 for the pyramids as in Box2D's own benchmark,
        /// 600 = 10 s for rain).
        public var steps: Int {
            switch self {
            case .largePyramid, .pile1000, .pile10000: return 500
            case .manyPyramids: return 200
            case .rain1000, .rain4000: return 600
            }
        }
    }

    /// How bodies are drawn by a benchmark that renders the workload.
    public struct Pose: Equatable, Sendable {
        /// Center in points (y down).
        public var x: Double
        public var y: Double
        /// Rotation in radians, clockwise on screen.
        public var angle: Double
    }

    public let workload: Workload
    let world: World
    let bodies: [BodyID]

    /// Builds the workload in the engine's Box2D configuration (soft step, 4 sub-steps),
    /// sleeping off as in Box2D's benchmark. `workers` threads (this one included) share the
    /// narrow phase and each graph color of the solver; the states are bit-identical for
    /// every worker count.
    public init(_ workload: Workload, workers: Int = 1) {
        self.workload = workload
        switch workload {
        case .largePyramid: (world, bodies) = Workloads.pyramid(base: 100)
        case .manyPyramids: (world, bodies) = Workloads.manyPyramids()
        case .rain1000: (world, bodies) = Workloads.rain(count: 1000)
        case .rain4000: (world, bodies) = Workloads.rain(count: 4000)
        case .pile1000: (world, bodies) = Workloads.pile(count: 1000)
        case .pile10000: (world, bodies) = Workloads.pile(count: 10000)
        }
        world.workerCount = max(1, workers)
    }

    /// Moving bodies in the workload.
    public var bodyCount: Int { bodies.count }

    /// One 1/60 s step.
    public func step() { world.step(1.0 / 60) }

    /// Every moving body's pose in points, in creation order.
    public var poses: [Pose] {
        bodies.map { b in
            let p = world.position(b)
            return Pose(x: p.x * 100, y: p.y * 100, angle: world.angle(b))
        }
    }

    /// Each moving body's first shape as a polygon around its origin, in points (a circle as
    /// its center only), in creation order.
    public var outlines: [[(x: Double, y: Double)]] {
        bodies.map { b in
            guard let shape = world.shapes(of: b).first, case .polygon(let polygon) = world.geometry(shape) else { return [(0, 0)] }
            return polygon.vertices.map { (x: $0.x * 100, y: $0.y * 100) }
        }
    }

    /// An order-sensitive hash of every body's position, rotation and velocity bits: equal
    /// hashes mean bit-identical states.
    public var stateHash: UInt64 { Workloads.stateHash(world) }

    /// The share of the steps so far that used the worker threads (the engine measures
    /// whether they pay, see `--workers`): 0 with one worker.
    public var pooledShare: Double {
        guard world.workerCount > 1 else { return 0 }
        guard world.tunesWorkers else { return 1 }
        let tuner = world.workerTuner
        return tuner.steps == 0 ? 0 : Double(tuner.pooledSteps) / Double(tuner.steps)
    }
}
