// Design note: time of impact by conservative advancement on a separating axis, as Box2D 2.x
// computes it (Catto, "Continuous Collision", GDC 2013). Both bodies sweep linearly in
// position and angle over [0, 1]; at the current time t1 GJK gives the distance and a
// separating axis (two points, or a face of one shape and a point of the other); the deepest
// points along that axis at the end of the interval are pushed back by a root finder (secant
// and bisection in turn) to where their separation equals the target, which becomes the new
// t1. The target keeps the core shapes a little apart: max(slop, radii - 3 slop), within a
// quarter slop; so the solver's skins still overlap at the time of impact.
import Foundation

/// A body's motion over a step: center of mass and angle from (c0, a0) at alpha0 to (c, a).
struct Sweep {
    var localCenter: Vec2
    var c0: Vec2
    var c: Vec2
    var a0: Double
    var a: Double
    var alpha0 = 0.0

    /// The body-origin transform at `beta` in [0, 1] of the remaining interval.
    @inline(__always) func transform(at beta: Double) -> Transform {
        let p = (1 - beta) * c0 + beta * c
        let q = Rot(angle: (1 - beta) * a0 + beta * a)
        return Transform(p: p - q.apply(localCenter), q: q)
    }

    /// Moves the start of the sweep to `alpha` (of the whole step).
    mutating func advance(to alpha: Double) {
        let beta = (alpha - alpha0) / (1 - alpha0)
        c0 = (1 - beta) * c0 + beta * c
        a0 = (1 - beta) * a0 + beta * a
        alpha0 = alpha
    }
}

/// How a time-of-impact query ended.
enum TimeOfImpactState {
    case failed, overlapped, touching, separated
}

/// The separating axis the root finder follows (Box2D's b2SeparationFunction).
private struct SeparationFunction {
    enum Kind { case points, faceA, faceB }
    let a: DistanceProxy, b: DistanceProxy
    let sweepA: Sweep, sweepB: Sweep
    var kind = Kind.points
    var localPoint = Vec2.zero
    var axis = Vec2.zero

    init(cache: SimplexCache, _ a: DistanceProxy, _ sweepA: Sweep, _ b: DistanceProxy, _ sweepB: Sweep, t1: Double) {
        self.a = a; self.b = b; self.sweepA = sweepA; self.sweepB = sweepB
        let xfA = sweepA.transform(at: t1), xfB = sweepB.transform(at: t1)
        if cache.count == 1 {
            kind = .points
            let pA = xfA.apply(a.vertices[cache.indexA.0]), pB = xfB.apply(b.vertices[cache.indexB.0])
            axis = (pB - pA).normalized
        } else if cache.indexA.0 == cache.indexA.1 {
            // Two points on B, one on A.
            kind = .faceB
            let b1 = b.vertices[cache.indexB.0], b2 = b.vertices[cache.indexB.1]
            axis = (b2 - b1).rightPerp.normalized
            let normal = xfB.q.apply(axis)
            localPoint = 0.5 * (b1 + b2)
            let pB = xfB.apply(localPoint), pA = xfA.apply(a.vertices[cache.indexA.0])
            if dot(pA - pB, normal) < 0 { axis = -axis }
        } else {
            // Two points on A, one or two on B.
            kind = .faceA
            let a1 = a.vertices[cache.indexA.0], a2 = a.vertices[cache.indexA.1]
            axis = (a2 - a1).rightPerp.normalized
            let normal = xfA.q.apply(axis)
            localPoint = 0.5 * (a1 + a2)
            let pA = xfA.apply(localPoint), pB = xfB.apply(b.vertices[cache.indexB.0])
            if dot(pB - pA, normal) < 0 { axis = -axis }
        }
    }

    /// The deepest points along the axis at t and their separation.
    func findMinSeparation(_ t: Double) -> (indexA: Int, indexB: Int, separation: Double) {
        let xfA = sweepA.transform(at: t), xfB = sweepB.transform(at: t)
        switch kind {
        case .points:
            let iA = a.support(xfA.q.applyInverse(axis)), iB = b.support(xfB.q.applyInverse(-axis))
            return (iA, iB, dot(xfB.apply(b.vertices[iB]) - xfA.apply(a.vertices[iA]), axis))
        case .faceA:
            let normal = xfA.q.apply(axis), pA = xfA.apply(localPoint)
            let iB = b.support(xfB.q.applyInverse(-normal))
            return (-1, iB, dot(xfB.apply(b.vertices[iB]) - pA, normal))
        case .faceB:
            let normal = xfB.q.apply(axis), pB = xfB.apply(localPoint)
            let iA = a.support(xfA.q.applyInverse(-normal))
            return (iA, -1, dot(xfA.apply(a.vertices[iA]) - pB, normal))
        }
    }

    /// The separation of given points along the axis at t.
    func evaluate(_ iA: Int, _ iB: Int, _ t: Double) -> Double {
        let xfA = sweepA.transform(at: t), xfB = sweepB.transform(at: t)
        switch kind {
        case .points:
            return dot(xfB.apply(b.vertices[iB]) - xfA.apply(a.vertices[iA]), axis)
        case .faceA:
            return dot(xfB.apply(b.vertices[iB]) - xfA.apply(localPoint), xfA.q.apply(axis))
        case .faceB:
            return dot(xfA.apply(a.vertices[iA]) - xfB.apply(localPoint), xfB.q.apply(axis))
        }
    }
}

/// The first time in [0, 1] at which two swept shapes come within the target distance.
func timeOfImpact(_ a: DistanceProxy, _ sweepA: Sweep, _ b: DistanceProxy, _ sweepB: Sweep,
                  linearSlop: Double) -> (state: TimeOfImpactState, t: Double) {
    let totalRadius = a.radius + b.radius
    let target = max(linearSlop, totalRadius - 3 * linearSlop)
    let tolerance = 0.25 * linearSlop
    let maxPushBacks = max(8, max(a.vertices.count, b.vertices.count))
    var t1 = 0.0
    var cache = SimplexCache()
    for _ in 0..<20 {
        let xfA = sweepA.transform(at: t1), xfB = sweepB.transform(at: t1)
        let d = shapeDistance(a, xfA, b, xfB, cache: &cache).distance
        // Overlapping cores: continuous collision gives up, the contact solver takes over.
        if d <= 0 { return (.overlapped, 0) }
        if d < target + tolerance { return (.touching, t1) }
        let fcn = SeparationFunction(cache: cache, a, sweepA, b, sweepB, t1: t1)
        var t2 = 1.0
        for _ in 0..<maxPushBacks {
            let (iA, iB, deepest) = fcn.findMinSeparation(t2)
            var s2 = deepest
            if s2 > target + tolerance { return (.separated, 1) }
            if s2 > target - tolerance { t1 = t2; break }
            var s1 = fcn.evaluate(iA, iB, t1)
            if s1 < target - tolerance { return (.failed, t1) }
            if s1 <= target + tolerance { return (.touching, t1) }
            // Root of s(t) = target between t1 and t2: secant and bisection in turn.
            var a1 = t1, a2 = t2
            for k in 0..<50 {
                let t = k & 1 == 1 ? a1 + (target - s1) * (a2 - a1) / (s2 - s1) : 0.5 * (a1 + a2)
                let s = fcn.evaluate(iA, iB, t)
                if abs(s - target) < tolerance { t2 = t; break }
                if s > target { a1 = t; s1 = s } else { a2 = t; s2 = s }
            }
        }
    }
    // The root finder got stuck: semi-victory.
    return (.failed, t1)
}
