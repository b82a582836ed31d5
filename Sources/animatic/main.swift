import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "bench" {
    var only = Set<String>()
    var runs = 3
    var quick = false
    var i = 2
    while i < arguments.count {
        switch arguments[i] {
        case "--runs": i += 1; runs = Int(arguments[i]) ?? 3
        case "--quick": quick = true
        case "--only": i += 1; only = Set(arguments[i].split(separator: ",").map(String.init))
        default: break
        }
        i += 1
    }
    BenchCommand.runPhysics(only: only, runs: runs, quick: quick)
}
