/// A scripted gesture: `{at, tap: [x, y]}` or `{at, pan: {path, duration}}`.
public struct InputSpec: Equatable, Sendable {
    /// What the finger does.
    public enum Gesture: Equatable, Sendable {
        /// A tap at a point.
        case tap(ScenePoint)
        /// The finger goes down at the first point and moves along `path` at constant speed
        /// over `duration` seconds, then lifts. A pan that starts on an item drags the topmost
        /// item there.
        case pan(path: [ScenePoint], duration: Double)
    }

    /// Scene time in seconds when the gesture starts (>= 0).
    public var at: Double
    public var gesture: Gesture
    /// Where it was written (`input[1]`).
    public var location: SceneLocation

    public init(at: Double, gesture: Gesture, location: SceneLocation = .none) {
        self.at = at
        self.gesture = gesture
        self.location = location
    }

    /// When the finger lifts: `at` for a tap, `at + duration` for a pan.
    public var end: Double {
        if case .pan(_, let duration) = gesture { return at + duration }
        return at
    }
}
