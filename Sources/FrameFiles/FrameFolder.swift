import Foundation

// Design note: the on-disk layout of a rendered scene in one place (file names, manifest and
// trace names) and the reading side of it used by the previews. Previews work from a finished
// folder, not from the render in flight, so they can be made again later, with other options,
// without simulating again. A folder may hold a partial render (`--frames A:B`): its frames
// are contiguous but need not start at 0, which ffmpeg is told through -start_number.

/// A finished frame folder (`OUT/ID/`), or the names of its files.
public struct FrameFolder: Sendable {
    /// `manifest.json`.
    public static let manifestName = "manifest.json"
    /// `trace.jsonl`.
    public static let traceName = "trace.jsonl"
    /// The printf pattern of frame files, as ffmpeg's image2 reader expects it.
    public static let framePattern = "frame_%05d.png"

    /// `frame_00042.png` for frame 42 (five digits, more when needed).
    public static func fileName(forFrame index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// The folder.
    public let path: String
    /// The frame numbers present, contiguous.
    public let frames: Range<Int>
    /// Frames per second of the sequence.
    public let fps: Double
    /// The manifest, when the folder holds a readable one.
    public let manifest: FrameManifest?

    /// Lists the frames of the folder at `path`.
    ///
    /// `fps` defaults to the manifest's. Throws ``FrameFilesError/notAFrameFolder(path:reason:)``
    /// when the folder has no frame files or a gap between them, and
    /// ``FrameFilesError/unknownFPS(path:)`` when no fps is given and the folder has no manifest.
    public init(path: String, fps: Double? = nil) throws {
        self.path = path
        let numbers = try Self.frameNumbers(inFolder: path)
        let first = numbers[0], last = numbers[numbers.count - 1]
        guard numbers.count == last - first + 1 else {
            let present = Set(numbers)
            let missing = (first...last).first { !present.contains($0) } ?? first
            throw FrameFilesError.notAFrameFolder(path: path, reason: "\(Self.fileName(forFrame: missing)) is missing; frames must be contiguous")
        }
        frames = first..<(last + 1)
        let read = Result { try FrameManifest.read(fromFolder: path) }
        manifest = try? read.get()
        if fps == nil, manifest == nil,
           FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(Self.manifestName)) {
            // There is a manifest to take the frame rate from, but it cannot be read: say why
            // (saying the folder has none sent users looking for a file that is there).
            _ = try read.get()
        }
        guard let rate = fps ?? manifest?.fps else { throw FrameFilesError.unknownFPS(path: path) }
        guard rate.isFinite, rate > 0 else {
            throw FrameFilesError.invalidFrameRate(rate)
        }
        self.fps = rate
    }

    /// The path of frame `index`.
    public func path(ofFrame index: Int) -> String {
        (path as NSString).appendingPathComponent(Self.fileName(forFrame: index))
    }

    /// The numbers of the frame files in the folder at `path`, ascending; they need not be
    /// contiguous. Throws ``FrameFilesError/notAFrameFolder(path:reason:)`` when the folder
    /// cannot be listed or holds no frame files.
    public static func frameNumbers(inFolder path: String) throws -> [Int] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
            throw FrameFilesError.notAFrameFolder(path: path, reason: !exists ? "there is no such folder"
                                                   : isFolder.boolValue ? "it cannot be listed" : "it is a file, not a folder")
        }
        let numbers = names.compactMap(frameNumber(ofFileName:)).sorted()
        guard !numbers.isEmpty else {
            throw FrameFilesError.notAFrameFolder(path: path, reason: "it holds no frame_NNNNN.png files")
        }
        return numbers
    }

    /// The largest frame number a frame file may have: far beyond any render (at most 36,000
    /// frames), and small enough that counting frames up to it cannot overflow (a file named
    /// frame_9223372036854775807.png trapped `sheet`).
    public static let maximumFrameNumber = 999_999_999

    /// The frame number of `frame_NNNNN.png` (five or more digits, at most
    /// `maximumFrameNumber`), else nil.
    public static func frameNumber(ofFileName name: String) -> Int? {
        guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return nil }
        let digits = name.dropFirst(6).dropLast(4)
        guard digits.count >= 5, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        // Six or more digits only without a leading zero, as %05d would write them.
        if digits.count > 5, digits.first == "0" { return nil }
        return Int(digits)
    }

    /// Picks the frames shown by a preview at `previewFPS`: every frame when the preview is at
    /// least as fast as the sequence, else the frame nearest to each preview time k / previewFPS.
    /// Returns the frame numbers and the preview's actual frame rate.
    public func sample(atFPS previewFPS: Double?) -> (frames: [Int], fps: Double) {
        Self.sample(frames, fps: fps, atFPS: previewFPS)
    }

    /// `sample(atFPS:)` of the frames `frames` of a sequence at `fps`: the one rule every
    /// preview follows, from a folder or while the frames render.
    public static func sample(_ frames: Range<Int>, fps: Double, atFPS previewFPS: Double?) -> (frames: [Int], fps: Double) {
        guard let previewFPS, previewFPS < fps else { return (Array(frames), fps) }
        let duration = Double(frames.count) / fps
        let count = max(1, Int((duration * previewFPS).rounded(.down)))
        var picked = [Int]()
        picked.reserveCapacity(count)
        for k in 0..<count {
            let offset = min(frames.count - 1, Int((Double(k) * fps / previewFPS).rounded()))
            picked.append(frames.lowerBound + offset)
        }
        return (picked, previewFPS)
    }
}
