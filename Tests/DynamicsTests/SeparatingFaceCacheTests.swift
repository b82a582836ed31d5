import XCTest
@testable import Dynamics

/// A contact's remembered winning faces (World+SeparatingFaces) are only as good as the
/// bound that says how long they keep winning. Here the claim is checked head on: after a
/// full search at one pose, the pair is moved (turned hard, shifted a little) and whenever
/// the cache says a face still wins, a full search at the new pose must find that very face.
/// The motions are measured the way the definition says (each body's travel: |dp|_1 plus
/// |dq|_1 times the largest 1-norm of its outline from its origin; its turn: |dq|_1), here,
/// not by the engine's code.
final class SeparatingFaceCacheTests: XCTestCase {
    private let speculative = 0.002

    private struct Body {
        var polygon: Polygon
        /// The largest |x| + |y| of a vertex (the shapes are centred on their origins).
        var lever: Double { polygon.vertices.map { abs($0.x) + abs($0.y) }.max()! }
        var radius: Double { polygon.vertices.map { ($0.x * $0.x + $0.y * $0.y).squareRoot() }.max()! }
    }

    private func search(_ a: Polygon, _ xfA: Transform, _ b: Polygon, _ xfB: Transform,
                        known: (Int, Int) = (-1, -1)) -> SeparatingFaces {
        var faces = SeparatingFaces()
        (faces.knownA, faces.knownB) = known
        var apartBy = 0.0
        _ = a.vertices.withUnsafeBufferPointer { va in a.normals.withUnsafeBufferPointer { na in
            b.vertices.withUnsafeBufferPointer { vb in b.normals.withUnsafeBufferPointer { nb in
                collidePolygons(va, na, xfA, vb, nb, xfB, speculative: speculative, apartBy: &apartBy, faces: &faces)
            } }
        } }
        return faces
    }

    /// Small squares and pentagons turned against a wide slab and a long bar: a small turn
    /// of the small shape swings the big one's far corners through its faces' separations by
    /// the turn times their distance, far more than the small shape's own travel.
    func testAKnownFaceStillWinsAfterTheMoveTheBoundAllows() {
        var rng = SplitMix64(seed: 23)
        func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        let pentagon = Polygon(convexUnchecked: (0..<5).map { Vec2(0.12 * cos(2 * .pi * Double($0) / 5), 0.12 * sin(2 * .pi * Double($0) / 5)) })
        let small = [Body(polygon: .box(halfWidth: 0.1, halfHeight: 0.1)), Body(polygon: pentagon)]
        let big = [Body(polygon: .box(halfWidth: 2, halfHeight: 0.25)), Body(polygon: .box(halfWidth: 1.5, halfHeight: 0.05))]
        var claims = 0, checked = 0, smallTurnClaims = 0
        for trial in 0..<4000 {
            // Which shape is A alternates, so both directions are the small shape's in turn.
            let s = small[trial % 2], g = big[(trial / 2) % 2]
            let (a, b) = trial % 4 < 2 ? (s, g) : (g, s)
            let smallIsA = trial % 4 < 2
            // The small shape near the big one's top face, anywhere along it, at any angle.
            let along = (unit() * 2 - 1) * (g.polygon.vertices.map(\.x).max()! + 0.1)
            let top = -g.polygon.vertices.map(\.y).max()!
            var smallPose = Transform(p: Vec2(along, top - 0.1 + unit() * 0.03), q: Rot(angle: unit() * 6.3))
            var bigPose = Transform(p: .zero, q: Rot(angle: (unit() - 0.5) * 0.2))
            func poses() -> (Transform, Transform) { smallIsA ? (smallPose, bigPose) : (bigPose, smallPose) }
            var (xfA, xfB) = poses()
            let first = search(a.polygon, xfA, b.polygon, xfB)
            guard first.searchedA && first.searchedB else { continue }
            let gap = (xfB.p - xfA.p).length - a.radius - b.radius
            var cache = SeparatingFaceCache()
            cache.learn(first, travel: 0, turnA: 0, turnB: 0, reach: gap + 2 * (a.radius + b.radius))
            // Several moves in a row, measured from each pose to the next.
            var travel = 0.0, turnA = 0.0, turnB = 0.0
            for _ in 0..<6 {
                let oldA = xfA, oldB = xfB
                // Mostly the small shape turning, now and then the big one, and small shifts.
                smallPose.q = Rot(angle: smallPose.q.angle + (unit() - 0.5) * 0.3)
                smallPose.p = smallPose.p + Vec2((unit() - 0.5) * 0.004, (unit() - 0.5) * 0.004)
                if unit() < 0.3 { bigPose.q = Rot(angle: bigPose.q.angle + (unit() - 0.5) * 0.02) }
                (xfA, xfB) = poses()
                func moved(_ then: Transform, _ now: Transform, _ body: Body) -> (Double, Double) {
                    let dq = abs(now.q.c - then.q.c) + abs(now.q.s - then.q.s)
                    return (abs(now.p.x - then.p.x) + abs(now.p.y - then.p.y) + dq * body.lever, dq)
                }
                let (tA, qA) = moved(oldA, xfA, a), (tB, qB) = moved(oldB, xfB, b)
                travel += tA + tB; turnA += qA; turnB += qB
                let known = cache.knownFaces(travel: travel, turnA: turnA, turnB: turnB)
                guard known.a >= 0 || known.b >= 0 else { break }
                claims += 1
                if (known.a >= 0 && smallIsA) || (known.b >= 0 && !smallIsA) { smallTurnClaims += 1 }
                let full = search(a.polygon, xfA, b.polygon, xfB)
                if known.a >= 0 {
                    XCTAssertEqual(full.faceA, known.a, "trial \(trial): A's known face lost")
                    checked += 1
                }
                if known.b >= 0, full.searchedB {
                    XCTAssertEqual(full.faceB, known.b, "trial \(trial): B's known face lost")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(claims, 3000)
        XCTAssertGreaterThan(smallTurnClaims, 1000)
        XCTAssertGreaterThan(checked, 3000)
    }
}
