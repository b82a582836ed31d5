// Design note: `bench render` and `check` render into a folder of their own process under
// the temporary folder ($TMPDIR). That folder must already exist: the frame writer makes
// missing folders, and a $TMPDIR it made was left behind, outside any output the user chose.
import Foundation
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
}
