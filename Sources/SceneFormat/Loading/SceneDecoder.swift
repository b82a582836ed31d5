// Design note: the decoder turns the JSON5 tree into the model in one pass, collecting
// diagnostics instead of throwing. Each reader returns nil on a problem (after reporting it)
// and the caller falls back to a default, so decoding continues and later problems are still
// found. Cross-references (ids used before they are defined, types of referenced behaviors)
// are recorded during the pass and resolved after it, in `SceneDecoder+Checks.swift`.

/// A value together with its JSON path.
struct Node {
    var value: JSON5Value
    var path: JSONPath

    var position: SourcePosition { value.position }
}

/// What an id reference must resolve to.
enum ReferenceKind {
    case item
    /// A behavior; if `types` is non-nil, of one of these type names.
    case behavior(types: [String]?, purpose: String)
    /// A boundary id of the given collision behavior (or of any, when nil).
    case boundary(collision: String?)
}

/// An id used somewhere in the file, to be resolved after decoding.
struct Reference {
    var kind: ReferenceKind
    var id: String
    var node: Node
}

/// The ids defined in the file, for resolving references.
struct SymbolTable {
    /// Item ids in file order (for suggestions) ...
    var itemIDs: [String] = [] {
        didSet { itemIDSet = Set(itemIDs) }
    }
    /// ... and as a set (for lookups).
    var itemIDSet: Set<String> = []
    var items: [String: ItemSpec] = [:]
    var behaviors: [String: BehaviorSpec] = [:]
    var behaviorIDs: [String] = []
    /// Boundary ids per collision behavior id (behaviors without an id are keyed by path).
    var boundariesByCollision: [String: [String]] = [:]
    var allBoundaryIDs: [String] = []
    /// Every behavior id written in the file, including those of behaviors that failed to decode.
    var definedBehaviorIDs: Set<String> = []
    /// Every collision behavior, with or without an id.
    var collisions: [CollisionSpec] = []
}

final class SceneDecoder {
    let file: String
    let sceneID: String
    var diagnostics: [SceneDiagnostic] = []
    /// The canvas, known before items are read (for `"center"`).
    var canvas = SceneCanvas()
    var duration = 5.0
    var references: [Reference] = []
    /// Checks that need the symbol table.
    var deferredChecks: [(SymbolTable) -> Void] = []
    /// First definition of each item / behavior id, for duplicate reports.
    var itemDefinitions: [String: SourcePosition] = [:]
    var behaviorDefinitions: [String: SourcePosition] = [:]
    var behaviorCount = 0
    /// "Did you mean" costs an edit distance per candidate; a file with thousands of bad
    /// references against thousands of ids gets suggestions for the first few hundred only.
    var suggestionBudget = 300_000

    init(file: String, sceneID: String) {
        self.file = file
        self.sceneID = sceneID
    }

    // MARK: Reporting

    /// "did you mean 'x'?" for `word`, while the suggestion budget lasts.
    func suggest(_ word: String, among candidates: [String]) -> String? {
        guard suggestionBudget >= candidates.count else { return nil }
        suggestionBudget -= max(candidates.count, 1)
        return didYouMean(word, among: candidates)
    }

    func error(_ message: String, at position: SourcePosition?, path: JSONPath, hint: String? = nil) {
        diagnostics.append(SceneDiagnostic(severity: .error, file: file, position: position,
                                           path: path.description, message: message, hint: hint))
    }

    func error(_ message: String, at node: Node, hint: String? = nil) {
        error(message, at: node.position, path: node.path, hint: hint)
    }

    func warning(_ message: String, at node: Node, hint: String? = nil) {
        diagnostics.append(SceneDiagnostic(severity: .warning, file: file, position: node.position,
                                           path: node.path.description, message: message, hint: hint))
    }

    func typeError(_ node: Node, expected: String, hint: String? = nil) {
        error("`\(node.path.lastKeyName)` must be \(expected), not \(describe(node.value))", at: node, hint: hint)
    }

    /// "a string (\"x\")", "the number 3", "an object", ... for messages.
    func describe(_ value: JSON5Value) -> String {
        switch value.kind {
        case .null: return "null"
        case .bool(let b): return "the boolean \(b)"
        case .number(let n): return "the number \(formatNumber(n))"
        case .string(let s): return "the string \"\(s.count > 40 ? String(s.prefix(40)) + "..." : s)\""
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    func location(_ node: Node) -> SceneLocation {
        SceneLocation(position: node.position, path: node.path.description)
    }

    // MARK: Objects

    /// Reads `node` as an object whose keys must be among `keys`. Unknown keys are reported
    /// with a suggestion; `elsewhere` explains keys that belong to a sibling kind of object
    /// ("`smoothness` is a key of field behaviors, not of gravity").
    func object(_ node: Node, keys: [String], what: String, elsewhere: [String: String] = [:]) -> ObjectReader? {
        guard let members = node.value.objectValue else {
            error("\(what) must be an object `{...}`, not \(describe(node.value))", at: node)
            return nil
        }
        // The first member of each key, in file order. A scene's objects have a handful of
        // members, looked for in order faster than hashed (a table per object, and hashing
        // each key, were a third of the decoding of a thousand items); an object with many
        // gets a table as well, so that no file makes the search quadratic.
        var firstMembers: [JSON5Member] = []
        firstMembers.reserveCapacity(members.count)
        var table: [String: Int]? = members.count > ObjectReader.searchedInOrder
            ? [String: Int](minimumCapacity: members.count) : nil
        for member in members {
            var memberPath: JSONPath { node.path / member.key }
            if let earlier = ObjectReader.index(of: member.key, in: firstMembers, table: table) {
                error("duplicate key `\(member.key)` (first written at \(firstMembers[earlier].keyPosition))", at: member.keyPosition,
                      path: memberPath, hint: "a key may appear once per object; remove one of them")
                continue
            }
            table?[member.key] = firstMembers.count
            firstMembers.append(member)
            if !keys.contains(member.key) {
                if let explanation = elsewhere[member.key] {
                    error("`\(member.key)` is not a key of \(what); \(explanation)", at: member.keyPosition,
                          path: memberPath, hint: suggest(member.key, among: keys))
                } else {
                    error("unknown key `\(member.key)` in \(what)", at: member.keyPosition, path: memberPath,
                          hint: suggest(member.key, among: keys)
                            ?? "valid keys: \(keys.joined(separator: ", "))")
                }
            }
        }
        return ObjectReader(decoder: self, node: node, members: firstMembers, table: table, allowedKeys: keys)
    }

    // MARK: Scalars

    func string(_ node: Node) -> String? {
        guard let s = node.value.stringValue else {
            typeError(node, expected: "a string")
            return nil
        }
        return s
    }

    /// A string naming one case of `E`; an unknown name is reported as
    /// `unknown WHAT "name"` with a did-you-mean hint (or the list of names, plus `extraHint`).
    func name<E: RawRepresentable & CaseIterable>(_ node: Node, of type: E.Type, what: String,
                                                  extraHint: String = "") -> E? where E.RawValue == String {
        guard let text = string(node) else { return nil }
        if let value = E(rawValue: text) { return value }
        let names = E.allCases.map(\.rawValue)
        error("unknown \(what) \"\(text)\"", at: node, hint: suggest(text, among: names) ?? "use \(listAlternatives(names))\(extraHint)")
        return nil
    }

    func bool(_ node: Node) -> Bool? {
        guard let b = node.value.boolValue else {
            let text = node.value.stringValue
            typeError(node, expected: "true or false",
                      hint: text == "true" || text == "false" ? "write \(text!) without quotes" : nil)
            return nil
        }
        return b
    }

    /// A finite number satisfying `rule`.
    func number(_ node: Node, _ rule: NumberRule = .any) -> Double? {
        guard let n = node.value.numberValue else {
            var hint: String?
            if let s = node.value.stringValue, Double(s) != nil { hint = "write \(s) without quotes" }
            typeError(node, expected: "a number", hint: hint)
            return nil
        }
        // (The name only for a message: most numbers are fine.)
        if n.isNaN {
            error("`\(node.path.lastKeyName)` is NaN; numbers must be finite", at: node)
            return nil
        }
        if n.isInfinite {
            error("`\(node.path.lastKeyName)` is \(n < 0 ? "-" : "")Infinity; numbers must be finite", at: node, hint: rule.hint)
            return nil
        }
        if let problem = rule.violation(n) {
            error("`\(node.path.lastKeyName)` must be \(problem.requirement); got \(formatNumber(n))", at: node, hint: problem.hint)
            return nil
        }
        return n
    }

    /// A whole number satisfying `rule`.
    func integer(_ node: Node, _ rule: NumberRule = .any) -> Int? {
        guard let n = number(node, rule) else { return nil }
        guard n == n.rounded() else {
            error("`\(node.path.lastKeyName)` must be a whole number; got \(formatNumber(n))", at: node)
            return nil
        }
        // Whole numbers are exact only below 2^53 in a JSON number (a double): 2^53 + 1 is
        // read as 2^53, so 2^53 itself may be another number than the one written.
        guard abs(n) <= 9_007_199_254_740_991 else {
            error("`\(node.path.lastKeyName)` is too large; got \(formatNumber(n))", at: node,
                  hint: "whole numbers are limited to 9,007,199,254,740,991 (2^53 - 1), the largest a JSON number tells apart from the next")
            return nil
        }
        return Int(n)
    }

    /// A non-empty id of at most `SceneLimits.maximumIdentifierLength` characters, counted as
    /// Unicode code points, as the JSON Schema's `maxLength` counts them (a letter and its
    /// combining accent are two; as visible characters, an id the schema refused passed).
    func identifier(_ node: Node) -> String? {
        guard let s = string(node) else { return nil }
        if s.isEmpty {
            error("`\(node.path.lastKeyName)` must not be empty", at: node)
            return nil
        }
        let length = s.unicodeScalars.count
        if length > SceneLimits.maximumIdentifierLength {
            error("`\(node.path.lastKeyName)` is \(length) characters (Unicode code points) long; ids are limited to \(SceneLimits.maximumIdentifierLength)",
                  at: node)
            return nil
        }
        return s
    }

    /// An id that must name something defined elsewhere; resolved after decoding.
    func reference(_ node: Node, _ kind: ReferenceKind) -> String? {
        guard let id = identifier(node) else { return nil }
        references.append(Reference(kind: kind, id: id, node: node))
        return id
    }

    // MARK: Geometry

    /// Two numbers `[a, b]`, each checked by `rule`.
    func pair(_ node: Node, _ rule: NumberRule, expected: String) -> (Double, Double)? {
        guard let array = node.value.arrayValue else {
            typeError(node, expected: expected)
            return nil
        }
        guard array.count == 2 else {
            error("`\(node.path.lastKeyName)` must be \(expected) with 2 numbers; it has \(array.count)", at: node)
            return nil
        }
        let a = number(Node(value: array[0], path: node.path / 0), rule)
        let b = number(Node(value: array[1], path: node.path / 1), rule)
        guard let a = a, let b = b else { return nil }
        return (a, b)
    }

    /// `[x, y]` or `"center"`; `"$tap"` too when `allowTap` (else it is explained).
    func pointExpression(_ node: Node, allowTap: Bool) -> PointExpression? {
        if let s = node.value.stringValue {
            switch s {
            case "center":
                return .point(canvas.center)
            case "$tap":
                if allowTap { return .tapLocation }
                // (Said whole: inside a tap event's addBehavior the short form, "only in
                // actions of a tap event", contradicted where the point stood.)
                error("`$tap` is only available in `snapTo.point`, `pushToward.point` and the points of `set`, "
                      + "in actions of an `on: \"tap\"` event", at: node,
                      hint: "use a point [x, y] or \"center\"")
                return nil
            default:
                let candidates = allowTap ? ["center", "$tap"] : ["center"]
                error("`\(node.path.lastKeyName)` must be a point [x, y] or \(listAlternatives(candidates).replacingOccurrences(of: "'", with: "\"")), not \(describe(node.value))",
                      at: node, hint: suggest(s, among: candidates))
                return nil
            }
        }
        guard let (x, y) = pair(node, .coordinate, expected: "a point [x, y] or \"center\"") else { return nil }
        return .point(ScenePoint(x: x, y: y))
    }

    /// `[x, y]` or `"center"`.
    func point(_ node: Node) -> ScenePoint? {
        guard let expression = pointExpression(node, allowTap: false) else { return nil }
        if case .point(let p) = expression { return p }
        return nil
    }

    /// `[dx, dy]`.
    func vector(_ node: Node) -> SceneVector? {
        guard let (dx, dy) = pair(node, .coordinate, expected: "a vector [dx, dy]") else { return nil }
        return SceneVector(dx: dx, dy: dy)
    }

    /// `[width, height]`, both > 0.
    func size(_ node: Node) -> SceneSize? {
        guard let (w, h) = pair(node, .positiveCoordinate, expected: "a size [width, height]") else { return nil }
        return SceneSize(width: w, height: h)
    }

    /// `#RRGGBB`, `#RRGGBBAA` or a UIKit color name.
    func color(_ node: Node) -> SceneColor? {
        guard let s = node.value.stringValue else {
            typeError(node, expected: "a color (\"#RRGGBB\", \"#RRGGBBAA\" or a name like \"red\")")
            return nil
        }
        if let color = SceneColor(parsing: s) { return color }
        let names = SceneColor.named.map(\.name)
        if s.hasPrefix("#") {
            let digits = s.count - 1
            error("malformed color \"\(s)\"; expected #RRGGBB or #RRGGBBAA with hex digits", at: node,
                  hint: digits == 3 || digits == 4 ? "short forms like #F80 are not supported; write #FF8800" : nil)
        } else {
            error("unknown color \"\(s)\"", at: node,
                  hint: suggest(s, among: names) ?? "use #RRGGBB, #RRGGBBAA or one of: \(names.joined(separator: ", "))")
        }
        return nil
    }

    /// An array of at most `limit` elements; each element decoded by `element`.
    func array<T>(_ node: Node, what: String, limit: Int? = nil, _ element: (Node) -> T?) -> [T]? {
        guard let array = node.value.arrayValue else {
            typeError(node, expected: "an array of \(what)")
            return nil
        }
        if let limit = limit, array.count > limit {
            error("`\(node.path.lastKeyName)` has \(formatGrouped(Double(array.count))) entries; the limit is \(formatGrouped(Double(limit)))",
                  at: node, hint: "see SceneLimits in the documentation")
            return nil
        }
        var result: [T] = []
        for (i, value) in array.enumerated() {
            if let decoded = element(Node(value: value, path: node.path / i)) { result.append(decoded) }
        }
        return result
    }

    /// A list of item ids (each checked to exist later), without repeats.
    func itemList(_ node: Node) -> [String]? {
        // Sized once (a behavior of a thousand items rehashed its table ten times over).
        var seen = [String: SourcePosition](minimumCapacity: min(node.value.arrayValue?.count ?? 0, SceneLimits.maximumItems))
        return array(node, what: "item ids", limit: SceneLimits.maximumItems) { element -> String? in
            guard let id = reference(element, .item) else { return nil }
            if let first = seen[id] {
                error("item '\(id)' is listed twice (first at \(first))", at: element, hint: "remove the repeat")
                return nil
            }
            seen[id] = element.position
            return id
        }
    }
}

/// The members of one object, read by key.
struct ObjectReader {
    /// Objects with at most this many members are searched in order, without a table.
    static let searchedInOrder = 16

    let decoder: SceneDecoder
    let node: Node
    /// The first member of each key, in file order.
    let members: [JSON5Member]
    /// For a larger object, where each key sits in `members`.
    let table: [String: Int]?
    let allowedKeys: [String]

    /// Where `key` sits in `members`: through `table` when there is one, else searched in order.
    static func index(of key: String, in members: [JSON5Member], table: [String: Int]?) -> Int? {
        if let table { return table[key] }
        return members.firstIndex { $0.key == key }
    }

    func member(_ key: String) -> JSON5Member? {
        Self.index(of: key, in: members, table: table).map { members[$0] }
    }

    func has(_ key: String) -> Bool { member(key) != nil }

    /// The member's value with its path, if present.
    subscript(key: String) -> Node? {
        member(key).map { Node(value: $0.value, path: node.path / key) }
    }

    /// Reports a missing required key at the object's opening brace.
    func requireKey(_ key: String, what: String, hint: String? = nil) -> Node? {
        if let value = self[key] { return value }
        decoder.error("missing key `\(key)` in \(what)", at: node, hint: hint)
        return nil
    }

    func string(_ key: String) -> String? { self[key].flatMap(decoder.string) }
    func bool(_ key: String) -> Bool? { self[key].flatMap(decoder.bool) }
    func number(_ key: String, _ rule: NumberRule = .any) -> Double? { self[key].flatMap { decoder.number($0, rule) } }
    func point(_ key: String) -> ScenePoint? { self[key].flatMap(decoder.point) }
    func vector(_ key: String) -> SceneVector? { self[key].flatMap(decoder.vector) }
    func color(_ key: String) -> SceneColor? { self[key].flatMap(decoder.color) }
}

/// A constraint on a number, with the words to explain a violation.
struct NumberRule {
    var minimum: Double?
    var minimumIsExclusive = false
    var maximum: Double?
    var hint: String?

    static let any = NumberRule(minimum: -SceneLimits.maximumCoordinate * 1000, maximum: SceneLimits.maximumCoordinate * 1000)
    static let unlimited = NumberRule()
    /// At least 0, and (as every number without a range of its own) at most 1,000,000,000:
    /// an attachment frequency of 1e300 passed validation and then made the simulation go
    /// non-finite on its first step.
    static let nonNegative = NumberRule(minimum: 0, maximum: 1e9)
    /// `nonNegative`, for a resistance (UIKit takes up to CGFLOAT_MAX, which a scene writes
    /// as 1e9: it already holds an item where it is).
    static let resistance = NumberRule(minimum: 0, maximum: 1e9,
                                       hint: "1e9 already holds an item where it is (UIKit's CGFLOAT_MAX)")
    static let positive = NumberRule(minimum: 0, minimumIsExclusive: true)
    static let unit = NumberRule(minimum: 0, maximum: 1)
    static let coordinate = NumberRule(minimum: -SceneLimits.maximumCoordinate, maximum: SceneLimits.maximumCoordinate,
                                       hint: "coordinates are limited to ±\(formatGrouped(SceneLimits.maximumCoordinate)) points")
    static let positiveCoordinate = NumberRule(minimum: 0, minimumIsExclusive: true, maximum: SceneLimits.maximumCoordinate,
                                               hint: "sizes are limited to \(formatGrouped(SceneLimits.maximumCoordinate)) points")
    static let nonNegativeCoordinate = NumberRule(minimum: 0, maximum: SceneLimits.maximumCoordinate,
                                                  hint: "lengths are limited to \(formatGrouped(SceneLimits.maximumCoordinate)) points")

    static func range(_ range: ClosedRange<Double>, hint: String? = nil) -> NumberRule {
        NumberRule(minimum: range.lowerBound, maximum: range.upperBound, hint: hint)
    }

    /// What the number must be ("between 0 and 1") and a hint, when `value` breaks the rule.
    func violation(_ value: Double) -> (requirement: String, hint: String?)? {
        let low = minimum.map { minimumIsExclusive ? value <= $0 : value < $0 } ?? false
        let high = maximum.map { value > $0 } ?? false
        guard low || high else { return nil }
        let requirement: String
        switch (minimum, maximum) {
        case let (min?, max?) where !minimumIsExclusive:
            requirement = "between \(formatGrouped(min)) and \(formatGrouped(max))"
        case let (min?, max?):
            requirement = "greater than \(formatGrouped(min)) and at most \(formatGrouped(max))"
        case let (min?, nil):
            requirement = minimumIsExclusive ? "greater than \(formatGrouped(min))" : "at least \(formatGrouped(min))"
        case let (nil, max?):
            requirement = "at most \(formatGrouped(max))"
        default:
            requirement = "finite"
        }
        return (requirement, hint)
    }
}

extension JSONPath {
    /// The last key in the path (for "`size` must be ..."), with an index shown as `name[i]`.
    var lastKeyName: String {
        var suffix = ""
        for component in components.reversed() {
            switch component {
            case .index(let i): suffix = "[\(i)]" + suffix
            case .key(let k): return k + suffix
            }
        }
        return suffix.isEmpty ? "value" : "value" + suffix
    }
}
