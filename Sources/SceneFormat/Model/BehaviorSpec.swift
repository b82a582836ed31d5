// Design note: one enum case per UIKit behavior class, each with a payload struct whose fields
// mirror the UIKit properties (without the `UI` prefix) and hold the UIKit defaults. Nested
// type names (`PushSpec.Mode`, `FieldSpec.Kind`) keep them from clashing with the engine's
// own enums when the runner imports both modules.

/// One behavior of the animator's tree.
public enum BehaviorSpec: Equatable, Sendable {
    case gravity(GravitySpec)
    case collision(CollisionSpec)
    case push(PushSpec)
    case snap(SnapSpec)
    case attachment(AttachmentSpec)
    case itemBehavior(ItemBehaviorSpec)
    case field(FieldSpec)
    case group(BehaviorGroupSpec)

    /// The `type` names a scene file uses, in the order of the cases.
    public static let typeNames = ["gravity", "collision", "push", "snap", "attachment", "itemBehavior", "field", "group"]

    /// The file's `type` for this behavior.
    public var typeName: String {
        switch self {
        case .gravity: return "gravity"
        case .collision: return "collision"
        case .push: return "push"
        case .snap: return "snap"
        case .attachment: return "attachment"
        case .itemBehavior: return "itemBehavior"
        case .field: return "field"
        case .group: return "group"
        }
    }

    /// The behavior's id, if it has one (an id is needed only to refer to it).
    public var id: String? {
        switch self {
        case .gravity(let b): return b.id
        case .collision(let b): return b.id
        case .push(let b): return b.id
        case .snap(let b): return b.id
        case .attachment(let b): return b.id
        case .itemBehavior(let b): return b.id
        case .field(let b): return b.id
        case .group(let b): return b.id
        }
    }

    /// Where it was written (`behaviors[2]`, `behaviors[0].children[1]`, ...).
    public var location: SceneLocation {
        switch self {
        case .gravity(let b): return b.location
        case .collision(let b): return b.location
        case .push(let b): return b.location
        case .snap(let b): return b.location
        case .attachment(let b): return b.location
        case .itemBehavior(let b): return b.location
        case .field(let b): return b.location
        case .group(let b): return b.location
        }
    }

    /// A name for messages and traces: the id, or the JSON path when there is none.
    public var displayName: String { id ?? location.path }

    /// The items the behavior acts on initially (snap: its item; attachment: its one or two
    /// items; group: none of its own).
    public var itemIDs: [String] {
        switch self {
        case .gravity(let b): return b.items
        case .collision(let b): return b.items
        case .push(let b): return b.items
        case .snap(let b): return [b.item]
        case .attachment(let b): return [b.item] + (b.to.map { [$0] } ?? [])
        case .itemBehavior(let b): return b.items
        case .field(let b): return b.items
        case .group: return []
        }
    }

    /// Whether items can be added to and removed from it (`addToBehavior` /
    /// `removeFromBehavior`): true for gravity, collision, push, itemBehavior and field.
    public var hasMutableItems: Bool {
        switch self {
        case .gravity, .collision, .push, .itemBehavior, .field: return true
        case .snap, .attachment, .group: return false
        }
    }

    /// Child behaviors (a group's), empty for the others.
    public var children: [BehaviorSpec] {
        if case .group(let g) = self { return g.children }
        return []
    }

    /// This behavior followed by its descendants, depth first.
    public var flattened: [BehaviorSpec] {
        [self] + children.flatMap { $0.flattened }
    }
}

/// `UIGravityBehavior`: a constant acceleration on its items.
public struct GravitySpec: Equatable, Sendable {
    public var id: String?
    public var items: [String]
    /// The gravity vector; magnitude 1 = 1000 pt/s^2. Default (0, 1). The file may give it as
    /// `direction`, or `angle` + `magnitude`, or `direction` + `magnitude` (the direction's
    /// length is then replaced by the magnitude).
    public var direction: SceneVector
    public var location: SceneLocation

    public init(id: String? = nil, items: [String] = [], direction: SceneVector = SceneVector(dx: 0, dy: 1),
                location: SceneLocation = .none) {
        self.id = id
        self.items = items
        self.direction = direction
        self.location = location
    }

    /// Angle of `direction` (radians, clockwise on screen); pi/2 by default.
    public var angle: Double { direction.angle }
    /// Length of `direction`; 1 by default.
    public var magnitude: Double { direction.length }
}

/// `UICollisionBehavior`.
public struct CollisionSpec: Equatable, Sendable {
    /// `UICollisionBehavior.Mode`.
    public enum Mode: String, Equatable, Sendable, CaseIterable {
        case everything, items, boundaries
    }

    public var id: String?
    public var items: [String]
    /// Default `.everything`.
    public var mode: Mode
    /// `translatesReferenceBoundsIntoBoundary`; default false. In contact events this
    /// boundary is called `"reference"` (UIKit reports a nil identifier).
    public var referenceBoundsAsBoundary: Bool
    /// Insets of the reference boundary; default zero.
    public var referenceBoundsInsets: SceneInsets
    /// Named boundaries, in file order; ids unique within the behavior.
    public var boundaries: [BoundarySpec]
    public var location: SceneLocation

    public init(id: String? = nil, items: [String] = [], mode: Mode = .everything,
                referenceBoundsAsBoundary: Bool = false, referenceBoundsInsets: SceneInsets = .zero,
                boundaries: [BoundarySpec] = [], location: SceneLocation = .none) {
        self.id = id
        self.items = items
        self.mode = mode
        self.referenceBoundsAsBoundary = referenceBoundsAsBoundary
        self.referenceBoundsInsets = referenceBoundsInsets
        self.boundaries = boundaries
        self.location = location
    }
}

/// A static boundary of a collision behavior.
public struct BoundarySpec: Equatable, Sendable {
    /// A segment or a polyline.
    public enum Shape: Equatable, Sendable {
        /// Written `{id, from, to}`.
        case segment(from: ScenePoint, to: ScenePoint)
        /// Written `{id, path: [[x, y], ...], closed}`; `closed` joins the last point to the first.
        case path([ScenePoint], closed: Bool)

        /// The segments making up the boundary, in order.
        public var segments: [(ScenePoint, ScenePoint)] {
            switch self {
            case .segment(let a, let b):
                return [(a, b)]
            case .path(let points, let closed):
                var result: [(ScenePoint, ScenePoint)] = []
                if points.count >= 2 {
                    for i in 0..<points.count - 1 { result.append((points[i], points[i + 1])) }
                    if closed && points.count >= 3 { result.append((points[points.count - 1], points[0])) }
                }
                return result
            }
        }
    }

    /// The boundary identifier reported in contact events. `"reference"` is reserved.
    public var id: String
    public var shape: Shape
    public var location: SceneLocation

    public init(id: String, shape: Shape, location: SceneLocation = .none) {
        self.id = id
        self.shape = shape
        self.location = location
    }
}

/// `UIPushBehavior`.
public struct PushSpec: Equatable, Sendable {
    /// `UIPushBehavior.Mode`.
    public enum Mode: String, Equatable, Sendable, CaseIterable {
        /// A force every step while active.
        case continuous
        /// One impulse, after which `active` becomes false.
        case instantaneous
    }

    public var id: String?
    public var items: [String]
    /// Default `.continuous` (UIKit has no default: its initializer demands a mode).
    public var mode: Mode
    /// Radians, clockwise on screen; default 0.
    public var angle: Double
    /// 1 = 100 pt/s^2 on a 100x100 item of density 1; default 0.
    public var magnitude: Double
    /// Default true.
    public var active: Bool
    /// `setTargetOffsetFromCenter(_:for:)`: where the force applies, per item id.
    public var offsets: [String: SceneVector]
    public var location: SceneLocation

    public init(id: String? = nil, items: [String] = [], mode: Mode = .continuous, angle: Double = 0,
                magnitude: Double = 0, active: Bool = true, offsets: [String: SceneVector] = [:],
                location: SceneLocation = .none) {
        self.id = id
        self.items = items
        self.mode = mode
        self.angle = angle
        self.magnitude = magnitude
        self.active = active
        self.offsets = offsets
        self.location = location
    }

    /// `pushDirection` = magnitude x (cos angle, sin angle).
    public var direction: SceneVector { SceneVector(angle: angle, magnitude: magnitude) }
}

/// `UISnapBehavior`.
public struct SnapSpec: Equatable, Sendable {
    public var id: String?
    /// Required.
    public var item: String
    /// Required.
    public var point: ScenePoint
    /// 0...1, 1 = least oscillation; default 0.5.
    public var damping: Double
    public var location: SceneLocation

    public init(id: String? = nil, item: String, point: ScenePoint, damping: Double = 0.5,
                location: SceneLocation = .none) {
        self.id = id
        self.item = item
        self.point = point
        self.damping = damping
        self.location = location
    }
}

/// `UIAttachmentBehavior` and its iOS 9 factories.
public struct AttachmentSpec: Equatable, Sendable {
    /// Which factory: what the attachment connects and how.
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// Item to `anchor` point (distance or spring). Needs `anchor`.
        case anchor
        /// Item to item `to` (distance or spring). Needs `to`.
        case items
        /// `fixedAttachment`: welds `item` to `to` at `anchor`. Needs `to` and `anchor`.
        case fixed
        /// `pinAttachment`: `item` and `to` turn about `anchor`; `range` in radians.
        /// Needs `to` and `anchor`.
        case pin
        /// `slidingAttachment`: along `axis` through `anchor`, no relative rotation; `range`
        /// in points. Needs `anchor` and `axis`; `to` optional (without it, slides on the anchor).
        case sliding
        /// `limitAttachment`: a rope, maximum distance `length` between the items. Needs `to`.
        case limit

        /// The keys an attachment of this kind reads nothing from: given (in the behavior or
        /// in a `set`), they change nothing, and validation warns. (`frictionTorque` has its
        /// own warning; `anchor`, `axis` and `range` where they do not apply are errors.)
        public var ignoredKeys: [String] {
            switch self {
            case .anchor: return ["toOffset"]
            case .items: return []
            case .limit: return ["frequency", "damping"]
            case .fixed, .pin, .sliding: return ["offset", "toOffset", "length", "frequency", "damping"]
            }
        }

        /// "an anchor attachment", "a pin attachment", ... (for messages).
        public var phrase: String { (self == .anchor || self == .items ? "an " : "a ") + rawValue + " attachment" }

        /// Whether the kind takes a `range` (pin: radians, sliding: points).
        public var takesRange: Bool { self == .pin || self == .sliding }
    }

    public var id: String?
    /// Default `.items` when `to` is given, otherwise `.anchor`.
    public var kind: Kind
    /// Required: the (first) attached item.
    public var item: String
    /// Attachment point on `item`, from its center; default zero.
    public var offset: SceneVector
    /// The second item, if any.
    public var to: String?
    /// Attachment point on `to`, from its center; default zero.
    public var toOffset: SceneVector
    /// The anchor point in the canvas, if any.
    public var anchor: ScenePoint?
    /// Sliding axis (not normalised, non-zero); only for `.sliding`.
    public var axis: SceneVector?
    /// Rest length in points; nil = the initial distance (UIKit's default).
    public var length: Double?
    /// Hz; 0 = rigid (default), > 0 = a spring.
    public var frequency: Double
    /// Damping ratio, 1 = critical; default 0 (UIKit's).
    public var damping: Double
    /// Resisting torque of a pin; default 0.
    public var frictionTorque: Double
    /// `attachmentRange` [min, max] (radians for pin, points for sliding), contains 0;
    /// nil = unlimited (default).
    public var range: ClosedRange<Double>?
    public var location: SceneLocation

    public init(id: String? = nil, kind: Kind, item: String, offset: SceneVector = .zero, to: String? = nil,
                toOffset: SceneVector = .zero, anchor: ScenePoint? = nil, axis: SceneVector? = nil,
                length: Double? = nil, frequency: Double = 0, damping: Double = 0, frictionTorque: Double = 0,
                range: ClosedRange<Double>? = nil, location: SceneLocation = .none) {
        self.id = id
        self.kind = kind
        self.item = item
        self.offset = offset
        self.to = to
        self.toOffset = toOffset
        self.anchor = anchor
        self.axis = axis
        self.length = length
        self.frequency = frequency
        self.damping = damping
        self.frictionTorque = frictionTorque
        self.range = range
        self.location = location
    }
}

/// `UIDynamicItemBehavior`: material and motion properties of its items.
///
/// Every property holds a value (UIKit's defaults for a new item behavior). `specified`
/// tells which the file actually wrote, for a runner that merges several item behaviors
/// per property.
public struct ItemBehaviorSpec: Equatable, Sendable {
    /// The properties a file may write.
    public enum Property: String, Equatable, Hashable, Sendable, CaseIterable {
        case elasticity, friction, density, resistance, angularResistance, allowsRotation, anchored, charge,
             linearVelocity, angularVelocity
    }

    public var id: String?
    public var items: [String]
    /// Restitution 0...1; default 0.
    public var elasticity: Double
    /// >= 0 (usually 0...1); default 0.
    public var friction: Double
    /// > 0; default 1.
    public var density: Double
    /// Linear damping >= 0 (huge = the item barely moves); default 0.
    public var resistance: Double
    /// Angular damping >= 0; default 0.
    public var angularResistance: Double
    /// Default true.
    public var allowsRotation: Bool
    /// Collides but never moves; default false.
    public var anchored: Bool
    /// For electric and magnetic fields; default 0.
    public var charge: Double
    /// Added to each item's velocity when the behavior starts; default zero.
    public var linearVelocity: SceneVector
    /// Added to each item's angular velocity when the behavior starts (rad/s); default 0.
    public var angularVelocity: Double
    /// The properties the file wrote.
    public var specified: Set<Property>
    public var location: SceneLocation

    public init(id: String? = nil, items: [String] = [], elasticity: Double = 0, friction: Double = 0,
                density: Double = 1, resistance: Double = 0, angularResistance: Double = 0,
                allowsRotation: Bool = true, anchored: Bool = false, charge: Double = 0,
                linearVelocity: SceneVector = .zero, angularVelocity: Double = 0,
                specified: Set<Property> = [], location: SceneLocation = .none) {
        self.id = id
        self.items = items
        self.elasticity = elasticity
        self.friction = friction
        self.density = density
        self.resistance = resistance
        self.angularResistance = angularResistance
        self.allowsRotation = allowsRotation
        self.anchored = anchored
        self.charge = charge
        self.linearVelocity = linearVelocity
        self.angularVelocity = angularVelocity
        self.specified = specified
        self.location = location
    }
}

/// `UIFieldBehavior`.
public struct FieldSpec: Equatable, Sendable {
    /// The factory that made the field.
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        case linearGravity, radialGravity, velocity, noise, turbulence, spring, electric, magnetic, drag, vortex

        /// Whether `direction` means something for this kind (and is required).
        /// Linear gravity and velocity fields need a direction; drag takes one as the medium's velocity.
        public var usesDirection: Bool { self == .linearGravity || self == .velocity || self == .drag }
        public var requiresDirection: Bool { self == .linearGravity || self == .velocity }
        /// UIKit's default falloff of each factory: 2 for radial gravity, -1 for spring, 1 for
        /// electric and magnetic, 0 for the others.
        public var defaultFalloff: Double {
            switch self {
            case .radialGravity: return 2
            case .spring: return -1
            case .electric, .magnetic: return 1
            default: return 0
            }
        }
        /// Whether `smoothness` and `animationSpeed` mean something for this kind.
        public var usesNoise: Bool { self == .noise || self == .turbulence }
    }

    public var id: String?
    public var kind: Kind
    public var items: [String]
    /// The field's origin; default (0, 0) like UIKit.
    public var position: ScenePoint
    /// Where it acts, relative to `position`; default `.infinite`.
    public var region: RegionSpec
    /// Default 1; may be negative. Linear gravity: 1 = 1 m/s^2 (100 pt/s^2) per unit of direction.
    public var strength: Double
    /// Exponent of distance attenuation; nil = the field kind's default (`Kind.defaultFalloff`).
    public var falloff: Double?
    /// Points; distances below it count as it; default 2^-15 m (0.00305 pt), must be >= 0.
    public var minimumRadius: Double
    /// In m/s or m/s^2, not points: linearGravity's acceleration per unit strength and the
    /// velocity field's velocity (required there), drag's medium velocity; zero otherwise.
    public var direction: SceneVector
    /// Noise and turbulence: 0 noisiest ... 1 smoothest; default 0.
    public var smoothness: Double
    /// Noise and turbulence: how fast the noise changes (0 = frozen); default 0.
    public var animationSpeed: Double
    public var location: SceneLocation

    /// At most this many field behaviors act in one animator (UIKit refuses the 33rd).
    public static let maximumCount = 32
    /// UIKit's default minimum radius, 2^-15 m in points, used when the file gives none.
    public static let defaultMinimumRadius = 100.0 / 32768

    public init(id: String? = nil, kind: Kind, items: [String] = [], position: ScenePoint = .zero,
                region: RegionSpec = .infinite, strength: Double = 1, falloff: Double? = nil,
                minimumRadius: Double = FieldSpec.defaultMinimumRadius, direction: SceneVector = .zero,
                smoothness: Double = 0, animationSpeed: Double = 0, location: SceneLocation = .none) {
        self.id = id
        self.kind = kind
        self.items = items
        self.position = position
        self.region = region
        self.strength = strength
        self.falloff = falloff
        self.minimumRadius = minimumRadius
        self.direction = direction
        self.smoothness = smoothness
        self.animationSpeed = animationSpeed
        self.location = location
    }
}

/// A composite behavior (`childBehaviors`). Groups may nest; behavior ids are unique across
/// the whole tree.
public struct BehaviorGroupSpec: Equatable, Sendable {
    public var id: String?
    public var children: [BehaviorSpec]
    public var location: SceneLocation

    public init(id: String? = nil, children: [BehaviorSpec] = [], location: SceneLocation = .none) {
        self.id = id
        self.children = children
        self.location = location
    }
}
