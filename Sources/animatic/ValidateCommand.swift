// Design note: `validate` and `list`: checks only, every problem of every file reported.
import Foundation
import SceneFormat
import ScenePlayer

enum ValidateCommand {
    static let help = """
    usage: animatic validate [SCENE ...] [--quiet]
    Checks scene files (every scene under ./scenes when none is named) and reports every
    problem (file:line:column, JSON path, hint); a SCENE is a file or a scene id.
      --quiet  no "ok:" line for a valid scene (problems are still reported)
    Exit status 0 when all are valid, 2 otherwise.
    """

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, valueFlags: [], boolFlags: ["help", "quiet"])
        if a.flags.contains("help") { print(help); return 0 }
        let files = try SceneArguments.resolve(a.positional)
        var failed = 0
        for file in files {
            if let scene = SceneArguments.load(file) {
                if !a.flags.contains("quiet") { print("ok: \(file) (\(scene.items.count) items, \(scene.frameCount) frames)") }
            } else {
                failed += 1
            }
        }
        if failed > 0 { printError("\(failed) of \(files.count) scene file(s) invalid") }
        return failed > 0 ? 2 : 0
    }
}

enum ListCommand {
    static let help = """
    usage: animatic list [SCENE ...]
    Lists the scenes under ./scenes (or the given ones) with their frame counts and titles,
    one a line (a title is shown escaped as a JSON string: \\n, \\u001B, \\").
    """

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, valueFlags: [], boolFlags: ["help"])
        if a.flags.contains("help") { print(help); return 0 }
        let files = try SceneArguments.resolve(a.positional)
        var invalid: [String] = []
        let width = files.map { (($0 as NSString).lastPathComponent as NSString).deletingPathExtension.count }.max() ?? 0
        for file in files {
            let id = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            if let scene = try? Scene.load(path: file) {
                let frames = String("\(scene.frameCount) frames".reversed()).padding(toLength: 13, withPad: " ", startingAt: 0)
                print(id.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + String(frames.reversed()) + "  " + oneLine(scene.title))
            } else {
                print(id.padding(toLength: width, withPad: " ", startingAt: 0) + "  (invalid: run animatic validate \(file))")
                invalid.append(file)
            }
        }
        // Exit 2 says so on standard error too, as every command's bad input does.
        guard invalid.isEmpty else {
            printError("animatic list: \(invalid.count == 1 ? "1 scene is" : "\(invalid.count) scenes are") invalid; "
                       + "hint: animatic validate \(invalid.joined(separator: " ")) says why")
            return 2
        }
        return 0
    }

    /// `text` with its control characters escaped as in JSON: a title holding a line break or
    /// a terminal escape (a scene file may hold any string) must keep the list one scene a
    /// line and not drive the terminal.
    static func oneLine(_ text: String) -> String {
        String(JSON5Value.quoted(text).dropFirst().dropLast())
    }
}
