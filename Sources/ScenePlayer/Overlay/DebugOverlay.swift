// Design note: the debug overlay, like UIKit's private `debugEnabled` but for every layer:
// a grid of arrows sampling each field (length and color by magnitude) with its region
// outline, collision shapes, boundaries, attachment and snap lines with anchors, velocity
// vectors and contact points. It reads the animator's state and emits overlay primitives;
// the renderer draws them after the scene.
import Dynamics
import Foundation
import SceneFormat
import Rendering

/// Builds overlay primitives from an animator's current state.
///
/// ```swift
/// let overlay = DebugOverlay(layers: [.shapes, .contacts])
/// var state = runner.frameState()
/// state.overlay = overlay.primitives(for: animator, canvasWidth: 320, canvasHeight: 480,
///                                    items: views)
/// ```
public struct DebugOverlay {
    public let layers: DebugLayers
    public init(layers: DebugLayers) { self.layers = layers }

    static let shapeColor = SceneColor(red: 0.1, green: 0.4, blue: 1, alpha: 0.9)
    static let boundaryColor = SceneColor(red: 0.2, green: 0.2, blue: 0.2, alpha: 0.9)
    static let jointColor = SceneColor(red: 0.6, green: 0.1, blue: 0.8, alpha: 0.9)
    static let velocityColor = SceneColor(red: 0, green: 0.6, blue: 0.2, alpha: 0.9)
    static let contactColor = SceneColor(red: 1, green: 0, blue: 0, alpha: 1)

    /// The overlay of `animator` on a canvas of `canvasWidth` x `canvasHeight` points; velocity
    /// arrows are drawn for `items` (in that order) that the animator moves.
    public func primitives(for animator: DynamicAnimator, canvasWidth w: Double, canvasHeight h: Double,
                           items: [DynamicItem]) -> [OverlayPrimitive] {
        var out: [OverlayPrimitive] = []
        if layers.contains(.fields) {
            let spacing = max(w, h) / 16
            for field in animator.behaviorTree.compactMap({ $0 as? FieldBehavior }) {
                var samples: [(DrawPoint, CGVector)] = []
                var y = spacing / 2
                while y < h {
                    var x = spacing / 2
                    while x < w {
                        if let v = field.sample(at: CGPoint(x: x, y: y), time: animator.elapsedTime) { samples.append((DrawPoint(x, y), v)) }
                        x += spacing
                    }
                    y += spacing
                }
                let maxMagnitude = samples.map { Double($0.1.length) }.max() ?? 0
                for (p, v) in samples where maxMagnitude > 0 {
                    let m = Double(v.length) / maxMagnitude
                    let len = spacing * 0.8 * m
                    let dir = v.length > 0 ? (Double(v.dx) / Double(v.length), Double(v.dy) / Double(v.length)) : (0, 0)
                    let color = SceneColor(red: m, green: 0.3 * (1 - m), blue: 1 - m, alpha: 0.8)
                    out.append(.arrow(from: p, to: DrawPoint(p.x + dir.0 * len, p.y + dir.1 * len), color: color, width: 1))
                }
                let c = DrawPoint(Double(field.position.x), Double(field.position.y))
                out.append(contentsOf: regionOutline(field.region, center: c))
            }
        }
        let recorder = OverlayRecorder(layers: layers)
        animator.debugDraw(recorder)
        out.append(contentsOf: recorder.primitives)
        if layers.contains(.velocity) {
            for item in items where animator.contains(item) {
                let v = animator.linearVelocity(of: item)
                guard v.length > 1 else { continue }
                let c = item.center
                // 0.1 s of motion.
                out.append(.arrow(from: DrawPoint(Double(c.x), Double(c.y)),
                                  to: DrawPoint(Double(c.x + v.dx * 0.1), Double(c.y + v.dy * 0.1)), color: Self.velocityColor, width: 1.5))
            }
        }
        out.append(contentsOf: recorder.contacts)
        return out
    }

    func regionOutline(_ region: Region, center c: DrawPoint) -> [OverlayPrimitive] {
        let color = SceneColor(red: 0.9, green: 0.5, blue: 0, alpha: 0.8)
        switch region {
        case .radius(let r): return [.circle(center: c, radius: Double(r), color: color, width: 1)]
        case .size(let s):
            let hw = Double(s.width) / 2, hh = Double(s.height) / 2
            return [.polyline(points: [DrawPoint(c.x - hw, c.y - hh), DrawPoint(c.x + hw, c.y - hh), DrawPoint(c.x + hw, c.y + hh),
                                       DrawPoint(c.x - hw, c.y + hh)], closed: true, color: color, width: 1)]
        case .inverse(let r): return regionOutline(r, center: c)
        case .union(let a, let b), .intersection(let a, let b), .difference(let a, let b):
            return regionOutline(a, center: c) + regionOutline(b, center: c)
        case .infinite, .empty: return []
        }
    }
}
