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
            // Rows and columns every `spacing` from half a spacing in; a side shorter than half a
            // spacing (a canvas over 32 times wider than high) gets one line through its middle.
            let xs = Self.gridLine(length: w, spacing: spacing), ys = Self.gridLine(length: h, spacing: spacing)
            for field in animator.behaviorTree.compactMap({ $0 as? FieldBehavior }) {
                var samples: [(DrawPoint, FieldArrow)] = []
                for y in ys {
                    for x in xs {
                        guard let v = field.sample(at: CGPoint(x: x, y: y), time: animator.elapsedTime),
                              let arrow = FieldArrow(Double(v.dx), Double(v.dy)) else { continue }
                        samples.append((DrawPoint(x, y), arrow))
                    }
                }
                // Scaled by the largest finite magnitude; an infinite one is drawn full length.
                let maxMagnitude = samples.map(\.1.magnitude).filter(\.isFinite).max() ?? 0
                let anyInfinite = samples.contains { !$0.1.magnitude.isFinite }
                for (p, arrow) in samples where maxMagnitude > 0 || anyInfinite {
                    let m = arrow.magnitude.isFinite ? (maxMagnitude > 0 ? arrow.magnitude / maxMagnitude : 0) : 1
                    let len = spacing * 0.8 * m
                    let color = SceneColor(red: m, green: 0.3 * (1 - m), blue: 1 - m, alpha: 0.8)
                    out.append(.arrow(from: p, to: DrawPoint(p.x + arrow.direction.0 * len, p.y + arrow.direction.1 * len),
                                      color: color, width: 1))
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

    /// The sample positions along a side of `length`: every `spacing` from half a spacing
    /// in, or the middle alone when the side is shorter than that.
    static func gridLine(length: Double, spacing: Double) -> [Double] {
        guard spacing > 0, spacing.isFinite, length > 0 else { return [] }
        let line = Array(stride(from: spacing / 2, to: length, by: spacing))
        return line.isEmpty ? [length / 2] : line
    }

    /// A field sample as an arrow: its magnitude (infinite where a component is) and unit
    /// direction ((0, 0) for a zero sample). Nil for a sample with a NaN component.
    /// Measured without overflow: components of 1e168 squared are infinite, and the field's
    /// own `length` then gave inf / inf = NaN, a NaN arrow the renderer refused (exit 1).
    struct FieldArrow {
        let magnitude: Double
        let direction: (Double, Double)

        init?(_ dx: Double, _ dy: Double) {
            guard !dx.isNaN, !dy.isNaN else { return nil }
            if dx.isInfinite || dy.isInfinite {
                let ux: Double = dx.isInfinite ? (dx > 0 ? 1 : -1) : 0, uy: Double = dy.isInfinite ? (dy > 0 ? 1 : -1) : 0
                let norm = (ux * ux + uy * uy).squareRoot()
                magnitude = .infinity
                direction = (ux / norm, uy / norm)
                return
            }
            let length = hypot(dx, dy)
            guard length > 0 else {
                // Still drawn (as the zero-length arrow it always was).
                magnitude = 0
                direction = (0, 0)
                return
            }
            // hypot stays finite where dx * dx would not; the direction is then divided
            // component by component (finite over finite).
            magnitude = length
            direction = length.isFinite ? (dx / length, dy / length) : {
                let k = max(abs(dx), abs(dy)), sx = dx / k, sy = dy / k, n = hypot(sx, sy)
                return (sx / n, sy / n)
            }()
        }
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
