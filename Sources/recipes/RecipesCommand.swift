// Design note: `recipes [ID ...]` records the cookbook's recipes, written as UIKit view
// controllers, into output/recipes/ID/ exactly as `animatic render ID` writes the bundled
// scene (frames, manifest.json, and on request the trace and previews), so `animatic diff`,
// `animatic check --golden output/recipes` and the previews work on the recordings.
import AnimaticUIKit
import Foundation
import FrameOutput
import ScenePlayer

@main
struct RecipesCommand {
    static let help = """
    usage: recipes [ID ...] [--out DIR] [--trace] [--video LIST] [--sheet] [--poster] [--jobs N] [--list]
    Records the cookbook's recipes (UIKit view controllers playing their gesture scripts) into
    DIR/ID/ (default output/recipes), as `animatic render ID` renders the bundled scene ID.
      --trace        also write trace.jsonl
      --video LIST   previews: mp4, gif, webp (ffmpeg) and apng, comma-separated
      --sheet        a contact sheet; --poster: the last frame as poster.png
      --jobs N       render workers (default: every core)
      --list         print the recipe ids and titles
    Exit status: 0 success, 1 a recording failed, 2 bad usage.
    """

    static func main() {
        do {
            exit(try run(Array(CommandLine.arguments.dropFirst())))
        } catch let error as UsageError {
            FileHandle.standardError.write(Data("recipes: \(error)\n\(help.split(separator: "\n")[0])\n".utf8))
            exit(2)
        } catch {
            FileHandle.standardError.write(Data("recipes: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(_ args: [String]) throws -> Int32 {
        var ids: [String] = []
        var settings = RenderSettings(outputFolder: "output/recipes")
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
            case "--list":
                for recipe in Recipe.all { print("\(recipe.id)\t\(recipe.title)") }
                return 0
            case "--out": settings.outputFolder = try value(arg)
            case "--trace": settings.frames.writesTrace = true
            case "--sheet": settings.sheet = true
            case "--poster": settings.poster = true
            case "--jobs":
                guard let n = Int(try value(arg)), (1...256).contains(n) else { throw UsageError(message: "--jobs takes 1...256") }
                settings.frames.jobs = n
            case "--video":
                for name in try value(arg).split(separator: ",") {
                    guard let format = PreviewFormat(rawValue: String(name)) else {
                        throw UsageError(message: "unknown preview format '\(name)' (mp4, gif, webp, apng)")
                    }
                    guard !settings.previews.contains(format) else {
                        throw UsageError(message: "--video names \(name) twice; each preview is made once")
                    }
                    settings.previews.append(format)
                }
            default:
                if arg.hasPrefix("-") { throw UsageError(message: "unknown option \(arg)") }
                ids.append(arg)
            }
            k += 1
        }
        let recipes: [Recipe]
        if ids.isEmpty {
            recipes = Recipe.all
        } else {
            recipes = try ids.map { id in
                guard let recipe = Recipe.named(id) else {
                    throw UsageError(message: "no recipe '\(id)'; recipes: \(Recipe.all.map(\.id).joined(separator: ", "))")
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
