// Design note: `bench render` and `check` render into a folder of their own process under
// the temporary folder ($TMPDIR). That folder must already exist: the frame writer makes
// missing folders, and a $TMPDIR it made was left behind, outside any output the user chose.
// The process's folder is locked while it lives, and one a killed process left is removed
// by the next run of either command (Leftovers).
import Foundation
import FrameOutput
import ScenePlayer

enum ScratchFolder {
    /// The temporary folder, which must exist and be a folder; `command` names who asks.
    static func temporaryFolder(for command: String) throws -> String {
        let temporary = FileManager.default.temporaryDirectory.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: temporary, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw SceneRunError(message: "the temporary folder \(temporary) does not exist or is not a folder; set TMPDIR to a folder \(command) may write into")
        }
        return temporary
    }

    /// Makes `$TMPDIR/PREFIX-PID` for this process, locked and registered for an interrupt's
    /// cleanup, after removing such folders that killed processes left; `command` names who
    /// asks. ``remove(_:)`` undoes it.
    static func make(prefix: String, for command: String) throws -> Scratch {
        let temporary = try temporaryFolder(for: command)
        // (One of this PID's own goes too: another process had this PID before. One a process
        // with this PID in another container holds is kept, and then refused below.)
        Leftovers.sweep(in: temporary, prefixes: [prefix + "-"], kind: .folder, includingOwn: true)
        let path = (temporary as NSString).appendingPathComponent("\(prefix)-\(getpid())")
        InterruptCleanup.install()
        // Made where no interrupt's cleanup runs beside it: made just after it, it outlived
        // the exit.
        let failure: String? = InterruptCleanup.outsideCleanup {
            InterruptCleanup.registerLocked(path: path)
            guard mkdir(path, 0o700) == 0 else {
                InterruptCleanup.unregisterLocked(path: path)
                guard errno == EEXIST else { return String(cString: strerror(errno)) }
                return Leftovers.isHeld(path) ? "another process with this process number (in another container) is using it"
                    : "something of that name is in the way; remove it"
            }
            return nil
        }
        if let reason = failure {
            throw SceneRunError(message: "cannot make the folder \(path) (\(reason)); set TMPDIR to a folder \(command) may write into")
        }
        return Scratch(path: path, lock: Leftovers.hold(path))
    }

    /// Removes a scratch folder and gives up its lock.
    static func remove(_ scratch: Scratch) {
        try? FileManager.default.removeItem(atPath: scratch.path)
        InterruptCleanup.unregister(path: scratch.path)
        Leftovers.release(scratch.lock)
    }
}

/// A process's own folder under $TMPDIR (`ScratchFolder.make`).
struct Scratch {
    let path: String
    let lock: Int32
}
