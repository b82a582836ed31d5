import Foundation
import FrameFiles
import Rendering
import Images

// Design note: `--frames A:B` as a value of its own, parsed before the scene is simulated and
// resolved against the scene's frame count once that is known. The half-open form matches
// Swift's A..<B and Python slices: `0:60` is the first second at 60 fps, `120:` runs to the
// end, `:30` starts at 0. Out-of-range values are errors, never silently clamped, so a typo
// does not produce a quietly shorter render.

/// A `--frames A:B` selection: frames A, A+1, ..., B-1 (B excluded), either end optional.
public struct FrameRange: Equatable, Sendable, CustomStringConvertible {
    /// First frame, or nil for 0.
    public var lower: Int?
    /// One past the last frame, or nil for the scene's frame count.
    public var upper: Int?

    public init(lower: Int?, upper: Int?) {
        self.lower = lower; self.upper = upper
    }

    /// The frames of `range`.
    public init(_ range: Range<Int>) {
        self.init(lower: range.lowerBound, upper: range.upperBound)
    }

    /// Parses `A:B`, `A:` or `:B` (non-negative integers, A < B).
    ///
    /// Throws ``OutputError/invalidFrameRange(_:)`` with what is wrong.
    public init(parsing text: String) throws {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw OutputError.invalidFrameRange("'\(text)' is not of the form A:B (for example 0:60)")
        }
        func bound(_ part: Substring) throws -> Int? {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { return nil }
            guard let value = Int(trimmed), value >= 0 else {
                throw OutputError.invalidFrameRange("'\(trimmed)' in '\(text)' is not a frame number (0, 1, 2, ...)")
            }
            return value
        }
        let lower = try bound(parts[0]), upper = try bound(parts[1])
        if let lower, let upper, lower >= upper {
            throw OutputError.invalidFrameRange("'\(text)' is empty: the first frame must be below the end (B is excluded)")
        }
        self.init(lower: lower, upper: upper)
    }

    /// The concrete frames for a scene of `frameCount` frames.
    ///
    /// Throws ``OutputError/invalidFrameRange(_:)`` when the range leaves the scene.
    public func resolved(frameCount: Int) throws -> Range<Int> {
        let start = lower ?? 0, end = upper ?? frameCount
        guard end <= frameCount else {
            throw OutputError.invalidFrameRange("\(description) ends after the scene's last frame (\(frameCount) frames: 0:\(frameCount))")
        }
        guard start < end else {
            throw OutputError.invalidFrameRange("\(description) holds no frame of the scene's \(frameCount)")
        }
        return start..<end
    }

    /// `A:B` as written on the command line.
    public var description: String {
        "\(lower.map(String.init) ?? ""):\(upper.map(String.init) ?? "")"
    }
}
