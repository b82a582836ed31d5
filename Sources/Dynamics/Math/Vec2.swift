// Design note: plain value types for 2D math, all inlinable so the solver's hot loops compile
// to straight scalar code. Doubles everywhere: the engine works in metres (100 pt = 1 m) and
// double precision keeps far-from-origin anchors exact enough without Box2D's float tricks.
import Foundation

/// A 2D vector in engine units (metres) or points, depending on the layer.
public struct Vec2: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    @inlinable public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public static let zero = Vec2(0, 0)

    @inlinable public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    @inlinable public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    @inlinable public static func * (s: Double, a: Vec2) -> Vec2 { Vec2(s * a.x, s * a.y) }
    @inlinable public static func * (a: Vec2, s: Double) -> Vec2 { Vec2(s * a.x, s * a.y) }
    @inlinable public static func / (a: Vec2, s: Double) -> Vec2 { Vec2(a.x / s, a.y / s) }
    @inlinable public static func += (a: inout Vec2, b: Vec2) { a.x += b.x; a.y += b.y }
    @inlinable public static func -= (a: inout Vec2, b: Vec2) { a.x -= b.x; a.y -= b.y }

    @inlinable public var length: Double { (x * x + y * y).squareRoot() }
    @inlinable public var lengthSquared: Double { x * x + y * y }
    /// The unit vector, or zero for a (near) zero vector.
    @inlinable public var normalized: Vec2 {
        let l = length
        return l < 1e-12 ? .zero : Vec2(x / l, y / l)
    }
    /// Counter-clockwise perpendicular in a y-up frame: (-y, x).
    @inlinable public var leftPerp: Vec2 { Vec2(-y, x) }
    /// (y, -x).
    @inlinable public var rightPerp: Vec2 { Vec2(y, -x) }
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }
    public var description: String { "(\(x), \(y))" }
}

@inlinable public func dot(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.x + a.y * b.y }
@inlinable public func cross(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.y - a.y * b.x }
/// cross(w, v) for a scalar angular velocity w: w x v = (-w v.y, w v.x).
@inlinable public func cross(_ w: Double, _ v: Vec2) -> Vec2 { Vec2(-w * v.y, w * v.x) }
@inlinable public func distance(_ a: Vec2, _ b: Vec2) -> Double { (a - b).length }
@inlinable public func lerp(_ a: Vec2, _ b: Vec2, _ t: Double) -> Vec2 { Vec2(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)) }
@inlinable public func minVec(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(Swift.min(a.x, b.x), Swift.min(a.y, b.y)) }
@inlinable public func maxVec(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(Swift.max(a.x, b.x), Swift.max(a.y, b.y)) }

/// A rotation stored as cosine and sine (Box2D's b2Rot), so composing and applying
/// rotations needs no trigonometry in the step.
public struct Rot: Equatable, Sendable {
    public var c: Double
    public var s: Double
    @inlinable public init(c: Double, s: Double) { self.c = c; self.s = s }
    @inlinable public init(angle: Double) { c = cos(angle); s = sin(angle) }
    public static let identity = Rot(c: 1, s: 0)
    @inlinable public var angle: Double { atan2(s, c) }

    @inlinable public func apply(_ v: Vec2) -> Vec2 { Vec2(c * v.x - s * v.y, s * v.x + c * v.y) }
    @inlinable public func applyInverse(_ v: Vec2) -> Vec2 { Vec2(c * v.x + s * v.y, -s * v.x + c * v.y) }
    /// self * other: apply other first, then self.
    @inlinable public func compose(_ q: Rot) -> Rot { Rot(c: c * q.c - s * q.s, s: s * q.c + c * q.s) }
    /// inverse(self) * other.
    @inlinable public func inverseCompose(_ q: Rot) -> Rot { Rot(c: c * q.c + s * q.s, s: c * q.s - s * q.c) }

    /// Advances by angle w*h with the first-order update Box2D v3 uses, renormalised.
    @inlinable public func integrated(by deltaAngle: Double) -> Rot {
        let c2 = c - deltaAngle * s
        let s2 = s + deltaAngle * c
        let mag = (c2 * c2 + s2 * s2).squareRoot()
        let inv = mag > 0 ? 1 / mag : 0
        return Rot(c: c2 * inv, s: s2 * inv)
    }
    /// The relative angle of b with respect to a, in (-pi, pi].
    @inlinable public static func relativeAngle(_ b: Rot, _ a: Rot) -> Double {
        let s = b.s * a.c - b.c * a.s
        let c = b.c * a.c + b.s * a.s
        return atan2(s, c)
    }
}

/// A rigid transform: rotation then translation.
public struct Transform: Equatable, Sendable {
    public var p: Vec2
    public var q: Rot
    @inlinable public init(p: Vec2, q: Rot) { self.p = p; self.q = q }
    public static let identity = Transform(p: .zero, q: .identity)
    @inlinable public func apply(_ v: Vec2) -> Vec2 { q.apply(v) + p }
    @inlinable public func applyInverse(_ v: Vec2) -> Vec2 { q.applyInverse(v - p) }
    /// inverse(self) * b: b expressed in self's frame.
    @inlinable public func inverseCompose(_ b: Transform) -> Transform {
        Transform(p: q.applyInverse(b.p - p), q: q.inverseCompose(b.q))
    }
}

/// An axis-aligned box.
public struct AABB: Equatable, Sendable {
    public var lower: Vec2
    public var upper: Vec2
    @inlinable public init(lower: Vec2, upper: Vec2) { self.lower = lower; self.upper = upper }
    @inlinable public func overlaps(_ b: AABB) -> Bool {
        !(b.lower.x > upper.x || b.lower.y > upper.y || lower.x > b.upper.x || lower.y > b.upper.y)
    }
    @inlinable public func contains(_ b: AABB) -> Bool {
        lower.x <= b.lower.x && lower.y <= b.lower.y && b.upper.x <= upper.x && b.upper.y <= upper.y
    }
    @inlinable public func union(_ b: AABB) -> AABB { AABB(lower: minVec(lower, b.lower), upper: maxVec(upper, b.upper)) }
    @inlinable public var perimeter: Double { 2 * ((upper.x - lower.x) + (upper.y - lower.y)) }
    @inlinable public func expanded(by m: Double) -> AABB { AABB(lower: Vec2(lower.x - m, lower.y - m), upper: Vec2(upper.x + m, upper.y + m)) }
    @inlinable public var center: Vec2 { 0.5 * (lower + upper) }
}
