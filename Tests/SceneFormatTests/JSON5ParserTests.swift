import XCTest
@testable import SceneFormat

final class JSON5ParserTests: XCTestCase {
    private func parse(_ text: String) throws -> JSON5Value { try JSON5.parse(text) }

    /// The syntax error of `text`, failing the test when it parses.
    private func syntaxError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> JSON5SyntaxError? {
        do {
            _ = try JSON5.parse(text)
            XCTFail("expected a syntax error for \(text.debugDescription)", file: file, line: line)
            return nil
        } catch let error as JSON5SyntaxError {
            return error
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
            return nil
        }
    }

    private func assertError(_ text: String, at line: Int, _ column: Int, contains fragment: String,
                             file: StaticString = #filePath, sourceLine: UInt = #line) {
        guard let error = syntaxError(text, file: file, line: sourceLine) else { return }
        XCTAssertEqual(error.position, SourcePosition(line: line, column: column),
                       "position of: \(error.message)", file: file, line: sourceLine)
        XCTAssertTrue(error.message.contains(fragment), "\(error.message) lacks \(fragment)", file: file, line: sourceLine)
    }

    // MARK: Values and positions

    func testScalars() throws {
        XCTAssertEqual(try parse("true").kind, .bool(true))
        XCTAssertEqual(try parse("false").kind, .bool(false))
        XCTAssertEqual(try parse("null").kind, .null)
        XCTAssertEqual(try parse("42").kind, .number(42))
        XCTAssertEqual(try parse("-4.5e2").kind, .number(-450))
        XCTAssertEqual(try parse("\"hi\"").kind, .string("hi"))
    }

    func testPositionsOfNestedValues() throws {
        let text = """
        {
          a: [1, 2],
          "b": { c: 'x' },
        }
        """
        let root = try parse(text)
        XCTAssertEqual(root.position, SourcePosition(line: 1, column: 1))
        let members = try XCTUnwrap(root.objectValue)
        XCTAssertEqual(members.map(\.key), ["a", "b"])
        XCTAssertEqual(members[0].keyPosition, SourcePosition(line: 2, column: 3))
        XCTAssertEqual(members[0].value.position, SourcePosition(line: 2, column: 6))
        XCTAssertEqual(members[0].value.arrayValue?[1].position, SourcePosition(line: 2, column: 10))
        XCTAssertEqual(members[1].keyPosition, SourcePosition(line: 3, column: 3))
        let c = try XCTUnwrap(members[1].value.objectValue?.first)
        XCTAssertEqual(c.keyPosition, SourcePosition(line: 3, column: 10))
        XCTAssertEqual(c.value.position, SourcePosition(line: 3, column: 13))
        XCTAssertEqual(c.value.stringValue, "x")
    }

    func testColumnsCountScalarsNotBytes() throws {
        let root = try parse("{ \"héllo→\": 1, b: 2 }")
        let b = try XCTUnwrap(root.objectValue?.last)
        XCTAssertEqual(b.keyPosition, SourcePosition(line: 1, column: 16))
    }

    func testColumnsAfterStringsOfManyByteScalarsWithoutEscapes() throws {
        // ü (2 bytes) and 😀 (4 bytes) are one column each; the strings hold no escape.
        let root = try parse("{ 'ü😀': \"x😀y\", b: 2 }")
        let members = try XCTUnwrap(root.objectValue)
        XCTAssertEqual(members[0].key, "ü😀")
        XCTAssertEqual(members[0].value.stringValue, "x😀y")
        XCTAssertEqual(members[0].value.position, SourcePosition(line: 1, column: 9))
        XCTAssertEqual(members[1].keyPosition, SourcePosition(line: 1, column: 16))
        XCTAssertEqual(members[1].value.position, SourcePosition(line: 1, column: 19))
    }

    func testCRLFAndLoneCRLineBreaks() throws {
        let root = try parse("{\r\n a: 1,\r b: 2\r\n}")
        let members = try XCTUnwrap(root.objectValue)
        XCTAssertEqual(members[0].keyPosition, SourcePosition(line: 2, column: 2))
        XCTAssertEqual(members[1].keyPosition, SourcePosition(line: 3, column: 2))
    }

    // MARK: JSON5 features

    func testComments() throws {
        let text = """
        // leading
        { /* inline */ a: 1, // trailing
          /* multi
             line */ b: 2 }
        """
        let root = try parse(text)
        XCTAssertEqual(root["a"]?.numberValue, 1)
        XCTAssertEqual(root["b"]?.numberValue, 2)
        XCTAssertEqual(root["b"]?.position, SourcePosition(line: 4, column: 17))
    }

    func testTrailingCommas() throws {
        XCTAssertEqual(try parse("[1, 2, ]").arrayValue?.count, 2)
        XCTAssertEqual(try parse("{a: 1, }").objectValue?.count, 1)
    }

    func testUnquotedAndQuotedKeys() throws {
        let root = try parse("{ $id: 1, _x9: 2, 'single': 3, \"double\": 4, été: 5 }")
        XCTAssertEqual(root.objectValue?.map(\.key), ["$id", "_x9", "single", "double", "été"])
    }

    func testSingleQuotedStringsAndEscapes() throws {
        XCTAssertEqual(try parse("'it\\'s \"fine\"'").stringValue, "it's \"fine\"")
        XCTAssertEqual(try parse("\"a\\tb\\nc\\\\d\\/e\"").stringValue, "a\tb\nc\\d/e")
        XCTAssertEqual(try parse("'\\x41\\u00e9\\uD83D\\uDE00'").stringValue, "Aé😀")
        XCTAssertEqual(try parse("'line \\\ncontinued'").stringValue, "line continued")
        XCTAssertEqual(try parse("'\\q\\0'").stringValue, "q\u{0}")
    }

    func testNumbers() throws {
        XCTAssertEqual(try parse("0x1F").numberValue, 31)
        XCTAssertEqual(try parse("-0xff").numberValue, -255)
        XCTAssertEqual(try parse(".5").numberValue, 0.5)
        XCTAssertEqual(try parse("5.").numberValue, 5)
        XCTAssertEqual(try parse("+3").numberValue, 3)
        XCTAssertEqual(try parse("1e3").numberValue, 1000)
        XCTAssertEqual(try parse("2.5E-1").numberValue, 0.25)
        XCTAssertEqual(try parse("0").numberValue, 0)
        XCTAssertEqual(try parse("-0.1").numberValue, -0.1)
        XCTAssertEqual(try parse("1E+2").numberValue, 100)
        XCTAssertEqual(try parse("-.25e1").numberValue, -2.5)
        // Longer than a string kept inline: the same correctly rounded value.
        XCTAssertEqual(try parse("123456789012345678901234.5e-3").numberValue, 123456789012345678901.2345)
        XCTAssertEqual(try parse("[0.1, 0.30000000000000004]").arrayValue?.map(\.numberValue), [0.1, 0.30000000000000004])
    }

    func testNonFiniteLiteralsAreRecognised() throws {
        XCTAssertEqual(try parse("Infinity").numberValue, .infinity)
        XCTAssertEqual(try parse("-Infinity").numberValue, -.infinity)
        XCTAssertEqual(try parse("+Infinity").numberValue, .infinity)
        XCTAssertTrue(try parse("NaN").numberValue?.isNaN ?? false)
        XCTAssertTrue(try parse("-NaN").numberValue?.isNaN ?? false)
        XCTAssertEqual(try parse("1e999").numberValue, .infinity)
    }

    func testByteOrderMarkAndUnicodeWhitespace() throws {
        XCTAssertEqual(try JSON5.parse(Data([0xEF, 0xBB, 0xBF] + Array("{a:1}".utf8)))["a"]?.numberValue, 1)
        XCTAssertEqual(try parse("{\u{00A0}a:\u{2028}1}")["a"]?.numberValue, 1)
    }

    func testDuplicateKeysAreKept() throws {
        XCTAssertEqual(try parse("{a: 1, a: 2}").objectValue?.count, 2)
    }

    // MARK: Errors at exact positions

    func testMissingComma() {
        assertError("{\n  a: 1\n  b: 2\n}", at: 3, 3, contains: "expected `,` or `}`")
    }

    func testMissingColon() {
        assertError("{ a 1 }", at: 1, 5, contains: "expected `:`")
    }

    func testUnterminatedString() {
        assertError("{ a: \"abc\n}", at: 1, 6, contains: "unterminated string")
        assertError("'abc", at: 1, 1, contains: "unterminated string")
    }

    func testUnterminatedComment() {
        assertError("{ a: 1 /* never closed", at: 1, 8, contains: "unterminated block comment")
    }

    func testUnclosedContainers() {
        assertError("{ a: [1, 2", at: 1, 11, contains: "array opened at 1:6")
        assertError("{ a: 1,\n", at: 2, 1, contains: "object opened at 1:1")
    }

    func testEmptyDocument() {
        assertError("", at: 1, 1, contains: "empty")
        assertError("  // only a comment\n", at: 2, 1, contains: "empty")
    }

    func testBareWordIsNotAString() {
        guard let error = syntaxError("{ color: red }") else { return }
        XCTAssertEqual(error.position, SourcePosition(line: 1, column: 10))
        XCTAssertEqual(error.hint, "strings need quotes: \"red\"")
    }

    func testExtraCommaAndGarbageAfterDocument() {
        assertError("[1,,2]", at: 1, 4, contains: "expected a value")
        assertError("{} {}", at: 1, 4, contains: "after the end of the document")
    }

    func testNumberErrors() {
        assertError("012", at: 1, 1, contains: "leading zeros")
        assertError("[12px]", at: 1, 4, contains: "in the number")
        assertError("0x", at: 1, 3, contains: "hex digits")
        assertError("1e", at: 1, 3, contains: "exponent")
        assertError("-", at: 1, 2, contains: "digits")
        assertError("1.2.3", at: 1, 4, contains: "in the number")
    }

    func testEscapeErrors() {
        assertError("'\\u12'", at: 1, 2, contains: "4 hex digits")
        assertError("'\\01'", at: 1, 2, contains: "octal")
        assertError("'\\uDC00'", at: 1, 2, contains: "lone low surrogate")
    }

    func testKeyErrors() {
        assertError("{ 1: 2 }", at: 1, 3, contains: "expected a key")
    }

    func testInvalidUTF8() {
        var bytes = Array("{\n  title: \"".utf8)
        bytes += [0xC3, 0x28]
        bytes += Array("\" }".utf8)
        do {
            _ = try JSON5.parse(bytes)
            XCTFail("expected an error")
        } catch let error as JSON5SyntaxError {
            XCTAssertEqual(error.position, SourcePosition(line: 2, column: 11))
            XCTAssertTrue(error.message.contains("not UTF-8"))
        } catch {
            XCTFail("\(error)")
        }
    }

    func testControlCharacterOutsideStrings() {
        guard let error = syntaxError("{\u{0}}") else { return }
        XCTAssertEqual(error.position, SourcePosition(line: 1, column: 2))
        XCTAssertTrue(error.message.contains("U+0000"), error.message)
    }

    func testNestingLimit() {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        XCTAssertNoThrow(try parse(ok))
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        assertError(deep, at: 1, 65, contains: "deeper than 64")
        // Far past the limit: an error, never a stack overflow.
        let huge = String(repeating: "{a:", count: 100_000)
        assertError(huge, at: 1, 193, contains: "deeper than 64")
    }

    func testWriterRoundTrip() throws {
        let text = "{ a: [1, 2.5, -3], b: { 'c d': \"e\\n\\\"f\" }, g: [[0, 1], [2, 3]], h: null, i: true, j: [] }"
        let value = try parse(text)
        let written = value.formatted()
        let reparsed = try parse(written)
        XCTAssertEqual(reparsed.formatted(), written)
        XCTAssertEqual(reparsed["b"]?["c d"]?.stringValue, "e\n\"f")
        // Plain JSON: Foundation's strict parser accepts it.
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(written.utf8)))
    }
}
