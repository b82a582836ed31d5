// Design note: item properties, as measured on Apple's framework. Every item starts with
// PhysicsKit's material (elasticity 0.2, friction 0.2, density 1, resistance 0.1, angular
// resistance 0.1, rotation allowed, charge 0, not anchored), whether or not an item behavior
// covers it, and a new item behavior reports those values. A behavior applies only the
// properties that were set on it (a setter called with a value different from the current
// one); when several hold an item, per property the last one in tree order that set it wins.
// Removing a behavior returns its items to the defaults, except charge and anchoring, which
// stay as they were [measured]. Added velocities are queued until the item has a body.
import Foundation

/// Material and motion properties of items (UIDynamicItemBehavior).
public final class DynamicItemBehavior: DynamicBehavior {
    enum Property: Int, CaseIterable { case elasticity, friction, density, resistance, angularResistance, allowsRotation, anchored, charge }

    private var list = ItemList()
    /// The items whose properties this behavior sets, in the order they were added.
    public var items: [DynamicItem] { list.items }
    private(set) var specified = Set<Property>()

    /// Restitution 0...1. Default 0.2.
    public var elasticity: CGFloat = 0.2 { didSet { mark(.elasticity, oldValue != elasticity) } }
    /// Coulomb friction. Default 0.2.
    public var friction: CGFloat = 0.2 { didSet { mark(.friction, oldValue != friction) } }
    /// Mass = density x area / 100^2. Default 1.
    public var density: CGFloat = 1 { didSet { mark(.density, oldValue != density) } }
    /// Linear damping (1/s). Default 0.1.
    public var resistance: CGFloat = 0.1 { didSet { mark(.resistance, oldValue != resistance) } }
    /// Angular damping (1/s). Default 0.1.
    public var angularResistance: CGFloat = 0.1 { didSet { mark(.angularResistance, oldValue != angularResistance) } }
    /// False = never rotates. Default true.
    public var allowsRotation = true { didSet { mark(.allowsRotation, oldValue != allowsRotation) } }
    /// Collides but never moves. Default false.
    public var isAnchored = false { didSet { mark(.anchored, oldValue != isAnchored) } }
    /// For electric and magnetic fields. Default 0.
    public var charge: CGFloat = 0 { didSet { mark(.charge, oldValue != charge) } }

    var pendingLinear: [(DynamicItem, CGVector)] = []
    var pendingAngular: [(DynamicItem, CGFloat)] = []

    /// Creates an item behavior for `items` (UIDynamicItemBehavior(items:)); it applies only the
    /// properties later set to a new value on it.
    public init(items: [DynamicItem] = []) {
        super.init()
        for item in items { _ = list.add(item) }
    }

    private func mark(_ p: Property, _ changed: Bool) {
        guard changed else { return }
        specified.insert(p)
        setNeedsUpdate()
    }

    /// Adds an item (ignored if already there); takes effect at the next step.
    public func addItem(_ item: DynamicItem) { if list.add(item) { setNeedsUpdate() } }
    /// Removes an item (ignored if absent); takes effect at the next step.
    public func removeItem(_ item: DynamicItem) { if list.remove(item) { setNeedsUpdate() } }

    /// Adds to the item's velocity (points/s), now or when the behavior joins an animator.
    @_disfavoredOverload
    public func addLinearVelocity(_ velocity: CGVector, for item: DynamicItem) {
        pendingLinear.append((item, velocity))
        setNeedsUpdate()
    }
    /// The item's current velocity in points/s, with what was added since the last step
    /// (an addition takes effect at once: the engine receives it as the next step starts).
    public func linearVelocity(for item: DynamicItem) -> CGVector {
        let pending = pendingLinear.filter { $0.0 === item }.reduce(CGVector.zero) { CGVector(dx: $0.dx + $1.1.dx, dy: $0.dy + $1.1.dy) }
        guard let animator = dynamicAnimator, let body = animator.body(for: item) else { return pending }
        // (An anchored item's additions do nothing [measured].)
        let velocity = animator.world.linearVelocity(body).cgVector
        guard animator.world.bodyType(body) == .dynamic else { return velocity }
        return CGVector(dx: velocity.dx + pending.dx, dy: velocity.dy + pending.dy)
    }
    /// Adds to the item's angular velocity (rad/s).
    public func addAngularVelocity(_ velocity: CGFloat, for item: DynamicItem) {
        pendingAngular.append((item, velocity))
        setNeedsUpdate()
    }
    /// The item's angular velocity in rad/s, with what was added since the last step (see
    /// `linearVelocity(for:)`).
    public func angularVelocity(for item: DynamicItem) -> CGFloat {
        let pending = pendingAngular.filter { $0.0 === item }.reduce(CGFloat(0)) { $0 + $1.1 }
        guard let animator = dynamicAnimator, let body = animator.body(for: item) else { return pending }
        let velocity = CGFloat(animator.world.angularVelocity(body))
        return animator.world.bodyType(body) == .dynamic ? velocity + pending : velocity
    }

    override var ownItems: [DynamicItem] { list.items }

    override func synchronize(_ animator: DynamicAnimator) {
        let world = animator.world
        pendingLinear.removeAll { item, v in
            guard let body = animator.body(for: item) else { return false }
            world.setLinearVelocity(body, world.linearVelocity(body) + Vec2(points: v))
            return true
        }
        pendingAngular.removeAll { item, w in
            guard let body = animator.body(for: item) else { return false }
            world.setAngularVelocity(body, world.angularVelocity(body) + Double(w))
            return true
        }
    }
}

/// The resolved material of one item.
struct ItemMaterial: Equatable {
    var elasticity = 0.2, friction = 0.2, density = 1.0, resistance = 0.1, angularResistance = 0.1
    var allowsRotation = true, anchored = false, charge = 0.0

    /// Resolves the material from the item behaviors holding the item, in tree order. Charge
    /// and anchoring start from `previous`: they outlive the behavior that set them.
    static func resolve(_ behaviors: [DynamicItemBehavior], previous: ItemMaterial?) -> ItemMaterial {
        var m = ItemMaterial()
        m.charge = previous?.charge ?? 0
        m.anchored = previous?.anchored ?? false
        for b in behaviors {
            for p in b.specified {
                switch p {
                case .elasticity: m.elasticity = Double(b.elasticity)
                case .friction: m.friction = Double(b.friction)
                case .density: m.density = Double(b.density)
                case .resistance: m.resistance = Double(b.resistance)
                case .angularResistance: m.angularResistance = Double(b.angularResistance)
                case .allowsRotation: m.allowsRotation = b.allowsRotation
                case .anchored: m.anchored = b.isAnchored
                case .charge: m.charge = Double(b.charge)
                }
            }
        }
        return m
    }
}
