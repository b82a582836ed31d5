// Design note: a body is split in two. `BodyState` is the hot part the solver touches every
// sub-step (velocities, the position and rotation deltas of the current step, inverse mass)
// and sits in a contiguous array indexed like the bodies; `Body` holds the cold bookkeeping
// (transform, mass properties, damping, shapes, joints, sleep timer). Static bodies keep a
// state that stays at rest, and the contact solver maps them (and sleeping bodies) to one
// dummy state after the last body, so it needs no branches.

/// How a body moves.
enum BodyType: Sendable {
    /// Never moves (boundaries).
    case staticBody
    /// Moves with the velocity it is given, ignores forces and contacts (dragged items).
    case kinematic
    /// Moves under forces, contacts and joints.
    case dynamic
}

/// A handle to a body in a world.
struct BodyID: Hashable, Comparable, Sendable {
    let index: Int
    static func < (a: BodyID, b: BodyID) -> Bool { a.index < b.index }
}

/// Everything needed to create a body; defaults as in Box2D's b2DefaultBodyDef.
struct BodyDef: Sendable {
    var type: BodyType = .dynamic
    /// Body origin in metres.
    var position: Vec2 = .zero
    var angle: Double = 0
    var linearVelocity: Vec2 = .zero
    var angularVelocity: Double = 0
    /// Velocity damping coefficients (1/s): v /= 1 + h c per sub-step.
    var linearDamping: Double = 0
    var angularDamping: Double = 0
    var gravityScale: Double = 1
    /// UIKit's allowsRotation = false.
    var fixedRotation = false
    var allowSleep = true
    var isAwake = true
    /// Opaque value for the layer above (the UIKit item index).
    var userData: Int = -1
    init() {}
}


/// Hot solver state in single precision, 32 bytes (Box2D v3's b2BodyState): the contact
/// solver gathers four of these per SIMD batch every pass, so their size is the solver's
/// memory traffic. Positions stay in double precision in `Body`; only the step's deltas live here.
struct BodyState {
    var vx: Float = 0
    var vy: Float = 0
    var wf: Float = 0
    var pad: Float = 0
    /// Position change of the center of mass during the current step.
    var dpx: Float = 0
    var dpy: Float = 0
    /// Rotation change during the current step (cosine, sine).
    var qc: Float = 1
    var qs: Float = 0

    init() {}
    init(v: Vec2, w: Double) { self.v = v; self.w = w }

    /// Double-precision views for the joint solver and integration.
    var v: Vec2 {
        @inline(__always) get { Vec2(Double(vx), Double(vy)) }
        @inline(__always) set { vx = Float(newValue.x); vy = Float(newValue.y) }
    }
    var w: Double {
        @inline(__always) get { Double(wf) }
        @inline(__always) set { wf = Float(newValue) }
    }
    var dp: Vec2 {
        @inline(__always) get { Vec2(Double(dpx), Double(dpy)) }
        @inline(__always) set { dpx = Float(newValue.x); dpy = Float(newValue.y) }
    }
    var dq: Rot {
        @inline(__always) get { Rot(c: Double(qc), s: Double(qs)) }
        @inline(__always) set { qc = Float(newValue.c); qs = Float(newValue.s) }
    }
}

/// Cold body data.
///
/// The fields the per-contact passes read (the narrow phase, the contact preparations: type,
/// awake flag, transform, center, velocities, inverse masses, extent, gravity scale, force)
/// come first, so that they share the struct's first two or three cache lines instead of
/// being spread over all five.
struct Body {
    var type: BodyType
    var isAwake: Bool
    var alive = true
    var fixedRotation: Bool
    var allowSleep: Bool
    var hasVelocityOverride = false
    /// Body origin transform.
    var transform: Transform
    /// Center of mass in world coordinates.
    var center: Vec2
    var linearVelocity: Vec2
    var angularVelocity: Double
    var invMass = 0.0
    var invI = 0.0
    var maxExtent = 0.0
    /// The largest |x| + |y| of a shape's bounding-circle center in the body's frame plus
    /// that circle's radius: no point of a shape lies farther from the origin (World+ApartPairs).
    var boundLever = 0.0
    var gravityScale: Double
    var force = Vec2.zero
    var torque = 0.0
    /// Center of mass in body coordinates.
    var localCenter: Vec2 = .zero
    /// Center and rotation at the start of the step (continuous collision sweeps from here).
    var center0: Vec2
    var rotation0: Rot
    /// Unwound rotation angle (Box2D 2.2's sweep angle): joint limits and reference angles
    /// need it past +-pi. The sequential step keeps it; the soft step reads the rotation.
    var angle: Double
    /// The sequential step's sweep: the angle at its start (with `center0`) and the fraction
    /// of the step where it starts (continuous collision moves it forward).
    var angle0 = 0.0
    var sweepAlpha0 = 0.0
    var mass = 0.0
    var inertia = 0.0
    var linearDamping: Double
    var angularDamping: Double
    var sleepTime = 0.0
    var userData: Int
    var minExtent = 0.0
    var islandSleeping = -1
    /// Velocity imposed for the next step (a velocity field), cleared after it.
    var velocityOverride = Vec2.zero
}
