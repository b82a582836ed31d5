import Foundation
import XCTest
import Synchronization
import Foundation
@testable import Dynamics

/// Box2D keeps a golden hash of its "falling hinges" scene; this is ours: mixed shapes and
/// joints stepped several hundred times, hashed bit for bit. A change of the number is a
/// change of the simulation: update it only on purpose, and say why in the commit.
final class DeterminismTests: XCTestCase {
    static let goldenHash: UInt64 = 1_303_328_598_599_190_642

    func referenceWorld() -> World {
        let world = World(gravity: Vec2(0, 10))
        var gd = BodyDef(); gd.type = .staticBody
        let ground = world.createBody(gd)
        world.createChain(ground, points: [Vec2(-6, -8), Vec2(-6, 0), Vec2(6, 0), Vec2(6, -8)], closed: false)
        var previous: BodyID?
        for k in 0..<40 {
            var def = BodyDef()
            def.position = Vec2(-3 + Double(k % 8) * 0.8, -1 - Double(k / 8) * 1.1)
            def.angle = 0.1 * Double(k)
            let b = world.createBody(def)
            var sd = ShapeDef(); sd.restitution = k % 3 == 0 ? 0.4 : 0; sd.friction = 0.3 + 0.1 * Double(k % 5)
            switch k % 4 {
            case 0: world.createShape(b, .polygon(.box(halfWidth: 0.3, halfHeight: 0.2)), sd)
            case 1: world.createShape(b, .circle(center: .zero, radius: 0.25), sd)
            case 2: world.createShape(b, .polygon(.ellipse(radiusX: 0.35, radiusY: 0.2, tolerance: 0.005)), sd)
            default: world.createShape(b, .polygon(try! Polygon(points: [Vec2(-0.3, 0.2), Vec2(0.3, 0.2), Vec2(0, -0.3)])), sd)
            }
            if let p = previous, k % 8 != 0 {
                // A chain of hinges within each row, a rope every fourth body.
                let anchor = 0.5 * (world.position(p) + world.position(b))
                if k % 4 == 3 {
                    var jd = JointDef(kind: .distance, bodyA: p, bodyB: b, anchorA: world.position(p), anchorB: world.position(b))
                    jd.maxLength = 1.2
                    world.createJoint(jd)
                } else {
                    world.createJoint(JointDef(kind: .revolute, bodyA: p, bodyB: b, anchorA: anchor, anchorB: anchor))
                }
            }
            previous = b
        }
        return world
    }

    func testReferenceSceneIsBitIdenticalAcrossRunsAndMatchesTheGoldenHash() {
        let a = referenceWorld(), b = referenceWorld()
        for _ in 0..<400 { a.step(1.0 / 60); b.step(1.0 / 60) }
        let hash = Workloads.stateHash(a)
        XCTAssertEqual(hash, Workloads.stateHash(b))
        print("determinism golden hash: \(hash)")
        XCTAssertEqual(hash, Self.goldenHash, "the reference simulation changed")
    }
}

/// The engine's worker threads change speed only: the same workload stepped on one and on two
/// workers ends in bit-identical states (positions, rotations and velocities of every body).
final class WorkerDeterminismTests: XCTestCase {
    func run(_ workload: EngineBenchmark.Workload, workers: Int, steps: Int, tuned: Bool = false) -> (hash: UInt64, probe: [EngineBenchmark.Pose]) {
        let bench = EngineBenchmark(workload, workers: workers)
        // Untuned, every step of a two-worker run uses the pool (see WorkerTuner).
        bench.world.tunesWorkers = tuned
        var hashes: [UInt64] = []
        for step in 0..<steps {
            bench.step()
            if step % 20 == 0 { hashes.append(bench.stateHash) }
        }
        // One hash over the whole history: a difference at any sampled step shows.
        var h: UInt64 = 0xcbf29ce484222325
        for x in hashes { h = (h ^ x) &* 0x100000001b3 }
        return (h, Array(bench.poses.prefix(3)))
    }

    func testOneAndTwoWorkersGiveBitIdenticalStates() {
        for (workload, steps) in [(EngineBenchmark.Workload.rain1000, 240), (.largePyramid, 60), (.manyPyramids, 21)] {
            let one = run(workload, workers: 1, steps: steps)
            let two = run(workload, workers: 2, steps: steps)
            XCTAssertEqual(one.hash, two.hash, "\(workload)")
            XCTAssertEqual(one.probe, two.probe, "\(workload)")
            // And the run is not trivially static: the rain has fallen by then.
            if workload == .rain1000 { XCTAssertGreaterThan(one.probe[0].y, 360) }
        }
        // Tuned (the default: some steps with the pool, some without, as the clock says).
        let tuned = run(.rain1000, workers: 2, steps: 240, tuned: true)
        XCTAssertEqual(tuned.hash, run(.rain1000, workers: 1, steps: 240).hash)
    }

    /// The soft step gathers and colors its constraints on one thread while a worker loads
    /// the bodies (`alongside`): with a pool the second side starts while the first is still
    /// running, on another thread; without one they run in order on this thread.
    func testAlongsideRunsItsTwoSidesAtOnceOnAPool() {
        let world = World()
        world.workerCount = 2
        let started = Atomic<Bool>(false)
        var sawSecondWhileFirstRan = false
        var secondThread: UInt64 = 0
        let caller = UInt64(pthread_self())
        world.alongside({
            // Wait (at most 2 s) for the other side to begin: it can only begin meanwhile on
            // another thread.
            let deadline = DispatchTime.now().uptimeNanoseconds + 2_000_000_000
            while !started.load(ordering: .acquiring) && DispatchTime.now().uptimeNanoseconds < deadline { sched_yield() }
            sawSecondWhileFirstRan = started.load(ordering: .acquiring)
        }, {
            secondThread = UInt64(pthread_self())
            started.store(true, ordering: .releasing)
        })
        XCTAssertTrue(sawSecondWhileFirstRan, "the second side ran while the first did")
        XCTAssertNotEqual(secondThread, caller, "on a worker")

        let serial = World()
        var order: [Int] = []
        serial.alongside({ order.append(1) }, { order.append(2) })
        XCTAssertEqual(order, [1, 2], "without a pool: in order")
    }
}
