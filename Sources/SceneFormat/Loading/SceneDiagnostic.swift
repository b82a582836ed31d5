// Design note: validation never stops at the first problem. Every check appends a
// diagnostic and carries on with a best guess, so one run of `animatic validate` lists
// everything wrong with a file. Syntax errors are the exception: after one, the structure of
// the rest of the file is unknown, so there is exactly one.

/// One problem (or warning) in a scene file, located by line:column and JSON path.
///
/// Renders as `FILE:LINE:COL: error: MESSAGE (at JSON.PATH) — hint: HINT`, the parts that are
/// unknown left out, e.g.
/// `scenes/push.json:12:17: error: unknown item 'gren' (at behaviors[2].items[0]) — hint: did you mean 'green'?`
public struct SceneDiagnostic: Error, CustomStringConvertible, Hashable, Sendable {
    public enum Severity: String, Hashable, Sendable {
        /// The scene cannot be used.
        case error
        /// The scene can be used, but probably not as meant.
        case warning
    }

    public var severity: Severity
    /// The file as given to the loader.
    public var file: String
    /// Where the problem is; nil when it concerns the file as a whole (missing, too big).
    public var position: SourcePosition?
    /// JSON path (`behaviors[2].items[0]`); empty for the document root or the whole file.
    public var path: String
    /// What is wrong, in words a person can act on.
    public var message: String
    /// How to fix it, when there is something specific to say ("did you mean 'green'?").
    public var hint: String?

    public init(severity: Severity = .error, file: String, position: SourcePosition?, path: String,
                message: String, hint: String? = nil) {
        self.severity = severity
        self.file = file
        self.position = position
        self.path = path
        self.message = message
        self.hint = hint
    }

    public var line: Int? { position?.line }
    public var column: Int? { position?.column }

    public var description: String {
        var text = file
        if let position = position { text += ":\(position.line):\(position.column)" }
        text += ": \(severity.rawValue): \(message)"
        if !path.isEmpty { text += " (at \(path))" }
        if let hint = hint { text += " — hint: \(hint)" }
        return text
    }
}

/// Thrown by `Scene.load`: every problem found in the file (at least one error), errors
/// first, each group in file order.
public struct SceneLoadError: Error, CustomStringConvertible, Sendable {
    public var file: String
    public var diagnostics: [SceneDiagnostic]

    public init(file: String, diagnostics: [SceneDiagnostic]) {
        self.file = file
        self.diagnostics = diagnostics
    }

    public var errors: [SceneDiagnostic] { diagnostics.filter { $0.severity == .error } }
    public var warnings: [SceneDiagnostic] { diagnostics.filter { $0.severity == .warning } }

    /// One diagnostic per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// The result of `Scene.validate`: the scene when there is no error, and every diagnostic.
public struct SceneValidation: Sendable {
    /// The loaded scene, nil when there is any error.
    public var scene: Scene?
    /// In file order (diagnostics without a position first).
    public var errors: [SceneDiagnostic]
    /// In file order.
    public var warnings: [SceneDiagnostic]

    public init(scene: Scene?, errors: [SceneDiagnostic], warnings: [SceneDiagnostic]) {
        self.scene = scene
        self.errors = errors
        self.warnings = warnings
    }

    public var isValid: Bool { errors.isEmpty }

    /// Errors, then warnings.
    public var diagnostics: [SceneDiagnostic] { errors + warnings }
}

extension SceneDiagnostic {
    /// The kind of a diagnostic: its severity and message with quoted names and numbers left
    /// out, so "item 'b860' starts outside the canvas" and "item 'b861' ..." are one kind.
    var kind: String {
        var out = severity.rawValue + ":"
        var inQuote = false
        var lastWasNumber = false
        for c in message {
            if c == "'" { inQuote.toggle(); if inQuote { out += "'*'" }; continue }
            if inQuote { continue }
            if c.isNumber || (lastWasNumber && (c == "." || c == ",")) {
                if !lastWasNumber { out += "#" }
                lastWasNumber = true
                continue
            }
            lastWasNumber = false
            out.append(c)
        }
        return out
    }

    /// The lines to print for `diagnostics`: each kind's first `keep` in order, then one line
    /// "... and N more like it" where a kind has more (a 10,000-item scene whose rows start
    /// above the canvas gets three warnings and a count, not thousands of lines).
    public static func summarized(_ diagnostics: [SceneDiagnostic], keep: Int = 3) -> [String] {
        var seen: [String: Int] = [:]
        var order: [String] = []
        var lines: [(kind: String, text: String)] = []
        for d in diagnostics {
            let kind = d.kind
            let count = seen[kind, default: 0]
            if count == 0 { order.append(kind) }
            seen[kind] = count + 1
            if count < keep { lines.append((kind, d.description)) }
        }
        var out: [String] = []
        for kind in order {
            out += lines.filter { $0.kind == kind }.map(\.text)
            let more = seen[kind]! - keep
            if more > 0 {
                let noun = kind.hasPrefix("error") ? "error" : "warning"
                out.append("  ... and \(formatGrouped(Double(more))) more \(noun)\(more == 1 ? "" : "s") like it")
            }
        }
        return out
    }
}
