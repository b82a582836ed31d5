import FrameFiles
import Foundation

// Design note: a render folder as the comparison sees it: its frame files by number, listed
// by FrameFiles (the one owner of the folder layout), whatever else the folder holds
// (manifest.json, trace.jsonl, previews), so a whole output folder can be compared with a
// golden one as it is. Unlike a preview, a comparison does not need contiguous frames.

/// The frames of a folder, by frame number.
struct ComparedFolder {
    let path: String
    /// Frame numbers in ascending order.
    let frameNumbers: [Int]
    private let present: Set<Int>

    /// Throws ``CompareError/notAFolder(path:)`` or ``CompareError/noFrames(folder:)``.
    init(path: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
            throw CompareError.notAFolder(path: path)
        }
        guard let numbers = try? FrameFolder.frameNumbers(inFolder: path) else { throw CompareError.noFrames(folder: path) }
        self.path = path
        frameNumbers = numbers
        present = Set(numbers)
    }

    /// The file name of frame `number`, or nil when the folder lacks it.
    func fileName(ofFrame number: Int) -> String? {
        present.contains(number) ? FrameFolder.fileName(forFrame: number) : nil
    }

    /// The path of frame `number`, or nil when the folder lacks it.
    func path(ofFrame number: Int) -> String? {
        fileName(ofFrame: number).map { (path as NSString).appendingPathComponent($0) }
    }
}
