import Foundation

// Design note: the geometry checks validation needs — convexity of item paths and whether an
// item starts across a boundary. Plain orientation tests (Ericson, "Real-Time Collision
// Detection", 3.6 and 5.1.9); the polygons are tiny (<= 32 vertices), so O(n^2) is fine.

enum PolygonCheck {
    struct Problem {
        var message: String
        var hint: String?
        /// The vertex to point at, when one is to blame.
        var vertex: Int?
    }

    /// Twice the signed area (positive = counter-clockwise in y-up, clockwise on screen).
    static func doubleSignedArea(_ p: [ScenePoint]) -> Double {
        var sum = 0.0
        for i in 0..<p.count {
            let a = p[i], b = p[(i + 1) % p.count]
            sum += a.x * b.y - b.x * a.y
        }
        return sum
    }

    static func cross(_ o: ScenePoint, _ a: ScenePoint, _ b: ScenePoint) -> Double {
        (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
    }

    /// Whether segments ab and cd cross or touch (collinear overlap included).
    static func segmentsIntersect(_ a: ScenePoint, _ b: ScenePoint, _ c: ScenePoint, _ d: ScenePoint,
                                  epsilon: Double = 1e-9) -> Bool {
        let d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d)
        if ((d1 > epsilon && d2 < -epsilon) || (d1 < -epsilon && d2 > epsilon))
            && ((d3 > epsilon && d4 < -epsilon) || (d3 < -epsilon && d4 > epsilon)) {
            return true
        }
        func onSegment(_ p: ScenePoint, _ q: ScenePoint, _ r: ScenePoint) -> Bool {
            min(p.x, q.x) - epsilon <= r.x && r.x <= max(p.x, q.x) + epsilon
                && min(p.y, q.y) - epsilon <= r.y && r.y <= max(p.y, q.y) + epsilon
        }
        if abs(d1) <= epsilon && onSegment(c, d, a) { return true }
        if abs(d2) <= epsilon && onSegment(c, d, b) { return true }
        if abs(d3) <= epsilon && onSegment(a, b, c) { return true }
        if abs(d4) <= epsilon && onSegment(a, b, d) { return true }
        return false
    }

    /// Whether segments ab and cd cross at a point inside both (touching does not count).
    static func segmentsCrossProperly(_ a: ScenePoint, _ b: ScenePoint, _ c: ScenePoint, _ d: ScenePoint) -> Bool {
        let epsilon = 1e-7
        let d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d)
        return ((d1 > epsilon && d2 < -epsilon) || (d1 < -epsilon && d2 > epsilon))
            && ((d3 > epsilon && d4 < -epsilon) || (d3 < -epsilon && d4 > epsilon))
    }

    /// The first reason `vertices` is not a usable convex collision polygon, or nil.
    static func convexPolygonProblem(_ p: [ScenePoint]) -> Problem? {
        let n = p.count
        if n < 3 {
            return Problem(message: "the path has \(n) \(n == 1 ? "vertex" : "vertices"); a polygon needs at least 3",
                           hint: "list the corners of a convex polygon around the center", vertex: nil)
        }
        let extent = p.reduce(0.0) { max($0, abs($1.x), abs($1.y)) }
        let tolerance = max(extent, 1) * 1e-9
        for i in 0..<n {
            let a = p[i], b = p[(i + 1) % n]
            if abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance {
                let closing = i == n - 1
                return Problem(message: "the path repeats vertex \(a) (vertices \(closing ? 0 : i) and \(closing ? i : i + 1)); the polygon is degenerate",
                               hint: closing ? "do not repeat the first vertex at the end: paths close themselves"
                                             : "remove the repeated vertex",
                               vertex: closing ? n - 1 : (i + 1) % n)
            }
        }
        // All vertices within a millionth of the path's extent (its largest coordinate, at
        // least 1 pt) of the line through its two farthest-apart vertices: no interior the
        // engine can collide (a million-point sliver half a point thick is one). The line is
        // the diameter's, whatever vertex the path starts at: a line through the first vertex
        // told the same sliver apart by where its listing began.
        var (first, second, span) = (0, 0, -1.0)
        for i in 0..<n {
            for j in (i + 1)..<n where hypot(p[j].x - p[i].x, p[j].y - p[i].y) > span {
                (first, second, span) = (i, j, hypot(p[j].x - p[i].x, p[j].y - p[i].y))
            }
        }
        let thinness = tolerance * 1000
        if p.allSatisfy({ abs(cross(p[first], p[second], $0)) <= span * thinness }) {
            return Problem(message: "the path has zero area (its vertices lie within \(String(format: "%.3g", thinness)) pt of one line, "
                           + "a millionth of its extent)",
                           hint: "a collision polygon needs a real interior", vertex: nil)
        }
        // Self-intersection: any two edges that do not share a vertex must not meet.
        for i in 0..<n {
            for j in (i + 1)..<n {
                let adjacent = j == i + 1 || (i == 0 && j == n - 1)
                if adjacent { continue }
                if segmentsIntersect(p[i], p[(i + 1) % n], p[j], p[(j + 1) % n]) {
                    return Problem(message: "the path is self-intersecting: edge \(i)-\((i + 1) % n) crosses edge \(j)-\((j + 1) % n)",
                                   hint: "list the vertices in order around the polygon (either winding)",
                                   vertex: j)
                }
            }
        }
        if abs(doubleSignedArea(p)) / 2 <= max(extent * extent, 1) * 1e-9 {
            return Problem(message: "the path has zero area", hint: "a collision polygon needs a real interior", vertex: nil)
        }
        // Convexity: every turn the way the outline winds (collinear vertices are tolerated).
        // The winding is the sign of the area (the outline is simple by now), not the first
        // turn's: when the first turn was the inward one, the next, convex, vertex was named.
        let sign: Double = doubleSignedArea(p) > 0 ? 1 : -1
        for i in 0..<n {
            let turn = cross(p[i], p[(i + 1) % n], p[(i + 2) % n])
            if abs(turn) <= tolerance * max(extent, 1) { continue }
            if (turn > 0 ? 1.0 : -1.0) != sign {
                let vertex = (i + 1) % n
                return Problem(message: "the path is not convex: it turns the other way at vertex \(vertex) \(p[vertex])",
                               hint: "collision paths must be convex (UIKit's rule); split a concave shape into several items",
                               vertex: vertex)
            }
        }
        return nil
    }

    /// Whether `point` lies strictly inside the convex or simple polygon (even-odd rule).
    static func contains(_ polygon: [ScenePoint], _ point: ScenePoint) -> Bool {
        var inside = false
        var j = polygon.count - 1
        for i in 0..<polygon.count {
            let a = polygon[i], b = polygon[j]
            if (a.y > point.y) != (b.y > point.y) {
                let x = (b.x - a.x) * (point.y - a.y) / (b.y - a.y) + a.x
                if point.x < x { inside.toggle() }
            }
            j = i
        }
        return inside
    }

    /// The item's collision outline in canvas coordinates (an ellipse as a 32-gon).
    static func outline(of item: ItemSpec) -> [ScenePoint] {
        let local: [ScenePoint]
        let w = item.size.width / 2, h = item.size.height / 2
        switch item.shape {
        case .rectangle:
            local = [ScenePoint(x: -w, y: -h), ScenePoint(x: w, y: -h), ScenePoint(x: w, y: h), ScenePoint(x: -w, y: h)]
        case .ellipse:
            local = (0..<32).map { k in
                let t = Double(k) / 32 * 2 * Double.pi
                return ScenePoint(x: w * cosDouble(t), y: h * sinDouble(t))
            }
        case .path(let vertices):
            local = vertices
        }
        let c = cosDouble(item.angle), s = sinDouble(item.angle)
        return local.map { ScenePoint(x: item.center.x + $0.x * c - $0.y * s, y: item.center.y + $0.x * s + $0.y * c) }
    }

    /// Whether the segment passes through the polygon's interior (touching its edge does not count).
    static func segment(_ a: ScenePoint, _ b: ScenePoint, crosses polygon: [ScenePoint]) -> Bool {
        if contains(polygon, a) || contains(polygon, b) { return true }
        for i in 0..<polygon.count where segmentsCrossProperly(a, b, polygon[i], polygon[(i + 1) % polygon.count]) {
            return true
        }
        // A segment can enter through one vertex and leave through another.
        let mid = ScenePoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        return contains(polygon, mid)
    }
}
