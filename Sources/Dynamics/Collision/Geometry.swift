// Design note: collision geometry in a body's local frame. Polygons (and two-vertex
// segments, which collide as degenerate polygons) keep their vertices and edge normals in
// small inline arrays owned by the shape; the narrow phase reads them through unsafe buffer
// pointers so the hot path never retains or copies. Winding is normalised to positive signed
// area; a non-convex outline is an error, never silently hulled.
import Foundation

/// The most vertices a convex polygon may have: an ellipse's four cubics cut into at most 64
/// pieces each (`ItemOutline`). Contact feature ids hold a vertex index in 8 bits.
let maxPolygonVertices = 256

/// Errors raised when building geometry from user input.
enum GeometryError: Error, CustomStringConvertible, Equatable {
    case tooFewVertices(Int)
    case tooManyVertices(Int)
    case notConvex(vertex: Int)
    case degenerate
    case nonFinite

    var description: String {
        switch self {
        case .tooFewVertices(let n): return "a polygon needs at least 3 distinct vertices (got \(n))"
        case .tooManyVertices(let n): return "a polygon may have at most \(maxPolygonVertices) vertices (got \(n))"
        case .notConvex(let i): return "the polygon is not convex (it turns the other way at vertex \(i))"
        case .degenerate: return "the polygon has no area"
        case .nonFinite: return "a coordinate is not a finite number"
        }
    }
}

/// A convex polygon (count >= 3) or a segment (count == 2), local to its body.
struct Polygon: Equatable, Sendable {
    private(set) var vertices: [Vec2]
    private(set) var normals: [Vec2]
    private(set) var centroid: Vec2
    var count: Int { vertices.count }

    /// Builds a convex polygon from points in either winding. Near-duplicate and collinear
    /// points are dropped; a non-convex outline throws.
    init(points: [Vec2]) throws {
        guard points.allSatisfy({ $0.isFinite }) else { throw GeometryError.nonFinite }
        var pts: [Vec2] = []
        for p in points where !pts.contains(where: { ($0 - p).lengthSquared < 1e-10 }) { pts.append(p) }
        guard pts.count >= 3 else { throw GeometryError.tooFewVertices(pts.count) }
        guard pts.count <= maxPolygonVertices else { throw GeometryError.tooManyVertices(pts.count) }
        var area = 0.0
        for i in 0..<pts.count { area += cross(pts[i], pts[(i + 1) % pts.count]) }
        guard abs(area) > 1e-12 else { throw GeometryError.degenerate }
        if area < 0 { pts.reverse() }
        // Drop collinear vertices, then insist every turn is the same way.
        var cleaned: [Vec2] = []
        for i in 0..<pts.count {
            let a = pts[(i + pts.count - 1) % pts.count], b = pts[i], c = pts[(i + 1) % pts.count]
            let turn = cross(b - a, c - b)
            let scale = max((b - a).length * (c - b).length, 1e-12)
            if turn / scale < -1e-9 { throw GeometryError.notConvex(vertex: i) }
            if turn / scale > 1e-9 { cleaned.append(b) }
        }
        guard cleaned.count >= 3 else { throw GeometryError.degenerate }
        // A star traced with consistent turns has total turning 4 pi: reject self-intersection.
        var turning = 0.0
        for i in 0..<cleaned.count {
            let a = cleaned[(i + cleaned.count - 1) % cleaned.count], b = cleaned[i], c = cleaned[(i + 1) % cleaned.count]
            turning += atan2(cross(b - a, c - b), dot(b - a, c - b))
        }
        if turning > 2 * Double.pi + 1e-6 { throw GeometryError.notConvex(vertex: 0) }
        self.init(convexUnchecked: cleaned)
    }

    /// A segment from a to b (two-sided).
    init(segmentFrom a: Vec2, to b: Vec2) {
        vertices = [a, b]
        let n = (b - a).normalized.rightPerp
        normals = [n, -n]
        centroid = 0.5 * (a + b)
    }

    /// A box of half extents hx, hy centered at `center` rotated by `angle`.
    static func box(halfWidth hx: Double, halfHeight hy: Double, center: Vec2 = .zero, angle: Double = 0) -> Polygon {
        let q = Rot(angle: angle)
        let pts = [Vec2(-hx, -hy), Vec2(hx, -hy), Vec2(hx, hy), Vec2(-hx, hy)].map { q.apply($0) + center }
        return Polygon(convexUnchecked: pts)
    }

    /// An ellipse with radii rx, ry approximated by a polygon whose outline stays within
    /// `tolerance` of the true curve (vertices pushed out so the error splits both ways).
    static func ellipse(radiusX rx: Double, radiusY ry: Double, tolerance: Double) -> Polygon {
        let r = max(rx, ry)
        var n = 8
        // Chord sagitta r(1 - cos(pi/n)), halved by placing vertices on a slightly larger curve.
        while n < maxPolygonVertices && r * (1 - cos(Double.pi / Double(n))) * 0.5 > tolerance { n += 4 }
        n = min(n, maxPolygonVertices)
        let grow = 2 / (1 + cos(Double.pi / Double(n)))
        let pts = (0..<n).map { k -> Vec2 in
            let t = 2 * Double.pi * Double(k) / Double(n)
            return Vec2(rx * grow * cos(t), ry * grow * sin(t))
        }
        return Polygon(convexUnchecked: pts)
    }

    /// Trusted input: already convex with positive winding.
    init(convexUnchecked pts: [Vec2]) {
        vertices = pts
        normals = (0..<pts.count).map { i in (pts[(i + 1) % pts.count] - pts[i]).normalized.rightPerp }
        // In a y-down frame with positive signed area the outward normal is (dy, -dx).
        var c = Vec2.zero, area = 0.0
        let o = pts[0]
        for i in 1..<(pts.count - 1) {
            let e1 = pts[i] - o, e2 = pts[i + 1] - o
            let a = 0.5 * cross(e1, e2)
            c += a * (1.0 / 3.0) * (e1 + e2)
            area += a
        }
        centroid = o + c / area
    }

    /// Area, centroid and rotational inertia about the centroid for a density.
    func massData(density: Double) -> (mass: Double, center: Vec2, inertiaAboutCenter: Double) {
        if count < 3 { return (0, centroid, 0) }
        let o = vertices[0]
        var area = 0.0, c = Vec2.zero, inertia = 0.0
        for i in 1..<(count - 1) {
            let e1 = vertices[i] - o, e2 = vertices[i + 1] - o
            let d = cross(e1, e2)
            let a = 0.5 * d
            area += a
            c += a * (1.0 / 3.0) * (e1 + e2)
            let intx2 = e1.x * e1.x + e2.x * e1.x + e2.x * e2.x
            let inty2 = e1.y * e1.y + e2.y * e1.y + e2.y * e2.y
            inertia += (0.25 / 3.0 * d) * (intx2 + inty2)
        }
        let mass = density * area
        c = c / area
        // Inertia about the origin o, shifted to the centroid.
        let iCenter = density * inertia - mass * dot(c, c)
        return (mass, o + c, iCenter)
    }
}
