import Foundation
import XCTest
@testable import Dynamics

/// Two loops that share nothing as one job of the pool (`forEach(in:grain:_:and:grain:_:)`):
/// every index of each runs once, and each thread's home range holds its share of both.
final class WorkerPoolPairTests: XCTestCase {
    /// Runs both loops, each index adding one to its own counter, and returns the counters.
    private func visits(_ pool: WorkerPool, _ countA: Int, grainA: Int, _ countB: Int, grainB: Int) -> ([Int], [Int]) {
        var first = [Int](repeating: 0, count: countA), second = [Int](repeating: 0, count: countB)
        first.withUnsafeMutableBufferPointer { fa in
            second.withUnsafeMutableBufferPointer { sb in
                pool.forEach(in: 0..<countA, grain: grainA, { range in for i in range { fa[i] += 1 } },
                             and: 0..<countB, grain: grainB, { range in for i in range { sb[i] += 1 } })
            }
        }
        return (first, second)
    }

    func testEveryIndexOfBothLoopsRunsOnce() {
        for threads in [1, 2] {
            let pool = WorkerPool(threads: threads)
            for (countA, countB) in [(0, 0), (0, 300), (5, 0), (3, 7), (1_881, 912), (64, 10_000), (100_000, 1)] {
                for _ in 0..<20 {
                    let (first, second) = visits(pool, countA, grainA: 64, countB, grainB: 128)
                    XCTAssertEqual(first, Array(repeating: 1, count: countA), "\(threads) threads, \(countA) + \(countB)")
                    XCTAssertEqual(second, Array(repeating: 1, count: countB), "\(threads) threads, \(countA) + \(countB)")
                }
            }
        }
    }

    /// The chunks of thread t's home range cover the t-th equal share of each loop: a loop over
    /// a list whose halves belong to one thread each (the bodies of each region) keeps them.
    func testEachThreadsHomeHoldsItsShareOfBothLoops() {
        let a = 0..<1_000, b = 100..<2_100
        for threads in [2, 3] {
            for (perA, perB) in [(4, 4), (1, 3), (2, 1)] {
                let per = perA + perB
                for t in 0..<threads {
                    var coveredA: [Int] = [], coveredB: [Int] = []
                    for k in (t * per)..<((t + 1) * per) {
                        let (ofFirst, piece) = WorkerPool.pairedPiece(k, perA: perA, perB: perB, threads: threads, a, b)
                        if ofFirst { coveredA += Array(piece) } else { coveredB += Array(piece) }
                    }
                    // The t-th share, by the same integer division the pool's cursors use.
                    let shareA = (a.count * t / threads)..<(a.count * (t + 1) / threads)
                    let shareB = (b.lowerBound + b.count * t / threads)..<(b.lowerBound + b.count * (t + 1) / threads)
                    XCTAssertEqual(coveredA, Array(shareA), "thread \(t) of \(threads), \(perA)+\(perB)")
                    XCTAssertEqual(coveredB, Array(shareB), "thread \(t) of \(threads), \(perA)+\(perB)")
                }
            }
        }
    }
}
