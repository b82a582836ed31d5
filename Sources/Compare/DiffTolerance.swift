// Design note: pass/fail is a policy on top of the measurement, kept apart from it so the
// same DiffSummary can be judged by different gates (a strict golden test, a lenient smoke
// run). Limits are per image, as in Playwright's toHaveScreenshot: for a folder every frame
// must be within them, because a long sequence would otherwise dilute one broken frame into a
// tiny overall ratio. With no limit set, any different pixel fails.

/// Limits on differences that still count as a pass.
///
/// ```swift
/// let tolerance = try DiffTolerance(maxDiffPixels: 20)
/// exit(tolerance.outcome(for: summary).exitCode)
/// ```
public struct DiffTolerance: Equatable, Sendable {
    /// The most different pixels an image (each frame of a folder) may have; nil for no limit.
    public var maxDiffPixels: Int?
    /// The largest different/total ratio (0...1) an image (each frame) may have; nil for no limit.
    public var maxDiffRatio: Double?

    /// Throws ``CompareError/invalidOption(name:value:reason:)`` for a negative pixel count or
    /// a ratio outside 0...1. With both nil, only identical images pass.
    public init(maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil) throws {
        if let maxDiffPixels, maxDiffPixels < 0 {
            throw CompareError.invalidOption(name: "maxDiffPixels", value: "\(maxDiffPixels)",
                                             reason: "it must be a pixel count of 0 or more")
        }
        if let maxDiffRatio, !(maxDiffRatio.isFinite && (0...1).contains(maxDiffRatio)) {
            throw CompareError.invalidOption(name: "maxDiffRatio", value: "\(maxDiffRatio)",
                                             reason: "it must be a fraction from 0 to 1 (0.01 = 1% of the pixels)")
        }
        self.maxDiffPixels = maxDiffPixels
        self.maxDiffRatio = maxDiffRatio
    }

    /// No difference allowed.
    public static let exact = try! DiffTolerance()

    /// Whether one image with `differentPixels` of `totalPixels` is within the limits.
    public func accepts(differentPixels: Int, totalPixels: Int) -> Bool {
        if maxDiffPixels == nil, maxDiffRatio == nil { return differentPixels == 0 }
        if let maxDiffPixels, differentPixels > maxDiffPixels { return false }
        if let maxDiffRatio {
            let ratio = totalPixels == 0 ? 0 : Double(differentPixels) / Double(totalPixels)
            if ratio > maxDiffRatio { return false }
        }
        return true
    }

    /// Whether the comparison passes: the image, or every frame of a folder, within the limits.
    public func accepts(_ summary: DiffSummary) -> Bool {
        if let frames = summary.frames {
            return frames.allSatisfy { accepts(differentPixels: $0.differentPixels, totalPixels: $0.totalPixels) }
        }
        return accepts(differentPixels: summary.differentPixels, totalPixels: summary.totalPixels)
    }

    /// The frames of a folder comparison beyond the limits (empty for two images).
    public func rejectedFrames(of summary: DiffSummary) -> [Int] {
        (summary.frames ?? []).filter { !accepts(differentPixels: $0.differentPixels, totalPixels: $0.totalPixels) }
            .map(\.frame)
    }

    /// ``DiffOutcome/withinTolerance`` or ``DiffOutcome/beyondTolerance``.
    public func outcome(for summary: DiffSummary) -> DiffOutcome {
        accepts(summary) ? .withinTolerance : .beyondTolerance
    }
}

/// The three ways a comparison ends, with the command line's exit status for each.
public enum DiffOutcome: Int32, Equatable, Sendable, CaseIterable {
    /// Exit 0: the images match within the tolerance.
    case withinTolerance = 0
    /// Exit 1: they differ beyond it.
    case beyondTolerance = 1
    /// Exit 2: they could not be compared (unreadable file, missing frames, other sizes, bad option).
    case invalidInput = 2

    /// The process exit status.
    public var exitCode: Int32 { rawValue }
}
