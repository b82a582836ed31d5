// Design note: a small argument parser (no package dependencies are allowed): each command
// declares its value flags and boolean flags; anything else starting with "--" is a usage
// error with a "did you mean" hint. `--flag value` and `--flag=value` both work; an on/off
// flag given a value (`--quiet=false`) is a usage error, not the flag.
import Foundation
import FrameOutput
import SceneFormat

/// A usage problem: printed with the command's help hint, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// An input file that is not what the command reads (exit status 2, told with its own hint).
struct BadInputError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

struct Arguments {
    var positional: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []

    init(_ args: [String], valueFlags: Set<String>, boolFlags: Set<String>) throws {
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--" { positional.append(contentsOf: args[(i + 1)...]); break }
            if a.hasPrefix("--") {
                var name = String(a.dropFirst(2))
                var inline: String?
                if let eq = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                if valueFlags.contains(name) {
                    if let inline { values[name] = inline } else {
                        guard i + 1 < args.count else { throw UsageError(message: "--\(name) needs a value") }
                        values[name] = args[i + 1]
                        i += 1
                    }
                } else if boolFlags.contains(name) {
                    // `--quiet=false` would otherwise be read as `--quiet`, its value dropped.
                    if inline != nil { throw UsageError(message: "--\(name) takes no value (got '\(a)'); give --\(name) alone, or leave it out") }
                    flags.insert(name)
                } else {
                    let all = (Array(valueFlags) + Array(boolFlags)).sorted()
                    let hint = closestMatch(to: name, among: all).map { "; did you mean --\($0)?" } ?? ""
                    throw UsageError(message: "unknown option --\(name)\(hint)")
                }
            } else if a.hasPrefix("-") && a.count > 1 && Double(a) == nil {
                throw UsageError(message: "unknown option \(a) (options are spelled --name)")
            } else {
                positional.append(a)
            }
            i += 1
        }
    }

    /// The path given with `--name`, nil when absent; an empty one is refused (`--out=` was
    /// read as the current folder by some commands and as no folder by others).
    func path(_ name: String, what: String = "a folder") throws -> String? {
        guard let value = values[name] else { return nil }
        guard !value.isEmpty else { throw UsageError(message: "--\(name) needs \(what) (got an empty name)") }
        return value
    }

    func int(_ name: String, range: ClosedRange<Int>) throws -> Int? {
        guard let text = values[name] else { return nil }
        guard let v = Int(text), range.contains(v) else {
            throw UsageError(message: "--\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound) (got '\(text)')")
        }
        return v
    }

    func double(_ name: String, range: ClosedRange<Double>) throws -> Double? {
        guard let text = values[name] else { return nil }
        guard let v = Double(text), v.isFinite, range.contains(v) else {
            throw UsageError(message: "--\(name) takes a number from \(range.lowerBound) to \(range.upperBound) (got '\(text)')")
        }
        return v
    }
}

/// Writes a line to standard error.
func printError(_ text: String) { StandardOutput.error(text) }

/// Whether standard error is a terminal (progress lines only then).
var stderrIsTerminal: Bool { isatty(2) == 1 }
