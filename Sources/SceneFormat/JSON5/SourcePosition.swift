// Design note: every node of a parsed scene remembers where it came from, so that a problem
// found long after parsing (an unknown id, a non-convex path) can still point at the exact
// line and column. Columns count Unicode scalars, which is what most editors show for text
// without combining marks or wide characters.

/// A place in a source text: a 1-based line and a 1-based column (in Unicode scalars).
public struct SourcePosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// 1-based line number.
    public var line: Int
    /// 1-based column, counted in Unicode scalars from the start of the line.
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `LINE:COLUMN`, the form compilers and editors understand.
    public var description: String { "\(line):\(column)" }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}
