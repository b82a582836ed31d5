import XCTest
@testable import Dynamics

/// On the pool, the soft step's preparation gives each thread the candidates whose lanes lie
/// in its share of their color's batches. Those shares must cut every color's batches into
/// consecutive runs, one per thread, that together cover them (a lane in no share would keep
/// last step's values, one in two would be written twice), and be the runs the solve's color
/// stages hand each thread first (so a thread solves the batches it prepared).
final class PreparationShareTests: XCTestCase {
    func testSharesCutEveryColorIntoTheSolvesRuns() throws {
        for threads in [2, 3] {
            let (world, _) = Workloads.pyramid(base: 40)
            world.workerCount = threads
            world.tunesWorkers = false
            for _ in 0..<5 { world.step(1.0 / 60) }
            let pool = try XCTUnwrap(world.ownPool)
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
}
