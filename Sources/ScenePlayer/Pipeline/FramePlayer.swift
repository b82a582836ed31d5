// Design note: the one thing the render pipeline needs from whatever produces the motion. A
// scene runner is one; a recorder of an animator driven by Swift code is another. Both
// advance frame by frame on the display clock (frame k shows time k / fps) and describe each
// frame as a plain FrameState, so the same pipeline writes the same files for both.
import Dynamics
import Foundation
import Rendering

/// Something that plays frame by frame and can describe each frame.
///
/// The pipeline asks for frame 0's state first, then calls ``advanceFrame()`` before each
/// later frame, until ``frameCount`` frames have been seen.
public protocol FramePlayer: AnyObject {
    /// Frames of the whole sequence.
    var frameCount: Int { get }
    /// Frames per second of the display clock.
    var framesPerSecond: Int { get }
    /// Advances to the next frame: every physics step, input and reaction due before its time.
    func advanceFrame() throws
    /// What the current frame shows.
    func frameState() -> FrameState
    /// One `trace.jsonl` line for the current frame (JSON, no line break).
    func traceLine() -> String
    /// The debug overlay of the current frame in `layers`.
    func overlay(_ layers: DebugLayers) -> [OverlayPrimitive]
    /// Frames so far during whose interval a contact began (marked on contact sheets).
    var framesWithContacts: [Int] { get }
}

extension SceneRunner: FramePlayer {
    public var framesPerSecond: Int { scene.fps }

    public func overlay(_ layers: DebugLayers) -> [OverlayPrimitive] {
        DebugOverlay(layers: layers).primitives(for: animator, canvasWidth: scene.canvas.width,
                                                canvasHeight: scene.canvas.height,
                                                items: items.filter { !$0.removed }.map(\.view))
    }
}
