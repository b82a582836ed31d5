import Foundation

// Design note: a hand-written recursive-descent parser over the UTF-8 bytes (no String
// indexing, so a 10 MB file parses in well under a second). It implements the JSON5 grammar
// (https://spec.json5.org): comments, trailing commas, identifier keys, single-quoted strings
// with line continuations, hex numbers, leading/trailing decimal points, explicit `+`, and
// `Infinity` / `NaN`. It stops at the first syntax error, because after one the structure of
// the rest is guesswork; the error says what was expected and where.
//
// Recursion is bounded by `maximumDepth` (an error, never a stack overflow), and the input is
// checked to be UTF-8 text before parsing so binary files fail with one clear message.

/// A syntax error in a JSON5 document, located at the offending character.
public struct JSON5SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, naming what was expected and what was found.
    public var message: String
    /// Where it went wrong.
    public var position: SourcePosition
    /// A suggestion, when one is obvious.
    public var hint: String?

    public init(_ message: String, at position: SourcePosition, hint: String? = nil) {
        self.message = message
        self.position = position
        self.hint = hint
    }

    public var description: String { "\(position): \(message)" }
}

/// The JSON5 reader used for scene files.
///
/// ```swift
/// let value = try JSON5.parse("{ fps: 60, /* comment */ items: [], }")
/// value["fps"]?.numberValue   // 60
/// ```
public enum JSON5 {
    /// Arrays and objects may nest at most this deep; deeper documents are refused.
    public static let defaultMaximumDepth = 64

    /// Parses a whole document. Throws `JSON5SyntaxError`.
    public static func parse(_ text: String, maximumDepth: Int = defaultMaximumDepth) throws -> JSON5Value {
        try parse(Array(text.utf8), maximumDepth: maximumDepth)
    }

    /// Parses a whole document from bytes that should be UTF-8. Throws `JSON5SyntaxError`.
    public static func parse(_ data: Data, maximumDepth: Int = defaultMaximumDepth) throws -> JSON5Value {
        try parse([UInt8](data), maximumDepth: maximumDepth)
    }

    /// Parses a whole document from bytes that should be UTF-8. Throws `JSON5SyntaxError`.
    public static func parse(_ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth) throws -> JSON5Value {
        if let bad = firstInvalidUTF8Byte(in: bytes) {
            let position = JSON5Parser.position(of: bad, in: bytes)
            throw JSON5SyntaxError(
                "the file is not UTF-8 text (invalid byte 0x\(hex2(bytes[bad])) at \(position))",
                at: position, hint: "scene files are UTF-8 JSON5 text; is this a binary file?")
        }
        var parser = JSON5Parser(bytes: bytes, maximumDepth: maximumDepth)
        return try parser.parseDocument()
    }

    /// The index of the first byte that breaks UTF-8 well-formedness, or nil.
    static func firstInvalidUTF8Byte(in bytes: [UInt8]) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length: Int
            var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upper = 0x9F   // no UTF-16 surrogates
            case 0xF0: length = 4; lower = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upper = 0x8F
            default: return i
            }
            if i + length > n { return i }
            if bytes[i + 1] < lower || bytes[i + 1] > upper { return i }
            var k = 2
            while k < length {
                if bytes[i + k] & 0xC0 != 0x80 { return i }
                k += 1
            }
            i += length
        }
        return nil
    }
}

func hex2(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
}

struct JSON5Parser {
    let bytes: [UInt8]
    let maximumDepth: Int
    var index = 0
    var line = 1
    var column = 1

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    /// The line:column of byte `offset` (the start of the scalar it belongs to).
    static func position(of offset: Int, in bytes: [UInt8]) -> SourcePosition {
        var line = 1, column = 1, i = 0
        while i < offset && i < bytes.count {
            let b = bytes[i]
            if b == 0x0A || (b == 0x0D && (i + 1 >= bytes.count || bytes[i + 1] != 0x0A)) {
                line += 1; column = 1
            } else if b & 0xC0 != 0x80 && b != 0x0D {
                column += 1
            }
            i += 1
        }
        return SourcePosition(line: line, column: column)
    }

    var position: SourcePosition { SourcePosition(line: line, column: column) }
    var atEnd: Bool { index >= bytes.count }
    func peek(_ ahead: Int = 0) -> UInt8? {
        index + ahead < bytes.count ? bytes[index + ahead] : nil
    }

    mutating func advance() {
        let b = bytes[index]
        index += 1
        if b == 0x0A {
            line += 1; column = 1
        } else if b == 0x0D {
            // CR LF counts as one line break (on the LF); a lone CR is a line break of its own.
            if index >= bytes.count || bytes[index] != 0x0A { line += 1; column = 1 }
        } else if b & 0xC0 != 0x80 {
            column += 1
        }
    }

    mutating func advance(_ count: Int) {
        for _ in 0..<count { advance() }
    }

    // MARK: Document

    mutating func parseDocument() throws -> JSON5Value {
        // A UTF-8 byte order mark is allowed at the start and ignored.
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            index = 3
        }
        try skipTrivia()
        if atEnd {
            throw JSON5SyntaxError("the document is empty; expected a value such as an object `{ ... }`",
                                   at: position)
        }
        let value = try parseValue(depth: 0)
        try skipTrivia()
        if !atEnd {
            throw JSON5SyntaxError("unexpected \(describeNext()) after the end of the document; expected end of file",
                                   at: position,
                                   hint: "a file holds exactly one value; is a comma or a bracket misplaced?")
        }
        return value
    }

    // MARK: Whitespace and comments

    mutating func skipTrivia() throws {
        while let b = peek() {
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                advance()
            case 0xC2 where peek(1) == 0xA0:                                   // NBSP
                advance(2)
            case 0xE2 where peek(1) == 0x80 && (peek(2) == 0xA8 || peek(2) == 0xA9): // LS, PS
                advance(3)
            case 0xE2 where peek(1) == 0x80 && (0x80...0x8A).contains(peek(2) ?? 0) : // en/em spaces
                advance(3)
            case 0xEF where peek(1) == 0xBB && peek(2) == 0xBF:               // BOM
                advance(3)
            case 0x2F: // '/'
                if peek(1) == 0x2F {
                    while let c = peek(), c != 0x0A, c != 0x0D { advance() }
                } else if peek(1) == 0x2A {
                    let start = position
                    advance(2)
                    var closed = false
                    while let c = peek() {
                        if c == 0x2A && peek(1) == 0x2F { advance(2); closed = true; break }
                        advance()
                    }
                    if !closed {
                        throw JSON5SyntaxError("unterminated block comment; expected `*/` before the end of file",
                                               at: start)
                    }
                } else {
                    return
                }
            default:
                return
            }
        }
    }

    // MARK: Values

    mutating func parseValue(depth: Int) throws -> JSON5Value {
        guard let b = peek() else {
            throw JSON5SyntaxError("unexpected end of file; expected a value", at: position)
        }
        let start = position
        switch b {
        case UInt8(ascii: "{"):
            return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["):
            return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return JSON5Value(.string(try parseString()), at: start)
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            return JSON5Value(.number(try parseNumber()), at: start)
        default:
            if isIdentifierStart(b) {
                let word = try parseIdentifier()
                switch word {
                case "true": return JSON5Value(.bool(true), at: start)
                case "false": return JSON5Value(.bool(false), at: start)
                case "null": return JSON5Value(.null, at: start)
                case "Infinity": return JSON5Value(.number(.infinity), at: start)
                case "NaN": return JSON5Value(.number(.nan), at: start)
                default:
                    throw JSON5SyntaxError("unexpected word `\(word)`; expected a value", at: start,
                                           hint: "strings need quotes: \"\(word)\"")
                }
            }
            throw JSON5SyntaxError("unexpected \(describeNext()); expected a value", at: start,
                                   hint: hintForUnexpected(b))
        }
    }

    mutating func parseObject(depth: Int) throws -> JSON5Value {
        let start = position
        if depth > maximumDepth {
            throw JSON5SyntaxError("arrays and objects nest deeper than \(maximumDepth) levels", at: start,
                                   hint: "the nesting limit guards against runaway files; flatten the structure")
        }
        advance() // {
        var members: [JSON5Member] = []
        try skipTrivia()
        if peek() == UInt8(ascii: "}") {
            advance()
            return JSON5Value(.object([]), at: start)
        }
        while true {
            try skipTrivia()
            let keyPosition = position
            let key: String
            guard let b = peek() else {
                throw JSON5SyntaxError("unexpected end of file; expected a key or `}` to close the object opened at \(start)",
                                       at: position)
            }
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                key = try parseString()
            } else if isIdentifierStart(b) {
                key = try parseIdentifier()
            } else {
                throw JSON5SyntaxError("unexpected \(describeNext()); expected a key (a name or a quoted string)",
                                       at: keyPosition, hint: hintForUnexpected(b))
            }
            try skipTrivia()
            guard peek() == UInt8(ascii: ":") else {
                throw JSON5SyntaxError("unexpected \(describeNext()) after key `\(key)`; expected `:`", at: position)
            }
            advance()
            try skipTrivia()
            let value = try parseValue(depth: depth)
            members.append(JSON5Member(key: key, keyPosition: keyPosition, value: value))
            try skipTrivia()
            guard let next = peek() else {
                throw JSON5SyntaxError("unexpected end of file; expected `,` or `}` to close the object opened at \(start)",
                                       at: position)
            }
            if next == UInt8(ascii: ",") {
                advance()
                try skipTrivia()
                if peek() == UInt8(ascii: "}") { advance(); break }   // trailing comma
                continue
            }
            if next == UInt8(ascii: "}") { advance(); break }
            throw JSON5SyntaxError("unexpected \(describeNext()); expected `,` or `}` after the value of `\(key)`",
                                   at: position, hint: isIdentifierStart(next) || next == UInt8(ascii: "\"")
                                    ? "is a comma missing before this key?" : nil)
        }
        return JSON5Value(.object(members), at: start)
    }

    mutating func parseArray(depth: Int) throws -> JSON5Value {
        let start = position
        if depth > maximumDepth {
            throw JSON5SyntaxError("arrays and objects nest deeper than \(maximumDepth) levels", at: start,
                                   hint: "the nesting limit guards against runaway files; flatten the structure")
        }
        advance() // [
        var elements: [JSON5Value] = []
        try skipTrivia()
        if peek() == UInt8(ascii: "]") {
            advance()
            return JSON5Value(.array([]), at: start)
        }
        while true {
            try skipTrivia()
            if atEnd {
                throw JSON5SyntaxError("unexpected end of file; expected a value or `]` to close the array opened at \(start)",
                                       at: position)
            }
            elements.append(try parseValue(depth: depth))
            try skipTrivia()
            guard let next = peek() else {
                throw JSON5SyntaxError("unexpected end of file; expected `,` or `]` to close the array opened at \(start)",
                                       at: position)
            }
            if next == UInt8(ascii: ",") {
                advance()
                try skipTrivia()
                if peek() == UInt8(ascii: "]") { advance(); break }   // trailing comma
                continue
            }
            if next == UInt8(ascii: "]") { advance(); break }
            throw JSON5SyntaxError("unexpected \(describeNext()); expected `,` or `]` in the array opened at \(start)",
                                   at: position, hint: next == UInt8(ascii: "}") ? "the array is not closed before `}`" : "is a comma missing?")
        }
        return JSON5Value(.array(elements), at: start)
    }

    // MARK: Strings

    mutating func parseString() throws -> String {
        let start = position
        let quote = bytes[index]
        advance()
        // Most strings (every key, every id and color) hold no escape, no line break and no
        // U+2028/9: their bytes become the string as they stand, with no buffer between.
        var end = index
        var columns = 0
        while end < bytes.count {
            let b = bytes[end]
            if b == quote || b == UInt8(ascii: "\\") || b == 0x0A || b == 0x0D || b == 0xE2 { break }
            if b & 0xC0 != 0x80 { columns += 1 }
            end += 1
        }
        if end < bytes.count && bytes[end] == quote {
            let text = String(decoding: bytes[index..<end], as: UTF8.self)
            index = end + 1
            column += columns + 1
            return text
        }
        var buffer: [UInt8] = []
        while true {
            guard let b = peek() else {
                throw JSON5SyntaxError("unterminated string; expected a closing \(quote == 0x22 ? "`\"`" : "`'`") before the end of file",
                                       at: start)
            }
            if b == quote { advance(); break }
            if b == 0x0A || b == 0x0D {
                throw JSON5SyntaxError("unterminated string; expected a closing \(quote == 0x22 ? "`\"`" : "`'`") before the end of the line",
                                       at: start, hint: "write a line break inside a string as \\n")
            }
            if b == 0xE2 && peek(1) == 0x80 && (peek(2) == 0xA8 || peek(2) == 0xA9) {
                buffer.append(contentsOf: bytes[index..<index + 3]) // JSON5 allows U+2028/9 in strings
                advance(3)
                continue
            }
            if b != UInt8(ascii: "\\") {
                buffer.append(b)
                advance()
                continue
            }
            let escapePosition = position
            advance() // backslash
            guard let e = peek() else {
                throw JSON5SyntaxError("unterminated string; expected a closing quote before the end of file", at: start)
            }
            switch e {
            case UInt8(ascii: "b"): buffer.append(0x08); advance()
            case UInt8(ascii: "f"): buffer.append(0x0C); advance()
            case UInt8(ascii: "n"): buffer.append(0x0A); advance()
            case UInt8(ascii: "r"): buffer.append(0x0D); advance()
            case UInt8(ascii: "t"): buffer.append(0x09); advance()
            case UInt8(ascii: "v"): buffer.append(0x0B); advance()
            case UInt8(ascii: "0"):
                advance()
                if let d = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(d) {
                    throw JSON5SyntaxError("octal escapes are not allowed in strings", at: escapePosition,
                                           hint: "use \\u escapes, e.g. \\u0041")
                }
                buffer.append(0x00)
            case UInt8(ascii: "1")...UInt8(ascii: "9"):
                throw JSON5SyntaxError("octal escapes are not allowed in strings", at: escapePosition,
                                       hint: "use \\u escapes, e.g. \\u0041")
            case UInt8(ascii: "x"):
                advance()
                let value = try readHexDigits(2, escapeAt: escapePosition)
                appendScalar(UInt32(value), to: &buffer)
            case UInt8(ascii: "u"):
                advance()
                var value = UInt32(try readHexDigits(4, escapeAt: escapePosition))
                if (0xD800...0xDBFF).contains(value) {
                    guard peek() == UInt8(ascii: "\\"), peek(1) == UInt8(ascii: "u") else {
                        throw JSON5SyntaxError("invalid \\u escape: a high surrogate must be followed by a low surrogate \\uDC00-\\uDFFF",
                                               at: escapePosition)
                    }
                    let lowPosition = position
                    advance(2)
                    let low = UInt32(try readHexDigits(4, escapeAt: lowPosition))
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw JSON5SyntaxError("invalid \\u escape: expected a low surrogate \\uDC00-\\uDFFF", at: lowPosition)
                    }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(value) {
                    throw JSON5SyntaxError("invalid \\u escape: a lone low surrogate", at: escapePosition)
                }
                appendScalar(value, to: &buffer)
            case 0x0A:
                advance() // line continuation
            case 0x0D:
                advance()
                if peek() == 0x0A { advance() }
            case 0xE2 where peek(1) == 0x80 && (peek(2) == 0xA8 || peek(2) == 0xA9):
                advance(3) // line continuation with LS / PS
            default:
                // Any other character escapes to itself ("\q" is "q"), multi-byte ones included.
                let length = utf8Length(e)
                buffer.append(contentsOf: bytes[index..<min(index + length, bytes.count)])
                advance(length)
            }
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    mutating func readHexDigits(_ count: Int, escapeAt: SourcePosition) throws -> Int {
        var value = 0
        for _ in 0..<count {
            guard let b = peek(), let digit = hexValue(b) else {
                throw JSON5SyntaxError("invalid escape: expected \(count) hex digits", at: escapeAt)
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    func appendScalar(_ value: UInt32, to buffer: inout [UInt8]) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        buffer.append(contentsOf: Array(String(Character(scalar)).utf8))
    }

    // MARK: Numbers

    mutating func parseNumber() throws -> Double {
        let start = position
        var sign = 1.0
        if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") {
            if peek() == UInt8(ascii: "-") { sign = -1 }
            advance()
        }
        guard let first = peek() else {
            throw JSON5SyntaxError("unexpected end of file; expected digits after the sign", at: position)
        }
        if isIdentifierStart(first) && first != UInt8(ascii: "$") && first != UInt8(ascii: "_") {
            let wordPosition = position
            let word = try parseIdentifier()
            switch word {
            case "Infinity": return sign * .infinity
            case "NaN": return .nan
            default:
                throw JSON5SyntaxError("unexpected word `\(word)` after a sign; expected a number", at: wordPosition)
            }
        }
        // Hexadecimal: 0x1F, -0xFF
        if first == UInt8(ascii: "0"), let x = peek(1), x == UInt8(ascii: "x") || x == UInt8(ascii: "X") {
            advance(2)
            var value = 0.0
            var digits = 0
            while let b = peek(), let d = hexValue(b) {
                value = value * 16 + Double(d)
                digits += 1
                advance()
            }
            if digits == 0 {
                throw JSON5SyntaxError("expected hex digits after `0x`", at: position)
            }
            try checkNumberEnd(start: start)
            return sign * value
        }
        // The decimal digits are read as runs of bytes (they are ASCII: one column each), and
        // the number's text is put together on the stack: a String grown a Character at a
        // time was most of the parsing of a scene of a thousand items.
        let intStart = position
        let intRun = index..<skipDigits()
        if intRun.count > 1 && bytes[intRun.lowerBound] == UInt8(ascii: "0") {
            let written = (sign < 0 ? "-" : "") + String(decoding: bytes[intRun], as: UTF8.self)
            throw JSON5SyntaxError("numbers cannot have leading zeros", at: intStart,
                                   hint: "write \(Int(written) ?? 0) (and 0x... for hex)")
        }
        var fracRun = index..<index
        var hasPoint = false
        if peek() == UInt8(ascii: ".") {
            advance()
            hasPoint = true
            fracRun = index..<skipDigits()
        }
        if intRun.isEmpty && fracRun.isEmpty {
            throw JSON5SyntaxError("unexpected \(describeNext()); expected digits in the number", at: position)
        }
        var exponentSign: UInt8?
        var expRun = index..<index
        var hasExponent = false
        if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            advance()
            hasExponent = true
            if let s = peek(), s == UInt8(ascii: "+") || s == UInt8(ascii: "-") {
                exponentSign = s
                advance()
            }
            expRun = index..<skipDigits()
            if expRun.isEmpty {
                throw JSON5SyntaxError("unexpected \(describeNext()); expected the digits of the exponent", at: position)
            }
        }
        try checkNumberEnd(start: start)
        // "-" digits ["." digits] ["e" [sign] digits], with a 0 before a leading point and
        // after a trailing one (JSON5 allows ".5" and "5.").
        let length = 1 + max(intRun.count, 1) + 1 + max(fracRun.count, 1) + 2 + expRun.count
        let text = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { buffer -> String in
            var n = 0
            @inline(__always) func put(_ b: UInt8) { buffer[n] = b; n += 1 }
            @inline(__always) func put(_ run: Range<Int>) { for i in run { put(bytes[i]) } }
            if sign < 0 { put(UInt8(ascii: "-")) }
            if intRun.isEmpty { put(UInt8(ascii: "0")) } else { put(intRun) }
            if hasPoint {
                put(UInt8(ascii: "."))
                if fracRun.isEmpty { put(UInt8(ascii: "0")) } else { put(fracRun) }
            }
            if hasExponent {
                put(UInt8(ascii: "e"))
                if let s = exponentSign { put(s) }
                put(expRun)
            }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<n]), as: UTF8.self)
        }
        guard let value = Double(text) else {
            throw JSON5SyntaxError("malformed number `\(text)`", at: start)
        }
        return value
    }

    /// Moves past a run of ASCII digits (a column each); returns the index after it.
    mutating func skipDigits() -> Int {
        let first = index
        while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        column += index - first
        return index
    }

    /// A number must not run straight into a letter or another digit group ("12px", "1.2.3").
    func checkNumberEnd(start: SourcePosition) throws {
        if let b = peek(), isIdentifierPart(b) || b == UInt8(ascii: ".") {
            throw JSON5SyntaxError("unexpected \(describeNext()) in the number that starts at \(start); expected a delimiter such as `,`",
                                   at: position, hint: "numbers have no units; write 12, not 12px")
        }
    }

    // MARK: Identifiers

    mutating func parseIdentifier() throws -> String {
        var buffer: [UInt8] = []
        let start = position
        while let b = peek() {
            if b == UInt8(ascii: "\\") {
                // \uXXXX escapes are allowed in identifier names.
                let escapePosition = position
                guard peek(1) == UInt8(ascii: "u") else {
                    throw JSON5SyntaxError("unexpected `\\` in a name; expected a \\u escape", at: escapePosition)
                }
                advance(2)
                appendScalar(UInt32(try readHexDigits(4, escapeAt: escapePosition)), to: &buffer)
                continue
            }
            guard buffer.isEmpty ? isIdentifierStart(b) : isIdentifierPart(b) else { break }
            let length = utf8Length(b)
            buffer.append(contentsOf: bytes[index..<min(index + length, bytes.count)])
            advance(length)
        }
        if buffer.isEmpty {
            throw JSON5SyntaxError("unexpected \(describeNext()); expected a name", at: start)
        }
        return String(decoding: buffer, as: UTF8.self)
    }

    func isIdentifierStart(_ b: UInt8) -> Bool {
        if b >= 0x80 { return scalarAtIndexIsLetter() }
        return (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || b == UInt8(ascii: "_") || b == UInt8(ascii: "$") || b == UInt8(ascii: "\\")
    }

    func isIdentifierPart(_ b: UInt8) -> Bool {
        isIdentifierStart(b) || isDigit(b)
    }

    /// Whether the (non-ASCII) scalar at the current index is a letter (ECMAScript ID_Start-ish).
    func scalarAtIndexIsLetter() -> Bool {
        let length = utf8Length(bytes[index])
        guard index + length <= bytes.count else { return false }
        let s = String(decoding: bytes[index..<index + length], as: UTF8.self)
        guard let scalar = s.unicodeScalars.first else { return false }
        return scalar.properties.isAlphabetic
    }

    func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    func hexValue(_ b: UInt8) -> Int? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(b - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(b - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }

    func utf8Length(_ lead: UInt8) -> Int {
        switch lead {
        case 0..<0x80: return 1
        case 0xC0..<0xE0: return 2
        case 0xE0..<0xF0: return 3
        default: return 4
        }
    }

    // MARK: Messages

    /// The next character, for a message: "`x`", "end of file", "U+0000".
    func describeNext() -> String {
        guard let b = peek() else { return "end of file" }
        if b >= 0x20 && b < 0x7F { return "`\(Character(Unicode.Scalar(b)))`" }
        if b < 0x80 { return "control character U+\(hex2(0))\(hex2(b))" }
        let length = utf8Length(b)
        let s = String(decoding: bytes[index..<min(index + length, bytes.count)], as: UTF8.self)
        if let scalar = s.unicodeScalars.first {
            return "`\(s)` (U+\(String(scalar.value, radix: 16, uppercase: true)))"
        }
        return "byte 0x\(hex2(b))"
    }

    func hintForUnexpected(_ b: UInt8) -> String? {
        switch b {
        case UInt8(ascii: "#"): return "comments start with // or /*"
        case UInt8(ascii: ","): return "is there an extra comma?"
        case UInt8(ascii: "}"), UInt8(ascii: "]"): return "is there a missing value or an extra bracket?"
        case 0x00..<0x20: return "scene files are text; is this a binary file?"
        case 0xE2 where peek(1) == 0x80 && (peek(2) == 0x9C || peek(2) == 0x9D || peek(2) == 0x98 || peek(2) == 0x99):
            return "typographic quotes are not string quotes; use \" or '"
        default: return nil
        }
    }
}
