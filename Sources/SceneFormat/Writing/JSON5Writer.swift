// Design note: the project's one JSON writer and string escaper. A value tree is written as
// plain JSON (which is also JSON5), either pretty (two-space indented, short arrays of scalars
// on one line so points read as `[187.5, 25]`; non-finite numbers as the JSON5 literals
// `NaN` / `Infinity`, for scene files) or compact (one line, non-finite numbers as `null`:
// strict JSON, for manifests, traces and machine-readable output). Member order is kept, so
// equal trees give equal bytes. Every other module builds its documents as trees and writes
// them here.

extension JSON5Value {
    /// Pretty-printed JSON text of the value, ending without a newline.
    public func formatted(indent: String = "  ") -> String {
        var out = ""
        write(to: &out, level: 0, indent: indent)
        return out
    }

    private func write(to out: inout String, level: Int, indent: String) {
        switch kind {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += formatNumber(n)
        case .string(let s): out += JSON5Value.quoted(s)
        case .array(let elements):
            if elements.isEmpty { out += "[]"; return }
            let scalars = elements.allSatisfy { if case .array = $0.kind { return false }; if case .object = $0.kind { return false }; return true }
            if scalars && elements.count <= 8 {
                out += "[" + elements.map { $0.formatted(indent: indent) }.joined(separator: ", ") + "]"
                return
            }
            // Arrays of points stay compact too: [[0, 1], [2, 3]].
            let points = elements.allSatisfy { ($0.arrayValue?.allSatisfy { $0.numberValue != nil } ?? false) && ($0.arrayValue?.count ?? 0) <= 4 }
            if points && elements.count <= 12 {
                out += "[" + elements.map { $0.formatted(indent: indent) }.joined(separator: ", ") + "]"
                return
            }
            out += "[\n"
            for (i, element) in elements.enumerated() {
                out += String(repeating: indent, count: level + 1)
                element.write(to: &out, level: level + 1, indent: indent)
                out += i == elements.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: indent, count: level) + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            // A small object of scalars stays on one line: {"index": 0, "file": "frame_00000.png"}.
            let flat = members.count <= 6 && members.allSatisfy {
                if case .array = $0.value.kind { return false }
                if case .object = $0.value.kind { return false }
                return true
            }
            if flat && level > 0 {
                out += "{" + members.map { JSON5Value.quoted($0.key) + ": " + $0.value.formatted(indent: indent) }
                    .joined(separator: ", ") + "}"
                return
            }
            out += "{\n"
            for (i, member) in members.enumerated() {
                out += String(repeating: indent, count: level + 1) + JSON5Value.quoted(member.key) + ": "
                member.value.write(to: &out, level: level + 1, indent: indent)
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: indent, count: level) + "}"
        }
    }

    /// One line of strict JSON: no spaces, non-finite numbers as `null`.
    public func compactJSON() -> String {
        var out = ""
        writeCompact(to: &out)
        return out
    }

    private func writeCompact(to out: inout String) {
        switch kind {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += JSON5Value.jsonNumber(n)
        case .string(let s): out += JSON5Value.quoted(s)
        case .array(let elements):
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += "," }
                element.writeCompact(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, member) in members.enumerated() {
                if i > 0 { out += "," }
                out += JSON5Value.quoted(member.key) + ":"
                member.value.writeCompact(to: &out)
            }
            out += "}"
        }
    }

    /// A number as strict JSON: whole numbers without a fraction (`60`), else Swift's shortest
    /// exact form; non-finite values as `null`.
    public static func jsonNumber(_ value: Double) -> String {
        if !value.isFinite { return "null" }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// A JSON string literal (control characters and U+2028/U+2029 escaped, the rest UTF-8).
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

// Building trees in code: every node gets position 1:1, which only the parser's diagnostics use.
extension JSON5Value {
    private static let built = SourcePosition(line: 1, column: 1)

    public static func string(_ s: String) -> JSON5Value { JSON5Value(.string(s), at: built) }
    public static func number(_ n: Double) -> JSON5Value { JSON5Value(.number(n), at: built) }
    public static func number(_ n: Int) -> JSON5Value { JSON5Value(.number(Double(n)), at: built) }
    public static func bool(_ b: Bool) -> JSON5Value { JSON5Value(.bool(b), at: built) }
    public static let null = JSON5Value(.null, at: built)
    public static func array(_ elements: [JSON5Value]) -> JSON5Value { JSON5Value(.array(elements), at: built) }
    /// An object from (key, value) pairs in order; nil values are left out.
    public static func object(_ members: [(String, JSON5Value?)]) -> JSON5Value {
        JSON5Value(.object(members.compactMap { key, value in
            value.map { JSON5Member(key: key, keyPosition: built, value: $0) }
        }), at: built)
    }
}
