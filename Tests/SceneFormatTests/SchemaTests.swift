import BrowserSupport
import Foundation
import XCTest

/// docs/scene.schema.json checked by a real JSON Schema validator (check-jsonschema, draft
/// 2020-12): every bundled scene and good fixture passes, and every bad fixture that a schema
/// can describe is refused by it.
final class SchemaTests: XCTestCase {
    var root: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }
    var schema: String { root + "/docs/scene.schema.json" }
    var badFolder: String { root + "/Tests/SceneFormatTests/Fixtures/bad" }

    /// Bad fixtures no JSON5 reader accepts (syntax, encoding, nesting beyond check-jsonschema's
    /// reader), so the schema never sees them.
    static let unparsable: Set<String> = [
        "binary-garbage", "binary-nul-bytes", "deep-nesting", "deeply-nested-regions-syntax", "deeply-nested-regions",
        "empty", "only-comments", "overflowing-number", "syntax-bad-escape", "syntax-bare-word", "syntax-double-comma",
        "syntax-hash-comment", "syntax-leading-zero", "syntax-missing-colon", "syntax-missing-comma",
        "syntax-number-with-unit", "syntax-single-quote-mismatch", "syntax-smart-quotes", "syntax-trailing-garbage",
        "syntax-unclosed-array", "syntax-unclosed-object", "syntax-unterminated-comment", "syntax-unterminated-string",
        "whitespace-only",
    ]

    /// Bad fixtures a JSON Schema cannot describe: references between parts of the file,
    /// uniqueness, limits computed from several values, polygon geometry, and what the reader
    /// lets through (a duplicate key, NaN). Only `animatic validate` refuses these.
    static let inexpressible: Set<String> = [
        "unknown-item-in-behavior", "unknown-item-in-input-event", "unknown-behavior-in-action", "unknown-boundary-in-event",
        "push-toward-non-push", "remove-from-snap", "set-property-on-wrong-type", "duplicate-item-id",
        "duplicate-behavior-id-in-group", "duplicate-boundary-id", "attachment-to-itself", "boundary-zero-length",
        "frames-over-limit", "insets-leave-no-room", "path-nonconvex", "path-pentagram", "path-repeated-closing-vertex",
        "path-self-intersecting", "path-zero-area", "path-concave-at-first-turn", "duplicate-key", "nan-center", "too-many-fields",
    ]

    func validator() throws -> String? {
        try ExternalTool.require("check-jsonschema", install: "pip install check-jsonschema pyjson5; scripts/test.sh does it")
    }

    struct Report: Decodable {
        struct Entry: Decodable { var filename: String; var message: String }
        var status: String
        var errors: [Entry]?
        var parse_errors: [Entry]?
        var all: (errors: [Entry], parseErrors: [Entry]) { (errors ?? [], parse_errors ?? []) }
    }

    func check(_ files: [String], with tool: String) throws -> (status: Int32, report: Report) {
        let run = try ExternalTool.run(tool, ["--schemafile", schema, "--force-filetype", "json5", "--output-format", "json"] + files)
        return (run.status, try JSONDecoder().decode(Report.self, from: Data(run.output.utf8)))
    }

    func testTheSchemaIsAValidDraft202012Schema() throws {
        guard let tool = try validator() else { return }
        let run = try ExternalTool.run(tool, ["--check-metaschema", schema])
        XCTAssertEqual(run.status, 0, run.output)
        let text = try String(contentsOfFile: schema, encoding: .utf8)
        XCTAssertTrue(text.contains("\"$schema\": \"https://json-schema.org/draft/2020-12/schema\""))
    }

    func testEveryBundledSceneAndGoodFixturePasses() throws {
        guard let tool = try validator() else { return }
        let scenes = try FileManager.default.contentsOfDirectory(atPath: root + "/scenes").filter { $0.hasSuffix(".json") }
            .sorted().map { root + "/scenes/" + $0 }
        let good = try FileManager.default.contentsOfDirectory(atPath: root + "/Tests/SceneFormatTests/Fixtures/good")
            .sorted().map { root + "/Tests/SceneFormatTests/Fixtures/good/" + $0 }
        XCTAssertEqual(scenes.count, 13)
        let (status, report) = try check(scenes + good, with: tool)
        XCTAssertEqual(status, 0, "\(report.all.errors.map { "\($0.filename): \($0.message)" })")
        XCTAssertEqual(report.all.errors.count + report.all.parseErrors.count, 0)
        XCTAssertEqual(report.status, "ok")
        // Every bundled scene names the schema for editors, and the loader accepts the key.
        for scene in scenes {
            XCTAssertTrue(try String(contentsOfFile: scene, encoding: .utf8).contains("\"$schema\": \"../docs/scene.schema.json\""), scene)
        }
    }

    func testTheSchemaRefusesEveryBadFixtureItCanExpress() throws {
        guard let tool = try validator() else { return }
        let names = try FileManager.default.contentsOfDirectory(atPath: badFolder).filter { $0.hasSuffix(".json5") }.sorted()
        XCTAssertGreaterThan(names.count, 100)
        let (status, report) = try check(names.map { badFolder + "/" + $0 }, with: tool)
        XCTAssertEqual(status, 1)
        func stem(_ path: String) -> String { ((path as NSString).lastPathComponent as NSString).deletingPathExtension }
        let refused = Set(report.all.errors.map { stem($0.filename) })
        let unparsed = Set(report.all.parseErrors.map { stem($0.filename) })
        let all = Set(names.map(stem))
        XCTAssertTrue(Self.unparsable.isSubset(of: all) && Self.inexpressible.isSubset(of: all), "a listed fixture was renamed")
        // Unknown keys, wrong types, bad enumerations, ranges, required keys: the schema's job.
        let expressible = all.subtracting(Self.unparsable).subtracting(Self.inexpressible)
        XCTAssertGreaterThan(expressible.count, 60)
        XCTAssertEqual(expressible.subtracting(refused).sorted(), [], "bad fixtures the schema lets through")
        XCTAssertEqual(unparsed, Self.unparsable, "fixtures the JSON5 reader refuses")
        XCTAssertEqual(refused.intersection(Self.inexpressible).sorted(), [],
                       "the schema now refuses these: move them out of `inexpressible`")
        for key in ["unknown-scene-key", "unknown-item-key-typo", "type-fps-string", "unknown-behavior-type", "unknown-curve"] {
            XCTAssertTrue(refused.contains(key), key)
        }
    }
}
