import Images

// Design note: the knobs of pixelmatch under pixelmatch's own names (threshold, includeAA,
// alpha, aaColor, diffColor, diffMask), so that a user who knows the JavaScript or Python tool
// reads them without a glossary, and options carried over from another project mean the same.
// Colors reuse Rendering's RGBAPixel; the diff image is always opaque where it is painted.

/// How ``Pixelmatch`` decides that two pixels differ and how it paints the diff image.
///
/// ```swift
/// var options = PixelmatchOptions()
/// options.threshold = 0.2        // more tolerant of colour noise
/// options.includeAA = true       // count anti-aliased pixels too
/// let diff = try Pixelmatch.compare(expected, actual, options: options)
/// ```
public struct PixelmatchOptions: Equatable, Hashable, Sendable {
    /// Matching threshold in 0...1: a pixel differs when its YIQ distance exceeds
    /// `35215 x threshold²`. Smaller is stricter; 0 flags any change of color.
    public var threshold: Double
    /// When true, anti-aliased pixels count as differences like any other; when false (the
    /// default) they are detected, painted in ``aaColor`` and not counted.
    public var includeAA: Bool
    /// Opacity (0...1) of the expected image's grey copy under the unchanged pixels of the diff image.
    public var alpha: Double
    /// Color of anti-aliased pixels in the diff image (alpha ignored). Default yellow.
    public var aaColor: RGBAPixel
    /// Color of differing pixels in the diff image (alpha ignored). Default red.
    public var diffColor: RGBAPixel
    /// When true the diff image is a mask: only differing pixels are painted, everything else
    /// stays transparent.
    public var diffMask: Bool

    /// pixelmatch's defaults: threshold 0.1, AA pixels excluded, alpha 0.1, yellow and red.
    public init(threshold: Double = 0.1, includeAA: Bool = false, alpha: Double = 0.1,
                aaColor: RGBAPixel = RGBAPixel(red: 255, green: 255, blue: 0),
                diffColor: RGBAPixel = RGBAPixel(red: 255, green: 0, blue: 0),
                diffMask: Bool = false) {
        self.threshold = threshold; self.includeAA = includeAA; self.alpha = alpha
        self.aaColor = aaColor; self.diffColor = diffColor; self.diffMask = diffMask
    }

    /// Throws ``CompareError/invalidOption(name:value:reason:)`` for a threshold outside 0...1
    /// or an alpha outside 0...1 (both typically typed by a user on a command line).
    public func validate() throws {
        guard threshold.isFinite, (0...1).contains(threshold) else {
            throw CompareError.invalidOption(name: "threshold", value: "\(threshold)",
                                             reason: "it must be a number from 0 (exact) to 1 (anything goes); pixelmatch's default is 0.1")
        }
        guard alpha.isFinite, (0...1).contains(alpha) else {
            throw CompareError.invalidOption(name: "alpha", value: "\(alpha)",
                                             reason: "it must be an opacity from 0 to 1; the default is 0.1")
        }
    }
}
