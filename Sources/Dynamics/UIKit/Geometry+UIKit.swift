// Design note: the UIKit-style API speaks Core Graphics types in points (y down, radians,
// positive = clockwise on screen), so recipes port by renaming. Foundation on Linux has
// CGPoint, CGSize and CGRect but not CGVector, which is defined here. Conversions to the
// engine's metres (100 pt = 1 m, the ratio Apple's PhysicsKit uses) live in one place.
import Foundation

#if !canImport(CoreGraphics)
/// A 2D vector (Core Graphics' CGVector, missing from Foundation on Linux).
public struct CGVector: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The x component.
    public var dx: CGFloat
    /// The y component (positive = down in the UIKit-style API).
    public var dy: CGFloat
    /// Creates a vector from its components.
    public init(dx: CGFloat, dy: CGFloat) { self.dx = dx; self.dy = dy }
    /// The vector (0, 0).
    public static let zero = CGVector(dx: 0, dy: 0)
    public var description: String { "(\(dx), \(dy))" }
}
#endif

/// Points per engine metre.
public let pointsPerMeter = 100.0

extension Vec2 {
    /// Engine metres from a point in UIKit points.
    init(points p: CGPoint) { self.init(Double(p.x) / pointsPerMeter, Double(p.y) / pointsPerMeter) }
    init(points v: CGVector) { self.init(Double(v.dx) / pointsPerMeter, Double(v.dy) / pointsPerMeter) }
    /// This engine vector in points.
    var cgPoint: CGPoint { CGPoint(x: x * pointsPerMeter, y: y * pointsPerMeter) }
    var cgVector: CGVector { CGVector(dx: x * pointsPerMeter, dy: y * pointsPerMeter) }
}

extension CGPoint {
    static func + (a: CGPoint, b: CGVector) -> CGPoint { CGPoint(x: a.x + b.dx, y: a.y + b.dy) }
    static func - (a: CGPoint, b: CGPoint) -> CGVector { CGVector(dx: a.x - b.x, dy: a.y - b.y) }
    static func - (a: CGPoint, b: CGVector) -> CGPoint { CGPoint(x: a.x - b.dx, y: a.y - b.dy) }
}

extension CGVector {
    /// Length in the vector's own units.
    public var length: CGFloat { (dx * dx + dy * dy).squareRoot() }
}
