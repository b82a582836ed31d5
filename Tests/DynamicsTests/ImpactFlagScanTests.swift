import XCTest
@testable import Dynamics

/// The continuous collision's walk over the contacts' impact flags, eight at a time, against
/// the plain walk one flag at a time: every length (whole words and a tail), every start, and
/// flags dense, sparse and absent must give the same indices in the same order.
final class ImpactFlagScanTests: XCTestCase {
    func testFindsExactlyTheSetFlagsInOrderFromAnyStart() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state >> 33 }
        var patterns = 0
        for length in 0..<70 {
            // One flag in two, one in nine, one in forty, none, all.
            for density: UInt64 in [2, 9, 40, 0, 1] {
                let flags = (0..<length).map { _ in density == 0 ? false : next() % density == 0 }
                for start in [0, 1, 7, 8, 9, length / 2, max(length - 1, 0), length, length + 3] {
                    var found: [Int] = []
                    flags.withUnsafeBufferPointer { buffer in
                        World.forEachSetFlag(buffer, from: start) { found.append($0) }
                    }
                    let expected = start < length ? (start..<length).filter { flags[$0] } : []
                    XCTAssertEqual(found, expected, "length \(length), start \(start), density \(density)")
                    patterns += 1
                }
            }
        }
        XCTAssertEqual(patterns, 70 * 5 * 9)
    }

    func testReadsTheFlagsOfAnArraySlicedAtAnOddOffset() {
        // A buffer that does not start on a word boundary (unaligned loads).
        let flags = (0..<37).map { $0 % 5 == 3 }
        var found: [Int] = []
        flags.withUnsafeBufferPointer { whole in
            let tail = UnsafeBufferPointer(rebasing: whole[3...])
            World.forEachSetFlag(tail, from: 0) { found.append($0 + 3) }
        }
        XCTAssertEqual(found, [3, 8, 13, 18, 23, 28, 33])
    }
}
