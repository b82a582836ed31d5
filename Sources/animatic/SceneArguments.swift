// Design note: how the command line finds scenes. A SCENE argument is a file path, or a
// scene id looked up as scenes/ID.json (or .json5) under the current folder; no argument
// means every scene under ./scenes, in name order.
import Foundation
import SceneFormat
import ScenePlayer

enum SceneArguments {
    static func resolve(_ args: [String]) throws -> [String] {
        if args.isEmpty {
            let dir = "scenes"
            var isDir: ObjCBool = false
            guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
                throw UsageError(message: "no SCENE given and no ./scenes folder here; hint: run from the project folder or name a scene file")
            }
            let files = try Scene.sceneFiles(inDirectory: dir)
            if files.isEmpty { throw UsageError(message: "./scenes has no .json scene files") }
            return files
        }
        return try args.map { arg in
            // A folder is not a scene file: a render's folder `snap` (render --out .) must not
            // hide the scene id `snap`. A folder with no such id is still named, and refused
            // by the loader as a folder.
            if isFile(arg) { return arg }
            if let file = sceneFile(forID: arg) { return file }
            if FileManager.default.fileExists(atPath: arg) { return arg }
            var hint = ""
            if let names = try? Scene.sceneFiles(inDirectory: "scenes") {
                let ids = names.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension }
                if let best = closestMatch(to: arg, among: ids.sorted()) { hint = "; did you mean '\(best)'?" }
            }
            if arg.contains("\u{FFFD}") { hint += "; a name that is not valid UTF-8 cannot be given: rename the file" }
            throw UsageError(message: "\(arg): no such scene file or scene id\(hint)")
        }
    }

    /// `--debug` may stand alone (all layers) or take a list: the next argument is its list
    /// unless it is a flag or names a scene. So `--debug noise` renders the noise scene with
    /// every layer, and `--debug fieldz,shapes` reaches the list parser, which says what is wrong.
    ///
    /// A list of known layer names is a list even where a file of that name exists (a folder
    /// `fields` left by `render --out fields` made `--debug fields` read it as a scene), and
    /// every `--debug` is read so (`--debug shapes --debug`: the last one, all layers, wins).
    /// Arguments after `--` are scenes, never flags.
    static func normalizingDebugFlag(_ args: [String]) -> [String] {
        var args = args
        let end = args.firstIndex(of: "--") ?? args.count
        for k in 0..<end where args[k] == "--debug" {
            let next = k + 1 < end ? args[k + 1] : nil
            if let next, !next.hasPrefix("--"), DebugLayers.isLayerList(next) || !namesScene(next) {
                continue
            }
            args[k] = "--debug=all"
        }
        return args
    }

    /// Whether an argument is a scene file or a scene id under ./scenes.
    static func namesScene(_ arg: String) -> Bool {
        isFile(arg) || sceneFile(forID: arg) != nil
    }

    /// Whether something other than a folder is at `path` (a file, a device, a link to one).
    static func isFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    /// scenes/ID.json or scenes/ID.json5 under the current folder, if one is a file.
    static func sceneFile(forID id: String) -> String? {
        ["json", "json5"].map { "scenes/\(id).\($0)" }.first(where: isFile)
    }

    /// The frame count after `--fps` / `--duration` overrides must stay within the scene limits.
    static func checkFrameCount(of scene: Scene) throws {
        guard (1...SceneLimits.maximumFrameCount).contains(scene.frameCount) else {
            throw UsageError(message: "\(scene.id) would have \(scene.frameCount) frames (duration x fps); "
                             + "a render has 1 to \(SceneLimits.maximumFrameCount)")
        }
    }

    /// Refuses two scenes with one id (a scene's id is its file name without the extension):
    /// both would write `folder/ID`, and the second would replace the first without a word.
    static func requireDistinctIDs(_ scenes: [Scene], folder: String) throws {
        var first: [String: String] = [:]
        for scene in scenes {
            if let earlier = first[scene.id] {
                let files = earlier == scene.sourceFile ? "\(earlier) is named twice" : "\(earlier) and \(scene.sourceFile) are both '\(scene.id)'"
                throw UsageError(message: "\(files): both would be written to \(folder)/\(scene.id); "
                                 + "name each scene once, or rename one file (a scene's id is its file name)")
            }
            first[scene.id] = scene.sourceFile
        }
    }

    /// Refuses scenes whose file lies inside the folder their output replaces (`folder/ID`):
    /// `render ow/push/push.json --out ow` swapped the render in over the scene file and
    /// everything beside it.
    static func requireScenesOutsideTheirOutput(_ scenes: [Scene], folder: String) throws {
        for scene in scenes {
            try OutputOverlap.refuse(output: (folder as NSString).appendingPathComponent(scene.id), option: "the output folder for \(scene.id)",
                                     inputs: [(label: "its scene file", path: scene.sourceFile)])
        }
    }

    /// Loads a scene or prints its diagnostics; nil when invalid.
    static func load(_ path: String) -> Scene? {
        let result = Scene.validate(path: path)
        for line in SceneDiagnostic.summarized(result.warnings) + SceneDiagnostic.summarized(result.errors) { printError(line) }
        if !result.errors.isEmpty { return nil }
        return result.scene
    }
}
