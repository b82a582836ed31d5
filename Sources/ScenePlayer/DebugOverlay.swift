// Design note: the debug overlay, like UIKit's private `debugEnabled` but for every layer:
// a grid of arrows sampling each field (length and color by magnitude) with its region
// outline, collision shapes, boundaries, attachment and snap lines with anchors, velocity
// vectors and contact points. It reads the animator's state and emits overlay primitives;
// the renderer draws them after the scene.
import Dynamics
import Foundation
import SceneFormat
import Rendering

/// Which debug layers to draw.
public struct DebugLayers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let fields = DebugLayers(rawValue: 1)
    public static let shapes = DebugLayers(rawValue: 2)
    public static let boundaries = DebugLayers(rawValue: 4)
    public static let joints = DebugLayers(rawValue: 8)
    public static let velocity = DebugLayers(rawValue: 16)
    public static let contacts = DebugLayers(rawValue: 32)
    public static let all: DebugLayers = [.fields, .shapes, .boundaries, .joints, .velocity, .contacts]
    static let names: [(String, DebugLayers)] = [("fields", .fields), ("shapes", .shapes), ("boundaries", .boundaries),
                                                 ("joints", .joints), ("velocity", .velocity), ("contacts", .contacts), ("all", .all)]

    /// Parses "fields,shapes" or "all".
    public init(parsing text: String) throws {
        var layers: DebugLayers = []
        for part in text.split(separator: ",") {
            guard let match = Self.names.first(where: { $0.0 == part }) else {
                throw SceneRunError(message: "unknown debug layer '\(part)' (fields, shapes, boundaries, joints, velocity, contacts, all)")
            }
            layers.insert(match.1)
        }
        self = layers
    }
}

/// Builds overlay primitives from a runner's current state.
public struct DebugOverlay {
    public let layers: DebugLayers
    public init(layers: DebugLayers) { self.layers = layers }

    static let shapeColor = RGBA(red: 0.1, green: 0.4, blue: 1, alpha: 0.9)
    static let boundaryColor = RGBA(red: 0.2, green: 0.2, blue: 0.2, alpha: 0.9)
    static let jointColor = RGBA(red: 0.6, green: 0.1, blue: 0.8, alpha: 0.9)
    static let velocityColor = RGBA(red: 0, green: 0.6, blue: 0.2, alpha: 0.9)
    static let contactColor = RGBA(red: 1, green: 0, blue: 0, alpha: 1)

    public func primitives(for runner: SceneRunner) -> [OverlayPrimitive] {
        let animator = runner.animator
        var out: [OverlayPrimitive] = []
        if layers.contains(.fields) {
            let w = runner.scene.canvas.width, h = runner.scene.canvas.height
            let spacing = max(w, h) / 16
            for field in runner.allLiveBehaviors().compactMap({ $0 as? FieldBehavior }) {
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
                    let color = RGBA(red: m, green: 0.3 * (1 - m), blue: 1 - m, alpha: 0.8)
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
            for item in runner.items where !item.removed && animator.contains(item.view) {
                let v = animator.linearVelocity(of: item.view)
                guard v.length > 1 else { continue }
                let c = item.view.center
                // 0.1 s of motion.
                out.append(.arrow(from: DrawPoint(Double(c.x), Double(c.y)),
                                  to: DrawPoint(Double(c.x + v.dx * 0.1), Double(c.y + v.dy * 0.1)), color: Self.velocityColor, width: 1.5))
            }
        }
        out.append(contentsOf: recorder.contacts)
        return out
    }

    func regionOutline(_ region: Region, center c: DrawPoint) -> [OverlayPrimitive] {
        let color = RGBA(red: 0.9, green: 0.5, blue: 0, alpha: 0.8)
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

/// Turns the animator's debug drawing into overlay primitives.
final class OverlayRecorder: DebugDraw {
    let layers: DebugLayers
    private(set) var primitives: [OverlayPrimitive] = []
    private var contactPoints: [OverlayPrimitive] = []

    init(layers: DebugLayers) { self.layers = layers }

    var options: DebugDrawOptions {
        var o: DebugDrawOptions = []
        if layers.contains(.shapes) { o.insert(.shapes) }
        if layers.contains(.boundaries) { o.insert(.staticShapes) }
        if layers.contains(.joints) { o.insert(.joints) }
        if layers.contains(.contacts) { o.insert(.contacts) }
        return o
    }

    func drawShape(_ outline: DebugOutline, isStatic: Bool) {
        let color = isStatic ? DebugOverlay.boundaryColor : DebugOverlay.shapeColor
        switch outline {
        case .circle(let c, let r):
            primitives.append(.circle(center: DrawPoint(Double(c.x), Double(c.y)), radius: Double(r), color: color, width: 1))
        case .polygon(let points):
            primitives.append(.polyline(points: points.map { DrawPoint(Double($0.x), Double($0.y)) }, closed: points.count > 2,
                                        color: color, width: isStatic ? 2 : 1))
        }
    }

    func drawJoint(from a: CGPoint, to b: CGPoint) {
        let pa = DrawPoint(Double(a.x), Double(a.y)), pb = DrawPoint(Double(b.x), Double(b.y))
        primitives.append(.line(from: pa, to: pb, color: DebugOverlay.jointColor, width: 1.5))
        primitives.append(.dot(center: pa, radius: 3, color: DebugOverlay.jointColor))
        primitives.append(.dot(center: pb, radius: 2, color: DebugOverlay.jointColor))
    }

    func drawContactPoint(_ p: CGPoint) {
        // Contacts go on top of everything else the overlay draws.
        contactPoints.append(.dot(center: DrawPoint(Double(p.x), Double(p.y)), radius: 3, color: DebugOverlay.contactColor))
    }

    var contacts: [OverlayPrimitive] { contactPoints }
}
