// Design note: the overlay's side of the engine's debug-draw protocol (in the manner of
// Box2D's b2DebugDraw): the animator calls back with outlines, joints and contact points in
// points, and the recorder turns them into overlay primitives in the layers asked for.
import Dynamics
import Foundation
import Rendering
import SceneFormat

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
        case .path(let points, let closed):
            primitives.append(.polyline(points: points.map { DrawPoint(Double($0.x), Double($0.y)) }, closed: closed && points.count > 2,
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
