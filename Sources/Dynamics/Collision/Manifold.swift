// Design note: a contact manifold holds at most two points (2D convex shapes never need
// more). Each point carries a feature id built from the clipped reference/incident edges so
// that the solver can match points across steps and warm start with last step's impulses.
// Points up to the speculative distance apart are kept: the solver treats a positive
// separation as room to approach, which removes jitter and most tunnelling.

/// One contact point.
struct ManifoldPoint: Sendable {
    /// World position, midway between the two surfaces.
    var point: Vec2 = .zero
    /// Negative when overlapping.
    var separation: Double = 0
    var normalImpulse: Double = 0
    var tangentImpulse: Double = 0
    var maxNormalImpulse: Double = 0
    /// Approach speed recorded for a gap that had not closed by the end of the last step:
    /// restitution uses it in the step where it closes.
    var relativeVelocity: Double = 0
    var id: UInt32 = 0
}

/// Up to two contact points sharing a normal that points from shape A to shape B.
struct Manifold: Sendable {
    var normal: Vec2 = .zero
    var count: Int = 0
    /// Whether shape B holds the reference face (the points lie on A's outline); the
    /// sequential solver's position pass keeps that face fixed to its body, as Box2D 2.2 does.
    var referenceIsB = false
    var p0 = ManifoldPoint()
    var p1 = ManifoldPoint()

    init() {}

    subscript(i: Int) -> ManifoldPoint {
        get { i == 0 ? p0 : p1 }
        set { if i == 0 { p0 = newValue } else { p1 = newValue } }
    }

    /// Measures separations between the skins instead of the outlines and moves each point
    /// midway between the two skin surfaces (Box2D 2.2's world manifold).
    mutating func removeSkins(skinA: Double, skinB: Double) {
        // The normal points from A to B; a point sits midway between the outlines, so the skin
        // surfaces lie skinA further along the normal from A's side and skinB back from B's.
        for k in 0..<count {
            var p = self[k]
            p.separation -= skinA + skinB
            p.point = p.point + (0.5 * (skinA - skinB)) * normal
            self[k] = p
        }
    }

    /// The smallest separation among the points (infinity when empty).
    var minSeparation: Double {
        count == 0 ? .infinity : (count == 1 ? p0.separation : Swift.min(p0.separation, p1.separation))
    }
}

@inline(__always) func featureId(_ a: Int, _ b: Int, _ c: Int, flip: Bool) -> UInt32 {
    UInt32(a & 0xFF) | UInt32(b & 0xFF) << 8 | UInt32(c & 0xFF) << 16 | (flip ? 1 << 24 : 0)
}
