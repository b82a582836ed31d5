// The `animatic` command line: parses the command, runs it, maps errors to exit statuses.
// One contract for every command: 0 done; 1 a failure while running (a scene that blows up,
// a full disk, an unwritable output, ffmpeg failing) or differences found (diff, check);
// 2 bad usage or bad input (unknown options or names, invalid scenes, frame ranges outside
// the scene, inputs that are not renders, parts that do not fit together).
import Compare
import Foundation
import FrameFiles
import FrameOutput
import SceneFormat
import ScenePlayer

let version = FramePipeline.toolVersion

let usage = """
animatic \(version): UIKit Dynamics recipes rendered to PNG frames on Linux.

usage: animatic COMMAND [options]
commands:
  render [SCENE ...]   render scenes to output/ID/frame_00000.png ... (+ manifest.json)
  validate [SCENE ...] check scene files; report every problem
  simulate SCENE       physics only (--trace FILE|- writes trace lines)
  diff A B             compare two PNGs or two frame folders (pixelmatch)
  check [SCENE ...]    render and compare with golden frames (--golden DIR, --update)
  merge PART ...       join a scene rendered in pieces (render --frames A:B) into one folder
  sheet FOLDER         contact sheet of a rendered folder
  list [SCENE ...]     the scenes under ./scenes (or the given ones) with their titles
  bench physics|render engine and rendering benchmarks (JSON lines)
  help [COMMAND]       this text, or a command's help
  version              the version (also --version)
options: animatic COMMAND --help; animatic --version
"""

func helpText(_ command: String) -> String? {
    switch command {
    case "render": return RenderCommand.help
    case "validate": return ValidateCommand.help
    case "simulate": return SimulateCommand.help
    case "diff": return DiffCommand.help
    case "check": return CheckCommand.help
    case "sheet": return SheetCommand.help
    case "merge": return MergeCommand.help
    case "list": return ListCommand.help
    case "bench": return BenchCommand.help
    case "help", "--help", "-h": return usage
    case "version", "--version": return "usage: animatic version (or --version)\nPrints `animatic VERSION` and takes no options."
    default: return nil
    }
}

/// The commands, for "did you mean" hints.
let commandNames = ["render", "validate", "simulate", "diff", "check", "sheet", "merge", "list", "bench", "help", "version"]

func runCommand(_ arguments: [String]) -> Int32 {
    guard let command = arguments.first else { printError(usage); return 2 }
    let rest = Array(arguments.dropFirst())
    do {
        switch command {
        case "--help", "-h", "help":
            if let c = rest.first {
                guard let text = helpText(c) else {
                    throw UsageError(message: "no command '\(c)'" + (closestMatch(to: c, among: commandNames).map { "; did you mean '\($0)'?" } ?? ""))
                }
                guard rest.count == 1 else { throw UsageError(message: "help takes one COMMAND (got \(rest.joined(separator: " ")))") }
                print(text)
            } else {
                print(usage)
            }
            return 0
        case "--version", "version":
            if rest == ["--help"] || rest == ["-h"] { print(helpText("version")!); return 0 }
            guard rest.isEmpty else { throw UsageError(message: "version takes no arguments (got \(rest.joined(separator: " ")))") }
            print("animatic \(version)")
            return 0
        case "render": return try RenderCommand.run(rest)
        case "validate": return try ValidateCommand.run(rest)
        case "simulate": return try SimulateCommand.run(rest)
        case "diff": return try DiffCommand.run(rest)
        case "check": return try CheckCommand.run(rest)
        case "sheet": return try SheetCommand.run(rest)
        case "merge": return try MergeCommand.run(rest)
        case "list": return try ListCommand.run(rest)
        case "bench": return try BenchCommand.run(rest)
        default:
            throw UsageError(message: "unknown command '\(command)'" + (closestMatch(to: command, among: commandNames).map { "; did you mean '\($0)'?" } ?? ""))
        }
    } catch let e as UsageError {
        printError("animatic: \(e.message)\nhint: animatic \(helpText(command) != nil ? command + " " : "")--help")
        return 2
    } catch let e as SceneLoadError {
        printError("\(e)")
        return 2
    } catch let e as SceneDrawError {
        printError("\(e)")
        return 2
    } catch let e as UnknownNameError {
        printError("animatic: \(e)\nhint: animatic \(helpText(command) != nil ? command + " " : "")--help")
        return 2
    } catch let e as SceneRunError {
        printError("animatic: \(e.message)")
        return 1
    } catch let error where isBadInput(error) {
        printError("animatic: \(error)")
        return 2
    } catch {
        printError("animatic: \(error)")
        return 1
    }
}

/// Errors of the libraries that mean the input was wrong (exit 2), not the run.
func isBadInput(_ error: Error) -> Bool {
    switch error {
    case let e as CompareError:
        // An output that cannot be written is a failure while running (exit 1).
        if case .unwritableOutput = e { return false }
        return true
    case is FrameFilesError, is MergeError, is BadInputError: return true
    case let e as OutputError:
        if case .invalidFrameRange = e { return true }
        if case .invalidSceneID = e { return true }
        return false
    case let e as PreviewError:
        switch e {
        // (A frame of the folder that is no usable PNG is the input's fault, as in diff.)
        case .invalidOption, .notAFrameFolder, .unknownFPS, .unreadableFrame: return true
        default: return false
        }
    default: return false
    }
}

var status = runCommand(Array(CommandLine.arguments.dropFirst()))
// A listing or summary lost to a full disk is a failure, not exit 0 (see StandardOutput).
if let failure = StandardOutput.flushFailure() {
    printError("animatic: \(failure)")
    if status == 0 { status = 1 }
}
for warning in OutputWarnings.drain() { printError("animatic: warning: \(warning)") }
// An interrupt's cleanup exits with 128 + signal once it is done; a command that ended
// because the cleanup removed its files must not exit first, with its own status.
InterruptCleanup.waitIfInterrupted()
exit(status)
