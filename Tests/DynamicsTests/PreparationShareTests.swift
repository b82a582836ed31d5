import XCTest
@testable import Dynamics

/// On the pool, the soft step's preparation gives each thread the candidates whose lanes lie
/// in its share of their color's batches. Those shares must cut every color's batches into
/// consecutive runs, one per thread, that together cover them (a lane in no share would keep
/// last step's values, one in two would be written twice), and be the runs the solve's color
/// stages hand each thread first (so a thread solves the batches it prepared).
final class PreparationShareTests: XCTestCase {
    /// A pyramid of base 40 after five steps on `threads` workers, every step on the pool.
    private func restingPyramid(threads: Int) throws -> (World, WorkerPool) {
        let (world, _) = Workloads.pyramid(base: 40)
        world.workerCount = threads
        world.tunesWorkers = false
        for _ in 0..<5 { world.step(1.0 / 60) }
        return (world, try XCTUnwrap(world.ownPool))
    }

    func testSharesCutEveryColorIntoTheSolvesRuns() throws {
        for threads in [2, 3] {
            let (world, pool) = try restingPyramid(threads: threads)
            let starts = world.batchColorStarts
            let bounds = world.solveShareBounds(threads: threads, pool: pool)
            let colors = starts.count - 1
            XCTAssertEqual(bounds.count, colors * (threads + 1))
            var nonEmpty = 0
            for c in 0..<colors {
                let row = Array(bounds[(c * (threads + 1))...(c * (threads + 1) + threads)])
                XCTAssertEqual(row.first, starts[c], "color \(c)")
                XCTAssertEqual(row.last, starts[c + 1], "color \(c)")
                XCTAssertEqual(row, row.sorted(), "color \(c): runs in order")
                guard starts[c] < starts[c + 1] else { continue }
                nonEmpty += 1
                // The solve's stage for the color: pieces of at least 16 batches, at most four a
                // thread (one piece for the overflow); thread t starts at piece pieces * t / threads.
                let count = starts[c + 1] - starts[c]
                let pieces = c == colors - 1 ? 1 : min(max(count / 16, 1), 4 * threads)
                for t in 0...threads {
                    let firstPiece = pieces * t / threads
                    XCTAssertEqual(row[t], starts[c] + count * firstPiece / pieces, "color \(c), thread \(t)")
                }
            }
            XCTAssertGreaterThan(nonEmpty, 4, "the pyramid's constraints take several colors")
        }
    }

    /// Each thread's kept list of the candidates it prepares (`PreparationShares`) holds
    /// exactly those whose lanes lie in its share, in candidate order, and the lists together
    /// hold every candidate once; a resting pyramid keeps them with its choice.
    func testEachThreadsListIsItsShareAndIsKeptWithTheChoice() throws {
        for threads in [2, 3] {
            let (world, pool) = try restingPyramid(threads: threads)
            let count = world.candidates.count
            XCTAssertGreaterThanOrEqual(count, 512, "the pool prepares")
            XCTAssertGreaterThan(world.constraintChoiceCache.kept, 0, "a kept choice")
            XCTAssertTrue(world.preparationShares.holds(choice: world.constraintChoiceCache.made, threads: threads, candidates: count))
            let bounds = world.solveShareBounds(threads: threads, pool: pool)
            var shares = world.preparationShares
            let lists: [[Int]] = shares.withLists { lists, counts in
                (0..<threads).map { t in (0..<counts[t]).map { Int(lists[t * count + $0]) } }
            }
            for t in 0..<threads {
                let expected = (0..<count).filter { j in
                    let b = Int(world.candidateLanes[j] >> 2), at = Int(world.colorOf[j]) * (threads + 1) + t
                    return b >= bounds[at] && b < bounds[at + 1]
                }
                XCTAssertEqual(lists[t], expected, "thread \(t) of \(threads)")
            }
            XCTAssertEqual(lists.flatMap { $0 }.sorted(), Array(0..<count), "every candidate once")
        }
    }

    func testListsHoldOnlyForTheirOwnChoiceThreadsAndCandidates() {
        var shares = PreparationShares()
        XCTAssertFalse(shares.holds(choice: 0, threads: 2, candidates: 0), "nothing listed yet")
        shares.reserve(threads: 2, candidates: 10)
        shares.record(choice: 3, threads: 2, candidates: 10)
        XCTAssertTrue(shares.holds(choice: 3, threads: 2, candidates: 10))
        XCTAssertFalse(shares.holds(choice: 4, threads: 2, candidates: 10), "another choice, same count")
        XCTAssertFalse(shares.holds(choice: 3, threads: 3, candidates: 10), "another thread count")
        XCTAssertFalse(shares.holds(choice: 3, threads: 2, candidates: 11), "another candidate count")
        shares.reserve(threads: 2, candidates: 10)
        XCTAssertFalse(shares.holds(choice: 3, threads: 2, candidates: 10), "reserving forgets")
    }
}
