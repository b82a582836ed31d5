// Design note: the animator (UIDynamicAnimator) turns a behavior tree into engine state and
// steps it on UIKit's time base [measured]. Any change to the tree or a behavior marks it
// dirty; the next step re-derives, in tree order: which items are in the world (bodies created
// from the item's center and rotation when it first joins, destroyed when no behavior holds
// it), each item's material, gravity and collision memberships, and each behavior's joints
// and boundaries. One animator step of dt then is: an accumulator gains dt and the world runs
// Box2D 2.2 sub-steps of h = (float)1/120 s while the accumulator holds one (so at dt = 1/60
// the first step runs one sub-step and every later one two); before each sub-step pushes
// apply their forces and fields evaluate theirs; then centers and rotations are written back,
// all contact "began" callbacks run, then all "ended" ones, then every `action`, then the rest
// test: when every body sleeps the animator pauses and tells its delegate; the next change
// resumes it.
import Foundation
import CPUHints

/// Told when the animator pauses (everything at rest) and resumes.
public protocol DynamicAnimatorDelegate: AnyObject {
    /// Called when the animator starts or resumes running: in the first step after a change, before
    /// that step advances (UIDynamicAnimatorDelegate).
    func dynamicAnimatorWillResume(_ animator: DynamicAnimator)
    /// Called at the end of a step after which every body sleeps and no change is pending; the
    /// animator then stays paused until the next change (UIDynamicAnimatorDelegate).
    func dynamicAnimatorDidPause(_ animator: DynamicAnimator)
}

extension DynamicAnimatorDelegate {
    /// Does nothing by default.
    public func dynamicAnimatorWillResume(_ animator: DynamicAnimator) {}
    /// Does nothing by default.
    public func dynamicAnimatorDidPause(_ animator: DynamicAnimator) {}
}

/// Runs behaviors on items (UIDynamicAnimator).
///
/// ```swift
/// let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 375, height: 667))
/// let square = DynamicView(center: CGPoint(x: 187, y: 100), size: CGSize(width: 50, height: 50))
/// animator.addBehavior(GravityBehavior(items: [square]))
/// let collision = CollisionBehavior(items: [square])
/// collision.translatesReferenceBoundsIntoBoundary = true
/// animator.addBehavior(collision)
/// for _ in 0..<120 { animator.step() }   // square.center now rests near the bottom edge
/// ```
public final class DynamicAnimator {
    /// The reference view's bounds (points): what `translatesReferenceBoundsIntoBoundary` uses.
    public let referenceBounds: CGRect
    /// The engine world, stepped in Box2D 2.2's sequential mode.
    let world: World
    /// Told when the animator pauses and resumes (UIDynamicAnimator.delegate); held weakly.
    public weak var delegate: DynamicAnimatorDelegate?
    /// Sees every contact a collision behavior reports, right after its delegate (if any) is
    /// told, whether or not it has one (not UIKit API: a recorder's hook, so that a recording
    /// knows the contacts a scene's trace and contact sheet show). AnimaticUIKit's recording
    /// sets it on every animator made for a view; code that sets its own replaces that one.
    public var contactObserver: ((ContactReport) -> Void)?
    /// Top-level behaviors in order.
    public private(set) var behaviors: [DynamicBehavior] = []
    /// False while paused because everything rests.
    public private(set) var isRunning = false
    /// Seconds stepped so far: the sum of the dt given (paused time excluded).
    public private(set) var elapsedTime: TimeInterval = 0
    /// Noise pattern of the noise and turbulence fields: 0 is Apple's one fixed pattern; any
    /// other value reshuffles it (an extension; iOS has no seed).
    public let seed: UInt64
    /// Whether bodies at rest may sleep and the animator pause (an extension; iOS always
    /// does). Off keeps everything awake, as benchmarks want.
    public var allowsSleeping = true { didSet { world.enableSleep = allowsSleeping } }

    /// Threads the engine may use for one step, this one included (not UIKit API; default 1).
    /// The narrow phase and each graph color of the contact solver are shared out; the motion
    /// is bit-identical for every count, so this changes speed only.
    public var engineWorkers = 1 { didSet { world.workerCount = max(1, engineWorkers) } }

    /// UIKit's world sub-step: 1/120 s in single precision, a hair above 1/120 [measured].
    public static let subStep = TimeInterval(Float(1.0 / 120))
    /// At most this many field behaviors in one animator [measured]: adding a behavior (or a
    /// child) that would bring more is refused, with a message on standard error.
    public static let maximumFieldCount = 32

    struct ItemRecord {
        let item: DynamicItem
        /// The item when it is the ready-made `DynamicView` (plain stored properties, no
        /// observers): the write-back may store into it from any thread. Unmanaged: `item`
        /// holds it, and a retain and release of each view per frame, its count's line last
        /// written by the other core, cost more than the stores.
        let view: Unmanaged<DynamicView>?
        let serial: Int
        let body: BodyID
        var material: ItemMaterial?
        var feelsGravity = false
        var collisionSet: [ObjectIdentifier] = []
    }

    var records: [ItemRecord] = []
    /// Index into `records` by item serial (-1: no record); serials are handed out in turn,
    /// so an array: the contact callbacks and the pair filter look up two items per contact,
    /// thousands of times a step while a pile lands.
    var recordIndexBySerial: [Int] = []
    /// Whether every record's item is a `DynamicView` (the write-back's pool path), kept with
    /// the indexes: a walk over every record each frame to find out cost more than the flag.
    var recordsAreAllViews = true
    var recordByItem: [ObjectIdentifier: Int] = [:]
    var nextSerial = 0
    var needsUpdate = false
    var changedSincePause = false
    var liveBehaviors: [DynamicBehavior] = []
    /// The collision behaviors among `liveBehaviors`, in the same order (the contact
    /// callbacks visit them for every touch; a cast of every behavior each time cost more).
    var liveCollisionBehaviors: [CollisionBehavior] = []
    /// Boundary shapes' owners by tag. Torn-down boundaries leave after the step that
    /// delivered their last ended callbacks.
    var boundaryOwners: [Int: (behavior: CollisionBehavior, identifier: String?)] = [:]
    var retiredBoundaryTags: [Int] = []
    /// Items that left every behavior since the contact events were last processed, by
    /// serial: their touches' ended events still name them (and then they are forgotten).
    var retiredItems: [Int: DynamicItem] = [:]
    /// Collision behaviors that left the tree while counting touches: their touches' ended
    /// callbacks are still theirs (with the next step's events).
    var retiredCollisionBehaviors: [CollisionBehavior] = []
    /// Whether the behaviors changed since the contact events were last processed: touches
    /// a collision behavior can no longer see end then (see `endTouchesNoLongerHeld`).
    var touchesNeedAudit = false
    /// Items taken in with a non-finite center or rotation (see `wasGivenNonFiniteState`).
    var itemsGivenNonFiniteState = Set<ObjectIdentifier>()
    var nextBoundaryTag = 0
    var collisionModes: [ObjectIdentifier: CollisionBehavior] = [:]
    /// Collision behaviors given an engine filter group so far (see `filterGroup(of:)`).
    var filterGroupsGiven = 0
    /// UIKit's one gravity vector (m/s^2), set by whichever gravity behavior changed last.
    var gravityVector = Vec2.zero
    /// Seconds of simulation run by the world (sub-steps x h).
    var simulatedTime = 0.0
    var accumulator = 0.0
    let noise: SimplexNoise
    private var warnedAboutFields = false
    /// Behaviors (or children) not added because they would bring more than
    /// `maximumFieldCount` fields (the first is reported on standard error).
    private(set) var refusedFieldAdditions = 0
    /// Behaviors not added because they already were somewhere (the first is reported on
    /// standard error).
    private(set) var refusedBehaviorAdditions = 0

    /// Creates an animator for a reference area (UIKit: init(referenceView:)).
    public init(referenceBounds: CGRect, seed: UInt64 = 0) {
        self.referenceBounds = referenceBounds
        self.seed = seed
        noise = SimplexNoise(seed: seed)
        world = World(gravity: .zero, stepMode: .sequentialImpulse)
        world.contactFilter = { [unowned self] a, b in self.contactResponse(a, b) }
    }

    // MARK: - Behaviors

    /// Adds a top-level behavior. A behavior is in one place at a time: one already in this
    /// or another animator, or inside a tree, is left where it is and nothing is added
    /// (once a trap; code that adds a behavior again, in a callback say, must not end the
    /// recording).
    public func addBehavior(_ behavior: DynamicBehavior) {
        guard behavior.parent == nil && behavior.dynamicAnimator == nil else {
            // [measured] UIKit answers with a message and no crash; said once per animator,
            // as code that does it in a callback would say it every frame.
            refusedBehaviorAdditions += 1
            if refusedBehaviorAdditions == 1 {
                let place = behavior.dynamicAnimator === self ? "already in this animator" : behavior.parent != nil ? "inside a behavior tree" : "in another animator"
                // (The throwing write: the plain one traps when standard error is full.)
                try? FileHandle.standardError.write(contentsOf: Data("DynamicAnimator: a \(type(of: behavior)) \(place) is not added again (a behavior is in one place at a time)\n".utf8))
            }
            return
        }
        guard admitsFields(of: behavior) else { return }
        behaviors.append(behavior)
        behavior.propagate(self)
        setNeedsUpdate()
    }

    /// Whether `behavior`'s tree can join this animator's without more than
    /// `maximumFieldCount` field behaviors in all. [measured] UIKit refuses the 33rd field with
    /// an error and no crash; said once per animator, as code adding fields in an action would
    /// say it every frame.
    func admitsFields(of behavior: DynamicBehavior) -> Bool {
        func fields(_ b: DynamicBehavior) -> Int { (b is FieldBehavior ? 1 : 0) + b.childBehaviors.reduce(0) { $0 + fields($1) } }
        let adding = fields(behavior)
        guard adding > 0 else { return true }
        let present = behaviors.reduce(0) { $0 + fields($1) }
        guard present + adding > Self.maximumFieldCount else { return true }
        refusedFieldAdditions += 1
        if refusedFieldAdditions == 1 {
            try? FileHandle.standardError.write(contentsOf: Data(
                "DynamicAnimator: a \(type(of: behavior)) is not added: it would bring the animator's field behaviors to \(present + adding), over the \(Self.maximumFieldCount) an animator takes\n".utf8))
        }
        return false
    }

    /// Lets a behavior's engine objects go at once (it joins another animator before this
    /// one stepped, which would have torn them down); the next step re-derives the rest.
    func release(_ behavior: DynamicBehavior) {
        if liveBehaviors.contains(where: { $0 === behavior }) {
            behavior.teardown(self)
            liveBehaviors.removeAll { $0 === behavior }
            liveCollisionBehaviors.removeAll { $0 === behavior }
            setNeedsUpdate()
        }
        retiredCollisionBehaviors.removeAll { $0 === behavior }
        // Its boundaries' last ended events here must not reach it in its new animator, whose
        // item serials and touch counts are others.
        let tags = Set(boundaryOwners.filter { $0.value.behavior === behavior }.keys)
        for tag in tags { boundaryOwners[tag] = nil }
        retiredBoundaryTags.removeAll(where: tags.contains)
    }

    /// Removes a top-level behavior, with its children; one that is not top-level here is ignored.
    /// The engine state is re-derived at the next step.
    public func removeBehavior(_ behavior: DynamicBehavior) {
        guard let k = behaviors.firstIndex(where: { $0 === behavior }) else { return }
        behaviors.remove(at: k)
        behavior.propagate(nil)
        setNeedsUpdate()
    }

    /// Removes every top-level behavior, with their children; takes effect at the next step.
    public func removeAllBehaviors() {
        for b in behaviors { b.propagate(nil) }
        behaviors.removeAll()
        setNeedsUpdate()
    }

    /// Every behavior of the animator with its children, depth first in tree order (not UIKit
    /// API: what a debug overlay or a script walks to find fields or the behaviors of an item).
    public var behaviorTree: [DynamicBehavior] {
        var out: [DynamicBehavior] = []
        func walk(_ b: DynamicBehavior) { out.append(b); b.childBehaviors.forEach(walk) }
        behaviors.forEach(walk)
        return out
    }

    /// Marks the tree changed: the next step re-derives the engine state and resumes a paused
    /// animator (whoever synchronizes first, the step or a query like `items(in:)`).
    func setNeedsUpdate() { needsUpdate = true; changedSincePause = true }

    /// [quirk] One gravity vector per animator: the one set last wins for every gravity
    /// behavior, and removing any gravity behavior sets it to zero.
    func gravityChanged(to acceleration: Vec2) {
        gravityVector = acceleration
        world.gravity = acceleration
        for r in records where world.isValid(r.body) { world.wake(r.body) }
        setNeedsUpdate()
    }

    // MARK: - Items

    /// The items whose shapes meet `rect` (points), in the order they joined. Like UIKit, this
    /// tests the engine's fat boxes: each shape's box grown by 10 pt on every side.
    public func items(in rect: CGRect) -> [DynamicItem] {
        if needsUpdate { synchronize() }
        let margin = 0.1
        let box = AABB(lower: Vec2(points: CGPoint(x: rect.minX, y: rect.minY)), upper: Vec2(points: CGPoint(x: rect.maxX, y: rect.maxY)))
        var found = Set<Int>()
        for shape in world.queryAABB(box.expanded(by: margin), exact: false) where world.aabb(shape).expanded(by: margin).overlaps(box) {
            if case .item(let serial) = ShapeTag(world.shapeUserData(shape)), let r = record(serial: serial) { found.insert(r) }
        }
        return found.sorted().map { records[$0].item }
    }

    /// Re-reads an item's center and rotation (after code moved it) and wakes it.
    public func updateItem(usingCurrentState item: DynamicItem) {
        guard let body = body(for: item) else { return }
        noteGivenState(of: item)
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

    /// The index in `records` of the item with `serial`, if it has one.
    @inline(__always) func record(serial: Int) -> Int? {
        guard serial >= 0 && serial < recordIndexBySerial.count else { return nil }
        let r = recordIndexBySerial[serial]
        return r >= 0 ? r : nil
    }

    /// The engine body of an item (nil until the next step after it joined).
    func body(for item: DynamicItem) -> BodyID? {
        if let r = recordByItem[ObjectIdentifier(item)] { return records[r].body }
        return nil
    }

    func charge(of item: DynamicItem) -> Double {
        recordByItem[ObjectIdentifier(item)].flatMap { records[$0].material?.charge } ?? 0
    }

    /// A force (newtons) or impulse (N s) at an offset (points, reference axes) from the center.
    func push(_ item: DynamicItem, _ force: Vec2, offset: CGVector, impulse: Bool) {
        guard let body = body(for: item), world.bodyType(body) == .dynamic else { return }
        let point = world.position(body) + Vec2(points: offset)
        if impulse { world.applyLinearImpulse(body, force, at: point) } else { world.applyForce(body, force, at: point) }
    }

    /// The engine filter group of a collision behavior's items and boundaries: one bit, given
    /// in turn (the 65th behavior shares the first's), so items that share a behavior share
    /// a bit and the engine offers their pairs to `contactResponse`; an item in no collision
    /// behavior is in no group and meets nothing without being asked. A shared bit only
    /// offers a pair; `contactResponse` still decides it.
    func filterGroup(of behavior: CollisionBehavior) -> UInt64 {
        if behavior.filterGroup == 0 {
            behavior.filterGroup = 1 << UInt64(filterGroupsGiven % 64)
            filterGroupsGiven += 1
        }
        return behavior.filterGroup
    }

    func registerBoundary(_ behavior: CollisionBehavior, identifier: String?) -> Int {
        let tag = nextBoundaryTag
        nextBoundaryTag += 1
        boundaryOwners[tag] = (behavior, identifier)
        return ShapeTag.boundary(tag).rawValue
    }

    func releaseBoundaries(of behavior: CollisionBehavior) {
        for (tag, owner) in boundaryOwners where owner.behavior === behavior { retiredBoundaryTags.append(tag) }
    }

    /// Draws the engine's shapes, joints and contact points into `draw` (UIKit's private
    /// `debugEnabled` drawing), as the engine holds them now. Reads state only: it does not
    /// even bring the engine up to date with pending behavior changes (doing so between
    /// steps could order the engine's bodies otherwise, and the motion with the overlay
    /// must be the motion without it), so item shapes, joints and contacts are those of the
    /// last step. Boundaries are drawn as the collision behaviors now describe them (the
    /// reference bounds with their insets, segments, paths): the engine builds a closed
    /// convex loop as thick walls reaching 2,000 points outward and along each edge, whose
    /// outlines would cross the whole canvas.
    public func debugDraw(_ draw: DebugDraw) {
        if draw.options.contains(.staticShapes) {
            for case let collision as CollisionBehavior in behaviorTree {
                for outline in collision.boundaryOutlines(referenceBounds: referenceBounds) { draw.drawShape(outline, isStatic: true) }
            }
        }
        // Every boundary's engine shapes are left out, those of a behavior removed since the
        // last step too (the engine lets them go at the next step).
        world.debugDraw(draw, pointsPerMetre: pointsPerMeter) { userData in
            if case .boundary = ShapeTag(userData) { return true }
            return false
        }
    }

    /// Whether `item`'s state was already non-finite when this animator took it in (on
    /// joining, or by `updateItem(usingCurrentState:)`): the caller's doing, not the
    /// simulation's, when it turns up among ``nonFiniteItems``.
    public func wasGivenNonFiniteState(_ item: DynamicItem) -> Bool {
        itemsGivenNonFiniteState.contains(ObjectIdentifier(item))
    }

    /// Notes an item whose center or rotation is non-finite as it is taken in.
    func noteGivenState(of item: DynamicItem) {
        let c = item.center
        if !(c.x.isFinite && c.y.isFinite && item.rotation.isFinite) { itemsGivenNonFiniteState.insert(ObjectIdentifier(item)) }
    }

    /// Items whose state went non-finite (frozen by the engine), in the order they joined (not
    /// UIKit API). `wasGivenNonFiniteState(_:)` tells whether one was already so when taken in.
    public var nonFiniteItems: [DynamicItem] {
        if world.nonFiniteBodies.isEmpty { return [] }
        let bad = Set(world.nonFiniteBodies)
        return records.filter { bad.contains($0.body.index) }.map(\.item)
    }

    /// The most pairs of shapes the engine keeps in contact at once (not UIKit API): items
    /// piled at one point make a pair of every two, and 10,000 of them would need tens of
    /// gigabytes. Pairs beyond it are not made: those items pass through each other.
    public static let maximumContactPairs = World.defaultMaximumContacts

    /// Whether the engine reached ``maximumContactPairs`` (for good): the motion is no longer
    /// what it should be, and a caller should stop (the scene player and the Recorder stop
    /// with an error).
    public var contactLimitReached: Bool { world.contactLimitReached }

    // MARK: - Stepping

    /// Whether every item the last `step` wrote back got a finite center and rotation (true
    /// when it wrote none). False after a write-back through `DynamicItem` setters other than
    /// `DynamicView`'s (groups, custom items), whose stored values it does not see. A caller
    /// that checks its items after each step (and moved none itself) can skip the check
    /// while this holds and `nonFiniteItems` is empty.
    public private(set) var wroteOnlyFiniteItems = false

    /// Advances by one animator step of `dt` seconds (default 1/60, a display frame). A `dt`
    /// that is not a positive finite number advances nothing.
    public func step(_ dt: TimeInterval = 1.0 / 60) {
        wroteOnlyFiniteItems = true
        if needsUpdate { synchronize() }
        if changedSincePause {
            changedSincePause = false
            if !isRunning && !records.isEmpty {
                isRunning = true
                delegate?.dynamicAnimatorWillResume(self)
            }
        }
        // (A non-finite dt is no time: an infinite one never left the sub-step loop.)
        guard isRunning, dt > 0, dt.isFinite else {
            // Nothing left to run because the last items left: the touches their leaving ended
            // are still told (once; nothing else can have happened).
            if !retiredItems.isEmpty {
                processContactEvents(began: [], ended: world.drainContactEvents().ended)
                retiredItems.removeAll()
            }
            return
        }
        // Ended events of contacts destroyed by changes since the last step come first.
        let pending = world.drainContactEvents()
        var began = pending.began, ended = pending.ended
        let ordered = flattenedBehaviors()
        let fields = activeFields(ordered)
        let pushes = ordered.compactMap { $0 as? PushBehavior }
        let h = Self.subStep
        accumulator += dt
        while accumulator >= h {
            for push in pushes { push.applyForces(self) }
            applyFields(fields, time: simulatedTime + h)
            world.step(h)
            accumulator -= h
            simulatedTime += h
            let events = world.drainContactEvents()
            began += events.began
            ended += events.ended
        }
        elapsedTime += dt
        writeBackItems()
        // A contact the changes destroyed (a refilter) and the step made again goes on
        // touching: its ended and began are one touch that did not end (see handleContact).
        var renewed = Set<UInt64>()
        if !pending.ended.isEmpty {
            let destroyed = Set(pending.ended.map { Self.pairKey($0.shapeA, $0.shapeB) })
            renewed = Set(began.lazy.map { Self.pairKey($0.shapeA, $0.shapeB) }.filter(destroyed.contains))
        }
        processContactEvents(began: began, ended: ended, renewed: renewed, destroyedCount: pending.ended.count)
        for tag in retiredBoundaryTags { boundaryOwners[tag] = nil }
        retiredBoundaryTags.removeAll()
        retiredItems.removeAll()
        for b in ordered { b.action?() }
        if !needsUpdate && world.isAtRest {
            isRunning = false
            delegate?.dynamicAnimatorDidPause(self)
        }
    }

    /// Each item takes its body's center and rotation. When every item is a `DynamicView`
    /// (a scene's items are), the stores split across the engine's worker pool: nothing but
    /// the view itself is touched, and a thousand items' atan2 and two dynamically dispatched
    /// setters each were a tenth of a resting rain's frame on one thread. Otherwise one item
    /// after another in the order they joined, as before: an item's setter may call back into
    /// the animator, so the loop walks this frame's records and holds no pointer into them or
    /// the bodies while one runs.
    private func writeBackItems() {
        let written = records
        if recordsAreAllViews {
            // Set by whichever piece stores a non-finite value (a byte both threads may set).
            var nonFinite: UInt8 = 0
            withUnsafeMutablePointer(to: &nonFinite) { nonFinite in
            written.withUnsafeBufferPointer { rs in
                world.bodies.withUnsafeBufferPointer { bs in
                    world.parallelRanges(rs.count, grain: 256) { range in
                        var finite = true
                        for k in range {
                            let xf = bs[rs[k].body.index].transform
                            let center = xf.p.cgPoint, rotation = CGFloat(xf.q.angle)
                            finite = finite && center.x.isFinite && center.y.isFinite && rotation.isFinite
                            rs[k].view.unsafelyUnwrapped._withUnsafeGuaranteedRef { view in
                                view.center = center
                                view.rotation = rotation
                            }
                        }
                        if !finite { animatic_flag_set(nonFinite) }
                    }
                }
            }
            }
            wroteOnlyFiniteItems = nonFinite == 0
            return
        }
        // Through the items' own setters, which may store something else: unchecked.
        wroteOnlyFiniteItems = false
        // The bodies' transforms read first, in place; then each item written by index: a
        // copy of each record (its item, material and collision set) retained and released
        // three objects per item per frame.
        let transforms = world.bodies.withUnsafeBufferPointer { bs in written.map { bs[$0.body.index].transform } }
        for k in written.indices {
            let item = written[k].item, xf = transforms[k]
            item.center = xf.p.cgPoint
            item.rotation = CGFloat(xf.q.angle)
        }
    }

    /// The fields in tree order, at most `maximumFieldCount` of them (more cannot be added;
    /// the cut is a safety net only).
    private func activeFields(_ ordered: [DynamicBehavior]) -> [FieldBehavior] {
        let fields = ordered.compactMap { $0 as? FieldBehavior }
        if fields.count > Self.maximumFieldCount {
            if !warnedAboutFields {
                warnedAboutFields = true
                try? FileHandle.standardError.write(contentsOf: Data("DynamicAnimator: at most \(Self.maximumFieldCount) field behaviors act in one animator; the \(fields.count - Self.maximumFieldCount) after the first \(Self.maximumFieldCount) are ignored\n".utf8))
            }
            return Array(fields.prefix(Self.maximumFieldCount))
        }
        return fields
    }

    /// Field forces for the coming sub-step, from each body's state now. An item inside a
    /// velocity field takes the first such field's velocity instead of any force.
    private func applyFields(_ fields: [FieldBehavior], time: Double) {
        guard !fields.isEmpty else { return }
        for field in fields {
            for item in field.items {
                guard let body = body(for: item), world.bodyType(body) == .dynamic else { continue }
                let center = world.position(body)
                if field.kind == .velocity {
                    // First velocity field in add order wins; the others leave the item alone.
                    if !world.hasVelocityOverride(body) && field.contains(center.cgPoint) {
                        world.setVelocityOverride(body, Vec2(Double(field.direction.dx), Double(field.direction.dy)))
                    }
                    continue
                }
                guard let f = field.force(at: center, velocity: world.linearVelocity(body), mass: world.mass(body),
                                          charge: charge(of: item), time: time, noise: noise), f != .zero else { continue }
                world.applyForceToCenter(body, f)
            }
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

/// What a shape of the animator's world belongs to, kept in the engine's integer user data.
enum ShapeTag: Equatable {
    /// An item, by its serial number.
    case item(Int)
    /// A boundary, by its tag in `boundaryOwners`.
    case boundary(Int)
    case none

    init(_ raw: Int) {
        if raw >= 0 { self = .item(raw) } else if raw <= -2 { self = .boundary(-raw - 2) } else { self = .none }
    }

    var rawValue: Int {
        switch self {
        case .item(let serial): return serial
        case .boundary(let tag): return -tag - 2
        case .none: return -1
        }
    }
}
