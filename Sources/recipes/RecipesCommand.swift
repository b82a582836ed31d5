// Design note: `recipes [ID ...]` records the cookbook's recipes, written as UIKit view
// controllers, into output/recipes/ID/ exactly as `animatic render ID` writes the bundled
// scene (frames, manifest.json, and on request the trace and previews), so `animatic diff`,
// `animatic check --golden output/recipes` and the previews work on the recordings.
import AnimaticUIKit
import Foundation
import FrameOutput
import SceneFormat
import ScenePlayer

@main
struct RecipesCommand {
    static let help = """
    usage: recipes [ID ...] [--out DIR] [--trace] [--video LIST] [--sheet] [--poster] [--jobs N] [--list]
    Records the cookbook's recipes (UIKit view controllers playing their gesture scripts) into
    DIR/ID/ (default output/recipes), as `animatic render ID` renders the bundled scene ID.
      --trace        also write trace.jsonl
      --video LIST   previews: mp4, webp (ffmpeg), gif and apng (no ffmpeg), comma-separated
      --sheet        a contact sheet; --poster: the last frame as poster.png
      --jobs N       render workers (default: every core)
      --list         print the recipe ids and titles
    Exit status: 0 success, 1 a recording failed, 2 bad usage.
    """

    static func main() {
        var status: Int32
        do {
            status = try run(Array(CommandLine.arguments.dropFirst()))
        } catch let error as UsageError {
            printError("recipes: \(error)\n\(help.split(separator: "\n")[0])")
            status = 2
        } catch {
            printError("recipes: \(error)")
            status = 1
        }
        // A list or summary lost to a full disk is a failure, not exit 0 (see StandardOutput).
        if let failure = StandardOutput.flushFailure() {
            printError("recipes: \(failure)")
            if status == 0 { status = 1 }
        }
        // An interrupt's cleanup exits with 128 + signal once it is done.
        InterruptCleanup.waitIfInterrupted()
        exit(status)
    }

    static func printError(_ text: String) { StandardOutput.error(text) }

    static func run(_ arguments: [String]) throws -> Int32 {
        // As animatic's options: `--name=value` is `--name value` for an option that takes a
        // value (an on/off one given a value is refused: `--poster=ID` made ID a recipe), and
        // `--` ends the options.
        let valueOptions: Set<String> = ["--out", "--jobs", "--video"]
        var args: [String] = [], afterOptions: [String] = []
        var ids: [String] = []
        for (k, arg) in arguments.enumerated() {
            if arg == "--" { afterOptions = Array(arguments[(k + 1)...]); break }
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                let name = String(arg[..<eq])
                guard valueOptions.contains(name) else {
                    throw UsageError(message: ["--help", "--list", "--trace", "--sheet", "--poster"].contains(name)
                                     ? "\(name) takes no value (got '\(arg)')" : "unknown option \(name)")
                }
                args += [name, String(arg[arg.index(after: eq)...])]
            } else {
                args.append(arg)
            }
        }
        var settings = RenderSettings(outputFolder: "output/recipes")
        var list = false
        var k = 0
        func value(_ flag: String) throws -> String {
            k += 1
            guard k < args.count else { throw UsageError(message: "\(flag) needs a value") }
            return args[k]
        }
        while k < args.count {
            let arg = args[k]
            switch arg {
            case "--help", "-h": print(help); return 0
            case "--list": list = true
            case "--out":
                settings.outputFolder = try value(arg)
                guard !settings.outputFolder.isEmpty else { throw UsageError(message: "--out needs a folder (got an empty name)") }
            case "--trace": settings.frames.writesTrace = true
            case "--sheet": settings.sheet = true
            case "--poster": settings.poster = true
            case "--jobs":
                guard let n = Int(try value(arg)), (1...256).contains(n) else { throw UsageError(message: "--jobs takes 1...256") }
                settings.frames.jobs = n
            case "--video":
                do { settings.previews = try PreviewFormat.list(try value(arg)) } catch let problem as PreviewListProblem {
                    throw UsageError(message: "\(problem)")
                }
            default:
                if arg.hasPrefix("-") { throw UsageError(message: "unknown option \(arg)") }
                ids.append(arg)
            }
            k += 1
        }
        ids += afterOptions
        // (After every option is read: a bad one is refused wherever --list stands.)
        if list {
            // (`--list ID` listed them all, the ID unread, where `ID` alone records it.)
            guard ids.isEmpty else { throw UsageError(message: "--list takes no recipe ids (got \(ids.joined(separator: " ")))") }
            for recipe in Recipe.all { print("\(recipe.id)\t\(recipe.title)") }
            return 0
        }
        if let twice = ids.first(where: { id in ids.filter { $0 == id }.count > 1 }) {
            throw UsageError(message: "recipe '\(twice)' is named twice; both would be recorded into \(settings.outputFolder)/\(twice)")
        }
        let recipes: [Recipe]
        if ids.isEmpty {
            recipes = Recipe.all
        } else {
            recipes = try ids.map { id in
                guard let recipe = Recipe.named(id) else {
                    let hint = closestMatch(to: id, among: Recipe.all.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
                    throw UsageError(message: "no recipe '\(id)'\(hint) (recipes: \(Recipe.all.map(\.id).joined(separator: ", ")))")
                }
                return recipe
            }
        }
        InterruptCleanup.install()
        for recipe in recipes {
            let result = try recipe.recorder().render(settings)
            print(result.summary)
        }
        return 0
    }
}

/// Bad usage: printed with the help's first line, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
