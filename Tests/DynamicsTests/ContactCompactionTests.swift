import XCTest
@testable import Dynamics

/// The narrow phase drops separated contacts by sliding each run of kept ones down as one
/// block (`World.compactInRuns`, `World.moveBlock`): the kept items, in their order, first.
final class ContactCompactionTests: XCTestCase {
    /// Compacts `values` where `removed` says, through the two functions, and returns the kept
    /// prefix and the moves made.
    private func compact(_ values: [Int], removed: Set<Int>) -> (kept: [Int], moves: [(Int, Int, Int)]) {
        var storage = values
        var moves: [(Int, Int, Int)] = []
        let kept = storage.withUnsafeMutableBufferPointer { buffer in
            World.compactInRuns(buffer.count, removed: { removed.contains($0) }) { from, to, count in
                moves.append((from, to, count))
                World.moveBlock(buffer, from: from, to: to, count: count)
            }
        }
        return (Array(storage.prefix(kept)), moves)
    }

    func testKeptItemsEndUpFirstInTheirOrder() {
        let values = Array(100..<130)
        // Gaps at the start, in the middle (single and several), and at the end; runs long
        // enough that a run's new place overlaps its old one.
        for removed: Set<Int> in [[], [0], [29], [0, 1, 2], [5], [3, 4, 5, 6, 7, 8, 9], [1, 3, 5, 7, 28, 29], Set(0..<30), [10, 11, 20]] {
            let expected = values.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
            XCTAssertEqual(compact(values, removed: removed).kept, expected, "removed \(removed.sorted())")
        }
    }

    func testOneBlockPerRunThatMustMove() {
        // Runs 0-2 (stays), 4-6 (moves by 1), 9 (moves by 3): two moves.
        let (_, moves) = compact(Array(0..<10), removed: [3, 7, 8])
        XCTAssertEqual(moves.map { [$0.0, $0.1, $0.2] }, [[4, 3, 3], [9, 6, 1]])
        XCTAssertTrue(compact(Array(0..<10), removed: []).moves.isEmpty, "nothing removed, nothing moved")
    }

    func testContactsArePlainValues() {
        // moveBlock copies raw bytes: only for types without references.
        XCTAssertTrue(_isPOD(Contact.self))
        XCTAssertTrue(_isPOD(CandidateScan.self))
    }
}
