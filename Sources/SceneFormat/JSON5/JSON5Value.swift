// Design note: the parser's output is a plain tree of values, each carrying its source
// position. Objects keep their members in file order (an array, not a dictionary) so that
// duplicate keys can be reported and so that diagnostics come out in reading order.

/// One value of a JSON5 document, with the position of its first character.
public struct JSON5Value: Equatable, Sendable {
    /// What the value is.
    public enum Kind: Equatable, Sendable {
        case null
        case bool(Bool)
        /// Every number is a `Double`; hex literals, `Infinity` and `NaN` included (validation
        /// of a scene rejects the non-finite ones).
        case number(Double)
        case string(String)
        case array([JSON5Value])
        /// Members in file order; duplicate keys are kept (the scene decoder reports them).
        case object([JSON5Member])
    }

    public var kind: Kind
    /// Where the value starts: the quote of a string, the bracket of an array, the brace of
    /// an object, the sign or first digit of a number.
    public var position: SourcePosition

    public init(_ kind: Kind, at position: SourcePosition) {
        self.kind = kind
        self.position = position
    }

    /// A short English name of the value's type for messages: "a number", "an object", ...
    public var typeDescription: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    public var stringValue: String? {
        if case .string(let s) = kind { return s }
        return nil
    }

    public var numberValue: Double? {
        if case .number(let n) = kind { return n }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let b) = kind { return b }
        return nil
    }

    public var arrayValue: [JSON5Value]? {
        if case .array(let a) = kind { return a }
        return nil
    }

    public var objectValue: [JSON5Member]? {
        if case .object(let o) = kind { return o }
        return nil
    }

    /// The value of the first member named `key`, if this is an object that has one.
    public subscript(key: String) -> JSON5Value? {
        objectValue?.first(where: { $0.key == key })?.value
    }
}

/// One `key: value` member of an object.
public struct JSON5Member: Equatable, Sendable {
    public var key: String
    /// Where the key starts (its quote, or its first letter when unquoted).
    public var keyPosition: SourcePosition
    public var value: JSON5Value

    public init(key: String, keyPosition: SourcePosition, value: JSON5Value) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}
