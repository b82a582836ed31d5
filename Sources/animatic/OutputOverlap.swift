// Design note: an output folder is swapped in whole (StagedOutput), which replaces whatever
// was at its path. `diff A B --out B` (or `--report A`, or `--out` at a folder holding A or
// B, or `check --report` at the goldens) therefore deleted the very inputs being compared.
// Every command that writes a folder next to folders it reads asks here first, with paths
// compared as the file system sees them (FilePath.resolvedAllowingMissing: absolute, links
// followed as the kernel follows them, `link/..` included), and refuses an output that is an
// input, holds one, or lies inside one: bad usage, exit status 2.
import Foundation
import FrameFiles

enum OutputOverlap {
    /// Throws when the folder `output` (given with `option`) is one of `inputs`, holds one or
    /// lies inside one.
    static func refuse(output: String, option: String, inputs: [(label: String, path: String)]) throws {
        let out = FilePath.resolvedAllowingMissing(output)
        for input in inputs {
            let other = FilePath.resolvedAllowingMissing(input.path)
            guard FilePath.overlap(out, other) else { continue }
            let relation = out == other ? "is \(input.label) \(input.path), which it would replace"
                : other.hasPrefix(out == "/" ? "/" : out + "/") ? "holds \(input.label) \(input.path), which it would replace"
                : "lies inside \(input.label) \(input.path), which it would write into"
            throw UsageError(message: "\(option) \(output) \(relation); "
                             + "hint: write the output into a folder of its own, apart from what the command reads")
        }
    }
}
