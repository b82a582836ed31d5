import Images
import Foundation
import SceneFormat

// Design note: the machine-readable result of a comparison, what `animatic diff --json` prints
// and CI archives. It is written by the project's one JSON writer (JSON5Value trees) with a
// fixed key order, so the same result is always the same bytes and diffs of two summaries are
// readable; it reads back with JSONDecoder. A key is present even when
// its value is null (boundingBox of a clean frame, firstDifferentFrame of a clean folder) so
// consumers need not guess whether a field is unknown or empty. `frames` and
// `firstDifferentFrame` belong to folder comparisons and are absent for two single images.

/// Counts, ratio and bounding box of an image or folder comparison, as JSON.
///
/// ```swift
/// let summary = DiffSummary(try FolderDiff.compare(expectedFolder: a, actualFolder: b))
/// FileHandle.standardOutput.write(try summary.jsonData())
/// ```
public struct DiffSummary: Decodable, Equatable, Sendable {
    /// One frame of a folder comparison.
    public struct Frame: Decodable, Equatable, Sendable {
        public var frame: Int
        public var file: String
        public var differentPixels: Int
        public var antiAliasedPixels: Int
        public var totalPixels: Int
        public var ratio: Double
        public var boundingBox: PixelBox?

        public init(frame: Int, file: String, differentPixels: Int, antiAliasedPixels: Int,
                    totalPixels: Int, ratio: Double, boundingBox: PixelBox?) {
            self.frame = frame; self.file = file; self.differentPixels = differentPixels
            self.antiAliasedPixels = antiAliasedPixels; self.totalPixels = totalPixels
            self.ratio = ratio; self.boundingBox = boundingBox
        }

        public init(_ frameDiff: FrameDiff) {
            let diff = frameDiff.diff
            self.init(frame: frameDiff.frame, file: frameDiff.fileName, differentPixels: diff.differentPixels,
                      antiAliasedPixels: diff.antiAliasedPixels, totalPixels: diff.totalPixels,
                      ratio: diff.ratio, boundingBox: diff.boundingBox)
        }

        private enum CodingKeys: String, CodingKey {
            case frame, file, differentPixels, antiAliasedPixels, totalPixels, ratio, boundingBox
        }

        var jsonValue: JSON5Value {
            .object([
                ("frame", .number(frame)), ("file", .string(file)), ("differentPixels", .number(differentPixels)),
                ("antiAliasedPixels", .number(antiAliasedPixels)), ("totalPixels", .number(totalPixels)),
                ("ratio", .number(ratio)), ("boundingBox", boundingBox?.jsonValue ?? .null),  // null, not absent
            ])
        }
    }

    /// Pixels counted as different (over all frames for a folder).
    public var differentPixels: Int
    /// Pixels over the threshold taken for anti-aliasing and not counted.
    public var antiAliasedPixels: Int
    /// Pixels compared.
    public var totalPixels: Int
    /// ``differentPixels`` / ``totalPixels``.
    public var ratio: Double
    /// Where the differences are (for a folder: the union over frames); nil when there are none.
    public var boundingBox: PixelBox?
    /// The threshold the pixels were compared with.
    public var threshold: Double
    /// Whether anti-aliased pixels were counted.
    public var includeAA: Bool
    /// Per-frame results, in frame order; nil for a comparison of two images.
    public var frames: [Frame]?
    /// The first frame with a different pixel; nil when none differs or for two images.
    public var firstDifferentFrame: Int?

    /// The summary of a two-image comparison made with `options`.
    public init(_ diff: ImageDiff, options: PixelmatchOptions = PixelmatchOptions()) {
        differentPixels = diff.differentPixels
        antiAliasedPixels = diff.antiAliasedPixels
        totalPixels = diff.totalPixels
        ratio = diff.ratio
        boundingBox = diff.boundingBox
        threshold = options.threshold
        includeAA = options.includeAA
        frames = nil
        firstDifferentFrame = nil
    }

    /// The summary of a folder comparison.
    public init(_ diff: FolderDiff) {
        differentPixels = diff.differentPixels
        antiAliasedPixels = diff.antiAliasedPixels
        totalPixels = diff.totalPixels
        ratio = diff.ratio
        boundingBox = diff.boundingBox
        threshold = diff.options.threshold
        includeAA = diff.options.includeAA
        frames = diff.frames.map(Frame.init)
        firstDifferentFrame = diff.firstDifferentFrame
    }

    private enum CodingKeys: String, CodingKey {
        case differentPixels, antiAliasedPixels, totalPixels, ratio, boundingBox, threshold, includeAA
        case frames, firstDifferentFrame
    }

    /// The summary as a JSON tree, in the order the fields are declared.
    public var jsonValue: JSON5Value {
        var members: [(String, JSON5Value?)] = [
            ("differentPixels", .number(differentPixels)), ("antiAliasedPixels", .number(antiAliasedPixels)),
            ("totalPixels", .number(totalPixels)), ("ratio", .number(ratio)),
            ("boundingBox", boundingBox?.jsonValue ?? .null), ("threshold", .number(threshold)),
            ("includeAA", .bool(includeAA)),
        ]
        if let frames {
            members.append(("frames", .array(frames.map(\.jsonValue))))
            members.append(("firstDifferentFrame", firstDifferentFrame.map { .number($0) } ?? .null))
        }
        return .object(members)
    }

    /// Pretty-printed JSON with a final newline: the same result, the same bytes.
    public func jsonData() throws -> Data {
        Data((jsonValue.formatted() + "\n").utf8)
    }
}

extension PixelBox {
    var jsonValue: JSON5Value { .object([("x", .number(x)), ("y", .number(y)), ("width", .number(width)), ("height", .number(height))]) }
}
