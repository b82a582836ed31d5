import Foundation
import XCTest
import Synchronization
@testable import Dynamics

/// The worker pool's staged jobs (`forEach(stages:)`): every piece of a stage runs once and
/// before any piece of the next, on any number of threads, so a chain of stages that each
/// read what the one before wrote gives the one-thread result.
final class WorkerPoolStageTests: XCTestCase {
    /// Stages of a three-point smoothing, ping-ponging between two arrays: stage s writes
    /// buffer s % 2 from the other, so a piece that ran early would read stale values.
    func smooth(pool: WorkerPool?, stages: Int, count: Int) -> [Double] {
        var even = [Double](repeating: 0, count: count)
        var odd = (0..<count).map { Double(($0 * 7919) % 101) }
        let plan = (0..<stages).map { s in PoolStage(range: 0..<count, grain: s % 3 == 2 ? .max : 64) }
        even.withUnsafeMutableBufferPointer { b0 in
            odd.withUnsafeMutableBufferPointer { b1 in
                let a = b0.baseAddress!, b = b1.baseAddress!
                let body: (Int, Range<Int>) -> Void = { s, range in
                    let (src, dst) = s % 2 == 0 ? (b, a) : (a, b)
                    for i in range {
                        let left = src[max(i - 1, 0)], right = src[min(i + 1, count - 1)]
                        dst[i] = 0.25 * left + 0.5 * src[i] + 0.25 * right
                    }
                }
                if let pool { pool.forEach(stages: plan, body) } else {
                    for (s, stage) in plan.enumerated() { body(s, stage.range) }
                }
            }
        }
        return (stages - 1) % 2 == 0 ? even : odd
    }

    func testStagedJobsGiveTheOneThreadResult() {
        let two = WorkerPool(threads: 2)
        for stages in [1, 2, 7, 40] {
            let serial = smooth(pool: nil, stages: stages, count: 1_000)
            // Compared whole (a failure would print two thousand numbers otherwise).
            XCTAssertTrue(smooth(pool: two, stages: stages, count: 1_000) == serial, "\(stages) stages")
            XCTAssertTrue(smooth(pool: WorkerPool(threads: 1), stages: stages, count: 1_000) == serial, "\(stages) stages, one thread")
        }
        // The computation really depends on the stage order: one stage fewer differs.
        XCTAssertTrue(smooth(pool: nil, stages: 40, count: 1_000) != smooth(pool: nil, stages: 39, count: 1_000))
    }

    func testEveryPieceRunsOnceAndStagesDoNotOverlap() {
        let pool = WorkerPool(threads: 2)
        let clock = Atomic<Int>(0)
        let caller = UInt64(pthread_self())
        // Stage sizes: split ones, one piece, empty, and more pieces than threads.
        let sizes = [1_000, 10, 0, 5_000, 64, 129, 3]
        let plan = sizes.map { PoolStage(range: 100..<(100 + $0), grain: 16) }
        // Per stage: the items run (each once), the first and last tick of its pieces.
        let lock = NSLock()
        var seen = [[Int]](repeating: [], count: sizes.count)
        var first = [Int](repeating: .max, count: sizes.count), last = [Int](repeating: -1, count: sizes.count)
        var threads = Set<UInt64>()
        for _ in 0..<50 {
            for s in sizes.indices { seen[s].removeAll(); first[s] = .max; last[s] = -1 }
            pool.forEach(stages: plan) { s, range in
                let start = clock.add(1, ordering: .acquiringAndReleasing).newValue
                // Long enough that the other thread joins in.
                var x = 0.0
                for i in range { x += Double(i).squareRoot() }
                let end = clock.add(1, ordering: .acquiringAndReleasing).newValue
                lock.lock()
                seen[s].append(contentsOf: range)
                first[s] = min(first[s], start); last[s] = max(last[s], end)
                threads.insert(UInt64(pthread_self()))
                lock.unlock()
                XCTAssertFalse(x.isNaN)
            }
            for s in sizes.indices {
                XCTAssertEqual(seen[s].sorted(), Array(100..<(100 + sizes[s])), "stage \(s): each item once")
                // Every piece of the next non-empty stage starts after this one's last ended.
                if let next = sizes.indices.first(where: { $0 > s && sizes[$0] > 0 }), sizes[s] > 0 {
                    XCTAssertLessThan(last[s], first[next], "stage \(next) began before stage \(s) ended")
                }
            }
        }
        XCTAssertTrue(threads.contains(caller))
        // The worker takes part once it is scheduled: more jobs (at most 2 s of them) until it has.
        let deadline = DispatchTime.now().uptimeNanoseconds + 2_000_000_000
        while threads.count < 2 && DispatchTime.now().uptimeNanoseconds < deadline {
            pool.forEach(stages: plan) { _, range in
                var x = 0.0
                for i in range { x += Double(i).squareRoot() }
                lock.lock(); threads.insert(UInt64(pthread_self())); lock.unlock()
                XCTAssertFalse(x.isNaN)
            }
        }
        XCTAssertEqual(threads.count, 2, "both threads took part")
    }
}
