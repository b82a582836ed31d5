import XCTest
@testable import SceneFormat

/// The corpus of refused scenes: every file in Fixtures/bad must fail validation with a
/// located diagnostic matching its entry in Fixtures/bad/expectations.json.
final class BadSceneTests: XCTestCase {
    struct Expectation: Decodable {
        /// A fragment of the message of one of the errors.
        var message: String
        /// Where that error must be, when known.
        var line: Int?
        var column: Int?
        /// Its JSON path, when the error concerns a node.
        var path: String?
    }

    private func expectations() throws -> [String: Expectation] {
        let data = try Data(contentsOf: try fixtureURL("bad/expectations.json"))
        return try JSONDecoder().decode([String: Expectation].self, from: data)
    }

    private func badFiles() throws -> [String] {
        let directory = try fixtureURL("bad")
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json5") || $0.hasSuffix(".json") }
            .filter { $0 != "expectations.json" }
            .sorted()
    }

    func testCorpusIsLargeAndFullyDescribed() throws {
        let files = try badFiles()
        let table = try expectations()
        XCTAssertGreaterThanOrEqual(files.count, 60)
        XCTAssertEqual(Set(files), Set(table.keys), "every bad file needs an expectation and vice versa")
    }

    func testEveryBadSceneIsRefusedWithALocatedDiagnostic() throws {
        let table = try expectations()
        for name in try badFiles() {
            guard let expected = table[name] else { continue }
            let path = try fixtureURL("bad/" + name).path
            let validation = Scene.validate(path: path)
            XCTAssertNil(validation.scene, "\(name) was accepted")
            XCTAssertFalse(validation.errors.isEmpty, "\(name) has no error")
            XCTAssertThrowsError(try Scene.load(path: path), "\(name) loads")
            let matching = validation.errors.filter { diagnostic in
                diagnostic.message.contains(expected.message)
                    && (expected.line == nil || diagnostic.line == expected.line)
                    && (expected.column == nil || diagnostic.column == expected.column)
                    && (expected.path == nil || diagnostic.path == expected.path)
            }
            let listing = validation.errors.map { "    \($0)" }.joined(separator: "\n")
            XCTAssertFalse(matching.isEmpty,
                           "\(name): no error matches \(expected.line.map(String.init) ?? "?"):\(expected.column.map(String.init) ?? "?") \"\(expected.message)\" at \(expected.path ?? "-"); got\n\(listing)")
            for diagnostic in validation.errors {
                XCTAssertEqual(diagnostic.file, path)
                XCTAssertTrue(diagnostic.description.hasPrefix(path + ":"), diagnostic.description)
                // Every diagnostic of a file that was read is located.
                XCTAssertNotNil(diagnostic.position, "\(name): unlocated \(diagnostic)")
            }
        }
    }

    /// `item` written beside an action in a trigger that supplies none is one mistake, told
    /// once (where to put it), not also as "the action needs an item".
    func testAMisplacedItemIsReportedOnce() throws {
        let path = try fixtureURL("bad/action-item-beside-set.json5").path
        let errors = Scene.validate(path: path).errors
        XCTAssertEqual(errors.count, 1, errors.map(\.description).joined(separator: "\n"))
    }

    // MARK: Generated at test time (too big to commit)

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ScenesTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testFiftyMegabyteFileIsRefusedBeforeReading() throws {
        let url = try temporaryDirectory().appendingPathComponent("huge.json")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let handle = try FileHandle(forWritingTo: url)
        let chunk = Data(repeating: UInt8(ascii: " "), count: 1 << 20)
        for _ in 0..<50 { handle.write(chunk) }
        try handle.close()

        let start = Date()
        let validation = Scene.validate(path: url.path)
        XCTAssertLessThan(Date().timeIntervalSince(start), 1.0, "the size check must not read the file")
        XCTAssertEqual(validation.errors.count, 1)
        let error = try XCTUnwrap(validation.errors.first)
        XCTAssertTrue(error.message.contains("50 MB"), error.message)
        XCTAssertTrue(error.message.contains("limited to 10 MB"), error.message)
        XCTAssertEqual(error.description.prefix(url.path.count + 9), url.path + ": error: ")
        // The in-memory entry point applies the same limit.
        let inMemory = Scene.validate(data: Data(count: SceneLimits.maximumFileSize + 1), fileName: "big.json")
        XCTAssertTrue(inMemory.errors.first?.message.contains("limited to 10 MB") ?? false)
        // One byte over the limit rounds to "10 MB" as the limit does: the exact counts tell them apart.
        let message = inMemory.errors.first?.message ?? ""
        XCTAssertTrue(message.contains("(10,485,761 bytes); scene files are limited to 10 MB (10,485,760 bytes)"), message)
    }

    func testMissingFileAndDirectory() throws {
        let directory = try temporaryDirectory()
        let missing = Scene.validate(path: directory.appendingPathComponent("nope.json").path)
        XCTAssertEqual(missing.errors.first?.message, "no such file")
        let folder = Scene.validate(path: directory.path)
        XCTAssertTrue(folder.errors.first?.message.contains("directory") ?? false)
    }

    func testTooManyItems() {
        let items = (0...SceneLimits.maximumItems).map { "{id:'i\($0)',size:[1,1],center:[\($0 % 300),\($0 % 600)]}" }
        let text = "{\n  items: [" + items.joined(separator: ",") + "]\n}"
        let validation = validateScene(text)
        XCTAssertTrue(validation.errors.contains { $0.message.contains("10,001 entries; the limit is 10,000") && $0.line == 2 && $0.column == 10 },
                      "\(validation.errors.prefix(3))")
    }

    func testLargeValidSceneWithinLimitsLoads() throws {
        let items = (0..<2000).map { "{id:'i\($0)',size:[4,4],center:[\(10 + $0 % 300),\(10 + ($0 / 300) * 10)]}" }
        let text = "{ duration: 600, fps: 60, items: [" + items.joined(separator: ",") + "], behaviors: [{type: 'gravity', items: ["
            + (0..<2000).map { "'i\($0)'" }.joined(separator: ",") + "]}] }"
        let scene = try loadScene(text)
        XCTAssertEqual(scene.items.count, 2000)
        XCTAssertEqual(scene.frameCount, 36_000)
    }

    func testADuplicateKeyIsFoundInAnObjectOfManyMembersToo() {
        // Seventeen members and more are looked up through a table, fewer in order: both
        // report the repeat at its own place, naming where the first one was written.
        for extra in [2, 20] {
            let filler = (0..<extra).map { "\"x\($0)\": 1" }.joined(separator: ", ")
            let text = "{\"fps\": 30, \(filler), \"fps\": 60, \"items\": []}"
            let result = Scene.validate(data: Data(text.utf8), fileName: "dup.json")
            let duplicates = result.errors.filter { $0.message.hasPrefix("duplicate key `fps`") }
            XCTAssertEqual(duplicates.count, 1, "\(extra) extra members: \(result.errors.map(\.message))")
            XCTAssertEqual(duplicates.first?.message.contains("first written at 1:2"), true)
            XCTAssertEqual(duplicates.first?.path, "fps")
            XCTAssertEqual(result.errors.filter { $0.message.hasPrefix("unknown key `x") }.count, extra)
        }
    }
}

final class SceneScaleTests: XCTestCase {
    /// A scene at the item limit, every item in gravity and collision, loads quickly.
    func testSceneAtTheItemLimitLoadsQuickly() throws {
        let count = SceneLimits.maximumItems
        let ids = (0..<count).map { "'i\($0)'" }.joined(separator: ",")
        let items = (0..<count).map { "{id:'i\($0)',size:[2,2],center:[\(5 + ($0 % 100) * 3),\(5 + ($0 / 100) * 3)]}" }
        let text = "{ items: [" + items.joined(separator: ",\n") + "], behaviors: [{type: 'gravity', items: [\(ids)]},"
            + "{type: 'collision', items: [\(ids)], referenceBoundsAsBoundary: true}] }"
        let start = Date()
        let scene = try loadScene(text)
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertEqual(scene.items.count, count)
        XCTAssertLessThan(elapsed, 5, "loading took \(elapsed) s")
        print("10,000-item scene (\(text.utf8.count) bytes) loaded in \(elapsed) s")
    }
}

extension SceneScaleTests {
    /// Thousands of bad references are all reported, without thousands of full "did you
    /// mean" searches.
    func testManyUnknownReferencesStayFast() {
        let count = 5_000
        let items = (0..<count).map { "{id:'i\($0)',size:[2,2],center:[\(5 + ($0 % 100) * 3),\(5 + ($0 / 100) * 3)]}" }
        let refs = (0..<count).map { "'x\($0)'" }.joined(separator: ",")
        let text = "{ items: [" + items.joined(separator: ",\n") + "], behaviors: [{type: 'gravity', items: [\(refs)]}] }"
        let start = Date()
        let validation = validateScene(text)
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertEqual(validation.errors.count, count)
        XCTAssertEqual(validation.errors.first?.hint, "did you mean 'i0'?")
        XCTAssertLessThan(elapsed, 10, "validation took \(elapsed) s")
    }
}
