import Foundation
import FrameFiles
import Images

// Design note: a folder comparison as a page a person can look at: index.html with, for each
// differing frame, expected | actual | diff side by side and a slider that wipes between
// expected and actual. Self-contained: the frames are copied and the diff images written into
// the report's own `frames/` folder and referenced by relative paths, styles and the few lines
// of script are inline, nothing is fetched from anywhere, so the folder can be moved, zipped
// or attached to a CI run and still works (copies rather than base64 data URIs keep the page
// small for long sequences and let each image be opened on its own).
//
// Diff images are painted again here from the frame files (only for the differing frames
// shown) rather than kept in memory during the comparison. The markup lives in
// DiffReport+HTML.swift.

/// Writes an HTML report of a ``FolderDiff``.
///
/// ```swift
/// let result = try FolderDiff.compare(expectedFolder: "golden/card", actualFolder: "output/card")
/// let page = try DiffReport().write(result, to: "output/card-report")
/// print("open \(page)")
/// ```
public struct DiffReport: Equatable, Sendable {
    /// The page title and heading.
    public var title: String
    /// At most this many differing frames get images; the rest are listed in the table only.
    public var frameLimit: Int
    /// How the page names the actual frames; their folder's path when nil. A caller that
    /// compares a scratch render (deleted once the report is written) names what it rendered
    /// instead, so the page does not point at a folder that is gone.
    public var actualLabel: String?

    public init(title: String = "Animatic frame diff", frameLimit: Int = 100, actualLabel: String? = nil) {
        self.title = title
        self.frameLimit = max(0, frameLimit)
        self.actualLabel = actualLabel
    }

    /// The report's subfolder for images.
    public static let imagesFolderName = "frames"

    /// Writes `directory/index.html`, `directory/summary.json` and the images of the first
    /// ``frameLimit`` differing frames into `directory/frames/` (creating the folders, replacing
    /// files of the same names). Returns the path of index.html.
    ///
    /// Throws ``CompareError/unwritableOutput(path:reason:)`` and, when a frame file has
    /// changed or vanished since the comparison, the errors of ``FolderDiff/compare(expectedFolder:actualFolder:options:diffImagesFolder:)``.
    @discardableResult
    public func write(_ diff: FolderDiff, to directory: String) throws -> String {
        let imagesFolder = (directory as NSString).appendingPathComponent(Self.imagesFolderName)
        try OutputFiles.createFolder(imagesFolder)
        let shown = Array(diff.differentFrames.prefix(frameLimit))
        if !shown.isEmpty {
            let expected = try ComparedFolder(path: diff.expectedFolder)
            let actual = try ComparedFolder(path: diff.actualFolder)
            for frame in shown {
                try writeImages(of: frame, expected: expected, actual: actual, options: diff.options, to: imagesFolder)
            }
        }
        try OutputFiles.write(try DiffSummary(diff).jsonData(), to: (directory as NSString).appendingPathComponent("summary.json"))
        let page = (directory as NSString).appendingPathComponent("index.html")
        try OutputFiles.write(Data(html(for: diff, shownFrames: shown).utf8), to: page)
        return page
    }

    /// The report-relative paths of a frame's three images.
    static func imagePaths(of frame: FrameDiff) -> (expected: String, actual: String, diff: String) {
        let stem = "\(imagesFolderName)/\(String(frame.fileName.dropLast(".png".count)))"
        return ("\(stem)-expected.png", "\(stem)-actual.png", "\(stem)-diff.png")
    }

    private func writeImages(of frame: FrameDiff, expected: ComparedFolder, actual: ComparedFolder,
                             options: PixelmatchOptions, to imagesFolder: String) throws {
        // The folders are listed again: a frame may have vanished since the comparison.
        guard let expectedPath = expected.path(ofFrame: frame.frame) else {
            throw CompareError.missingFrames(frames: [frame.frame], folder: expected.path, otherFolder: actual.path)
        }
        guard let actualPath = actual.path(ofFrame: frame.frame) else {
            throw CompareError.missingFrames(frames: [frame.frame], folder: actual.path, otherFolder: expected.path)
        }
        let paths = Self.imagePaths(of: frame)
        let folder = FilePath.parent(of: imagesFolder)
        func destination(_ relative: String) -> String { (folder as NSString).appendingPathComponent(relative) }
        try OutputFiles.copy(expectedPath, to: destination(paths.expected))
        try OutputFiles.copy(actualPath, to: destination(paths.actual))
        let painted = try Pixelmatch.compareFiles(expected: expectedPath, actual: actualPath, frame: frame.frame,
                                                  options: options, producingDiffImage: true)
        if let image = painted.diffImage {
            try OutputFiles.write(image, to: destination(paths.diff))
        }
    }
}
