/// A path from the document root, rendered like `behaviors[2].items[0]`.
struct JSONPath: CustomStringConvertible {
    enum Component {
        case key(String)
        case index(Int)
    }

    /// One component and the path before it. A decoder makes a path for every value of a
    /// document and reads one only to report a problem: as an array of components, each path
    /// copied its parent's (a 1,000-item scene made millions of copies); as a link to its
    /// parent, a path is one small allocation.
    private final class Link: Sendable {
        let parent: Link?
        let component: Component
        init(parent: Link?, component: Component) { self.parent = parent; self.component = component }
    }

    private var last: Link?

    static let root = JSONPath()

    /// From the root down.
    var components: [Component] {
        var reversed: [Component] = []
        var link = last
        while let l = link {
            reversed.append(l.component)
            link = l.parent
        }
        return reversed.reversed()
    }

    func appending(_ key: String) -> JSONPath {
        JSONPath(last: Link(parent: last, component: .key(key)))
    }

    func appending(_ index: Int) -> JSONPath {
        JSONPath(last: Link(parent: last, component: .index(index)))
    }

    static func / (lhs: JSONPath, rhs: String) -> JSONPath { lhs.appending(rhs) }
    static func / (lhs: JSONPath, rhs: Int) -> JSONPath { lhs.appending(rhs) }

    var description: String {
        var text = ""
        for component in components {
            switch component {
            case .index(let i):
                text += "[\(i)]"
            case .key(let k):
                if isPlainIdentifier(k) {
                    text += text.isEmpty ? k : "." + k
                } else {
                    text += "[\"\(k.replacingOccurrences(of: "\"", with: "\\\""))\"]"
                }
            }
        }
        return text
    }

    private func isPlainIdentifier(_ s: String) -> Bool {
        // ASCII names (nearly all keys) without the Unicode property tables.
        var ascii = true, plain = true, atStart = true
        for b in s.utf8 {
            if b >= 0x80 { ascii = false; break }
            let letter = (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
                || b == UInt8(ascii: "_") || b == UInt8(ascii: "$")
            let digit = b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")
            if !(letter || (!atStart && digit)) { plain = false }
            atStart = false
        }
        if ascii { return plain && !atStart }
        guard let first = s.unicodeScalars.first,
              first == "_" || first == "$" || first.properties.isAlphabetic else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || $0.properties.isAlphabetic
            || ("0"..."9").contains($0) }
    }
}
