import XCTest
@testable import Dynamics

/// The soft step reuses its contact batches step after step, so the preparation must leave
/// nothing of the last step in them: every field of every lane is set each step (written,
/// or reset where no constraint takes the lane). Here one world's batches are overwritten
/// with NaN and a wrong body and contact before every step: any field the preparation left
/// alone would carry that into the solve, and the two worlds would part.
final class ContactBatchFillTests: XCTestCase {
    private func poisoned() -> ContactBatch {
        var batch = ContactBatch(dummy: 0)
        withUnsafeMutableBytes(of: &batch) { raw in
            for i in 0..<raw.count { raw[i] = 0xFF } // every float a NaN
        }
        // Indices that exist: a stale one would solve or store into the first body and contact.
        batch.bodyA = I4(repeating: 0)
        batch.bodyB = I4(repeating: 0)
        batch.contact = I4(repeating: 0)
        return batch
    }

    private func assertFillIgnoresWhatTheBatchesHeld(_ make: () -> (World, [BodyID]), steps: Int, workers: Int,
                                                     file: StaticString = #filePath, line: UInt = #line) {
        let (clean, _) = make(), (dirty, _) = make()
        for world in [clean, dirty] where workers > 1 {
            world.workerCount = workers
            world.tunesWorkers = false // every step on the pool
        }
        let garbage = poisoned()
        var filled = 0
        for _ in 0..<steps {
            for i in dirty.batches.indices { dirty.batches[i] = garbage }
            clean.step(1.0 / 60)
            dirty.step(1.0 / 60)
            filled += dirty.candidates.count
        }
        XCTAssertGreaterThan(filled, 1000, "constraints were prepared", file: file, line: line)
        XCTAssertEqual(Workloads.stateHash(dirty), Workloads.stateHash(clean), file: file, line: line)
        XCTAssertTrue(dirty.bodies.allSatisfy { $0.center.isFinite }, file: file, line: line)
    }

    /// Boxes and pentagons that bounce (restitution 0.3): the approach speeds, the block
    /// solver's matrices and one- and two-point manifolds all come and go.
    func testRainFillsEveryLaneWhateverTheBatchesHeld() {
        assertFillIgnoresWhatTheBatchesHeld({ Workloads.rain(count: 300) }, steps: 150, workers: 1)
    }

    func testPyramidFillsEveryLaneWhateverTheBatchesHeldOnTwoWorkers() {
        assertFillIgnoresWhatTheBatchesHeld({ Workloads.pyramid(base: 20) }, steps: 60, workers: 2)
    }

    /// The same rain with the floor and walls not bouncing: batches mix lanes that record
    /// approach speeds with lanes that do not.
    func testMixedRestitutionFillsEveryLaneWhateverTheBatchesHeld() {
        assertFillIgnoresWhatTheBatchesHeld({
            let (world, bodies) = Workloads.rain(count: 300)
            for s in world.shapes.indices where world.bodies[world.shapes[s].body].type == .staticBody {
                world.shapes[s].restitution = 0
            }
            for s in world.shapes.indices where world.bodies[world.shapes[s].body].type == .dynamic && s % 3 == 0 {
                world.shapes[s].restitution = 0
            }
            return (world, bodies)
        }, steps: 150, workers: 1)
    }

    /// The sequential step (UIKit configuration) resets only the batches it leaves lanes empty
    /// in, and writes every field of every lane it fills: its batches are poisoned the same
    /// way before every step, in a heap cut in regions (over 256 constraints) and in a small
    /// one, on one worker and on two.
    func testSequentialStepFillsEveryLaneWhateverTheBatchesHeld() {
        func heap(_ count: Int, workers: Int) -> World {
            let world = World(gravity: Vec2(0, 10), stepMode: .sequentialImpulse)
            world.enableSleep = false
            if workers > 1 { world.workerCount = workers; world.tunesWorkers = false }
            var gd = BodyDef(); gd.type = .staticBody
            let ground = world.createBody(gd)
            var sd = ShapeDef(); sd.friction = 0.5; sd.restitution = 0.3
            world.createChain(ground, points: [Vec2(0, 0), Vec2(0, 3.6), Vec2(6.4, 3.6), Vec2(6.4, 0)], closed: false, sd)
            let pentagon = try! Polygon(points: (0..<5).map { Vec2(0.06 * cos(2 * .pi * Double($0) / 5), 0.06 * sin(2 * .pi * Double($0) / 5)) })
            for i in 0..<count {
                var bd = BodyDef(); bd.position = Vec2(0.2 + Double(i % 30) * 0.2, 3.2 - Double(i / 30) * 0.19)
                let b = world.createBody(bd)
                world.createShape(b, .polygon(i % 2 == 0 ? .box(halfWidth: 0.06, halfHeight: 0.06) : pentagon), sd)
            }
            return world
        }
        var garbage = SequentialBatch(dummy: 0)
        withUnsafeMutableBytes(of: &garbage) { raw in
            for i in 0..<raw.count { raw[i] = 0xFF } // every float a NaN
        }
        garbage.bodyA = I4(repeating: 0)
        garbage.bodyB = I4(repeating: 0)
        garbage.constraint = I4(repeating: 0)
        for (count, workers) in [(600, 1), (600, 2), (90, 1)] {
            let clean = heap(count, workers: workers), dirty = heap(count, workers: workers)
            var grouped = 0, oneGroup = 0, filled = 0
            for _ in 0..<300 {
                for i in dirty.sequentialBatches.indices { dirty.sequentialBatches[i] = garbage }
                clean.step(Double(Float(1.0 / 120)))
                dirty.step(Double(Float(1.0 / 120)))
                if dirty.sequentialGroupCount == 3 { grouped += 1 } else { oneGroup += 1 }
                filled += dirty.sequentialLanes.count
            }
            XCTAssertEqual(Workloads.stateHash(dirty), Workloads.stateHash(clean), "\(count) bodies, \(workers) workers")
            XCTAssertTrue(dirty.bodies.allSatisfy { $0.center.isFinite })
            XCTAssertGreaterThan(filled, 5000)
            if count > 300 { XCTAssertGreaterThan(grouped, 100) } else { XCTAssertEqual(grouped, 0) }
        }
    }
}
