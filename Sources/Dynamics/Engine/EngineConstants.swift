// Design note: the tuning constants of the soft step, in metres, kilograms and seconds.
// They are Box2D v3's defaults; the UIKit layer maps points to
// metres at 100 pt = 1 m so items land in the size range these numbers are tuned for.

/// Engine-wide tolerances and defaults.
enum EngineConstants {
    /// Collision and constraint tolerance (0.5 pt).
    static let linearSlop = 0.005
    /// Contacts are created this far before shapes touch (2 pt).
    static let speculativeDistance = 4 * linearSlop
    /// Contact recycling (the soft step): a manifold is kept, its separations carried by the
    /// bodies' motion, while the pair's relative pose stays this close to the pose it was
    /// computed at (Box2D v3's default, 10 slops = 5 pt).
    static let contactRecycleDistance = 10 * linearSlop
    /// ... and while neither body has turned by more than acos(0.98), about 11.5 degrees.
    static let contactRecycleCosAngle = 0.98
    /// Fat AABB margin in the broad phase (10 pt).
    static let aabbMargin = 0.1
    /// Cap on the speed at which overlap is pushed out (300 pt/s).
    static let contactPushMaxVelocity = 3.0
    /// Below this approach speed restitution is ignored (100 pt/s).
    static let restitutionThreshold = 1.0
    /// Sweeps over the two points of a manifold in the restitution pass.
    static let restitutionSweeps = 4
    /// Speed cap (40,000 pt/s).
    static let maxLinearSpeed = 400.0
    /// Rotation cap per step.
    static let maxRotation = 0.25 * Double.pi
    /// Sleep after this long below the thresholds.
    static let timeToSleep = 0.5
    /// 5 pt/s.
    static let linearSleepTolerance = 0.05
    /// About 2 degrees per second.
    static let angularSleepTolerance = 2.0 * Double.pi / 180
}

/// Soft constraint coefficients (Catto, "Solver2D" / Box2D v3 soft step).
struct Softness: Sendable {
    var biasRate = 0.0
    var massScale = 1.0
    var impulseScale = 0.0

    init() {}

    /// From a stiffness in hertz, a damping ratio and the sub-step h.
    init(hertz: Double, dampingRatio zeta: Double, h: Double) {
        if hertz == 0 { return }
        let omega = 2 * Double.pi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        biasRate = omega / a1
        massScale = a2 * a3
        impulseScale = a3
    }
}
