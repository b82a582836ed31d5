import Foundation

// Design note: which frames a GIF shows and for how long. GIF delays are whole centiseconds
// and browsers slow down anything faster than 50 fps (delays under 2 cs become 10 cs), so a
// faster sequence is shown at 50 fps, picking the frame nearest to each preview instant k / fps
// (the animation keeps its real speed; FrameFolder.sample picks the same frames). Frame k then
// lasts from instant k to instant k + 1, each instant rounded down to a centisecond: the
// rounding error is carried instead of repeated, so 30 fps gives 3, 3, 4, 3, 3, 4 cs and the
// total is the exact duration rounded down, never off by more than a centisecond.

/// The frames of a GIF preview and their delays.
///
/// ```swift
/// let timing = GIFTiming(sequenceFPS: 60, frameCount: 600)   // 500 frames at 50 fps
/// for (k, frame) in timing.frames.enumerated() {
///     // encode frame `frame` of the sequence with delay timing.delay(at: k) (2 cs)
/// }
/// ```
public struct GIFTiming: Equatable, Sendable {
    /// The fastest frame rate a GIF is shown at.
    public static let maximumFPS: Double = 50

    /// Frames per second of the GIF.
    public let fps: Double
    /// The sequence's frames shown, as offsets from its first frame, increasing.
    public let frames: [Int]

    /// The timing of a GIF of `frameCount` frames at `sequenceFPS`, at `previewFPS` when
    /// given and lower, and at most ``maximumFPS``. `sequenceFPS` and `previewFPS` are positive.
    public init(sequenceFPS: Double, frameCount: Int, previewFPS: Double? = nil) {
        precondition(sequenceFPS > 0 && sequenceFPS.isFinite && (previewFPS ?? 1) > 0, "frame rates are positive")
        let limit = min(previewFPS ?? .infinity, Self.maximumFPS)
        guard limit < sequenceFPS else {
            fps = sequenceFPS
            frames = Array(0..<max(frameCount, 0))
            return
        }
        fps = limit
        guard frameCount > 0 else {
            frames = []
            return
        }
        let duration = Double(frameCount) / sequenceFPS
        let count = max(1, Int((duration * limit).rounded(.down)))
        frames = (0..<count).map { k in min(frameCount - 1, Int((Double(k) * sequenceFPS / limit).rounded())) }
    }

    /// The delay of the GIF's `position`-th frame in centiseconds.
    public func delay(at position: Int) -> Int {
        instant(position + 1) - instant(position)
    }

    /// Every frame's delay, in order.
    public var delays: [Int] { frames.indices.map(delay(at:)) }

    /// The GIF's duration in centiseconds (the sum of the delays).
    public var duration: Int { instant(frames.count) }

    /// The GIF's position of sequence frame `offset`, nil when it is not shown.
    public func position(ofFrame offset: Int) -> Int? {
        var low = 0, high = frames.count
        while low < high {
            let middle = (low + high) / 2
            if frames[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low < frames.count && frames[low] == offset ? low : nil
    }

    /// Preview instant `k` in whole centiseconds, rounded down (with a margin for the binary
    /// fraction of k x 100 / fps, so 3 x 100 / 30 is 10, not 9).
    private func instant(_ k: Int) -> Int {
        Int((Double(k) * 100 / fps + 1e-6).rounded(.down))
    }
}
