import Images
import Foundation

// Design note: what can go wrong while drawing a frame. Frame states come from scene files
// and from a physics engine, so a bad number (a NaN from an exploding simulation, a canvas of
// zero points) is user input, not a programming error: it becomes a typed error that names
// the item and the value, never a trap. Checks are a few comparisons per item, done as the
// item is drawn, because one non-finite matrix would put the reused Cairo context into a
// permanent error state.

/// An error from ``FrameRenderer/render(_:)``.
public enum RenderError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The canvas cannot be turned into a pixel surface.
    case invalidCanvas(width: Double, height: Double, scale: Double, reason: String)
    /// The item at `index` in `FrameState.items` holds a value that cannot be drawn.
    case invalidItem(index: Int, reason: String)
    /// The overlay primitive at `index` in `FrameState.overlay` holds a value that cannot be drawn.
    case invalidOverlay(index: Int, reason: String)
    /// Cairo itself failed (usually out of memory for the surface).
    case cairoFailure(String)

    public var errorDescription: String? { description }

    public var description: String {
        switch self {
        case let .invalidCanvas(width, height, scale, reason):
            return "cannot render a \(width) x \(height) pt canvas at scale \(scale): \(reason)"
        case let .invalidItem(index, reason):
            return "cannot draw item \(index) of the frame: \(reason)"
        case let .invalidOverlay(index, reason):
            return "cannot draw overlay primitive \(index) of the frame: \(reason)"
        case let .cairoFailure(message):
            return "Cairo failed: \(message)"
        }
    }
}
