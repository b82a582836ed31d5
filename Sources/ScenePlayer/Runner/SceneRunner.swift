// Design note: the runner plays a scene like a device would. Physics advances on the
// animator's fixed 1/60 s step; frame k shows the state at time k / fps (frame 0 is the
// initial state). Before each physics step, scripted input due by then is delivered (taps,
// pan moves), then time triggers fire; after it, contact and pause triggers fire (in the
// animator's callback order) and visual animations advance. Everything is keyed by time and
// creation order, never by wall clock or hash order, so a scene always plays the same.
import Dynamics
import Foundation
import SceneFormat
import Rendering

/// A failure while running a valid scene (exit status 1 in the command line).
public struct SceneRunError: Error, CustomStringConvertible {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}

/// What a trigger concerns, passed to its actions.
struct RunContext {
    var item: Int?
    var tap: ScenePoint?
}

/// One contact event of the trace.
struct TraceEvent {
    let type: String
    let behavior: String
    let item: String
    let with: String?
    let boundary: String?
    let point: ScenePoint
    let time: Double
}

/// Plays a scene: advances physics, input and events, and produces frame states and trace lines.
public final class SceneRunner {
    public let scene: Scene
    let animator: DynamicAnimator
    var items: [SceneItem] = []
    var itemIndex: [String: Int] = [:]
    /// Items by their view, for the contact callbacks (one lookup per event, not a scan).
    var itemIndexByView: [ObjectIdentifier: Int] = [:]
    var behaviorsByID: [String: DynamicBehavior] = [:]
    var behaviorIDs: [ObjectIdentifier: String] = [:]
    /// Every behavior the runner made, by its scene `type` (`BehaviorSpec.typeName`).
    var behaviorTypes: [ObjectIdentifier: String] = [:]
    var animations: [VisualAnimation] = []
    var pendingTimeEvents: [(at: Double, event: Int)] = []
    var inputQueue: [InputSpec]
    var activePan: ActivePan?
    var frameEvents: [TraceEvent] = []
    var pausedThisStep = false
    /// Whether this runner placed an item (`place`) since the last `checkFinite`, which then
    /// looks at every item.
    private var placedItemSinceCheck = true
    /// Physics steps taken.
    public private(set) var stepCount = 0
    /// Frame currently shown.
    public private(set) var frameIndex = 0
    /// Frames (indices) during whose interval a contact began.
    public private(set) var contactFrames: [Int] = []
    /// Physics steps per second of scene time (UIKit's animator takes two sub-steps in each).
    let stepsPerSecond = 60.0
    var stepInterval: Double { 1 / stepsPerSecond }
    lazy var relay = CollisionRelay(runner: self)

    struct ActivePan {
        let input: InputSpec
        let path: [ScenePoint]
        let duration: Double
        var item: Int?
        var grabOffset: SceneVector
        var suspended: [DynamicBehavior] = []
        var suspendedWhole: [DynamicBehavior] = []
        var releaseVelocity = false
        /// Set by a `drag` action: the item follows the finger.
        var dragging = false
        var finger: FingerMotion
    }

    /// Builds the animator, items and behaviors of a validated scene. `engineWorkers` threads
    /// share each physics step (the motion is the same for any count).
    public init(scene: Scene, engineWorkers: Int = 1) throws {
        self.scene = scene
        animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: scene.canvas.width, height: scene.canvas.height),
                                   seed: scene.seed)
        inputQueue = scene.input.sorted { $0.at < $1.at }
        for spec in scene.items {
            itemIndex[spec.id] = items.count
            items.append(SceneItem(spec: spec))
            itemIndexByView[ObjectIdentifier(items[items.count - 1].view)] = items.count - 1
        }
        animator.allowsSleeping = scene.sleeping
        animator.engineWorkers = engineWorkers
        for spec in scene.behaviors { animator.addBehavior(try makeBehavior(spec)) }
        for (k, e) in scene.events.enumerated() {
            if case .time(let at) = e.trigger { pendingTimeEvents.append((at, k)) }
        }
        pendingTimeEvents.sort { $0.at < $1.at || ($0.at == $1.at && $0.event < $1.event) }
        animator.delegate = self
    }

    /// Number of frames of the whole scene.
    public var frameCount: Int { scene.frameCount }
    /// Scene time of the current frame.
    public var time: Double { Double(frameIndex) / Double(scene.fps) }

    /// Advances to the next frame: runs every physics step due before its time.
    public func advanceFrame() throws {
        frameEvents.removeAll()
        frameIndex += 1
        let target = FrameSteps.steps(beforeFrame: frameIndex, fps: scene.fps, stepsPerSecond: Int(stepsPerSecond))
        while stepCount < target { try stepOnce() }
    }

    /// One physics step with input, triggers and animations around it.
    func stepOnce() throws {
        let t = Double(stepCount) * stepInterval
        deliverInput(upTo: t)
        while let next = pendingTimeEvents.first, next.at <= t + 1e-9 {
            pendingTimeEvents.removeFirst()
            run(scene.events[next.event].actions, context: RunContext())
        }
        updateDrag(at: t)
        pausedThisStep = false
        animator.step(stepInterval)
        stepCount += 1
        if pausedThisStep { fire(.pause, context: RunContext()) }
        advanceAnimations(to: Double(stepCount) * stepInterval)
        try checkFinite()
    }

    /// Moves or turns an item from the script (a `set` action, a drag): the one place the
    /// runner writes an item's pose, so that `checkFinite` knows to look. The animator re-reads
    /// the pose when it holds the item.
    func place(_ view: DynamicView, center: CGPoint? = nil, rotation: CGFloat? = nil) {
        if let center { view.center = center }
        if let rotation { view.rotation = rotation }
        placedItemSinceCheck = true
        animator.updateItem(usingCurrentState: view)
    }

    /// A non-finite state stops the run with a message naming the item, time and behaviors;
    /// so does the engine's contact limit (items piled at one point).
    func checkFinite() throws {
        if animator.contactLimitReached {
            throw SceneRunError(message: "\(scene.sourceFile): more than 1,000,000 pairs of items touch at "
                + "t = \(String(format: "%.3f", Double(stepCount) * stepInterval)) s, the most the engine holds; "
                + "hint: spread the items out (items piled at one point make a pair of every two)")
        }
        let frozen = animator.nonFiniteItems
        // Only the animator's write-back and this runner's placements move items; when the
        // write-back stored finite values only and the runner placed nothing, every item is as
        // finite as at the last check (a walk over a thousand items' objects was 1% of a rain).
        if frozen.isEmpty && animator.wroteOnlyFiniteItems && !placedItemSinceCheck { return }
        placedItemSinceCheck = false
        // A removed item that an action put back into a behavior is simulated again, unseen:
        // it is checked too (it went non-finite with exit 0, frozen where it was removed).
        for item in items where !item.removed || animator.contains(item.view) {
            let c = item.view.center
            if !(c.x.isFinite && c.y.isFinite && item.view.rotation.isFinite) || frozen.contains(where: { $0 === item.view }) {
                let holders = holderNames(of: item.view)
                throw SceneRunError(message: "\(scene.sourceFile): the simulation went non-finite at t = \(String(format: "%.3f", Double(stepCount) * stepInterval)) s "
                    + "for item '\(item.spec.id)' (behaviors: \(holders.isEmpty ? "none" : holders.joined(separator: ", "))); "
                    + "hint: lower extreme strengths, frequencies or velocities")
            }
        }
    }

    /// The behaviors in the animator that hold `view`, in the animator's order, each by its id
    /// or, without one, by its type ("gravity without an id"): only behaviors with ids were
    /// looked at, and an item held by three unnamed behaviors was said to have none.
    func holderNames(of view: DynamicItem) -> [String] {
        // A group holds nothing itself (`holdsItem` answers for its children, listed apart).
        animator.behaviorTree.filter { type(of: $0) != DynamicBehavior.self && holdsItem($0, view) }.map { b in
            let key = ObjectIdentifier(b)
            return behaviorIDs[key] ?? "\(behaviorTypes[key] ?? "behavior") without an id"
        }
    }

    func holdsItem(_ b: DynamicBehavior, _ view: DynamicItem) -> Bool {
        switch b {
        case let g as GravityBehavior: return g.items.contains { $0 === view }
        case let c as CollisionBehavior: return c.items.contains { $0 === view }
        case let p as PushBehavior: return p.items.contains { $0 === view }
        case let i as DynamicItemBehavior: return i.items.contains { $0 === view }
        case let f as FieldBehavior: return f.items.contains { $0 === view }
        case let s as SnapBehavior: return s.item === view
        case let a as AttachmentBehavior: return a.items.contains { $0 === view }
        default: return b.childBehaviors.contains { holdsItem($0, view) }
        }
    }

    // MARK: - Input

    func deliverInput(upTo t: Double) {
        while let next = inputQueue.first, next.at <= t + 1e-9 {
            inputQueue.removeFirst()
            switch next.gesture {
            case .tap(let p):
                let hit = topmostItem(at: p)
                fire(.tap(item: hit.map { items[$0].spec.id }), context: RunContext(item: hit, tap: p))
            case .pan(let path, let duration):
                beginPan(next, path: path, duration: duration)
            }
        }
    }

    /// The item a finger at `p` touches: the topmost one shown there. As UIKit's hit test,
    /// an item whose alpha is below 0.01 is passed over (a see-through item on top took the
    /// taps of the item under it; the recipes' views, hit by UIKit's rule, did not).
    func topmostItem(at p: ScenePoint) -> Int? {
        for k in items.indices.reversed()
        where items[k].visible && !items[k].removed && items[k].alpha >= 0.01 && items[k].contains(p) { return k }
        return nil
    }

    func beginPan(_ input: InputSpec, path: [ScenePoint], duration: Double) {
        if let pan = activePan { endPan(pan) }
        guard let start = path.first else { return }
        let hit = topmostItem(at: start)
        var pan = ActivePan(input: input, path: path, duration: max(duration, 1e-6), item: hit,
                            grabOffset: .zero, finger: FingerMotion(at: start, time: input.at))
        if let k = hit {
            let c = items[k].view.center
            pan.grabOffset = SceneVector(dx: Double(c.x) - start.x, dy: Double(c.y) - start.y)
        }
        activePan = pan
        fire(.pan(item: hit.map { items[$0].spec.id }), context: RunContext(item: hit, tap: start))
    }

    /// Finger position along the pan path at constant speed.
    func fingerPosition(_ pan: ActivePan, at t: Double) -> ScenePoint {
        FingerPath.point(on: pan.path, atFraction: FingerPath.fraction(at: t, start: pan.input.at, duration: pan.duration))
    }

    func updateDrag(at t: Double) {
        guard var pan = activePan else { return }
        let p = fingerPosition(pan, at: t)
        pan.finger.move(to: p, at: t, panEnd: pan.input.end, stepInterval: stepInterval)
        if let k = pan.item, pan.dragging {
            let view = items[k].view
            // [quirk] An item a drag keeps in some behavior keeps its body and its velocity, as
            // a view a UIKit pan handler places (`updateItem(usingCurrentState:)`) does: the
            // step then moves it on from under the finger.
            place(view, center: CGPoint(x: p.x + pan.grabOffset.dx, y: p.y + pan.grabOffset.dy))
        }
        activePan = pan
        if t >= pan.input.end - 1e-9 { endPan(pan) }
    }

    func endPan(_ pan: ActivePan) {
        activePan = nil
        guard let k = pan.item, pan.dragging else { return }
        let view = items[k].view
        for b in pan.suspended { addItem(view, to: b) }
        for b in pan.suspendedWhole where b.dynamicAnimator == nil { animator.addBehavior(b) }
        if pan.releaseVelocity {
            // An item dragged out of all its behaviors has no body until the animator next
            // brings itself up to date, and a velocity set before that is silently dropped:
            // update it first (items(in:) does) so the item leaves the finger at its speed.
            _ = animator.items(in: .zero)
            animator.setLinearVelocity(CGVector(dx: pan.finger.velocity.dx, dy: pan.finger.velocity.dy), of: view)
        }
    }

    // MARK: - Triggers

    enum Trigger {
        case tap(item: String?)
        case pan(item: String?)
        case pause
    }

    func fire(_ trigger: Trigger, context: RunContext) {
        for event in scene.events {
            switch (event.trigger, trigger) {
            case (.tap(let filter), .tap(let item)):
                if let filter, filter != item { continue }
            case (.pan(let filter), .pan(let item)):
                if let filter, filter != item { continue }
            case (.pause, .pause):
                break
            default:
                continue
            }
            run(event.actions, context: context)
        }
    }

    /// Contact triggers from the collision delegate.
    func contact(began: Bool, behavior: CollisionBehavior, item: DynamicItem, other: DynamicItem?, boundary: String??, point: CGPoint) {
        guard let k = itemIndexByView[ObjectIdentifier(item)] else { return }
        let otherIndex = other.flatMap { itemIndexByView[ObjectIdentifier($0)] }
        let behaviorID = behaviorIDs[ObjectIdentifier(behavior)] ?? ""
        // Divided as frame times are (k / fps): an event at the start of the step a frame
        // shows carries that frame's time to the last bit (steps x (1/60) was an ulp off).
        let t = Double(stepCount) / stepsPerSecond
        let boundaryName: String? = boundary.map { $0 ?? "reference" }
        let p = ScenePoint(x: Double(point.x), y: Double(point.y))
        frameEvents.append(TraceEvent(type: began ? "contactBegan" : "contactEnded", behavior: behaviorID, item: items[k].spec.id,
                                      with: otherIndex.map { items[$0].spec.id }, boundary: boundaryName, point: p, time: t))
        if began && contactFrames.last != frameIndex { contactFrames.append(frameIndex) }
        // An item-item contact concerns each of the two items in turn.
        var concerned: [(Int, Int?)] = [(k, otherIndex)]
        if let o = otherIndex { concerned.append((o, k)) }
        for event in scene.events {
            let filter: ContactFilter
            switch event.trigger {
            case .contactBegan(let f) where began: filter = f
            case .contactEnded(let f) where !began: filter = f
            default: continue
            }
            if let b = filter.behavior, b != behaviorID { continue }
            for (me, them) in concerned {
                if let i = filter.item, i != items[me].spec.id { continue }
                if let w = filter.with, them.map({ items[$0].spec.id }) != w { continue }
                if let fb = filter.boundary {
                    guard let bn = boundaryName else { continue }
                    switch fb {
                    case .reference: if bn != "reference" { continue }
                    case .id(let id): if bn != id { continue }
                    }
                } else if filter.with == nil && boundaryName != nil && otherIndex != nil { continue }
                run(event.actions, context: RunContext(item: me, tap: p))
                if filter.item == nil && filter.with == nil && them == nil { break }
            }
        }
    }
}

extension SceneRunner: DynamicAnimatorDelegate {
    public func dynamicAnimatorDidPause(_ animator: DynamicAnimator) { pausedThisStep = true }
}

/// Relays a collision behavior's callbacks to the runner.
final class CollisionRelay: CollisionBehaviorDelegate {
    unowned let runner: SceneRunner
    init(runner: SceneRunner) { self.runner = runner }
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem, at point: CGPoint) {
        runner.contact(began: true, behavior: behavior, item: item1, other: item2, boundary: nil, point: point)
    }
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem) {
        runner.contact(began: false, behavior: behavior, item: item1, other: item2, boundary: nil, point: item1.center)
    }
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem, withBoundaryIdentifier identifier: String?, at point: CGPoint) {
        runner.contact(began: true, behavior: behavior, item: item, other: nil, boundary: .some(identifier), point: point)
    }
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem, withBoundaryIdentifier identifier: String?) {
        runner.contact(began: false, behavior: behavior, item: item, other: nil, boundary: .some(identifier), point: item.center)
    }
}
