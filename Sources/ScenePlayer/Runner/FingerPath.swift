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
