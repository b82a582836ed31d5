// Design note: where a scripted finger is, in one place for every player of scripted
// gestures (the scene runner, a recorder of Swift code), so that two front ends that play the
// same pan put the finger on exactly the same points. The finger moves along the path at
// constant speed: the fraction of the pan's time is the fraction of the path's length.
import SceneFormat

/// The finger of a scripted pan.
public enum FingerPath {
    /// The fraction of a pan's time elapsed at `time`, in 0...1, for a pan that starts at
    /// `start` and lasts `duration` seconds (durations below a microsecond count as one).
    public static func fraction(at time: Double, start: Double, duration: Double) -> Double {
        min(max((time - start) / max(duration, 1e-6), 0), 1)
    }

    /// The point `fraction` (0...1) of the way along `path` by length; the first point of a
    /// one-point path.
    public static func point(on path: [ScenePoint], atFraction fraction: Double) -> ScenePoint {
        if path.count == 1 { return path[0] }
        var lengths: [Double] = []
        var total = 0.0
        for k in 1..<path.count {
            let l = path[k - 1].vector(to: path[k]).length
            lengths.append(l); total += l
        }
        var remaining = fraction * total
        for k in 1..<path.count {
            let l = lengths[k - 1]
            if remaining <= l || k == path.count - 1 {
                let u = l > 0 ? min(remaining / l, 1) : 1
                return ScenePoint(x: path[k - 1].x + u * (path[k].x - path[k - 1].x), y: path[k - 1].y + u * (path[k].y - path[k - 1].y))
            }
            remaining -= l
        }
        return path[path.count - 1]
    }
}

/// Where a scripted finger was last seen and how fast it moved, as both players measure it
/// step by step: over the time the finger moved since the last step, a whole step but where
/// the pan began or ended between steps (a pan ending 1 ms after a step released its item at a
/// sixteenth of the finger's speed when a whole step was counted).
public struct FingerMotion: Sendable {
    /// The finger's last point.
    public private(set) var point: ScenePoint
    /// Its velocity in points/s over the last move (zero before the finger has moved).
    public private(set) var velocity = SceneVector.zero
    private var time: Double
    private var timeWasStep = false

    /// A finger put down at `point` at `time` (the pan's start, between steps or on one).
    public init(at point: ScenePoint, time: Double) {
        self.point = point
        self.time = time
    }

    /// The finger at `point` at the step time `t` of a pan ending at `end`; steps are
    /// `stepInterval` apart.
    public mutating func move(to point: ScenePoint, at t: Double, panEnd end: Double, stepInterval: Double) {
        let now = t <= end + 1e-9 ? t : end
        let elapsed = timeWasStep && now == t ? stepInterval : now - time
        if elapsed > 1e-9 {
            velocity = SceneVector(dx: (point.x - self.point.x) / elapsed, dy: (point.y - self.point.y) / elapsed)
        }
        self.point = point
        time = now
        timeWasStep = now == t
    }
}
