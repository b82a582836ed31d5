// Design note: what the commands share about writing their outputs: a folder written
// through a StagingFolder and swapped in whole (reports, diff images, goldens). Each
// command used to write in place.
import Foundation
import FrameOutput

enum StagedOutput {
    /// Writes a folder `parent/name` through `write(stagedPath)`, staged and swapped in
    /// whole: an interrupt or a failure leaves a previous folder as it was (a report written
    /// in place was a mix of two, with Foundation's temporary files left in it). Returns what
    /// `write` returns, a path in the staged folder told as one in `shown` (the folder as the
    /// user named it; `parent/name` by default).
    static func write(into parent: String, name: String, shown: String? = nil,
                      _ write: (String) throws -> String) throws -> String {
        let staging = try StagingFolder(parent: parent, name: name)
        do {
            let written = try write(staging.path)
            try staging.publish()
            return written.hasPrefix(staging.path) ? (shown ?? staging.target) + written.dropFirst(staging.path.count) : written
        } catch {
            staging.discard()
            throw OutputError.writing(error, into: parent)
        }
    }
}
