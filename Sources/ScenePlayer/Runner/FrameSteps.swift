// Design note: which physics step each frame shows, in one place for both players (the
// scene runner and the recorder of Swift code), so that a scene and its recipe show the same
// states. Whole numbers: in floating point 60 x 49 / 24 came out below 122.5 and rounded
// down while 2.5 rounded up.

/// The physics steps a frame shows.
public enum FrameSteps {
    /// Steps run before frame `frame` at `fps` frames per second with `stepsPerSecond` steps:
    /// round(stepsPerSecond x frame / fps), halves up.
    public static func steps(beforeFrame frame: Int, fps: Int, stepsPerSecond: Int) -> Int {
        (2 * stepsPerSecond * frame + fps) / (2 * fps)
    }
}
