// Design note: what the commands share about writing their outputs: a folder written
// through a StagingFolder and swapped in whole (reports, diff images, goldens), and the
// system's words for a write that failed. Each command used to write in place or carry
// its own copy of these.
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

    /// The system's words for a failed write ("No space left on device").
    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        return ns.localizedDescription
    }
}
