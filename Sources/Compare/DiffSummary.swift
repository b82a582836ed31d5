import Foundation

// Design note: the machine-readable result of a comparison, what `animatic diff --json` prints
// and CI archives. Keys are written sorted (JSONEncoder's .sortedKeys) so the same result is
// always the same bytes and diffs of two summaries are readable; a key is present even when
// its value is null (boundingBox of a clean frame, firstDifferentFrame of a clean folder) so
// consumers need not guess whether a field is unknown or empty. `frames` and
// `firstDifferentFrame` belong to folder comparisons and are absent for two single images.

/// Counts, ratio and bounding box of an image or folder comparison, as JSON.
///
/// ```swift
/// let summary = DiffSummary(try FolderDiff.compare(expectedFolder: a, actualFolder: b))
/// FileHandle.standardOutput.write(try summary.jsonData())
/// ```
public struct DiffSummary: Codable, Equatable, Sendable {
    /// One frame of a folder comparison.
    public struct Frame: Codable, Equatable, Sendable {
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

        public func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(frame, forKey: .frame)
            try container.encode(file, forKey: .file)
            try container.encode(differentPixels, forKey: .differentPixels)
            try container.encode(antiAliasedPixels, forKey: .antiAliasedPixels)
            try container.encode(totalPixels, forKey: .totalPixels)
            try container.encode(ratio, forKey: .ratio)
            try container.encode(boundingBox, forKey: .boundingBox)  // null, not absent
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

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(differentPixels, forKey: .differentPixels)
        try container.encode(antiAliasedPixels, forKey: .antiAliasedPixels)
        try container.encode(totalPixels, forKey: .totalPixels)
        try container.encode(ratio, forKey: .ratio)
        try container.encode(boundingBox, forKey: .boundingBox)
        try container.encode(threshold, forKey: .threshold)
        try container.encode(includeAA, forKey: .includeAA)
        if let frames {
            try container.encode(frames, forKey: .frames)
            try container.encode(firstDifferentFrame, forKey: .firstDifferentFrame)
        }
    }

    /// Pretty-printed JSON with sorted keys and a final newline: the same result, the same bytes.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = try encoder.encode(self)
        data.append(0x0A)
        return data
    }
}
