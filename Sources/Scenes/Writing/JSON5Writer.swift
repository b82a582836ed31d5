// Design note: writes a value tree as plain JSON (which is also JSON5), two-space indented,
// with short arrays of scalars kept on one line so points read as `[187.5, 25]`. Member order
// is kept. Non-finite numbers come out as the JSON5 literals `NaN` / `Infinity`.

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
            out += "{\n"
            for (i, member) in members.enumerated() {
                out += String(repeating: indent, count: level + 1) + JSON5Value.quoted(member.key) + ": "
                member.value.write(to: &out, level: level + 1, indent: indent)
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: indent, count: level) + "}"
        }
    }

    /// A JSON string literal.
    static func quoted(_ s: String) -> String {
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
