// Design note: narrow-phase routines. Polygon pairs use the separating-axis test, then clip
// the incident edge against the reference edge's side planes (Ericson, "Real-Time Collision
// Detection" 5.x; Catto's GDC 2007 talk); segments are two-vertex polygons. Circles use
// closest-feature tests. All routines take world transforms and return a manifold whose
// normal points from A to B; they read vertex data through unsafe pointers, allocate nothing.
import Foundation

typealias VertexBuffer = UnsafeBufferPointer<Vec2>

/// Max over A's faces of the minimum separation of B's vertices from that face; the
/// result is expressed in B's frame (normals of A rotated into B's frame). With `known` >= 0
/// only that face is measured (a caller that knows it wins: `SeparatingFaces`), with the same
/// arithmetic as the full search, so the result is the same bits. `lead` is how far the best
/// face's separation lies above the next best (0 on a tie; 0 when only `known` was measured).
@inline(__always)
private func findMaxSeparation(_ v1: VertexBuffer, _ n1: VertexBuffer, _ xf1: Transform,
                               _ v2: VertexBuffer, _ xf2: Transform,
                               known: Int) -> (edge: Int, separation: Double, lead: Double) {
    let xf = xf2.inverseCompose(xf1)
    // The usual shapes with their counts known to the compiler: both loops unroll into the
    // same arithmetic in the same order. With boxes and pentagons side by side, loops of 4
    // and of 5 turns in any mix ended in a mispredicted exit each (a third of all the branch
    // mispredictions of a rain of 1,000 items).
    if known >= 0 {
        let separation: Double
        switch v2.count {
        case 4: separation = faceSeparation(known, vertices: 4, v1, n1, xf, v2)
        case 5: separation = faceSeparation(known, vertices: 5, v1, n1, xf, v2)
        default: separation = faceSeparation(known, vertices: v2.count, v1, n1, xf, v2)
        }
        return (known, separation, 0)
    }
    switch (v1.count, v2.count) {
    case (4, 4): return maxSeparation(faces: 4, vertices: 4, v1, n1, xf, v2)
    case (4, 5): return maxSeparation(faces: 4, vertices: 5, v1, n1, xf, v2)
    case (5, 4): return maxSeparation(faces: 5, vertices: 4, v1, n1, xf, v2)
    case (5, 5): return maxSeparation(faces: 5, vertices: 5, v1, n1, xf, v2)
    default: return maxSeparation(faces: v1.count, vertices: v2.count, v1, n1, xf, v2)
    }
}

/// The minimum separation of polygon 2's first `vertices` vertices from face `i` of polygon 1
/// (already in polygon 2's frame, `xf`).
@inline(__always)
private func faceSeparation(_ i: Int, vertices: Int, _ v1: VertexBuffer, _ n1: VertexBuffer, _ xf: Transform,
                            _ v2: VertexBuffer) -> Double {
    let n = xf.q.apply(n1[i])
    let v = xf.apply(v1[i])
    var si = Double.infinity
    for j in 0..<vertices {
        let sij = n.x * (v2[j].x - v.x) + n.y * (v2[j].y - v.y)
        if sij < si { si = sij }
    }
    return si
}

/// `findMaxSeparation` with polygon 1 already in polygon 2's frame (`xf`), over the first
/// `faces` faces of polygon 1 and `vertices` vertices of polygon 2.
@inline(__always)
private func maxSeparation(faces: Int, vertices: Int, _ v1: VertexBuffer, _ n1: VertexBuffer, _ xf: Transform,
                           _ v2: VertexBuffer) -> (edge: Int, separation: Double, lead: Double) {
    var bestIndex = 0
    var maxSeparation = -Double.infinity
    var runnerUp = -Double.infinity
    for i in 0..<faces {
        let si = faceSeparation(i, vertices: vertices, v1, n1, xf, v2)
        // The first of equal faces wins (a tie leaves no lead).
        runnerUp = si > maxSeparation ? maxSeparation : max(runnerUp, si)
        if si > maxSeparation { maxSeparation = si; bestIndex = i }
    }
    return (bestIndex, maxSeparation, maxSeparation - runnerUp)
}

/// The first of the first `count` normals with the smallest dot product with `direction`.
@inline(__always)
private func mostAntiParallel(_ direction: Vec2, _ normals: VertexBuffer, count: Int) -> Int {
    var edge = 0
    var minDot = Double.infinity
    for i in 0..<count {
        let d = dot(direction, normals[i])
        if d < minDot { minDot = d; edge = i }
    }
    return edge
}

/// What the separating-axis search of a polygon pair knows beforehand and learns: per
/// direction (A's faces against B's vertices, and B's against A's) a face known to win the
/// search, or -1 to search every face; and, for each direction searched in full, the winner
/// and its lead over the next best face (`searchedA`/`searchedB` say which were). The
/// sequential narrow phase keeps them per contact (World+SeparatingFaces).
struct SeparatingFaces {
    var knownA = -1
    var knownB = -1
    var searchedA = false
    var searchedB = false
    var faceA = 0
    var faceB = 0
    var leadA = 0.0
    var leadB = 0.0
}

/// Collides two convex polygons (either may be a two-vertex segment).
func collidePolygons(_ vA: VertexBuffer, _ nA: VertexBuffer, _ xfA: Transform,
                     _ vB: VertexBuffer, _ nB: VertexBuffer, _ xfB: Transform,
                     speculative: Double) -> Manifold {
    var apartBy = 0.0
    var faces = SeparatingFaces()
    return collidePolygons(vA, nA, xfA, vB, nB, xfB, speculative: speculative, apartBy: &apartBy, faces: &faces)
}

/// `collidePolygons`, and when a separating axis keeps the polygons beyond the speculative
/// distance, the separation along it in `apartBy` (a lower bound of their distance; -infinity
/// otherwise). `faces` says which winning faces are known and reports the searches made.
func collidePolygons(_ vA: VertexBuffer, _ nA: VertexBuffer, _ xfA: Transform,
                     _ vB: VertexBuffer, _ nB: VertexBuffer, _ xfB: Transform,
                     speculative: Double, apartBy: inout Double, faces: inout SeparatingFaces) -> Manifold {
    var m = Manifold()
    apartBy = -.infinity
    faces.searchedA = false
    faces.searchedB = false
    let (edgeA, sepA, leadA) = findMaxSeparation(vA, nA, xfA, vB, xfB, known: faces.knownA)
    if faces.knownA < 0 { faces.searchedA = true; faces.faceA = edgeA; faces.leadA = leadA }
    if sepA > speculative { apartBy = sepA; return m }
    let (edgeB, sepB, leadB) = findMaxSeparation(vB, nB, xfB, vA, xfA, known: faces.knownB)
    if faces.knownB < 0 { faces.searchedB = true; faces.faceB = edgeB; faces.leadB = leadB }
    if sepB > speculative { apartBy = sepB; return m }

    // Prefer A as reference unless B is clearly better (hysteresis keeps ids stable).
    let flip = sepB > sepA + 0.1 * EngineConstants.linearSlop
    let (rv, rn, rxf, iv, inn, ixf, refEdge) = flip
        ? (vB, nB, xfB, vA, nA, xfA, edgeB) : (vA, nA, xfA, vB, nB, xfB, edgeA)

    // Incident edge: the one on the other polygon most anti-parallel to the reference normal.
    let refNormalWorld = rxf.q.apply(rn[refEdge])
    let nInc = ixf.q.applyInverse(refNormalWorld)
    // Counted as the separating-axis loops are (boxes and pentagons side by side).
    let incEdge: Int
    switch inn.count {
    case 4: incEdge = mostAntiParallel(nInc, inn, count: 4)
    case 5: incEdge = mostAntiParallel(nInc, inn, count: 5)
    default: incEdge = mostAntiParallel(nInc, inn, count: inn.count)
    }
    let i1 = incEdge, i2 = incEdge + 1 < iv.count ? incEdge + 1 : 0
    var c0 = ixf.apply(iv[i1]), c1 = ixf.apply(iv[i2])

    let r1 = refEdge, r2 = refEdge + 1 < rv.count ? refEdge + 1 : 0
    let ref1 = rxf.apply(rv[r1]), ref2 = rxf.apply(rv[r2])
    let tangent = (ref2 - ref1).normalized
    // Clip to the side planes of the reference edge.
    let lower = dot(tangent, ref1), upper = dot(tangent, ref2)
    func clip(_ p0: inout Vec2, _ p1: inout Vec2, normal: Vec2, offset: Double) -> Bool {
        let d0 = dot(normal, p0) - offset, d1 = dot(normal, p1) - offset
        if d0 > 0 && d1 > 0 { return false }
        if d0 > 0 {
            p0 = p0 + (d0 / (d0 - d1)) * (p1 - p0)
        } else if d1 > 0 {
            p1 = p0 + (d0 / (d0 - d1)) * (p1 - p0)
        }
        return true
    }
    if !clip(&c0, &c1, normal: -tangent, offset: -lower) { return m }
    if !clip(&c0, &c1, normal: tangent, offset: upper) { return m }

    let normal = flip ? -refNormalWorld : refNormalWorld
    let refOffset = dot(refNormalWorld, ref1)
    // Ids name A's edge, B's edge and the end of the overlap along A's edge, whichever shape
    // is the reference: under load the reference choice flips between nearly equal faces,
    // and an id that followed it would drop the warm-start impulse every time.
    let edgeOnA = flip ? incEdge : refEdge, edgeOnB = flip ? refEdge : incEdge
    let tangentA = flip ? -tangent : tangent
    let firstEnd = dot(tangentA, c0) <= dot(tangentA, c1) ? 0 : 1
    for k in 0..<2 {
        let c = k == 0 ? c0 : c1
        let s = dot(refNormalWorld, c) - refOffset
        if s > speculative { continue }
        var mp = ManifoldPoint()
        // Midway between the incident point and its projection on the reference face.
        mp.point = c - (0.5 * s) * refNormalWorld
        mp.separation = s
        // Ids do not depend on whether clipping moved the point either.
        mp.id = featureId(edgeOnA, edgeOnB, k == 0 ? firstEnd : 1 - firstEnd, flip: false)
        m[m.count] = mp
        m.count += 1
    }
    m.normal = normal
    m.referenceIsB = flip
    return m
}

/// Collides a polygon (A) with a circle (B).
func collidePolygonAndCircle(_ vA: VertexBuffer, _ nA: VertexBuffer, _ xfA: Transform,
                             center: Vec2, radius: Double, _ xfB: Transform,
                             speculative: Double) -> Manifold {
    var m = Manifold()
    let c = xfA.applyInverse(xfB.apply(center))
    var normalIndex = 0
    var separation = -Double.infinity
    for i in 0..<vA.count {
        let s = dot(nA[i], c - vA[i])
        if s > separation { separation = s; normalIndex = i }
    }
    if separation - radius > speculative { return m }
    let v1 = vA[normalIndex], v2 = vA[normalIndex + 1 < vA.count ? normalIndex + 1 : 0]
    var localNormal: Vec2
    var localPoint: Vec2
    var dist: Double
    let u1 = dot(c - v1, v2 - v1), u2 = dot(c - v2, v1 - v2)
    if u1 < 0 && separation > 1e-12 {
        localNormal = (c - v1).normalized; dist = (c - v1).length; localPoint = v1
    } else if u2 < 0 && separation > 1e-12 {
        localNormal = (c - v2).normalized; dist = (c - v2).length; localPoint = v2
    } else {
        localNormal = nA[normalIndex]; dist = separation; localPoint = c - separation * localNormal
    }
    let s = dist - radius
    if s > speculative { return m }
    // Point midway between the polygon surface and the circle surface.
    let surfaceB = c - radius * localNormal
    let mid = 0.5 * (localPoint + surfaceB)
    m.normal = xfA.q.apply(localNormal)
    var mp = ManifoldPoint()
    mp.point = xfA.apply(mid)
    mp.separation = s
    mp.id = 0
    m.p0 = mp
    m.count = 1
    return m
}

/// Collides two circles.
func collideCircles(centerA: Vec2, radiusA: Double, _ xfA: Transform,
                    centerB: Vec2, radiusB: Double, _ xfB: Transform, speculative: Double) -> Manifold {
    var m = Manifold()
    let pA = xfA.apply(centerA), pB = xfB.apply(centerB)
    let d = pB - pA
    let dist = d.length
    let s = dist - radiusA - radiusB
    if s > speculative { return m }
    let n = dist > 1e-12 ? d / dist : Vec2(0, 1)
    let cA = pA + radiusA * n, cB = pB - radiusB * n
    m.normal = n
    m.p0.point = 0.5 * (cA + cB)
    m.p0.separation = s
    m.count = 1
    return m
}
