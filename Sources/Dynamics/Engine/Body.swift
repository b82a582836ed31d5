// Design note: a body is split in two. `BodyState` is the hot part the solver touches every
// sub-step (velocities, the position and rotation deltas of the current step, inverse mass)
// and sits in a contiguous array indexed like the bodies; `Body` holds the cold bookkeeping
// (transform, mass properties, damping, shapes, joints, sleep timer). Static bodies keep a
// state with zero inverse mass so the contact solver needs no branches.

/// How a body moves.
public enum BodyType: Sendable {
    /// Never moves (boundaries).
    case staticBody
    /// Moves with the velocity it is given, ignores forces and contacts (dragged items).
    case kinematic
    /// Moves under forces, contacts and joints.
    case dynamic
}

/// A handle to a body in a world.
public struct BodyID: Hashable, Comparable, Sendable {
    public let index: Int
    public static func < (a: BodyID, b: BodyID) -> Bool { a.index < b.index }
}

/// Everything needed to create a body; defaults as in Box2D's b2DefaultBodyDef.
public struct BodyDef: Sendable {
    public var type: BodyType = .dynamic
    /// Body origin in metres.
    public var position: Vec2 = .zero
    public var angle: Double = 0
    public var linearVelocity: Vec2 = .zero
    public var angularVelocity: Double = 0
    /// Velocity damping coefficients (1/s): v /= 1 + h c per sub-step.
    public var linearDamping: Double = 0
    public var angularDamping: Double = 0
    public var gravityScale: Double = 1
    /// UIKit's allowsRotation = false.
    public var fixedRotation = false
    public var allowSleep = true
    public var isAwake = true
    /// Opaque value for the layer above (the UIKit item index).
    public var userData: Int = -1
    public init() {}
}

/// Per-body hook that returns an extra acceleration-like force each step (fields).
public typealias ForceHook = (_ world: World, _ body: BodyID) -> Void

/// Hot solver state.
struct BodyState {
    var v = Vec2.zero
    var w = 0.0
    /// Position change of the center of mass during the current step.
    var dp = Vec2.zero
    /// Rotation change during the current step.
    var dq = Rot.identity
    var invMass = 0.0
    var invI = 0.0
    /// Velocity change of the last velocity integration (forces and damping), which the
    /// position update of free bodies halves.
    var integrationDelta = Vec2.zero
}

/// Cold body data.
struct Body {
    var type: BodyType
    /// Body origin transform.
    var transform: Transform
    /// Center of mass, world and local.
    var center: Vec2
    var localCenter: Vec2 = .zero
    /// Center and rotation at the start of the step (continuous collision sweeps from here).
    var center0: Vec2
    var rotation0: Rot
    var mass = 0.0
    var inertia = 0.0
    var invMass = 0.0
    var invI = 0.0
    var linearVelocity: Vec2
    var angularVelocity: Double
    var force = Vec2.zero
    var torque = 0.0
    var linearDamping: Double
    var angularDamping: Double
    var gravityScale: Double
    var fixedRotation: Bool
    var allowSleep: Bool
    var isAwake: Bool
    var sleepTime = 0.0
    var userData: Int
    var alive = true
    /// Set when the body moved this step and its proxies need checking.
    var isBullet = false
    /// Custom velocity override (velocity fields): applied after forces each sub-step.
    var minExtent = 0.0
    var maxExtent = 0.0
    var islandSleeping = -1
    /// Per-body gravity replacing the world's (UIKit: each item follows its own gravity behavior).
    var gravityOverride = Vec2.zero
    var hasGravityOverride = false

    var isDynamic: Bool { type == .dynamic }
}
