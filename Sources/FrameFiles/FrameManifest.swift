import Foundation
import SceneFormat

// Design note: manifest.json is written through the project's one JSON writer (SceneFormat's
// JSON5Value) rather than JSONEncoder so that its bytes are a pure function of its values:
// keys in a fixed, reading-friendly order (what the scene
// is, how it was rendered, then the frames), two-space indentation, one line per frame, whole
// numbers without a fraction, and nothing time- or machine-dependent (no date, no host, no
// job count). Two renders of the same scene by the same tool version therefore give the same
// manifest byte for byte, which makes renders comparable by hashing the manifest alone.
// Reading goes through JSONSerialization; only the writer needs to be byte-exact.

/// The description of a rendered frame folder (`manifest.json`).
///
/// ```json
/// {
///   "manifestVersion": 1,
///   "scene": "push",
///   "title": "Push a square",
///   "sceneSHA256": "9f86d0...",
///   "toolVersion": "0.1.0",
///   "fps": 60,
///   "frameCount": 240,
///   "range": [0, 240],
///   "width": 750,
///   "height": 1334,
///   "scale": 2,
///   "png": "fast",
///   "trace": false,
///   "frames": [
///     {"index": 0, "file": "frame_00000.png", "bytes": 10412, "sha256": "2c26b4..."},
///     ...
///   ]
/// }
/// ```
/// `frameCount` is the scene's frame count; `range` is the half-open range of frames this
/// folder holds (all of them unless `--frames A:B` was given), and `frames` lists exactly those.
public struct FrameManifest: Equatable, Sendable {
    /// One frame file.
    public struct Frame: Equatable, Sendable {
        /// Frame number k: the state at time k / fps.
        public var index: Int
        /// File name inside the folder, e.g. `frame_00042.png`.
        public var file: String
        /// File size in bytes.
        public var bytes: Int
        /// Lower-case hex SHA-256 of the file.
        public var sha256: String

        public init(index: Int, file: String, bytes: Int, sha256: String) {
            self.index = index; self.file = file; self.bytes = bytes; self.sha256 = sha256
        }
    }

    /// The version of this layout; bumped only when a key changes meaning.
    public static let currentVersion = 1

    public var sceneID: String
    public var title: String
    /// Lower-case hex SHA-256 of the scene file the frames were rendered from.
    public var sceneSHA256: String
    public var toolVersion: String
    public var fps: Double
    /// Frames of the whole scene.
    public var frameCount: Int
    /// The frames this folder holds.
    public var range: Range<Int>
    /// Pixel size of every frame.
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Pixels per point.
    public var scale: Double
    /// The PNG preset, `fast` or `small`.
    public var png: String
    /// Whether the folder holds `trace.jsonl`.
    public var hasTrace: Bool
    /// The frames in `range`, in order.
    public var frames: [Frame]

    public init(sceneID: String, title: String, sceneSHA256: String, toolVersion: String, fps: Double,
                frameCount: Int, range: Range<Int>, pixelWidth: Int, pixelHeight: Int, scale: Double,
                png: String, hasTrace: Bool, frames: [Frame]) {
        self.sceneID = sceneID; self.title = title; self.sceneSHA256 = sceneSHA256
        self.toolVersion = toolVersion; self.fps = fps; self.frameCount = frameCount; self.range = range
        self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight; self.scale = scale
        self.png = png; self.hasTrace = hasTrace; self.frames = frames
    }

    /// True when the folder holds only part of the scene (`--frames A:B`).
    public var isPartial: Bool { range != 0..<frameCount }

    /// The manifest as written to disk: stable key order and formatting, ending in a newline.
    public var jsonText: String {
        let tree = JSON5Value.object([
            ("manifestVersion", .number(Self.currentVersion)),
            ("scene", .string(sceneID)),
            ("title", .string(title)),
            ("sceneSHA256", .string(sceneSHA256)),
            ("toolVersion", .string(toolVersion)),
            ("fps", .number(fps)),
            ("frameCount", .number(frameCount)),
            ("range", .array([.number(range.lowerBound), .number(range.upperBound)])),
            ("width", .number(pixelWidth)),
            ("height", .number(pixelHeight)),
            ("scale", .number(scale)),
            ("png", .string(png)),
            ("trace", .bool(hasTrace)),
            ("frames", .array(frames.map { frame in
                .object([("index", .number(frame.index)), ("file", .string(frame.file)),
                         ("bytes", .number(frame.bytes)), ("sha256", .string(frame.sha256))])
            })),
        ])
        return tree.formatted() + "\n"
    }

    /// Reads a manifest written by ``jsonText``.
    ///
    /// Throws ``FrameFilesError/unreadableFile(path:reason:)`` naming `source` when the JSON or a key
    /// is missing or of the wrong type.
    public init(jsonData: Data, source: String = "manifest.json") throws {
        func bad(_ reason: String) -> FrameFilesError { .unreadableFile(path: source, reason: reason) }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: jsonData)
        } catch {
            throw bad("not valid JSON (\(error.localizedDescription))")
        }
        guard let root = object as? [String: Any] else { throw bad("the top level is not an object") }
        func value<T>(_ key: String, in dictionary: [String: Any] = root, as type: T.Type) throws -> T {
            guard let raw = dictionary[key] else { throw bad("key '\(key)' is missing") }
            if T.self == Int.self, let number = raw as? NSNumber { return number.intValue as! T }
            if T.self == Double.self, let number = raw as? NSNumber { return number.doubleValue as! T }
            if T.self == Bool.self, let number = raw as? NSNumber { return number.boolValue as! T }
            guard let typed = raw as? T else { throw bad("key '\(key)' has the wrong type") }
            return typed
        }
        // Whole numbers only: NSNumber's intValue of 1e300 or 2.5 is not the number written.
        func whole(_ number: NSNumber) -> Int? {
            let d = number.doubleValue
            return d.rounded() == d && abs(d) <= 9e15 ? Int(d) : nil
        }
        let countNumber = try value("frameCount", as: NSNumber.self)
        guard let count = whole(countNumber), count >= 0 else {
            // 2^62 is a whole number, too large: the bound is said, not only "whole".
            throw bad("'frameCount' is \(countNumber), not a whole number of frames from 0 to 9e15")
        }
        let bounds = try value("range", as: [NSNumber].self).map(whole)
        // A part's frames lie within the scene's: the range is never wider than frameCount,
        // which also keeps a reader from listing 2^62 frames of a tampered manifest.
        guard bounds.count == 2, let first = bounds[0], let end = bounds[1], 0 <= first, first <= end, end <= count else {
            throw bad("'range' is not [first, end] with 0 <= first <= end <= frameCount (\(count))")
        }
        let fps = try value("fps", as: Double.self)
        guard fps.isFinite, fps > 0 else { throw bad("'fps' is \(fps), not a positive frame rate") }
        let frameObjects = try value("frames", as: [[String: Any]].self)
        let frames = try frameObjects.map { entry in
            let frame = Frame(index: try value("index", in: entry, as: Int.self), file: try value("file", in: entry, as: String.self),
                              bytes: try value("bytes", in: entry, as: Int.self), sha256: try value("sha256", in: entry, as: String.self))
            // The file is named by its number, inside the folder: a reader copies and hashes
            // `file`, so "../x.png" would reach outside the folder.
            guard frame.index >= 0, frame.file == FrameFolder.fileName(forFrame: frame.index) else {
                throw bad("frame \(frame.index)'s file is \"\(frame.file)\", not \(FrameFolder.fileName(forFrame: max(0, frame.index)))")
            }
            guard frame.bytes >= 0, frame.sha256.count == 64, frame.sha256.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
                throw bad("frame \(frame.index)'s bytes or sha256 is not a size and a lower-case hex SHA-256")
            }
            return frame
        }
        self.init(sceneID: try value("scene", as: String.self), title: try value("title", as: String.self),
                  sceneSHA256: try value("sceneSHA256", as: String.self),
                  toolVersion: try value("toolVersion", as: String.self), fps: fps,
                  frameCount: count, range: first..<end,
                  pixelWidth: try value("width", as: Int.self), pixelHeight: try value("height", as: Int.self),
                  scale: try value("scale", as: Double.self), png: try value("png", as: String.self),
                  hasTrace: try value("trace", as: Bool.self), frames: frames)
    }

    /// Reads `manifest.json` from the folder at `path`.
    public static func read(fromFolder path: String) throws -> FrameManifest {
        let file = (path as NSString).appendingPathComponent(FrameFolder.manifestName)
        guard let data = RegularFile.contents(atPath: file) else {
            throw FrameFilesError.unreadableFile(path: file, reason: "no such file, or it cannot be read, or it is not a regular file")
        }
        return try FrameManifest(jsonData: data, source: file)
    }
}
