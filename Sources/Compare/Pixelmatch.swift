import Foundation
import Images

// Design note: pixelmatch (Mapbox, ISC licence; written here from its published description,
// checked pixel for pixel against the Python port in the tests). Per pixel: the YIQ distance
// of YIQDelta.swift against 35215 x threshold²; a pixel over it is either anti-aliasing
// (Pixelmatch+AntiAliasing.swift, painted yellow, not counted unless includeAA) or a real
// difference (painted red, counted, grows the bounding box).
//
// Speed: two images that are byte-identical are recognised with one memcmp (a 1280x720 frame
// is 3.7 MB, well under a millisecond) and need no per-pixel work unless a diff image is asked
// for; likewise every identical row of two different images costs one memcmp. Rows that
// differ are walked on raw buffers (no per-pixel allocation, no bounds checks), comparing
// 32-bit words first so that equal pixels skip the color math; only pixels over the threshold
// pay for the neighbourhood scans of the AA detector. Painting lives in
// Pixelmatch+DiffImage.swift.

/// The pixelmatch image comparison.
///
/// ```swift
/// let expected = try RGBAImage.decodePNG(path: "golden/frame_00000.png")
/// let actual = try RGBAImage.decodePNG(path: "output/card/frame_00000.png")
/// let diff = try Pixelmatch.compare(expected, actual, producingDiffImage: true)
/// print(diff.differentPixels, diff.ratio, diff.boundingBox as Any)
/// try diff.diffImage?.pngData()
/// ```
public enum Pixelmatch {
    /// The largest YIQ distance two colors can have; a threshold of t flags pixels whose
    /// distance exceeds `maximumDelta x t²`.
    public static let maximumDelta = YIQDelta.maximum

    /// Compares two straight-RGBA images of the same size.
    ///
    /// - Parameters:
    ///   - expected: the reference (its grey copy is the background of the diff image).
    ///   - actual: the image under test.
    ///   - options: threshold, anti-aliasing handling and diff image colors.
    ///   - producingDiffImage: whether to paint ``ImageDiff/diffImage``.
    /// - Throws: ``CompareError/sizeMismatch(frame:expected:actual:expectedFile:actualFile:)``
    ///   when the sizes differ, ``CompareError/malformedImage(role:width:height:byteCount:)``
    ///   when an image holds the wrong number of bytes, ``CompareError/invalidOption(name:value:reason:)``.
    public static func compare(_ expected: RGBAImage, _ actual: RGBAImage,
                               options: PixelmatchOptions = PixelmatchOptions(),
                               producingDiffImage: Bool = false) throws -> ImageDiff {
        try options.validate()
        for (role, image) in [("expected", expected), ("actual", actual)]
        where image.width < 0 || image.height < 0 || image.pixels.count != image.width * image.height * 4 {
            throw CompareError.malformedImage(role: role, width: image.width, height: image.height,
                                              byteCount: image.pixels.count)
        }
        guard expected.width == actual.width, expected.height == actual.height else {
            throw CompareError.sizeMismatch(frame: nil,
                                            expected: PixelSize(width: expected.width, height: expected.height),
                                            actual: PixelSize(width: actual.width, height: actual.height),
                                            expectedFile: nil, actualFile: nil)
        }
        let width = expected.width, height = expected.height
        var output: [UInt8]? = producingDiffImage ? [UInt8](repeating: 0, count: width * height * 4) : nil
        let tally = expected.pixels.withUnsafeBufferPointer { first in
            actual.pixels.withUnsafeBufferPointer { second in
                if output == nil {
                    return compare(first, second, width: width, height: height, options: options, output: nil)
                }
                return output!.withUnsafeMutableBufferPointer { diffPixels in
                    compare(first, second, width: width, height: height, options: options, output: diffPixels)
                }
            }
        }
        return ImageDiff(width: width, height: height, differentPixels: tally.differentPixels,
                         antiAliasedPixels: tally.antiAliasedPixels, boundingBox: tally.boundingBox,
                         diffImage: output.map { RGBAImage(width: width, height: height, pixels: $0) })
    }

    /// What one pass found.
    struct Tally {
        var differentPixels = 0
        var antiAliasedPixels = 0
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1

        var boundingBox: PixelBox? {
            maxX < 0 ? nil : PixelBox(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        }
    }

    /// The algorithm proper, on buffers of `width * height * 4` bytes (checked by the caller).
    /// `output`, when given, must be as large and start zeroed (a mask leaves pixels untouched).
    static func compare(_ expectedBuffer: UnsafeBufferPointer<UInt8>, _ actualBuffer: UnsafeBufferPointer<UInt8>,
                        width: Int, height: Int, options: PixelmatchOptions,
                        output: UnsafeMutableBufferPointer<UInt8>?) -> Tally {
        var tally = Tally()
        let byteCount = width * height * 4
        guard byteCount > 0, let expected = expectedBuffer.baseAddress, let actual = actualBuffer.baseAddress else {
            return tally
        }
        let diff = output?.baseAddress
        let paintsBackground = diff != nil && !options.diffMask

        var background = GreyBackground(alpha: options.alpha)
        if memcmp(expected, actual, byteCount) == 0 {
            if paintsBackground, let diff { background.paint(0..<byteCount, of: expected, into: diff) }
            return tally
        }

        let limit = maximumDelta * options.threshold * options.threshold
        let rowBytes = width * 4
        for y in 0..<height {
            let rowStart = y * rowBytes
            // Most rows of a regression are untouched: one memcmp instead of a pixel loop.
            if memcmp(expected + rowStart, actual + rowStart, rowBytes) == 0 {
                if paintsBackground, let diff { background.paint(rowStart..<(rowStart + rowBytes), of: expected, into: diff) }
                continue
            }
            var offset = rowStart
            for x in 0..<width {
                defer { offset += 4 }
                if !YIQDelta.samePixel(expected, offset, actual, offset),
                   YIQDelta.squared(expected, offset, actual, offset) > limit {
                    let antiAliased = !options.includeAA
                        && (isAntiAliased(x: x, y: y, in: expected, comparedWith: actual, width: width, height: height)
                            || isAntiAliased(x: x, y: y, in: actual, comparedWith: expected, width: width, height: height))
                    if antiAliased {
                        tally.antiAliasedPixels += 1
                        if paintsBackground, let diff { paint(diff, at: offset, options.aaColor) }
                    } else {
                        tally.differentPixels += 1
                        if x < tally.minX { tally.minX = x }
                        if x > tally.maxX { tally.maxX = x }
                        if y < tally.minY { tally.minY = y }
                        tally.maxY = y
                        if let diff { paint(diff, at: offset, options.diffColor) }
                    }
                } else if paintsBackground, let diff {
                    background.paint(offset..<(offset + 4), of: expected, into: diff)
                }
            }
        }
        return tally
    }
}
