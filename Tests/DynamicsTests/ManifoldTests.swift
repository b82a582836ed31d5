import Foundation
import XCTest
@testable import Dynamics

/// Golden contact points for the narrow-phase routines (worked out by hand in the comments).
final class ManifoldTests: XCTestCase {
    let spec = EngineConstants.speculativeDistance

    func collide(_ a: Polygon, _ xfA: Transform, _ b: Polygon, _ xfB: Transform) -> Manifold {
        a.vertices.withUnsafeBufferPointer { va in a.normals.withUnsafeBufferPointer { na in
            b.vertices.withUnsafeBufferPointer { vb in b.normals.withUnsafeBufferPointer { nb in
                collidePolygons(va, na, xfA, vb, nb, xfB, speculative: spec)
            } }
        } }
    }

    func points(_ m: Manifold) -> [(Vec2, Double)] {
        (0..<m.count).map { (m[$0].point, m[$0].separation) }.sorted { $0.0.x < $1.0.x }
    }

    func assertPoint(_ p: (Vec2, Double), _ x: Double, _ y: Double, _ s: Double, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.0.x, x, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(p.0.y, y, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(p.1, s, accuracy: 1e-9, file: file, line: line)
    }

    func testBoxOnBox() {
        // B overlaps A's +y face by 0.1 over the full width: two points at x = -0.5 and 0.5,
        // midway between the faces (y = 0.45), separation -0.1, normal +y.
        let box = Polygon.box(halfWidth: 0.5, halfHeight: 0.5)
        let m = collide(box, .identity, box, Transform(p: Vec2(0, 0.9), q: .identity))
        XCTAssertEqual(m.count, 2)
        XCTAssertEqual(m.normal.x, 0, accuracy: 1e-12); XCTAssertEqual(m.normal.y, 1, accuracy: 1e-12)
        let p = points(m)
        assertPoint(p[0], -0.5, 0.45, -0.1)
        assertPoint(p[1], 0.5, 0.45, -0.1)
    }

    func testBoxOnSegment() {
        // A box whose lower face is 0.05 below a segment on y = 0: points at the box's
        // corners moved halfway to the segment (y = 0.025), separation -0.05, normal -y.
        let segment = Polygon(segmentFrom: Vec2(-2, 0), to: Vec2(2, 0))
        let box = Polygon.box(halfWidth: 0.5, halfHeight: 0.5)
        let m = collide(segment, .identity, box, Transform(p: Vec2(0, -0.45), q: .identity))
        XCTAssertEqual(m.count, 2)
        XCTAssertEqual(m.normal.y, -1, accuracy: 1e-12)
        let p = points(m)
        assertPoint(p[0], -0.5, 0.025, -0.05)
        assertPoint(p[1], 0.5, 0.025, -0.05)
    }

    func testRotatedBoxCornerOnBoxFace() {
        // B turned 45 degrees; its lowest corner reaches y = 0.4, 0.1 into A's face at 0.5:
        // one point at (0, 0.45), separation -0.1 (the other end of the edge is far away).
        let box = Polygon.box(halfWidth: 0.5, halfHeight: 0.5)
        let c = 0.5 + 0.5 * 2.0.squareRoot() - 0.1
        let m = collide(box, .identity, box, Transform(p: Vec2(0, c), q: Rot(angle: Double.pi / 4)))
        XCTAssertEqual(m.count, 1)
        assertPoint(points(m)[0], 0, 0.45, -0.1)
    }

    func testPentagonOnBoxFeatureIdsSurviveAFlip() throws {
        // The same pair seen as (box, pentagon) and (pentagon, box) gives the same points.
        let pentagon = try Polygon(points: (0..<5).map { k in Vec2(0.5 * cos(2 * Double.pi * Double(k) / 5 + 0.3), 0.5 * sin(2 * Double.pi * Double(k) / 5 + 0.3)) })
        let box = Polygon.box(halfWidth: 1, halfHeight: 0.5)
        let xfP = Transform(p: Vec2(0.2, 0.9), q: .identity)
        let m1 = collide(box, .identity, pentagon, xfP)
        let m2 = collide(pentagon, xfP, box, .identity)
        XCTAssertGreaterThan(m1.count, 0)
        XCTAssertEqual(m1.count, m2.count)
        let p1 = points(m1), p2 = points(m2)
        for k in 0..<p1.count {
            XCTAssertEqual(p1[k].0.x, p2[k].0.x, accuracy: 1e-9)
            XCTAssertEqual(p1[k].0.y, p2[k].0.y, accuracy: 1e-9)
            XCTAssertEqual(p1[k].1, p2[k].1, accuracy: 1e-9)
        }
        XCTAssertEqual(m1.normal.y, -m2.normal.y, accuracy: 1e-12)
    }

    /// The separating-axis test for every mix of counts it has a path for (4 and 5 vertices
    /// unrolled, 3 and 6 the general loop), against a separation worked out here in world
    /// coordinates: over a sweep of poses of B resting on or just above A, no point exactly
    /// when the largest face separation passes the speculative distance; otherwise the
    /// deepest point's separation is the reference face's (A's unless B's is clearly
    /// larger) and the normal is that face's.
    func testSeparatingAxisOfEveryVertexCountAgainstAWorldFrameReference() throws {
        func regular(_ n: Int, _ r: Double, _ phase: Double) throws -> Polygon {
            try Polygon(points: (0..<n).map { k in Vec2(r * cos(2 * Double.pi * Double(k) / Double(n) + phase), r * sin(2 * Double.pi * Double(k) / Double(n) + phase)) })
        }
        let shapes = [Polygon.box(halfWidth: 0.5, halfHeight: 0.3), try regular(5, 0.4, 0.2),
                      try regular(3, 0.45, -Double.pi / 2), try regular(6, 0.35, 0.1)]
        /// Largest over `p`'s faces of the smallest separation of `q`'s vertices, and its face.
        func maxFaceSeparation(_ p: Polygon, _ xp: Transform, _ q: Polygon, _ xq: Transform) -> (Double, Vec2) {
            var best = -Double.infinity, normal = Vec2.zero
            for i in p.vertices.indices {
                let a = xp.apply(p.vertices[i]), b = xp.apply(p.vertices[(i + 1) % p.vertices.count])
                let edge = b - a, length = (edge.x * edge.x + edge.y * edge.y).squareRoot()
                let n = Vec2(edge.y / length, -edge.x / length)
                let s = q.vertices.map { v -> Double in let w = xq.apply(v); return n.x * (w.x - a.x) + n.y * (w.y - a.y) }.min()!
                if s > best { best = s; normal = n }
            }
            return (best, normal)
        }
        var touching = 0, apart = 0
        for (ia, a) in shapes.enumerated() {
            for (ib, b) in shapes.enumerated() {
                for k in 0..<24 {
                    let t = Double(k)
                    let xfA = Transform(p: Vec2(0.1 * Double(ia), -0.05 * Double(ib)), q: Rot(angle: 0.05 * Double(ia + ib)))
                    let xfB = Transform(p: xfA.p + Vec2(0.25 * sin(1.7 * t), 0.6 + 0.03 * cos(2.3 * t) + 0.004 * t), q: Rot(angle: 0.35 * sin(0.9 * t)))
                    let (sepA, normalA) = maxFaceSeparation(a, xfA, b, xfB)
                    let (sepB, normalB) = maxFaceSeparation(b, xfB, a, xfA)
                    let m = collide(a, xfA, b, xfB)
                    let pair = "shapes \(ia), \(ib), pose \(k)"
                    if max(sepA, sepB) > spec {
                        XCTAssertEqual(m.count, 0, pair)
                        apart += 1
                        continue
                    }
                    XCTAssertGreaterThan(m.count, 0, pair)
                    guard m.count > 0 else { continue }
                    let flip = sepB > sepA + 0.1 * EngineConstants.linearSlop
                    let deepest = (0..<m.count).map { m[$0].separation }.min()!
                    XCTAssertEqual(deepest, flip ? sepB : sepA, accuracy: 1e-9, pair)
                    let normal = flip ? Vec2(-normalB.x, -normalB.y) : normalA
                    XCTAssertEqual(m.normal.x, normal.x, accuracy: 1e-9, pair)
                    XCTAssertEqual(m.normal.y, normal.y, accuracy: 1e-9, pair)
                    touching += 1
                }
            }
        }
        XCTAssertGreaterThan(touching, 100)
        XCTAssertGreaterThan(apart, 20)
    }

    func testCircleOnBoxFace() {
        // Circle of radius 0.25 at (0, 0.7): 0.05 into A's face at 0.5. The point is midway
        // between the face (0.5) and the circle's surface (0.45).
        let box = Polygon.box(halfWidth: 0.5, halfHeight: 0.5)
        let m = box.vertices.withUnsafeBufferPointer { v in box.normals.withUnsafeBufferPointer { n in
            collidePolygonAndCircle(v, n, .identity, center: .zero, radius: 0.25, Transform(p: Vec2(0, 0.7), q: .identity), speculative: spec)
        } }
        XCTAssertEqual(m.count, 1)
        assertPoint(points(m)[0], 0, 0.475, -0.05)
        XCTAssertEqual(m.normal.y, 1, accuracy: 1e-12)
        // Near a corner the normal points from the corner to the center.
        let corner = box.vertices.withUnsafeBufferPointer { v in box.normals.withUnsafeBufferPointer { n in
            collidePolygonAndCircle(v, n, .identity, center: .zero, radius: 0.25, Transform(p: Vec2(0.6, 0.6), q: .identity), speculative: spec)
        } }
        XCTAssertEqual(corner.count, 1)
        XCTAssertEqual(corner.normal.x, 0.5.squareRoot(), accuracy: 1e-9)
        XCTAssertEqual(corner.p0.separation, 0.1 * 2.0.squareRoot() - 0.25, accuracy: 1e-9)
    }

    func testCircleOnCircle() {
        let m = collideCircles(centerA: .zero, radiusA: 0.5, .identity, centerB: .zero, radiusB: 0.3,
                               Transform(p: Vec2(0.7, 0), q: .identity), speculative: spec)
        XCTAssertEqual(m.count, 1)
        assertPoint(points(m)[0], 0.45, 0, -0.1)
        XCTAssertEqual(m.normal.x, 1, accuracy: 1e-12)
        // Apart by more than the speculative distance: no points.
        let apart = collideCircles(centerA: .zero, radiusA: 0.5, .identity, centerB: .zero, radiusB: 0.3,
                                   Transform(p: Vec2(0.9, 0), q: .identity), speculative: spec)
        XCTAssertEqual(apart.count, 0)
    }

    func testPolygonValidation() {
        XCTAssertThrowsError(try Polygon(points: [Vec2(0, 0), Vec2(1, 0)]))
        XCTAssertThrowsError(try Polygon(points: [Vec2(0, 0), Vec2(2, 0), Vec2(1, 0.2), Vec2(2, 2), Vec2(0, 2)])) // dent
        let cw = try! Polygon(points: [Vec2(0, 0), Vec2(0, 1), Vec2(1, 1), Vec2(1, 0)])
        let ccw = try! Polygon(points: [Vec2(0, 0), Vec2(1, 0), Vec2(1, 1), Vec2(0, 1)])
        XCTAssertEqual(cw.centroid, ccw.centroid)
        XCTAssertEqual(cw.count, 4)
        // 16+ vertices are accepted (up to 64).
        let many = (0..<40).map { k in Vec2(cos(Double(k) * 2 * Double.pi / 40), sin(Double(k) * 2 * Double.pi / 40)) }
        XCTAssertEqual(try Polygon(points: many).count, 40)
        // An ellipse polygon stays within 0.5 pt (0.005 m) of the true curve at 400 pt.
        let e = Polygon.ellipse(radiusX: 2, radiusY: 1, tolerance: 0.005)
        for k in 0..<e.count {
            let a = e.vertices[k], b = e.vertices[(k + 1) % e.count]
            for t in stride(from: 0.0, through: 1.0, by: 0.1) {
                let p = lerp(a, b, t)
                // Distance to the ellipse along the ray, in metres.
                let r = 1 / ((p.x * p.x) / 4 + p.y * p.y).squareRoot()
                XCTAssertLessThan(abs(1 - r) * p.length, 0.005 + 1e-9)
            }
        }
    }

    /// `apartBy` is what the separating-axis test found when it kept the pair apart: more than
    /// the speculative distance and never more than the true distance (worked out here as
    /// the least vertex-to-edge distance of two separated convex outlines), which is what
    /// lets the sequential narrow phase skip the pair until its bodies travel that far; and
    /// -infinity whenever the test went on.
    func testApartByIsTheSeparatingAxisGapAndBoundsTheDistance() {
        func distance(_ p: Vec2, _ a: Vec2, _ b: Vec2) -> Double {
            let ab = b - a
            let t = max(0, min(1, ((p.x - a.x) * ab.x + (p.y - a.y) * ab.y) / (ab.x * ab.x + ab.y * ab.y)))
            let d = Vec2(a.x + t * ab.x - p.x, a.y + t * ab.y - p.y)
            return (d.x * d.x + d.y * d.y).squareRoot()
        }
        func world(_ poly: Polygon, _ xf: Transform) -> [Vec2] {
            poly.vertices.map { Vec2(xf.q.c * $0.x - xf.q.s * $0.y + xf.p.x, xf.q.s * $0.x + xf.q.c * $0.y + xf.p.y) }
        }
        var rng = SplitMix64(seed: 7)
        func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        let shapes = [Polygon.box(halfWidth: 0.25, halfHeight: 0.25), Polygon.box(halfWidth: 0.4, halfHeight: 0.1),
                      Polygon(convexUnchecked: (0..<5).map { Vec2(0.2 * cos(2 * .pi * Double($0) / 5), 0.2 * sin(2 * .pi * Double($0) / 5)) })]
        var apartCount = 0, goneOn = 0
        for _ in 0..<2000 {
            let a = shapes[Int(rng.next() % 3)], b = shapes[Int(rng.next() % 3)]
            let xfA = Transform(p: Vec2(0, 0), q: Rot(angle: unit() * 6.3))
            let xfB = Transform(p: Vec2(unit() * 1.4 - 0.7, unit() * 1.4 - 0.7), q: Rot(angle: unit() * 6.3))
            var apartBy = 0.0
            var faces = SeparatingFaces()
            let m = a.vertices.withUnsafeBufferPointer { va in a.normals.withUnsafeBufferPointer { na in
                b.vertices.withUnsafeBufferPointer { vb in b.normals.withUnsafeBufferPointer { nb in
                    collidePolygons(va, na, xfA, vb, nb, xfB, speculative: spec, apartBy: &apartBy, faces: &faces)
                } }
            } }
            if apartBy == -.infinity { goneOn += 1; continue }
            apartCount += 1
            XCTAssertEqual(m.count, 0)
            XCTAssertGreaterThan(apartBy, spec)
            let pa = world(a, xfA), pb = world(b, xfB)
            var d = Double.infinity
            for (p, q) in [(pa, pb), (pb, pa)] {
                for v in p { for k in q.indices { d = min(d, distance(v, q[k], q[(k + 1) % q.count])) } }
            }
            XCTAssertLessThanOrEqual(apartBy, d + 1e-12)
        }
        XCTAssertGreaterThan(apartCount, 300)
        XCTAssertGreaterThan(goneOn, 300)
    }

    /// A full separating-axis search reports, per direction, the face with the largest
    /// separation and its lead over the next (worked out here in world axes from the outlines),
    /// and a search told that face measures only it and gives the same manifold, bit for bit.
    func testAKnownWinningFaceGivesTheManifoldOfTheFullSearch() {
        func world(_ poly: Polygon, _ xf: Transform) -> [Vec2] {
            poly.vertices.map { Vec2(xf.q.c * $0.x - xf.q.s * $0.y + xf.p.x, xf.q.s * $0.x + xf.q.c * $0.y + xf.p.y) }
        }
        /// Every face's separation: the least distance of the other outline's vertices above it.
        func separations(_ faces: [Vec2], _ vertices: [Vec2]) -> [Double] {
            faces.indices.map { i in
                let a = faces[i], b = faces[(i + 1) % faces.count]
                let e = Vec2(b.x - a.x, b.y - a.y), len = (e.x * e.x + e.y * e.y).squareRoot()
                let n = Vec2(e.y / len, -e.x / len)
                return vertices.map { n.x * ($0.x - a.x) + n.y * ($0.y - a.y) }.min()!
            }
        }
        var rng = SplitMix64(seed: 11)
        func unit() -> Double { Double(rng.next() >> 11) / Double(1 << 53) }
        let pentagon = Polygon(convexUnchecked: (0..<5).map { Vec2(0.2 * cos(2 * .pi * Double($0) / 5), 0.2 * sin(2 * .pi * Double($0) / 5)) })
        let triangle = Polygon(convexUnchecked: (0..<3).map { Vec2(0.3 * cos(2 * .pi * Double($0) / 3), 0.3 * sin(2 * .pi * Double($0) / 3)) })
        let shapes = [Polygon.box(halfWidth: 0.25, halfHeight: 0.25), Polygon.box(halfWidth: 0.4, halfHeight: 0.1), pentagon, triangle]
        var touching = 0
        for _ in 0..<3000 {
            let a = shapes[Int(rng.next() % 4)], b = shapes[Int(rng.next() % 4)]
            let xfA = Transform(p: Vec2(0, 0), q: Rot(angle: unit() * 6.3))
            let xfB = Transform(p: Vec2(unit() * 1.2 - 0.6, unit() * 1.2 - 0.6), q: Rot(angle: unit() * 6.3))
            func collide(_ faces: inout SeparatingFaces) -> (Manifold, Double) {
                var apartBy = 0.0
                let m = a.vertices.withUnsafeBufferPointer { va in a.normals.withUnsafeBufferPointer { na in
                    b.vertices.withUnsafeBufferPointer { vb in b.normals.withUnsafeBufferPointer { nb in
                        collidePolygons(va, na, xfA, vb, nb, xfB, speculative: spec, apartBy: &apartBy, faces: &faces)
                    } }
                } }
                return (m, apartBy)
            }
            var searched = SeparatingFaces()
            let (full, fullApart) = collide(&searched)
            XCTAssertTrue(searched.searchedA)
            let pa = world(a, xfA), pb = world(b, xfB)
            for (isA, faces, vertices) in [(true, pa, pb), (false, pb, pa)] {
                guard isA ? searched.searchedA : searched.searchedB else { continue }
                let s = separations(faces, vertices)
                let sorted = s.sorted(by: >)
                let face = isA ? searched.faceA : searched.faceB, lead = isA ? searched.leadA : searched.leadB
                XCTAssertEqual(s[face], sorted[0], accuracy: 1e-12)
                XCTAssertEqual(lead, sorted[0] - sorted[1], accuracy: 1e-12)
            }
            var known = SeparatingFaces()
            known.knownA = searched.faceA
            known.knownB = searched.searchedB ? searched.faceB : -1
            let (again, againApart) = collide(&known)
            XCTAssertFalse(known.searchedA)
            XCTAssertFalse(known.searchedB)
            XCTAssertEqual(againApart, fullApart)
            XCTAssertEqual(again.count, full.count)
            XCTAssertEqual(again.normal, full.normal)
            XCTAssertEqual(again.referenceIsB, full.referenceIsB)
            for k in 0..<full.count {
                XCTAssertEqual(again[k].point, full[k].point)
                XCTAssertEqual(again[k].separation, full[k].separation)
                XCTAssertEqual(again[k].id, full[k].id)
            }
            if full.count > 0 { touching += 1 }
        }
        XCTAssertGreaterThan(touching, 300)
    }
}
