// Design note: the distance between two convex shapes by the Gilbert-Johnson-Keerthi
// algorithm, in the form Box2D 2.x uses (Catto, "Computing Distance", GDC 2010): a simplex of
// up to three support points of the Minkowski difference B - A is moved toward the origin,
// using Voronoi regions of its vertices and edges; the search stops when a support point
// repeats. A cache of the simplex's vertex indices warm starts the next query, which is what
// the time-of-impact root finder relies on: it asks for the distance many times along a sweep.
// Shapes are point clouds with a radius (a polygon's skin, a circle's radius); the radii are
// left out (the time of impact wants the core shapes) unless asked.
import Foundation

/// A convex shape as GJK sees it: vertices in the body frame and a radius.
struct DistanceProxy {
    var vertices: [Vec2]
    var radius: Double

    /// Index of the vertex farthest along `d`.
    @inline(__always) func support(_ d: Vec2) -> Int {
        var best = 0
        var bestValue = dot(vertices[0], d)
        for i in 1..<vertices.count {
            let v = dot(vertices[i], d)
            if v > bestValue { best = i; bestValue = v }
        }
        return best
    }
}

/// The simplex indices kept between distance queries.
struct SimplexCache {
    var metric = 0.0
    var count = 0
    var indexA: (Int, Int, Int) = (0, 0, 0)
    var indexB: (Int, Int, Int) = (0, 0, 0)
}

/// One support point of the Minkowski difference.
private struct SimplexVertex {
    var wA = Vec2.zero
    var wB = Vec2.zero
    var w = Vec2.zero
    var a = 0.0
    var indexA = 0
    var indexB = 0
}

private struct Simplex {
    var v1 = SimplexVertex(), v2 = SimplexVertex(), v3 = SimplexVertex()
    var count = 0

    subscript(i: Int) -> SimplexVertex {
        get { i == 0 ? v1 : (i == 1 ? v2 : v3) }
        set { if i == 0 { v1 = newValue } else if i == 1 { v2 = newValue } else { v3 = newValue } }
    }

    var metric: Double {
        switch count {
        case 2: return distance(v1.w, v2.w)
        case 3: return cross(v2.w - v1.w, v3.w - v1.w)
        default: return 0
        }
    }

    mutating func read(_ cache: SimplexCache, _ a: DistanceProxy, _ xfA: Transform, _ b: DistanceProxy, _ xfB: Transform) {
        count = cache.count
        let ia = [cache.indexA.0, cache.indexA.1, cache.indexA.2], ib = [cache.indexB.0, cache.indexB.1, cache.indexB.2]
        for i in 0..<count {
            var v = SimplexVertex()
            v.indexA = ia[i]; v.indexB = ib[i]
            v.wA = xfA.apply(a.vertices[v.indexA]); v.wB = xfB.apply(b.vertices[v.indexB])
            v.w = v.wB - v.wA
            self[i] = v
        }
        // A simplex that changed shape a lot is worth less than a fresh start.
        if count > 1 {
            let m1 = cache.metric, m2 = metric
            if m2 < 0.5 * m1 || 2 * m1 < m2 || m2 < Double.ulpOfOne { count = 0 }
        }
        if count == 0 {
            var v = SimplexVertex()
            v.wA = xfA.apply(a.vertices[0]); v.wB = xfB.apply(b.vertices[0])
            v.w = v.wB - v.wA
            v.a = 1
            v1 = v
            count = 1
        }
    }

    func write(_ cache: inout SimplexCache) {
        cache.metric = metric
        cache.count = count
        cache.indexA = (v1.indexA, v2.indexA, v3.indexA)
        cache.indexB = (v1.indexB, v2.indexB, v3.indexB)
    }

    var searchDirection: Vec2 {
        if count == 1 { return -v1.w }
        let e12 = v2.w - v1.w
        // Toward the origin, perpendicular to the edge.
        return cross(e12, -v1.w) > 0 ? e12.leftPerp : e12.rightPerp
    }

    var witnessPoints: (Vec2, Vec2) {
        switch count {
        case 1: return (v1.wA, v1.wB)
        case 2: return (v1.a * v1.wA + v2.a * v2.wA, v1.a * v1.wB + v2.a * v2.wB)
        default:
            let p = v1.a * v1.wA + v2.a * v2.wA + v3.a * v3.wA
            return (p, p)
        }
    }

    /// The closest point of a segment to the origin, in barycentric coordinates.
    mutating func solve2() {
        let w1 = v1.w, w2 = v2.w, e12 = w2 - w1
        let d12_2 = -dot(w1, e12)
        if d12_2 <= 0 { v1.a = 1; count = 1; return }
        let d12_1 = dot(w2, e12)
        if d12_1 <= 0 { v2.a = 1; count = 1; v1 = v2; return }
        let inv = 1 / (d12_1 + d12_2)
        v1.a = d12_1 * inv; v2.a = d12_2 * inv
        count = 2
    }

    /// The closest feature of a triangle to the origin (vertex, edge or inside).
    mutating func solve3() {
        let w1 = v1.w, w2 = v2.w, w3 = v3.w
        let e12 = w2 - w1, e13 = w3 - w1, e23 = w3 - w2
        let d12_1 = dot(w2, e12), d12_2 = -dot(w1, e12)
        let d13_1 = dot(w3, e13), d13_2 = -dot(w1, e13)
        let d23_1 = dot(w3, e23), d23_2 = -dot(w2, e23)
        let n123 = cross(e12, e13)
        let d123_1 = n123 * cross(w2, w3), d123_2 = n123 * cross(w3, w1), d123_3 = n123 * cross(w1, w2)
        if d12_2 <= 0 && d13_2 <= 0 { v1.a = 1; count = 1; return }
        if d12_1 > 0 && d12_2 > 0 && d123_3 <= 0 {
            let inv = 1 / (d12_1 + d12_2); v1.a = d12_1 * inv; v2.a = d12_2 * inv; count = 2; return
        }
        if d13_1 > 0 && d13_2 > 0 && d123_2 <= 0 {
            let inv = 1 / (d13_1 + d13_2); v1.a = d13_1 * inv; v3.a = d13_2 * inv; count = 2; v2 = v3; return
        }
        if d12_1 <= 0 && d23_2 <= 0 { v2.a = 1; count = 1; v1 = v2; return }
        if d13_1 <= 0 && d23_1 <= 0 { v3.a = 1; count = 1; v1 = v3; return }
        if d23_1 > 0 && d23_2 > 0 && d123_1 <= 0 {
            let inv = 1 / (d23_1 + d23_2); v2.a = d23_1 * inv; v3.a = d23_2 * inv; count = 2; v1 = v3; return
        }
        let inv = 1 / (d123_1 + d123_2 + d123_3)
        v1.a = d123_1 * inv; v2.a = d123_2 * inv; v3.a = d123_3 * inv
        count = 3
    }
}

/// The distance between the core shapes (radii left out), their closest points, and the
/// updated cache.
func shapeDistance(_ a: DistanceProxy, _ xfA: Transform, _ b: DistanceProxy, _ xfB: Transform,
                   cache: inout SimplexCache) -> (distance: Double, pointA: Vec2, pointB: Vec2) {
    var simplex = Simplex()
    simplex.read(cache, a, xfA, b, xfB)
    var saveA = [0, 0, 0], saveB = [0, 0, 0]
    for _ in 0..<20 {
        let saveCount = simplex.count
        for i in 0..<saveCount { saveA[i] = simplex[i].indexA; saveB[i] = simplex[i].indexB }
        switch simplex.count {
        case 2: simplex.solve2()
        case 3: simplex.solve3()
        default: break
        }
        // The origin is inside the triangle: the shapes overlap.
        if simplex.count == 3 { break }
        let d = simplex.searchDirection
        if d.lengthSquared < Double(Float.ulpOfOne) * Double(Float.ulpOfOne) { break }
        var v = SimplexVertex()
        v.indexA = a.support(xfA.q.applyInverse(-d))
        v.wA = xfA.apply(a.vertices[v.indexA])
        v.indexB = b.support(xfB.q.applyInverse(d))
        v.wB = xfB.apply(b.vertices[v.indexB])
        v.w = v.wB - v.wA
        // A repeated support point: no more progress.
        var duplicate = false
        for i in 0..<saveCount where v.indexA == saveA[i] && v.indexB == saveB[i] { duplicate = true; break }
        if duplicate { break }
        simplex[simplex.count] = v
        simplex.count += 1
    }
    let (pA, pB) = simplex.witnessPoints
    simplex.write(&cache)
    return (distance(pA, pB), pA, pB)
}
