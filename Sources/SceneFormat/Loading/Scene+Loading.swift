import Foundation

// Entry points. Reading a file: check it exists and is small enough (before reading a byte),
// parse JSON5, decode and validate. Every problem is collected; see `SceneDiagnostic`.

extension Scene {
    /// Loads and validates a scene file. Throws `SceneLoadError` holding every problem found
    /// (errors, and the warnings found alongside them); warnings alone do not make it throw.
    ///
    /// The scene's id is the file's stem (`scenes/push.json` -> `push`). Limits are listed
    /// in `SceneLimits`.
    public static func load(path: String) throws -> Scene {
        try unwrap(validate(path: path), file: path)
    }

    /// Loads and validates a scene from memory. `fileName` names it in messages and gives the
    /// scene id (its stem).
    public static func load(data: Data, fileName: String) throws -> Scene {
        try unwrap(validate(data: data, fileName: fileName), file: fileName)
    }

    /// Validates a scene file and reports every problem: errors (the scene is unusable) and
    /// warnings (usable, but probably not as meant) separately.
    public static func validate(path: String) -> SceneValidation {
        let fail = { (message: String, hint: String?) -> SceneValidation in
            SceneValidation(scene: nil, errors: [SceneDiagnostic(file: path, position: nil, path: "", message: message, hint: hint)],
                            warnings: [])
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            // Names are read as UTF-8: other bytes became U+FFFD (in the command line and a
            // folder listing alike), and no file has the repaired name.
            return fail("no such file", path.contains("\u{FFFD}") ? "its name is not valid UTF-8 as given; rename the file" : nil)
        }
        if isDirectory.boolValue {
            return fail("is a directory, not a scene file", "scene files end in .json or .json5")
        }
        // The size is checked before reading so a huge file costs nothing.
        if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
           let size = (attributes[.size] as? NSNumber)?.intValue, size > SceneLimits.maximumFileSize {
            return fail(tooBigMessage(size), tooBigHint)
        }
        // Opened without waiting for a writer: a FIFO nobody writes to made validate, list,
        // simulate, render and check wait for ever; now it reads as empty (and is said to be).
        // Then reads wait again, so a pipe that is being written (`<(make-scene)`) is read
        // whole, and a device ends at the size limit.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            return fail("cannot be read (\(String(cString: strerror(errno))))", nil)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        // Read at most one byte past the limit, in case the file grew since it was measured.
        let data = (try? handle.read(upToCount: SceneLimits.maximumFileSize + 1)) ?? Data()
        return validate(data: data, fileName: path)
    }

    /// Validates a scene held in memory; `fileName` names it in messages and gives its id.
    public static func validate(data: Data, fileName: String) -> SceneValidation {
        let id = sceneID(forFile: fileName)
        if data.count > SceneLimits.maximumFileSize {
            return SceneValidation(scene: nil, errors: [SceneDiagnostic(file: fileName, position: nil, path: "",
                                                                        message: tooBigMessage(data.count), hint: tooBigHint)],
                                   warnings: [])
        }
        let root: JSON5Value
        do {
            root = try JSON5.parse(data, maximumDepth: SceneLimits.maximumNesting)
        } catch let error as JSON5SyntaxError {
            let diagnostic = SceneDiagnostic(file: fileName, position: error.position, path: "",
                                             message: "syntax error: \(error.message)", hint: error.hint)
            return SceneValidation(scene: nil, errors: [diagnostic], warnings: [])
        } catch {
            return SceneValidation(scene: nil, errors: [SceneDiagnostic(file: fileName, position: nil, path: "",
                                                                        message: "\(error)")], warnings: [])
        }
        return validate(document: root, fileName: fileName, id: id)
    }

    /// Validates an already parsed document.
    public static func validate(document: JSON5Value, fileName: String) -> SceneValidation {
        validate(document: document, fileName: fileName, id: sceneID(forFile: fileName))
    }

    /// The scene files in a directory (`.json` and `.json5`, not hidden), sorted by name, as
    /// paths. `animatic render` with no arguments and `animatic list` use `./scenes`.
    public static func sceneFiles(inDirectory directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { !$0.hasPrefix(".") && ($0.hasSuffix(".json") || $0.hasSuffix(".json5")) }
            .sorted()
            .map { (directory as NSString).appendingPathComponent($0) }
    }

    /// The scene id of a file: its name without directory and extension.
    public static func sceneID(forFile path: String) -> String {
        let name = URL(fileURLWithPath: path).lastPathComponent
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            return String(name[..<dot])
        }
        return name
    }

    static func validate(document: JSON5Value, fileName: String, id: String) -> SceneValidation {
        let decoder = SceneDecoder(file: fileName, sceneID: id)
        let scene = decoder.decodeScene(document)
        let ordered = sortedInFileOrder(decoder.diagnostics)
        let errors = ordered.filter { $0.severity == .error }
        let warnings = ordered.filter { $0.severity == .warning }
        return SceneValidation(scene: errors.isEmpty ? scene : nil, errors: errors, warnings: warnings)
    }

    static func sortedInFileOrder(_ diagnostics: [SceneDiagnostic]) -> [SceneDiagnostic] {
        // Stable: diagnostics at the same position keep the order they were found in.
        diagnostics.enumerated().sorted { a, b in
            let pa = a.element.position ?? SourcePosition(line: 0, column: 0)
            let pb = b.element.position ?? SourcePosition(line: 0, column: 0)
            return pa == pb ? a.offset < b.offset : pa < pb
        }.map(\.element)
    }

    static func unwrap(_ validation: SceneValidation, file: String) throws -> Scene {
        guard let scene = validation.scene, validation.isValid else {
            throw SceneLoadError(file: file, diagnostics: validation.diagnostics)
        }
        return scene
    }

    static func tooBigMessage(_ size: Int) -> String {
        // Exact byte counts too: a file just over the limit rounds to the limit's own "10 MB".
        let limit = SceneLimits.maximumFileSize
        return "the file is \(formatByteCount(size)) (\(formatGrouped(Double(size))) bytes); scene files are limited to "
            + "\(formatByteCount(limit)) (\(formatGrouped(Double(limit))) bytes)"
    }

    static let tooBigHint = "a scene this large is almost certainly generated by mistake; the limit is SceneLimits.maximumFileSize"
}
