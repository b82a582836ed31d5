import XCTest
@testable import Dynamics

/// The broad phase's pair set against the standard library's Set under the same random
/// inserts and removals: growth, tombstones and rebuilds must never lose or invent a key.
final class PairSetTests: XCTestCase {
    func testMatchesTheStandardSetUnderRandomChurn() {
        var set = PairSet()
        var reference = Set<UInt64>()
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next() -> UInt64 { state = state &* 6364136223846793005 &+ 1442695040888963407; return state >> 33 }
        for round in 0..<60_000 {
            // Shape indices up to 3,000 (about 4.5 M possible pairs, so most lookups miss),
            // plus the largest indices a pair key can hold.
            let a = Int(next() % 3_000), b = Int(next() % 3_000)
            let key = round % 997 == 0 ? pairKey(Int(UInt32.max) - 1, Int(UInt32.max)) : pairKey(a, b)
            switch next() % 3 {
            case 0, 1:
                XCTAssertEqual(set.insert(key), reference.insert(key).inserted)
            default:
                set.remove(key)
                reference.remove(key)
            }
            if round % 1_000 == 0 {
                XCTAssertEqual(set.count, reference.count)
                for k in reference { XCTAssertTrue(set.contains(k)) }
            }
            let probe = pairKey(Int(next() % 3_000), Int(next() % 3_000))
            XCTAssertEqual(set.contains(probe), reference.contains(probe))
        }
        XCTAssertEqual(set.count, reference.count)
        XCTAssertGreaterThan(reference.count, 10_000) // the table grew several times
    }

    func testRemovingEverythingLeavesAnEmptySetThatStillWorks() {
        var set = PairSet()
        let keys = (0..<5_000).map { pairKey($0, $0 + 1) }
        for k in keys { set.insert(k) }
        for k in keys { set.remove(k) }
        XCTAssertEqual(set.count, 0)
        for k in keys { XCTAssertFalse(set.contains(k)) }
        // Tombstones everywhere: inserting again must still terminate and find the keys.
        for k in keys.prefix(100) { XCTAssertTrue(set.insert(k)) }
        XCTAssertEqual(set.count, 100)
        XCTAssertTrue(set.contains(keys[99]))
        XCTAssertFalse(set.contains(keys[100]))
    }
}
