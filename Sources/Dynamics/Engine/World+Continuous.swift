// Design note: continuous collision for fast bodies against static geometry (boundaries,
// anchored items). A body is fast when it moved more than half its smallest extent in the
// step. Its sweep from the step's start to its end is tested against the static shapes in the
// swept box by conservative advancement (Mirtich; Catto's GDC 2013 TOI talk): advance by the
// current separation divided by a bound on the approach speed; the separating-axis value is a
// lower bound of the distance, so the advance never overshoots. The body is moved back to
// the first time of impact, keeping its velocity, and the speculative contact of the next
// step stops it there.
import Foundation

extension World {
    func solveContinuous() {
        // The soft step's write-back marked the dynamic bodies that moved more than half
        // their smallest extent and have shapes; the rest cannot tunnel.
        for i in awakeBodies where finalizeFlags[i] == FinalizeFlag.sweep {
            var t = sweepAgainstStatic(body: i)
            if t >= 1 { continue }
            t = max(0, t)
            var body = bodies[i]
            let c = lerp(body.center0, body.center, t)
            let angle0 = body.rotation0.angle
            let dAngle = Rot.relativeAngle(body.transform.q, body.rotation0)
            let q = Rot(angle: angle0 + t * dAngle)
            body.center = c
            body.transform = Transform(p: c - q.apply(body.localCenter), q: q)
            bodies[i] = body
            for s in bodyShapes[i] where shapes[s].alive { updateProxy(s) }
        }
    }

    /// First time of impact in [0, 1] of the body's sweep against static shapes (1 = none).
    private func sweepAgainstStatic(body i: Int) -> Double {
        let b = bodies[i]
        let q0 = b.rotation0, q1 = b.transform.q
        let dAngle = Rot.relativeAngle(q1, q0)
        let angle0 = q0.angle
        func transform(at t: Double) -> Transform {
            let q = Rot(angle: angle0 + t * dAngle)
            let c = lerp(b.center0, b.center, t)
            return Transform(p: c - q.apply(b.localCenter), q: q)
        }
        var box = AABB(lower: .init(.infinity, .infinity), upper: .init(-.infinity, -.infinity))
        for s in bodyShapes[i] where shapes[s].alive {
            box = box.union(computeAABB(s, transform(at: 0))).union(computeAABB(s, transform(at: 1)))
        }
        var candidates: [Int] = []
        staticTree.query(box) { candidates.append($0) }
        if candidates.isEmpty { return 1 }
        candidates.sort()
        let speedBound = (b.center - b.center0).length + abs(dAngle) * b.maxExtent
        var tMin = 1.0
        for s in bodyShapes[i] where shapes[s].alive {
            for o in candidates where shapes[o].alive {
                guard contactResponse(s, o) == .solid else { continue }
                // The sequential solver keeps skins apart: stop inside them (Box2D 2.2's TOI
                // target, max(slop, skins - 3 slop)), where its contact takes over next step.
                let target = stepMode == .sequentialImpulse
                    ? max(EngineConstants.linearSlop, shapes[s].skin + shapes[o].skin - 3 * EngineConstants.linearSlop)
                    : EngineConstants.linearSlop
                let xfO = bodies[shapes[o].body].transform
                // Only react to geometry ahead: already-overlapping shapes are the contact solver's.
                if separation(s, transform(at: 0), o, xfO) < target { continue }
                var t = 0.0
                for _ in 0..<50 {
                    let d = separation(s, transform(at: t), o, xfO)
                    if d < 2 * target { break }
                    t += (d - target) / speedBound
                    if t >= tMin { break }
                }
                if t < tMin { tMin = t }
            }
        }
        return tMin
    }

    /// A lower bound of the distance between two shapes (negative when overlapping).
    func separation(_ a: Int, _ xfA: Transform, _ b: Int, _ xfB: Transform) -> Double {
        let sa = shapes[a], sb = shapes[b]
        if sa.isCircle && sb.isCircle {
            return (xfA.apply(sa.circleCenter) - xfB.apply(sb.circleCenter)).length - sa.radius - sb.radius
        }
        if sa.isCircle || sb.isCircle {
            let (poly, polyXf, circle, circleXf) = sa.isCircle ? (sb, xfB, sa, xfA) : (sa, xfA, sb, xfB)
            let c = polyXf.applyInverse(circleXf.apply(circle.circleCenter))
            var best = -Double.infinity
            for k in poly.vertexStart..<(poly.vertexStart + poly.vertexCount) {
                best = max(best, dot(normalPool[k], c - vertexPool[k]))
            }
            return best - circle.radius
        }
        func maxSep(_ p: Shape, _ xp: Transform, _ q: Shape, _ xq: Transform) -> Double {
            var best = -Double.infinity
            for k in p.vertexStart..<(p.vertexStart + p.vertexCount) {
                let n = xp.q.apply(normalPool[k]), v = xp.apply(vertexPool[k])
                var m = Double.infinity
                for l in q.vertexStart..<(q.vertexStart + q.vertexCount) { m = min(m, dot(n, xq.apply(vertexPool[l]) - v)) }
                best = max(best, m)
            }
            return best
        }
        return max(maxSep(sa, xfA, sb, xfB), maxSep(sb, xfB, sa, xfA))
    }
}
