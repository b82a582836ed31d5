import Foundation
import XCTest
@testable import Dynamics

/// `forEachColorRangeInOneJob`, the one pool job of the soft step's contact preparation and
/// impulse store: every batch of every color, and of the overflow, is handed out exactly once,
/// in pieces that never cross from one color into the next, whatever the colors' sizes, on a
/// pool of two or three threads (without one, the whole range at once).
final class ColorRangeJobTests: XCTestCase {
    func testEveryBatchOnceInPiecesInsideOneColor() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for workers in [1, 2, 3] {
            let world = World(gravity: .zero)
            world.workerCount = workers
            XCTAssertEqual(world.workerPool != nil, workers > 1)
            for trial in 0..<300 {
                // Up to 24 colors and the overflow; sizes from empty to a few hundred batches
                // (a pool cuts a color of 16 or more batches into several pieces).
                let colors = next(25)
                var starts = [0]
                for _ in 0..<colors {
                    let size = [0, 1, 2, 3, 15, 16, 17, 33, next(70), next(700)][next(10)]
                    starts.append(starts[starts.count - 1] + size)
                }
                starts.append(starts[starts.count - 1] + [0, 1, 5, next(90)][next(4)])
                let count = starts[starts.count - 1]
                let lock = NSLock()
                var pieces: [Range<Int>] = []
                world.forEachColorRangeInOneJob(starts, count: count) { piece in
                    lock.lock(); pieces.append(piece); lock.unlock()
                }
                pieces.sort { $0.lowerBound < $1.lowerBound }
                if workers == 1 {
                    // No pool: the whole range at once, as forEachColorRange runs it.
                    XCTAssertEqual(pieces, count > 0 ? [0..<count] : [], "trial \(trial)")
                    continue
                }
                var covered = 0
                for piece in pieces {
                    XCTAssertFalse(piece.isEmpty, "workers \(workers), trial \(trial)")
                    XCTAssertEqual(piece.lowerBound, covered, "a gap or an overlap: workers \(workers), trial \(trial), \(starts)")
                    covered = piece.upperBound
                    // Inside one group: the group holding its first batch holds its last.
                    let group = starts.lastIndex { $0 <= piece.lowerBound }!
                    XCTAssertLessThanOrEqual(piece.upperBound, starts[min(group + 1, starts.count - 1)],
                                             "a piece across colors: workers \(workers), trial \(trial), \(starts)")
                }
                XCTAssertEqual(covered, count, "workers \(workers), trial \(trial)")
            }
        }
    }
}
