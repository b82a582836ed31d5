import Foundation
import FrameFiles
import Rendering
import Images

// Design note: progress is a plain value handed to a callback, so the command line decides how
// to show it (a `\r` line on a terminal, nothing when quiet or piped) and the writer knows
// nothing of terminals. Time is measured on the monotonic clock, which wall-clock changes do
// not disturb.

/// How far a render has come.
public struct RenderProgress: Equatable, Sendable {
    /// Frames rendered, encoded and written so far.
    public var framesDone: Int
    /// Frames this render writes (the size of the frame range).
    public var frameTotal: Int
    /// Seconds since the writer was created.
    public var elapsed: TimeInterval
    /// Previews still being encoded after the last frame ("mp4", "gif"); empty while frames render.
    public var encodingPreviews: [String]

    public init(framesDone: Int, frameTotal: Int, elapsed: TimeInterval, encodingPreviews: [String] = []) {
        self.framesDone = framesDone; self.frameTotal = frameTotal; self.elapsed = elapsed
        self.encodingPreviews = encodingPreviews
    }

    /// True once every frame is written.
    public var isComplete: Bool { framesDone >= frameTotal }

    /// Frames per second so far (0 before the first frame).
    public var framesPerSecond: Double { elapsed > 0 ? Double(framesDone) / elapsed : 0 }

    /// Seconds left at the rate so far, or nil before the first frame.
    public var estimatedRemaining: TimeInterval? {
        guard framesDone > 0 else { return nil }
        return Double(frameTotal - framesDone) / framesPerSecond
    }
}

/// Seconds on the monotonic clock.
func monotonicSeconds() -> TimeInterval {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}
