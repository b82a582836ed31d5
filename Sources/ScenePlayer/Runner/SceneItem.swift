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
    let fromColor: SceneColor, toColor: SceneColor?
    let fromAlpha: Double, toAlpha: Double?
    let fromScale: Double, toScale: Double?
    let then: [ActionSpec]
    let context: RunContext
}

typealias AnimateActionCurve = AnimateAction.Curve

extension AnimateAction.Curve {
    /// Progress along the curve for a linear time fraction t in 0...1 (UIKit's timing curves
    /// are cubic Beziers; these are the common polynomial approximations). Public so that
    /// every player of view animations eases them the same way.
    public func value(_ t: Double) -> Double {
        let t = min(max(t, 0), 1)
        switch self {
        case .linear: return t
        case .easeIn: return t * t
        case .easeOut: return t * (2 - t)
        case .easeInOut: return t < 0.5 ? 2 * t * t : -1 + (4 - 2 * t) * t
        }
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
