import Foundation

// Design note: a render folder as the comparison sees it: the files named
// `frame_<digits>.png` (the renderer writes five digits, ffmpeg's image2 pattern), keyed by
// frame number. Everything else in the folder (manifest.json, trace.jsonl, stray files) is
// ignored, so a whole output folder can be compared with a golden one as it is.

/// The frames of a folder, by frame number.
public struct FrameFolder: Equatable, Sendable {
    /// The folder, as given.
    public let path: String
    /// Frame numbers in ascending order.
    public let frameNumbers: [Int]
    private let fileNames: [Int: String]

    /// Lists the frames of the folder at `path`.
    ///
    /// Throws ``CompareError/notAFolder(path:)`` when `path` is not a readable folder and
    /// ``CompareError/noFrames(folder:)`` when it holds no frame files. When two names give the
    /// same number (`frame_7.png`, `frame_00007.png`), the first in name order is used.
    public init(path: String) throws {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
              let names = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            throw CompareError.notAFolder(path: path)
        }
        var fileNames: [Int: String] = [:]
        for name in names.sorted() {
            if let number = Self.frameNumber(fromFileName: name), fileNames[number] == nil {
                fileNames[number] = name
            }
        }
        guard !fileNames.isEmpty else { throw CompareError.noFrames(folder: path) }
        self.path = path
        self.fileNames = fileNames
        self.frameNumbers = fileNames.keys.sorted()
    }

    /// The file name of frame `number` (`frame_00012.png`), or nil when the folder lacks it.
    public func fileName(ofFrame number: Int) -> String? {
        fileNames[number]
    }

    /// The path of frame `number`, or nil when the folder lacks it.
    public func path(ofFrame number: Int) -> String? {
        fileNames[number].map { (path as NSString).appendingPathComponent($0) }
    }

    /// The number in `frame_<digits>.png`, or nil for any other name.
    public static func frameNumber(fromFileName name: String) -> Int? {
        let prefix = "frame_", suffix = ".png"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return nil }
        let digits = name.dropFirst(prefix.count).dropLast(suffix.count)
        guard digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}
