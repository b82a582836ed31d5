/// A path from the document root, rendered like `behaviors[2].items[0]`.
struct JSONPath: CustomStringConvertible {
    enum Component {
        case key(String)
        case index(Int)
    }

    var components: [Component] = []

    static let root = JSONPath()

    func appending(_ key: String) -> JSONPath {
        JSONPath(components: components + [.key(key)])
    }

    func appending(_ index: Int) -> JSONPath {
        JSONPath(components: components + [.index(index)])
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
        guard let first = s.unicodeScalars.first,
              first == "_" || first == "$" || first.properties.isAlphabetic else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || $0 == "$" || $0.properties.isAlphabetic
            || ("0"..."9").contains($0) }
    }
}
