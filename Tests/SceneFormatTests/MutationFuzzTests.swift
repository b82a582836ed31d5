import Foundation
import XCTest
@testable import SceneFormat

/// A seeded mutation fuzz of the loader that runs in every test run (scripts/fuzz.sh runs
/// libFuzzer for longer): mutated scene files must give a scene or located errors, never a
/// crash or a hang.
final class MutationFuzzTests: XCTestCase {
    struct Rng {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(n, 1))) }
    }

    static let tokens: [[UInt8]] = ["{", "}", "[", "]", ",", ":", "\"", "'", "null", "true", "-1e309", "NaN", "Infinity",
                                    "1e400", "0x", "//", "/*", "\\u", "\u{0}", "items", "behaviors", "\"center\"",
                                    "[1,2,3]", "{}", "[]", "99999999999999999999", "-0", ".5", "\u{FFFF}"].map { Array($0.utf8) }

    func testMutatedScenesNeverCrash() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sceneDir = root.appendingPathComponent("scenes")
        let seeds = try FileManager.default.contentsOfDirectory(atPath: sceneDir.path).filter { $0.hasSuffix(".json") }.sorted()
            .map { try [UInt8](Data(contentsOf: sceneDir.appendingPathComponent($0))) }
        XCTAssertFalse(seeds.isEmpty)
        var rng = Rng(state: 20261129)
        let iterations = 3000
        var accepted = 0, refused = 0
        let start = Date()
        for _ in 0..<iterations {
            var bytes = seeds[rng.below(seeds.count)]
            for _ in 0..<(1 + rng.below(4)) {
                let at = rng.below(bytes.count + 1)
                switch rng.below(6) {
                case 0 where !bytes.isEmpty: bytes[min(at, bytes.count - 1)] = UInt8(truncatingIfNeeded: rng.next())
                case 1 where !bytes.isEmpty: bytes.removeSubrange(at..<min(bytes.count, at + 1 + rng.below(40)))
                case 2: bytes.insert(contentsOf: Self.tokens[rng.below(Self.tokens.count)], at: at)
                case 3 where bytes.count > 10:
                    let from = rng.below(bytes.count - 1), len = min(bytes.count - from, 1 + rng.below(200))
                    bytes.insert(contentsOf: bytes[from..<(from + len)], at: at)
                case 4: bytes = Array(bytes.prefix(at))
                default: bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: at)
                }
            }
            let result = Scene.validate(data: Data(bytes), fileName: "mutant.json")
            if let scene = result.scene {
                XCTAssertTrue(result.errors.isEmpty)
                XCTAssertGreaterThan(scene.frameCount, 0)
                accepted += 1
            } else {
                XCTAssertFalse(result.errors.isEmpty, "refused without an error")
                for e in result.errors { XCTAssertFalse(e.message.isEmpty) }
                refused += 1
            }
        }
        XCTAssertEqual(accepted + refused, iterations)
        XCTAssertGreaterThan(refused, iterations / 4, "mutations should mostly break files")
        XCTAssertLessThan(Date().timeIntervalSince(start), 120, "no input may hang the loader")
    }
}
