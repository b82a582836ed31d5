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
