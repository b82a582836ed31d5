import XCTest
@testable import Dynamics

/// The soft step reuses its contact batches step after step, so the preparation must leave
/// nothing of the last step in them: every field of every lane is set each step (written,
/// or reset where no constraint takes the lane). Here one world's batches are overwritten
/// with NaN and a wrong body and contact before every step: any field the preparation left
/// alone would carry that into the solve, and the two worlds would part.
final class ContactBatchFillTests: XCTestCase {
    private func poisoned() -> ContactBatch {
        var batch = poisonedBytes(ContactBatch(dummy: 0))
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

    /// On two workers each thread prepares its own list of candidates, kept while the choice
    /// of constraints is kept (`PreparationShares`): a rain of 1,000 lands, so choices are
    /// made anew and kept in turn, and a list left from another choice would fill the wrong
    /// lanes (or leave lanes of the poisoned batches unfilled).
    func testLandingRainFillsEveryLaneOnTwoWorkersAsChoicesComeAndGo() {
        let make = { Workloads.rain(count: 1000) }
        assertFillIgnoresWhatTheBatchesHeld(make, steps: 150, workers: 2)
        let (world, _) = make()
        world.workerCount = 2
        world.tunesWorkers = false
        for _ in 0..<150 { world.step(1.0 / 60) }
        XCTAssertGreaterThan(world.candidates.count, 512, "enough candidates for the pool's preparation")
        XCTAssertGreaterThan(world.constraintChoiceCache.made, 20, "choices made anew")
        XCTAssertGreaterThan(world.constraintChoiceCache.kept, 5, "choices kept")
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
        var garbage = poisonedBytes(SequentialBatch(dummy: 0))
        garbage.bodyA = I4(repeating: 0)
        garbage.bodyB = I4(repeating: 0)
        garbage.constraint = I4(repeating: 0)
        for (count, workers) in [(600, 1), (600, 2), (90, 1)] {
            let clean = makeSequentialRain(count: count, workers: workers), dirty = makeSequentialRain(count: count, workers: workers)
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
