// Design note: actions are data, not closures: the runner interprets them. Each payload keeps
// its location so a problem found at run time (an item already removed, say) can be reported
// against the line that asked for it. An omitted `item` means "the item the trigger concerns".

/// One step of an event's `do` list.
public enum ActionSpec: Equatable, Sendable {
    /// `{animate: {...}, then: [...]}`: a UIView-style visual animation.
    case animate(AnimateAction)
    /// `{removeFromBehavior: ID}`: take the item out of a behavior (`behavior.removeItem`).
    case removeFromBehavior(MembershipAction)
    /// `{addToBehavior: ID}`: put the item into a behavior (`behavior.addItem`).
    case addToBehavior(MembershipAction)
    /// `{removeFromView: true}`: stop drawing the item; it stays in its behaviors, as
    /// `removeFromSuperview` does.
    case removeFromView(ItemAction)
    /// `{removeItem: true}`: remove the item from every behavior and from the view.
    case removeItem(ItemAction)
    /// `{addBehavior: BEHAVIOR}`: add a new top-level behavior.
    case addBehavior(AddBehaviorAction)
    /// `{removeBehavior: ID}`: remove a behavior from the animator's tree.
    case removeBehavior(RemoveBehaviorAction)
    /// `{set: {behavior: ID, ...}}` or `{set: {item: ID, ...}}`: change properties.
    case set(SetAction)
    /// `{snapTo: {item, point, damping}}`: replace the item's snap behavior with one to `point`.
    case snapTo(SnapToAction)
    /// `{pushToward: {behavior, item, point, magnitudePerPoint}}`: aim a push at a point.
    case pushToward(PushTowardAction)
    /// `{drag: {suspend, releaseVelocity, grab}}`: for `pan`, the finger drags the item.
    case drag(DragAction)

    /// The file's key for the action.
    public var name: String {
        switch self {
        case .animate: return "animate"
        case .removeFromBehavior: return "removeFromBehavior"
        case .addToBehavior: return "addToBehavior"
        case .removeFromView: return "removeFromView"
        case .removeItem: return "removeItem"
        case .addBehavior: return "addBehavior"
        case .removeBehavior: return "removeBehavior"
        case .set: return "set"
        case .snapTo: return "snapTo"
        case .pushToward: return "pushToward"
        case .drag: return "drag"
        }
    }

    /// Every action key a file may use.
    public static let names = ["animate", "removeFromBehavior", "addToBehavior", "removeFromView", "removeItem",
                               "addBehavior", "removeBehavior", "set", "snapTo", "pushToward", "drag"]

    /// Where the action was written (`events[0].do[1]`).
    public var location: SceneLocation {
        switch self {
        case .animate(let a): return a.location
        case .removeFromBehavior(let a), .addToBehavior(let a): return a.location
        case .removeFromView(let a), .removeItem(let a): return a.location
        case .addBehavior(let a): return a.location
        case .removeBehavior(let a): return a.location
        case .set(let a): return a.location
        case .snapTo(let a): return a.location
        case .pushToward(let a): return a.location
        case .drag(let a): return a.location
        }
    }
}

/// A point that may be the tap's location (`"$tap"`, only under `on: "tap"`).
public enum PointExpression: Equatable, Sendable {
    /// A fixed point (`[x, y]` or `"center"`, already resolved).
    case point(ScenePoint)
    /// `"$tap"`: where the triggering tap landed.
    case tapLocation

    /// The point, given the tap's location when there is one.
    public func resolved(tap: ScenePoint?) -> ScenePoint? {
        switch self {
        case .point(let p): return p
        case .tapLocation: return tap
        }
    }
}

/// A visual animation of an item, like `UIView.animate(withDuration:delay:options:animations:completion:)`.
/// Properties left nil are not animated.
public struct AnimateAction: Equatable, Sendable {
    /// Timing curve.
    public enum Curve: String, Equatable, Sendable, CaseIterable {
        case linear, easeIn, easeOut, easeInOut
    }

    /// nil = the concerned item.
    public var item: String?
    /// Seconds (>= 0); default 0.25.
    public var duration: Double
    /// Seconds before it starts (>= 0); default 0.
    public var delay: Double
    /// Default `.easeInOut` (UIView's default).
    public var curve: Curve
    /// Target fill color.
    public var color: SceneColor?
    /// Target opacity 0...1.
    public var alpha: Double?
    /// Target visual scale (>= 0).
    public var scale: Double?
    /// Actions run when the animation completes (the `completion:` block), with the same
    /// concerned item.
    public var then: [ActionSpec]
    public var location: SceneLocation

    public static let defaultDuration = 0.25

    public init(item: String? = nil, duration: Double = AnimateAction.defaultDuration, delay: Double = 0,
                curve: Curve = .easeInOut, color: SceneColor? = nil, alpha: Double? = nil, scale: Double? = nil,
                then: [ActionSpec] = [], location: SceneLocation = .none) {
        self.item = item
        self.duration = duration
        self.delay = delay
        self.curve = curve
        self.color = color
        self.alpha = alpha
        self.scale = scale
        self.then = then
        self.location = location
    }
}

/// `removeFromBehavior` / `addToBehavior`. Written `{removeFromBehavior: "collision"}`
/// (optionally with a sibling `item: ID`), or `{removeFromBehavior: {behavior, item}}`.
public struct MembershipAction: Equatable, Sendable {
    /// A behavior whose items can change (gravity, collision, push, itemBehavior, field).
    public var behavior: String
    /// nil = the concerned item.
    public var item: String?
    public var location: SceneLocation

    public init(behavior: String, item: String? = nil, location: SceneLocation = .none) {
        self.behavior = behavior
        self.item = item
        self.location = location
    }
}

/// `removeFromView` / `removeItem`: written `true` (the concerned item) or an item id.
public struct ItemAction: Equatable, Sendable {
    /// nil = the concerned item.
    public var item: String?
    public var location: SceneLocation

    public init(item: String? = nil, location: SceneLocation = .none) {
        self.item = item
        self.location = location
    }
}

/// `addBehavior`: a full behavior, validated like those of `behaviors`.
public struct AddBehaviorAction: Equatable, Sendable {
    public var behavior: BehaviorSpec
    public var location: SceneLocation

    public init(behavior: BehaviorSpec, location: SceneLocation = .none) {
        self.behavior = behavior
        self.location = location
    }
}

/// `removeBehavior`: written `{removeBehavior: ID}`.
public struct RemoveBehaviorAction: Equatable, Sendable {
    public var behavior: String
    public var location: SceneLocation

    public init(behavior: String, location: SceneLocation = .none) {
        self.behavior = behavior
        self.location = location
    }
}

/// `set`: property changes on a behavior or an item, applied in file order.
public struct SetAction: Equatable, Sendable {
    /// What the properties belong to.
    public enum Target: Equatable, Sendable {
        /// A behavior by id.
        case behavior(String)
        /// An item by id; nil = the concerned item.
        case item(String?)
    }

    public var target: Target
    /// In file order; validation guarantees each applies to the target's type.
    public var settings: [PropertySetting]
    public var location: SceneLocation

    public init(target: Target, settings: [PropertySetting], location: SceneLocation = .none) {
        self.target = target
        self.settings = settings
        self.location = location
    }
}

/// One property assignment of a `set` action, typed by property.
///
/// Which apply to which target:
/// - gravity: `angle`, `magnitude`, `direction`
/// - collision: `collisionMode` (`mode`), `referenceBoundsAsBoundary`, `referenceBoundsInsets`
/// - push: `angle`, `magnitude`, `direction`, `active`
/// - snap: `point`, `damping`
/// - attachment: `anchor`, `length`, `frequency`, `damping`, `frictionTorque`, `range`
/// - itemBehavior: `elasticity`, `friction`, `density`, `resistance`, `angularResistance`,
///   `allowsRotation`, `anchored`, `charge`
/// - field: `position`, `region`, `strength`, `falloff`, `minimumRadius`, `direction`,
///   `smoothness`, `animationSpeed`
/// - item: `color`, `alpha`, `scale`, `cornerRadius` (visual), `center`, `angle` (moves the
///   body, like `updateItemUsingCurrentState`)
public enum PropertySetting: Equatable, Sendable {
    case angle(Double)
    case magnitude(Double)
    case direction(SceneVector)
    case active(Bool)
    case collisionMode(CollisionSpec.Mode)
    case referenceBoundsAsBoundary(Bool)
    case referenceBoundsInsets(SceneInsets)
    case point(PointExpression)
    case damping(Double)
    case anchor(PointExpression)
    case length(Double)
    case frequency(Double)
    case frictionTorque(Double)
    /// nil = unlimited.
    case range(ClosedRange<Double>?)
    case elasticity(Double)
    case friction(Double)
    case density(Double)
    case resistance(Double)
    case angularResistance(Double)
    case allowsRotation(Bool)
    case anchored(Bool)
    case charge(Double)
    case position(PointExpression)
    case region(RegionSpec)
    case strength(Double)
    case falloff(Double)
    case minimumRadius(Double)
    case smoothness(Double)
    case animationSpeed(Double)
    case color(SceneColor)
    case alpha(Double)
    case scale(Double)
    case cornerRadius(Double)
    case center(PointExpression)

    /// The key the file uses (`mode` for `collisionMode`).
    public var key: String {
        switch self {
        case .angle: return "angle"
        case .magnitude: return "magnitude"
        case .direction: return "direction"
        case .active: return "active"
        case .collisionMode: return "mode"
        case .referenceBoundsAsBoundary: return "referenceBoundsAsBoundary"
        case .referenceBoundsInsets: return "referenceBoundsInsets"
        case .point: return "point"
        case .damping: return "damping"
        case .anchor: return "anchor"
        case .length: return "length"
        case .frequency: return "frequency"
        case .frictionTorque: return "frictionTorque"
        case .range: return "range"
        case .elasticity: return "elasticity"
        case .friction: return "friction"
        case .density: return "density"
        case .resistance: return "resistance"
        case .angularResistance: return "angularResistance"
        case .allowsRotation: return "allowsRotation"
        case .anchored: return "anchored"
        case .charge: return "charge"
        case .position: return "position"
        case .region: return "region"
        case .strength: return "strength"
        case .falloff: return "falloff"
        case .minimumRadius: return "minimumRadius"
        case .smoothness: return "smoothness"
        case .animationSpeed: return "animationSpeed"
        case .color: return "color"
        case .alpha: return "alpha"
        case .scale: return "scale"
        case .cornerRadius: return "cornerRadius"
        case .center: return "center"
        }
    }

    /// The keys `set` accepts for each behavior type (by `BehaviorSpec.typeName`) and for
    /// items (`"item"`).
    public static let settableKeys: [String: [String]] = [
        "gravity": ["angle", "magnitude", "direction"],
        "collision": ["mode", "referenceBoundsAsBoundary", "referenceBoundsInsets"],
        "push": ["angle", "magnitude", "direction", "active"],
        "snap": ["point", "damping"],
        "attachment": ["anchor", "length", "frequency", "damping", "frictionTorque", "range"],
        "itemBehavior": ["elasticity", "friction", "density", "resistance", "angularResistance",
                         "allowsRotation", "anchored", "charge"],
        "field": ["position", "region", "strength", "falloff", "minimumRadius", "direction",
                  "smoothness", "animationSpeed"],
        "group": [],
        "item": ["color", "alpha", "scale", "cornerRadius", "center", "angle"],
    ]
}

/// `snapTo`: remove the item's snap behaviors, then add one snapping it to `point`.
public struct SnapToAction: Equatable, Sendable {
    /// nil = the concerned item.
    public var item: String?
    public var point: PointExpression
    /// 0...1; default 0.5.
    public var damping: Double
    public var location: SceneLocation

    public init(item: String? = nil, point: PointExpression, damping: Double = 0.5, location: SceneLocation = .none) {
        self.item = item
        self.point = point
        self.damping = damping
        self.location = location
    }
}

/// `pushToward`: set a push's angle toward `point` (from the item's current center) and its
/// magnitude to distance x `magnitudePerPoint`, then make it active (an instantaneous push
/// fires again).
public struct PushTowardAction: Equatable, Sendable {
    /// A push behavior.
    public var behavior: String
    /// Whose center the angle and distance are measured from. nil = the concerned item, or
    /// else the push's only item (validation guarantees one of them exists).
    public var item: String?
    public var point: PointExpression
    /// Magnitude per point of distance; default 0.005 (the push recipe's 1/200).
    public var magnitudePerPoint: Double
    public var location: SceneLocation

    public static let defaultMagnitudePerPoint = 1.0 / 200.0

    public init(behavior: String, item: String? = nil, point: PointExpression,
                magnitudePerPoint: Double = PushTowardAction.defaultMagnitudePerPoint,
                location: SceneLocation = .none) {
        self.behavior = behavior
        self.item = item
        self.point = point
        self.magnitudePerPoint = magnitudePerPoint
        self.location = location
    }
}

/// `drag` (only under `on: "pan"`): while the finger moves the dragged item follows it and is
/// out of the suspended behaviors; on release it rejoins them.
public struct DragAction: Equatable, Sendable {
    /// Which behaviors the item leaves while dragged.
    public enum Suspension: Equatable, Sendable {
        /// Every behavior that lists the item (the recipes' removeItem on all of them).
        case all
        /// These behaviors (ids).
        case behaviors([String])
    }

    /// Where the finger holds the item.
    public enum Grab: String, Equatable, Sendable, CaseIterable {
        /// Where it went down: the item keeps the offset at which it was grabbed.
        case offset
        /// At the item's center: the item's center jumps under the finger, as a pan handler
        /// that sets `view.center = pan.location(in: view)` does (the cookbook's handlers).
        case center
    }

    /// Default `.all`.
    public var suspend: Suspension
    /// true: the item keeps the finger's velocity when released; false (default): it rejoins
    /// at rest, as a UIKit item re-added to its behaviors does.
    public var releaseVelocity: Bool
    /// Default `.offset`.
    public var grab: Grab
    public var location: SceneLocation

    public init(suspend: Suspension = .all, releaseVelocity: Bool = false, grab: Grab = .offset,
                location: SceneLocation = .none) {
        self.suspend = suspend
        self.releaseVelocity = releaseVelocity
        self.grab = grab
        self.location = location
    }
}
