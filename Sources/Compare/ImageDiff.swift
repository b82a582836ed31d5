import Foundation
import Images

// Design note: the result of comparing two images, as plain values. The diff image is
// optional because most callers (CI, folder diffs) only want the numbers, and painting it
// costs a pass over every pixel even for identical frames.

/// What ``Pixelmatch/compare(_:_:options:producingDiffImage:)`` found.
public struct ImageDiff: Equatable, Sendable {
    /// Pixel size of both images.
    public var width: Int
    public var height: Int
    /// Pixels over the threshold that are not anti-aliasing (all of them with `includeAA`).
    public var differentPixels: Int
    /// Pixels over the threshold taken for anti-aliasing and therefore not counted (0 with `includeAA`).
    public var antiAliasedPixels: Int
    /// The smallest box holding every pixel counted in ``differentPixels``; nil when there are none.
    public var boundingBox: PixelBox?
    /// The diff image when asked for: differences in the diff color, anti-aliasing in the AA
    /// color, the rest a faded grey copy of the expected image (or transparent for a mask).
    public var diffImage: RGBAImage?

    public init(width: Int, height: Int, differentPixels: Int, antiAliasedPixels: Int,
                boundingBox: PixelBox?, diffImage: RGBAImage? = nil) {
        self.width = width; self.height = height
        self.differentPixels = differentPixels; self.antiAliasedPixels = antiAliasedPixels
        self.boundingBox = boundingBox; self.diffImage = diffImage
    }

    /// `width * height`.
    public var totalPixels: Int { width * height }

    /// ``differentPixels`` / ``totalPixels`` (0 for an empty image).
    public var ratio: Double { totalPixels == 0 ? 0 : Double(differentPixels) / Double(totalPixels) }

    /// Whether any pixel counts as different.
    public var hasDifferences: Bool { differentPixels > 0 }
}

extension ImageDiff {
    /// Writes ``diffImage`` as `folder/diff.png` (creating the folder) and returns its path;
    /// nil when no diff image was asked for. Throws ``CompareError/unwritableOutput(path:reason:)``.
    @discardableResult
    public func writeDiffImage(intoFolder folder: String) throws -> String? {
        guard let diffImage else { return nil }
        try OutputFiles.createFolder(folder)
        let path = (folder as NSString).appendingPathComponent("diff.png")
        try OutputFiles.write(diffImage, to: path)
        return path
    }
}
