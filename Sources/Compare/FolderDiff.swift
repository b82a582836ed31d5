import Images
import Foundation

// Design note: a frame-by-frame pixelmatch of two render folders. The frame lists are checked
// before any pixel is decoded, so a folder that is missing frames fails at once and names them
// all, instead of after minutes of comparing. Frames are then compared in order, one pair in
// memory at a time (a 1280x720 pair is 7.4 MB); a diff image, when asked for, is encoded and
// written right away and not kept. A size mismatch stops the comparison at that frame: frames
// of different sizes mean a different render setup, not a regression to count.

/// How one frame of a folder comparison came out.
public struct FrameDiff: Equatable, Sendable {
    /// The frame number (`12` for `frame_00012.png`).
    public var frame: Int
    /// The frame's file name in the expected folder.
    public var fileName: String
    /// The comparison of the two files (without a diff image).
    public var diff: ImageDiff

    public init(frame: Int, fileName: String, diff: ImageDiff) {
        self.frame = frame; self.fileName = fileName; self.diff = diff
    }
}

/// The comparison of two folders of frames.
///
/// ```swift
/// let result = try FolderDiff.compare(expectedFolder: "golden/card", actualFolder: "output/card",
///                                     diffImagesFolder: "output/card-diff")
/// if let frame = result.firstDifferentFrame { print("frames diverge at \(frame)") }
/// ```
public struct FolderDiff: Equatable, Sendable {
    public var expectedFolder: String
    public var actualFolder: String
    /// The options the frames were compared with.
    public var options: PixelmatchOptions
    /// Every frame, in frame order.
    public var frames: [FrameDiff]

    public init(expectedFolder: String, actualFolder: String, options: PixelmatchOptions, frames: [FrameDiff]) {
        self.expectedFolder = expectedFolder; self.actualFolder = actualFolder
        self.options = options; self.frames = frames
    }

    /// The frames with at least one different pixel.
    public var differentFrames: [FrameDiff] { frames.filter { $0.diff.hasDifferences } }

    /// The number of the first frame with a different pixel, nil when all frames match.
    public var firstDifferentFrame: Int? { frames.first { $0.diff.hasDifferences }?.frame }

    /// Different pixels over all frames.
    public var differentPixels: Int { frames.reduce(0) { $0 + $1.diff.differentPixels } }

    /// Anti-aliased (uncounted) pixels over all frames.
    public var antiAliasedPixels: Int { frames.reduce(0) { $0 + $1.diff.antiAliasedPixels } }

    /// Pixels over all frames.
    public var totalPixels: Int { frames.reduce(0) { $0 + $1.diff.totalPixels } }

    /// ``differentPixels`` / ``totalPixels``.
    public var ratio: Double { totalPixels == 0 ? 0 : Double(differentPixels) / Double(totalPixels) }

    /// The union of the frames' bounding boxes: where in the picture anything changed.
    public var boundingBox: PixelBox? {
        frames.compactMap(\.diff.boundingBox).reduce(nil) { union, box in union.map { $0.union(box) } ?? box }
    }

    /// Compares every frame of `expectedFolder` with the frame of the same number in `actualFolder`.
    ///
    /// - Parameters:
    ///   - expectedFolder: the reference frames (goldens).
    ///   - actualFolder: the frames to check.
    ///   - options: pixelmatch's threshold and anti-aliasing handling.
    ///   - diffImagesFolder: when given, the diff image of each differing frame is written
    ///     there under the frame's file name (the folder is created if needed).
    /// - Throws: ``CompareError/notAFolder(path:)``, ``CompareError/noFrames(folder:)``,
    ///   ``CompareError/missingFrames(frames:folder:otherFolder:)`` (either way round),
    ///   ``CompareError/sizeMismatch(frame:expected:actual:expectedFile:actualFile:)``,
    ///   ``CompareError/unreadableImage(path:error:)``, ``CompareError/unwritableOutput(path:reason:)``.
    public static func compare(expectedFolder: String, actualFolder: String,
                               options: PixelmatchOptions = PixelmatchOptions(),
                               diffImagesFolder: String? = nil) throws -> FolderDiff {
        try options.validate()
        let expected = try ComparedFolder(path: expectedFolder)
        let actual = try ComparedFolder(path: actualFolder)
        try checkSameFrames(expected, actual)
        if let diffImagesFolder { try OutputFiles.createFolder(diffImagesFolder) }

        var frames: [FrameDiff] = []
        frames.reserveCapacity(expected.frameNumbers.count)
        for number in expected.frameNumbers {
            let fileName = expected.fileName(ofFrame: number)!
            var diff = try Pixelmatch.compareFiles(expected: expected.path(ofFrame: number)!,
                                                   actual: actual.path(ofFrame: number)!, frame: number,
                                                   options: options, producingDiffImage: diffImagesFolder != nil)
            if let diffImagesFolder, diff.hasDifferences, let image = diff.diffImage {
                try OutputFiles.write(image, to: (diffImagesFolder as NSString).appendingPathComponent(fileName))
            }
            diff.diffImage = nil
            frames.append(FrameDiff(frame: number, fileName: fileName, diff: diff))
        }
        return FolderDiff(expectedFolder: expectedFolder, actualFolder: actualFolder, options: options, frames: frames)
    }

    private static func checkSameFrames(_ expected: ComparedFolder, _ actual: ComparedFolder) throws {
        let expectedNumbers = Set(expected.frameNumbers), actualNumbers = Set(actual.frameNumbers)
        let missingFromActual = expected.frameNumbers.filter { !actualNumbers.contains($0) }
        if !missingFromActual.isEmpty {
            throw CompareError.missingFrames(frames: missingFromActual, folder: actual.path, otherFolder: expected.path)
        }
        let missingFromExpected = actual.frameNumbers.filter { !expectedNumbers.contains($0) }
        if !missingFromExpected.isEmpty {
            throw CompareError.missingFrames(frames: missingFromExpected, folder: expected.path, otherFolder: actual.path)
        }
    }
}
