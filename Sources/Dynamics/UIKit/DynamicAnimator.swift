// Design note: the animator (UIDynamicAnimator) turns a behavior tree into engine state and
// steps it. Any change to the tree or a behavior marks it dirty; the next step re-derives,
// in tree order: which items are in the world (bodies created from the item's center and
// rotation when it first joins, destroyed when no behavior holds it), each item's material,
// gravity and collision memberships, and each behavior's joints and boundaries. One step then
// is: forces (pushes, fields) -> engine step -> write back centers and rotations -> contact
// callbacks (began, then ended) -> every `action` -> rest test. When every body sleeps the
// animator pauses and tells its delegate; the next change resumes it [doc]/[choice].
import Foundation

/// Told when the animator pauses (everything at rest) and resumes.
public protocol DynamicAnimatorDelegate: AnyObject {
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator)
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator)
}

extension DynamicAnimatorDelegate {
    public func dynamicAnimatorWillResume(_ animator: DynamicAnimator) {}
    public func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {}
}

/// Runs behaviors on items (UIDynamicAnimator), on a fixed 1/60 s step with 4 sub-steps.
///
/// ```swift
/// let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 375, height: 667))
/// let square = DynamicView(center: CGPoint(x: 187, y: 100), size: CGSize(width: 50, height: 50))
/// animator.addBehavior(GravityBehavior(items: [square]))
/// let collision = CollisionBehavior(items: [square])
/// collision.translatesReferenceBoundsIntoBoundary = true
/// animator.addBehavior(collision)
/// for _ in 0..<120 { animator.step() }   // square.center now rests on the bottom edge
/// ```
public final class DynamicAnimator {
    /// The reference view's bounds (points): what `translatesReferenceBoundsIntoBoundary` uses.
    public let referenceBounds: CGRect
    /// The engine world (for inspection, debug drawing and tests).
    public let world: World
    public weak var delegate: DynamicAnimatorDelegate?
    /// Top-level behaviors in order.
    public private(set) var behaviors: [DynamicBehavior] = []
    /// False while paused because everything rests.
    public private(set) var isRunning = false
    /// Seconds stepped so far (paused time excluded).
    public private(set) var elapsedTime: TimeInterval = 0
    /// Seed of the noise and turbulence fields.
    public var seed: UInt64

    struct ItemRecord {
        let item: DynamicItem
        let serial: Int
        let body: BodyID
        var material: ItemMaterial?
        var gravity: Vec2 = .zero
        var collisionSet: [ObjectIdentifier] = []
    }

    var records: [ItemRecord] = []
    var recordBySerial: [Int: Int] = [:]
    var recordByItem: [ObjectIdentifier: Int] = [:]
    var nextSerial = 0
    var needsUpdate = false
    var liveBehaviors: [DynamicBehavior] = []
    var boundaryTable: [(behavior: CollisionBehavior, identifier: String?)] = []
    var collisionModes: [ObjectIdentifier: (CollisionBehavior, Set<ObjectIdentifier>)] = [:]
    var fieldSerials: [ObjectIdentifier: Int] = [:]

    /// Creates an animator for a reference area (UIKit: init(referenceView:)).
    public init(referenceBounds: CGRect, seed: UInt64 = 0) {
        self.referenceBounds = referenceBounds
        self.seed = seed
        world = World(gravity: .zero)
        world.shouldCollide = { [unowned self] a, b in self.shouldCollide(a, b) }
    }

    // MARK: - Behaviors

    public func addBehavior(_ behavior: DynamicBehavior) {
        precondition(behavior.parent == nil && behavior.dynamicAnimator == nil, "the behavior is already in an animator or a tree")
        behaviors.append(behavior)
        behavior.propagate(self)
        setNeedsUpdate()
    }

    public func removeBehavior(_ behavior: DynamicBehavior) {
        guard let k = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        behaviors.remove(at: k)
        behavior.propagate(nil)
        setNeedsUpdate()
    }

    public func removeAllBehaviors() {
        for b in behaviors { b.propagate(nil) }
        behaviors.removeAll()
        setNeedsUpdate()
    }

    func setNeedsUpdate() { needsUpdate = true }

    // MARK: - Items

    /// The items whose shapes meet `rect` (points), in the order they joined.
    public func items(in rect: CGRect) -> [DynamicItem] {
        if needsUpdate { synchronize() }
        let box = AABB(lower: Vec2(points: CGPoint(x: rect.minX, y: rect.minY)), upper: Vec2(points: CGPoint(x: rect.maxX, y: rect.maxY)))
        var found = Set<Int>()
        for shape in world.queryAABB(box) {
            let ud = world.shapeUserData(shape)
            if ud >= 0, let r = recordBySerial[ud] { found.insert(r) }
        }
        return found.sorted().map { records[$0].item }
    }

    /// Re-reads an item's center and rotation (after code moved it) and wakes it.
    public func updateItemUsingCurrentState(_ item: DynamicItem) {
        guard let body = body(for: item) else { return }
        world.setTransform(body, position: Vec2(points: item.center), angle: Double(item.rotation))
        setNeedsUpdate()
    }

    /// Velocity of an item in points/s (zero when it is not in the animator).
    public func linearVelocity(of item: DynamicItem) -> CGVector {
        guard let body = body(for: item) else { return .zero }
        return world.linearVelocity(body).cgVector
    }
    /// Angular velocity in rad/s.
    public func angularVelocity(of item: DynamicItem) -> CGFloat {
        guard let body = body(for: item) else { return 0 }
        return CGFloat(world.angularVelocity(body))
    }
    /// Sets an item's velocity (points/s), as dragging code does on release.
    public func setLinearVelocity(_ velocity: CGVector, of item: DynamicItem) {
        guard let body = body(for: item) else { return }
        world.setLinearVelocity(body, Vec2(points: velocity))
        setNeedsUpdate()
    }
    /// Whether the item is held by some behavior of this animator.
    public func contains(_ item: DynamicItem) -> Bool { body(for: item) != nil }

    /// The engine body of an item (nil until the next step after it joined).
    public func body(for item: DynamicItem) -> BodyID? {
        if let r = recordByItem[ObjectIdentifier(item)] { return records[r].body }
        return nil
    }

    func charge(of item: DynamicItem) -> Double {
        recordByItem[ObjectIdentifier(item)].flatMap { records[$0].material?.charge } ?? 0
    }
    /// The item's gravity in m/s^2.
    func gravity(of item: DynamicItem) -> Vec2 {
        recordByItem[ObjectIdentifier(item)].map { records[$0].gravity } ?? .zero
    }
    func fieldSerial(_ field: FieldBehavior) -> Int {
        let key = ObjectIdentifier(field)
        if let s = fieldSerials[key] { return s }
        fieldSerials[key] = fieldSerials.count + 1
        return fieldSerials.count
    }

    func registerBoundary(_ behavior: CollisionBehavior, identifier: String?) -> Int {
        boundaryTable.append((behavior, identifier))
        return -(boundaryTable.count - 1) - 2
    }

    /// Applies a force (UIKit newtons) or an impulse (N s) at an offset (points, item frame).
    func applyForce(_ force: Vec2, to item: DynamicItem, offset: CGVector, impulse: Bool) {
        guard let body = body(for: item), world.bodyType(body) == .dynamic else { return }
        let point = Vec2(points: world.transformPoint(body, offset: offset))
        if impulse { world.applyLinearImpulse(body, force, at: point) } else { world.applyForce(body, force, at: point) }
    }

    // MARK: - Stepping

    /// Advances by one fixed step of `dt` seconds (default 1/60).
    public func step(_ dt: TimeInterval = 1.0 / 60) {
        if needsUpdate {
            synchronize()
            if !isRunning && !records.isEmpty {
                isRunning = true
                delegate?.dynamicAnimatorWillResume(self)
            }
        }
        guard isRunning else { return }
        processContactEvents(world.drainContactEvents())
        let ordered = flattenedBehaviors()
        // Velocity fields last: they override the accelerations the others have applied [doc].
        func setsVelocity(_ b: DynamicBehavior) -> Bool { (b as? FieldBehavior)?.kind == .velocity }
        for b in ordered where !setsVelocity(b) { b.applyForces(self, dt: dt) }
        for b in ordered where setsVelocity(b) { b.applyForces(self, dt: dt) }
        world.step(dt)
        elapsedTime += dt
        for r in records {
            let xf = world.transform(r.body)
            r.item.center = xf.p.cgPoint
            r.item.rotation = CGFloat(xf.q.angle)
        }
        processContactEvents(world.drainContactEvents())
        for b in ordered { b.action?() }
        if !needsUpdate && world.isAtRest {
            isRunning = false
            delegate?.dynamicAnimatorDidPause(self)
        }
    }

    /// Every behavior of the tree, depth first.
    func flattenedBehaviors() -> [DynamicBehavior] {
        var out: [DynamicBehavior] = []
        func walk(_ b: DynamicBehavior) {
            out.append(b)
            for c in b.childBehaviors { walk(c) }
        }
        for b in behaviors { walk(b) }
        return out
    }
}
