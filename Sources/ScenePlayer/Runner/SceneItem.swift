// Design note: a scene item is the runner's "view": the dynamic item the animator moves plus
// the visual state a UIView would have (color, alpha, scale, visibility) and the animations
// running on it. Visual state never feeds back into physics.
import Dynamics
import Foundation
import SceneFormat

/// A visual property animation (UIView.animate): from the values at its start to targets.
struct VisualAnimation {
    let item: Int
    let start: Double
    let duration: Double
    let curve: AnimateActionCurve
    let fromColor: SceneColor
    var toColor: SceneColor?
    let fromAlpha: Double
    var toAlpha: Double?
    let fromScale: Double
    var toScale: Double?
    let then: [ActionSpec]
    let context: RunContext
}

typealias AnimateActionCurve = AnimateAction.Curve

extension AnimateAction {
    /// The time fraction of an animation of `duration` seconds starting at `start`, at time
    /// `t` (the end of a step): nil before it starts, exactly 1 once it is done. It starts
    /// and ends within 1e-9 s of its times, as time events and input are due (a start of
    /// 0.55 s and 0.3 s ended a step late: 0.85 - 0.55 is 0.29999999999999993; one delayed
    /// 0.3 s from 0.55 s started at 0.8500000000000001); a duration that is not a positive
    /// number is done at once. Public so that every player of view animations (the scene
    /// player, the recipes' display) times them alike.
    public static func fraction(at t: Double, start: Double, duration: Double) -> Double? {
        if t < start - 1e-9 { return nil }
        if !(duration > 0) || t - start >= duration - 1e-9 { return 1 }
        return min(max((t - start) / duration, 0), 1)
    }
}

extension AnimateAction.Curve {
    /// Progress along the curve for a linear time fraction t in 0...1: UIKit's timing
    /// functions, the cubic Beziers from (0, 0) to (1, 1) of Core Animation's named curves
    /// (easeIn (0.42, 0) (1, 1), easeOut (0, 0) (0.58, 1), easeInEaseOut (0.42, 0) (0.58, 1),
    /// the last UIView's default). Public so that every player of view animations eases them
    /// the same way.
    public func value(_ t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear: return t
        case .easeIn: return Self.bezier(t, x1: 0.42, y1: 0, x2: 1, y2: 1)
        case .easeOut: return Self.bezier(t, x1: 0, y1: 0, x2: 0.58, y2: 1)
        case .easeInOut: return Self.bezier(t, x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        }
    }

    /// y at x = t on the cubic Bezier (0, 0) (x1, y1) (x2, y2) (1, 1). Its x grows with the
    /// parameter (control x in 0...1), so the parameter is found by Newton's method from
    /// s = t, with bisection where the slope is too flat to trust.
    static func bezier(_ t: Double, x1: Double, y1: Double, x2: Double, y2: Double) -> Double {
        // Polynomial coefficients of B(s) = ((a s + b) s + c) s for each coordinate.
        let cx = 3 * x1, bx = 3 * (x2 - x1) - cx, ax = 1 - cx - bx
        let cy = 3 * y1, by = 3 * (y2 - y1) - cy, ay = 1 - cy - by
        func x(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
        var s = t
        for _ in 0..<8 {
            let error = x(s) - t
            if abs(error) < 1e-12 { return ((ay * s + by) * s + cy) * s }
            let slope = (3 * ax * s + 2 * bx) * s + cx
            if abs(slope) < 1e-6 { break }
            s -= error / slope
        }
        var low = 0.0, high = 1.0
        s = t
        for _ in 0..<60 {
            let at = x(s)
            if abs(at - t) < 1e-12 { break }
            if at < t { low = s } else { high = s }
            s = (low + high) / 2
        }
        return ((ay * s + by) * s + cy) * s
    }
}

/// One item of a running scene.
final class SceneItem {
    let spec: ItemSpec
    let view: DynamicView
    var color: SceneColor
    var alpha: Double
    var scale: Double
    var cornerRadius: Double
    var visible = true
    /// Removed with `removeItem`: out of every behavior and the view.
    var removed = false

    init(spec: ItemSpec) {
        self.spec = spec
        let boundsType: DynamicItemCollisionBoundsType
        var path: [CGPoint] = []
        switch spec.shape {
        case .rectangle: boundsType = .rectangle
        case .ellipse: boundsType = .ellipse
        case .path(let pts): boundsType = .path; path = pts.map { CGPoint(x: $0.x, y: $0.y) }
        }
        view = DynamicView(name: spec.id, center: CGPoint(x: spec.center.x, y: spec.center.y),
                           size: CGSize(width: spec.size.width, height: spec.size.height), rotation: CGFloat(spec.angle),
                           collisionBoundsType: boundsType, path: path)
        color = spec.color
        alpha = spec.alpha
        scale = spec.scale
        cornerRadius = spec.cornerRadius
    }

    /// Whether a point (canvas points) is on the item, in its rotated frame.
    func contains(_ p: ScenePoint) -> Bool {
        let dx = p.x - Double(view.center.x), dy = p.y - Double(view.center.y)
        let a = -Double(view.rotation)
        let lx = cos(a) * dx - sin(a) * dy, ly = sin(a) * dx + cos(a) * dy
        let hw = spec.size.width / 2 * scale, hh = spec.size.height / 2 * scale
        switch spec.shape {
        case .ellipse:
            return hw > 0 && hh > 0 && (lx * lx) / (hw * hw) + (ly * ly) / (hh * hh) <= 1
        default:
            return abs(lx) <= hw && abs(ly) <= hh
        }
    }
}
