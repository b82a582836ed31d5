// Design note: plain value types for 2D math, all inlinable so the solver's hot loops compile
// to straight scalar code. Doubles everywhere: the engine works in metres (100 pt = 1 m) and
// double precision keeps far-from-origin anchors exact enough without Box2D's float tricks.
import CPUHints
import Foundation

/// A 2D vector in engine units (metres) or points, depending on the layer.
struct Vec2: Equatable, Hashable, Sendable, CustomStringConvertible {
    var x: Double
    var y: Double

    init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    static let zero = Vec2(0, 0)

    static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    static func * (s: Double, a: Vec2) -> Vec2 { Vec2(s * a.x, s * a.y) }
    static func * (a: Vec2, s: Double) -> Vec2 { Vec2(s * a.x, s * a.y) }
    static func / (a: Vec2, s: Double) -> Vec2 { Vec2(a.x / s, a.y / s) }
    static func += (a: inout Vec2, b: Vec2) { a.x += b.x; a.y += b.y }
    static func -= (a: inout Vec2, b: Vec2) { a.x -= b.x; a.y -= b.y }

    var length: Double { (x * x + y * y).squareRoot() }
    var lengthSquared: Double { x * x + y * y }
    /// The unit vector, or zero for a (near) zero vector.
    var normalized: Vec2 {
        let l = length
        return l < 1e-12 ? .zero : Vec2(x / l, y / l)
    }
    /// Counter-clockwise perpendicular in a y-up frame: (-y, x).
    var leftPerp: Vec2 { Vec2(-y, x) }
    /// (y, -x).
    var rightPerp: Vec2 { Vec2(y, -x) }
    var isFinite: Bool { x.isFinite && y.isFinite }
    var description: String { "(\(x), \(y))" }
}

func dot(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.x + a.y * b.y }
func cross(_ a: Vec2, _ b: Vec2) -> Double { a.x * b.y - a.y * b.x }
/// cross(w, v) for a scalar angular velocity w: w x v = (-w v.y, w v.x).
func cross(_ w: Double, _ v: Vec2) -> Vec2 { Vec2(-w * v.y, w * v.x) }
func distance(_ a: Vec2, _ b: Vec2) -> Double { (a - b).length }
func lerp(_ a: Vec2, _ b: Vec2, _ t: Double) -> Vec2 { Vec2(a.x + t * (b.x - a.x), a.y + t * (b.y - a.y)) }
func minVec(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(Swift.min(a.x, b.x), Swift.min(a.y, b.y)) }
func maxVec(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(Swift.max(a.x, b.x), Swift.max(a.y, b.y)) }

/// A rotation stored as cosine and sine (Box2D's b2Rot), so composing and applying
/// rotations needs no trigonometry in the step.
struct Rot: Equatable, Sendable {
    var c: Double
    var s: Double
    init(c: Double, s: Double) { self.c = c; self.s = s }
    init(angle: Double) {
        var sine = 0.0, cosine = 0.0
        animatic_sincos(angle, &sine, &cosine)
        c = cosine; s = sine
    }
    static let identity = Rot(c: 1, s: 0)
    var angle: Double { atan2(s, c) }

    func apply(_ v: Vec2) -> Vec2 { Vec2(c * v.x - s * v.y, s * v.x + c * v.y) }
    func applyInverse(_ v: Vec2) -> Vec2 { Vec2(c * v.x + s * v.y, -s * v.x + c * v.y) }
    /// self * other: apply other first, then self.
    func compose(_ q: Rot) -> Rot { Rot(c: c * q.c - s * q.s, s: s * q.c + c * q.s) }
    /// inverse(self) * other.
    func inverseCompose(_ q: Rot) -> Rot { Rot(c: c * q.c + s * q.s, s: c * q.s - s * q.c) }

    /// Advances by angle w*h with the first-order update Box2D v3 uses, renormalised.
    func integrated(by deltaAngle: Double) -> Rot {
        let c2 = c - deltaAngle * s
        let s2 = s + deltaAngle * c
        let mag = (c2 * c2 + s2 * s2).squareRoot()
        let inv = mag > 0 ? 1 / mag : 0
        return Rot(c: c2 * inv, s: s2 * inv)
    }
    /// The relative angle of b with respect to a, in (-pi, pi].
    static func relativeAngle(_ b: Rot, _ a: Rot) -> Double {
        let s = b.s * a.c - b.c * a.s
        let c = b.c * a.c + b.s * a.s
        return atan2(s, c)
    }
}

/// A rigid transform: rotation then translation.
struct Transform: Equatable, Sendable {
    var p: Vec2
    var q: Rot
    init(p: Vec2, q: Rot) { self.p = p; self.q = q }
    static let identity = Transform(p: .zero, q: .identity)
    func apply(_ v: Vec2) -> Vec2 { q.apply(v) + p }
    func applyInverse(_ v: Vec2) -> Vec2 { q.applyInverse(v - p) }
    /// inverse(self) * b: b expressed in self's frame.
    func inverseCompose(_ b: Transform) -> Transform {
        Transform(p: q.applyInverse(b.p - p), q: q.inverseCompose(b.q))
    }
}

/// An axis-aligned box.
struct AABB: Equatable, Sendable {
    var lower: Vec2
    var upper: Vec2
    init(lower: Vec2, upper: Vec2) { self.lower = lower; self.upper = upper }
    func overlaps(_ b: AABB) -> Bool {
        !(b.lower.x > upper.x || b.lower.y > upper.y || lower.x > b.upper.x || lower.y > b.upper.y)
    }
    func contains(_ b: AABB) -> Bool {
        lower.x <= b.lower.x && lower.y <= b.lower.y && b.upper.x <= upper.x && b.upper.y <= upper.y
    }
    func union(_ b: AABB) -> AABB { AABB(lower: minVec(lower, b.lower), upper: maxVec(upper, b.upper)) }
    var perimeter: Double { 2 * ((upper.x - lower.x) + (upper.y - lower.y)) }
    func expanded(by m: Double) -> AABB { AABB(lower: Vec2(lower.x - m, lower.y - m), upper: Vec2(upper.x + m, upper.y + m)) }
    var center: Vec2 { 0.5 * (lower + upper) }
}
