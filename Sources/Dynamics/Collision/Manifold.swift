// Design note: a contact manifold holds at most two points (2D convex shapes never need
// more). Each point carries a feature id built from the clipped reference/incident edges so
// that the solver can match points across steps and warm start with last step's impulses.
// Points up to the speculative distance apart are kept: the solver treats a positive
// separation as room to approach, which removes jitter and most tunnelling.

/// One contact point.
public struct ManifoldPoint: Sendable {
    /// World position, midway between the two surfaces.
    public var point: Vec2 = .zero
    /// Anchors relative to each body's center of mass (world orientation), set by the solver.
    var anchorA: Vec2 = .zero
    var anchorB: Vec2 = .zero
    /// Negative when overlapping.
    public var separation: Double = 0
    public var normalImpulse: Double = 0
    public var tangentImpulse: Double = 0
    public var maxNormalImpulse: Double = 0
    /// Approach speed recorded for a gap that had not closed by the end of the last step:
    /// restitution uses it in the step where it closes.
    var relativeVelocity: Double = 0
    public var id: UInt32 = 0
}

/// Up to two contact points sharing a normal that points from shape A to shape B.
public struct Manifold: Sendable {
    public var normal: Vec2 = .zero
    public var count: Int = 0
    public var p0 = ManifoldPoint()
    public var p1 = ManifoldPoint()

    @inlinable public init() {}

    subscript(i: Int) -> ManifoldPoint {
        get { i == 0 ? p0 : p1 }
        set { if i == 0 { p0 = newValue } else { p1 = newValue } }
    }

    /// The smallest separation among the points (infinity when empty).
    public var minSeparation: Double {
        count == 0 ? .infinity : (count == 1 ? p0.separation : Swift.min(p0.separation, p1.separation))
    }
}

@inline(__always) func featureId(_ a: Int, _ b: Int, _ c: Int, flip: Bool) -> UInt32 {
    UInt32(a & 0xFF) | UInt32(b & 0xFF) << 8 | UInt32(c & 0xFF) << 16 | (flip ? 1 << 24 : 0)
}
