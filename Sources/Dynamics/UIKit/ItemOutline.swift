// Design note: how PhysicsKit turns curved outlines into polygons [measured]. An ellipse is
// the four cubic Bezier quarters of Core Graphics' ellipse (control points at kappa =
// 0.55228474983 of the radii); every cubic, in an ellipse or in a path, is cut into
// max(Int(L / 10), 1) pieces of equal parameter, L being the length in points of the
// 10-segment polyline through the cubic. The polygon's vertices are the cut points.
// [choice] A cubic longer than 640 pt is cut into 64 pieces, not more (an ellipse about
// 800 pt across and larger; its polygon then strays from Apple's by under 8e-5 of its
// radius), and an outline of more than `maxVertices` points is thinned: the engine's
// polygons hold at most that many, and an unbounded count (a 1,000,000 pt ellipse asks for
// 400,000) cost seconds a step and then fell back to the bounding box.
import Foundation

/// Flattening of item outlines into collision polygons.
public enum ItemOutline {
    /// Kappa of the four-cubic circle approximation.
    public static let kappa = 0.55228474983
    /// The most pieces a cubic is cut into.
    public static let maxPiecesPerCubic = 64
    /// The most vertices of a collision outline (the engine's polygon limit).
    public static var maxVertices: Int { maxPolygonVertices }

    /// The points (after the start point) that replace a cubic from `p0` to `p3`.
    public static func flattenCubic(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) -> [CGPoint] {
        func at(_ t: Double) -> CGPoint {
            let u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            return CGPoint(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
        }
        var length = 0.0
        var previous = p0
        for k in 1...10 {
            let p = at(Double(k) / 10)
            length += Double(hypot(p.x - previous.x, p.y - previous.y))
            previous = p
        }
        // (A non-finite or huge length, from non-finite or huge bounds, takes one piece or the
        // cap: Int(_:) of it would trap.)
        let pieces = length.isFinite ? min(max(Int(min(length / 10, Double(maxPiecesPerCubic))), 1), maxPiecesPerCubic) : 1
        return (1...pieces).map { at(Double($0) / Double(pieces)) }
    }

    /// The polygon of an ellipse of `width` x `height` points centered on the origin, starting
    /// at its rightmost point.
    public static func ellipse(width: Double, height: Double) -> [CGPoint] {
        let a = width / 2, b = height / 2, ka = kappa * a, kb = kappa * b
        let quarters: [(CGPoint, CGPoint, CGPoint, CGPoint)] = [
            (CGPoint(x: a, y: 0), CGPoint(x: a, y: kb), CGPoint(x: ka, y: b), CGPoint(x: 0, y: b)),
            (CGPoint(x: 0, y: b), CGPoint(x: -ka, y: b), CGPoint(x: -a, y: kb), CGPoint(x: -a, y: 0)),
            (CGPoint(x: -a, y: 0), CGPoint(x: -a, y: -kb), CGPoint(x: -ka, y: -b), CGPoint(x: 0, y: -b)),
            (CGPoint(x: 0, y: -b), CGPoint(x: ka, y: -b), CGPoint(x: a, y: -kb), CGPoint(x: a, y: 0)),
        ]
        var points: [CGPoint] = []
        for q in quarters { points += flattenCubic(q.0, q.1, q.2, q.3) }
        // The last quarter ends on the start point, which so appears once, at the end.
        return points
    }

    /// `points` thinned to at most ``maxVertices``, evenly by index, the last point kept (a
    /// subset of a convex outline's vertices is convex, and lies inside it).
    public static func limited(_ points: [CGPoint]) -> [CGPoint] {
        guard points.count > maxVertices else { return points }
        let n = points.count
        return (1...maxVertices).map { points[$0 * n / maxVertices - 1] }
    }
}
