// Design note: the script of what a user does, in seconds from the start of a recording: the
// same taps and pans a scene file's `input` holds (a pan's finger moves along its path at
// constant speed), plus code to run at a given time. Each acts at the start of the first
// physics step that begins at or after its time, as in the scene player.
import Foundation

/// One scripted user action of a recording.
public struct Gesture {
    /// What happens.
    public enum Action {
        /// A tap at a point of the screen.
        case tap(CGPoint)
        /// The finger goes down at the first point, moves along the path at constant speed for
        /// `duration` seconds and lifts at the last point.
        case pan(path: [CGPoint], duration: TimeInterval)
        /// Code to run (a button the user presses, a timer that fires).
        case run(() -> Void)
    }

    /// Seconds from the start of the recording.
    public let time: TimeInterval
    /// What the user does.
    public let action: Action

    /// `action` at `time` seconds.
    public init(time: TimeInterval, action: Action) {
        self.time = time
        self.action = action
    }

    /// A tap at `point` (screen coordinates) at `time`.
    public static func tap(at time: TimeInterval, _ point: CGPoint) -> Gesture {
        Gesture(time: time, action: .tap(point))
    }

    /// A pan along `path` (screen coordinates, at least one point) starting at `time` and
    /// lasting `duration` seconds.
    public static func pan(at time: TimeInterval, along path: [CGPoint], duration: TimeInterval = 0.5) -> Gesture {
        Gesture(time: time, action: .pan(path: path, duration: duration))
    }

    /// `body` run at `time`, after the taps and pans that are due then.
    public static func run(at time: TimeInterval, _ body: @escaping () -> Void) -> Gesture {
        Gesture(time: time, action: .run(body))
    }

    /// When the finger lifts: `time` for a tap or code, `time + duration` for a pan.
    public var end: TimeInterval {
        if case .pan(_, let duration) = action { return time + duration }
        return time
    }

    /// A line describing the gesture (what a recording's description hash covers).
    var summary: String {
        switch action {
        case .tap(let p): return "tap \(time) \(p.x) \(p.y)"
        case .pan(let path, let duration): return "pan \(time) \(duration) " + path.map { "\($0.x) \($0.y)" }.joined(separator: " ")
        case .run: return "run \(time)"
        }
    }
}
