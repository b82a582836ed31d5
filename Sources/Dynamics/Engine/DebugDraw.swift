// Design note: a debug-draw interface in the style of Box2D's b2DebugDraw. The world walks
// its own arrays (shapes in creation order, joints, touching contact points) and hands each
// thing to the receiver in reference points, so a debug overlay sees the engine's state
// without reaching into it, and can never change it.
import Foundation

/// What a debug receiver wants drawn.
public struct DebugDrawOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Collision shapes of moving bodies (items).
    public static let shapes = DebugDrawOptions(rawValue: 1)
    /// Static shapes (boundaries, anchored items).
    public static let staticShapes = DebugDrawOptions(rawValue: 2)
    /// Joint anchors and the line between them.
    public static let joints = DebugDrawOptions(rawValue: 4)
    /// Points of touching contacts.
    public static let contacts = DebugDrawOptions(rawValue: 8)
}

/// A collision outline as drawn.
public enum DebugOutline: Equatable, Sendable {
    /// A polygon (two points: a segment).
    case polygon([CGPoint])
    case circle(center: CGPoint, radius: CGFloat)
    /// A boundary as its collision behavior describes it: a polyline, closed or open.
    case path([CGPoint], closed: Bool)
}

/// Receives the engine's state for drawing (Box2D's b2DebugDraw), in points.
public protocol DebugDraw: AnyObject {
    var options: DebugDrawOptions { get }
    /// A shape's outline at its body's current transform; `isStatic` for boundaries.
    func drawShape(_ outline: DebugOutline, isStatic: Bool)
    /// A joint from its anchor on the first body to its anchor on the second.
    func drawJoint(from anchorA: CGPoint, to anchorB: CGPoint)
    /// A point where two shapes touch.
    func drawContactPoint(_ point: CGPoint)
}

extension World {
    /// Hands the world's shapes, joints and contact points to `draw`, converting metres to
    /// points at `pointsPerMetre`.
    public func debugDraw(_ draw: DebugDraw, pointsPerMetre scale: Double) {
        debugDraw(draw, pointsPerMetre: scale, skippingShapes: { _ in false })
    }

    /// `debugDraw(_:pointsPerMetre:)` without the shapes whose user data `skipsShape` says
    /// to leave out (a caller that draws those its own way).
    func debugDraw(_ draw: DebugDraw, pointsPerMetre scale: Double, skippingShapes skipsShape: (_ userData: Int) -> Bool) {
        let options = draw.options
        func pt(_ v: Vec2) -> CGPoint { CGPoint(x: v.x * scale, y: v.y * scale) }
        if !options.isDisjoint(with: [.shapes, .staticShapes]) {
            for s in shapes.indices where shapes[s].alive && !skipsShape(shapes[s].userData) {
                let body = bodies[shapes[s].body]
                let isStatic = body.type == .staticBody
                guard options.contains(isStatic ? .staticShapes : .shapes) else { continue }
                let xf = body.transform
                switch shapeGeometry[s] {
                case .circle(let c, let r):
                    draw.drawShape(.circle(center: pt(xf.apply(c)), radius: CGFloat(r * scale)), isStatic: isStatic)
                case .polygon(let p):
                    draw.drawShape(.polygon(p.vertices.map { pt(xf.apply($0)) }), isStatic: isStatic)
                }
            }
        }
        if options.contains(.joints) {
            for j in joints.indices where joints[j].alive {
                let (a, b) = jointAnchors(JointID(index: j))
                draw.drawJoint(from: pt(a), to: pt(b))
            }
        }
        if options.contains(.contacts) {
            for c in contacts where c.touching && c.solid {
                for k in 0..<c.manifold.count where c.manifold[k].separation < EngineConstants.linearSlop {
                    draw.drawContactPoint(pt(c.manifold[k].point))
                }
            }
        }
    }
}
