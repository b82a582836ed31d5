// Design note: the behavior tree. A behavior is a reference type (UIKit's UIDynamicBehavior):
// user code keeps it and changes it while the animator runs. Every property change marks the
// animator dirty; the animator re-derives the engine state (bodies, materials, filters,
// joints) from the whole tree at the start of the next step, so additions and removals from
// `action` closures or collision callbacks are always safe. Subclasses override the internal
// hooks below; plain `DynamicBehavior` is the composite of UIKit (children + action).
import Foundation

/// Base class of every behavior; also a composite behavior through `childBehaviors`.
open class DynamicBehavior {
    /// Child behaviors, in order.
    public private(set) var childBehaviors: [DynamicBehavior] = []
    /// Called after every animation step while the behavior is in an animator.
    public var action: (() -> Void)?
    /// The animator this behavior (or an ancestor) was added to.
    public internal(set) weak var dynamicAnimator: DynamicAnimator?
    /// The behavior this one is a child of; nil for a top-level behavior or one in no tree.
    public internal(set) weak var parent: DynamicBehavior?

    /// Creates an empty behavior; with children and an `action` it is a composite behavior
    /// (UIDynamicBehavior()).
    public init() {}

    /// Child additions refused so far (the first one is said on standard error).
    var refusedChildAdditions = 0

    /// Adds a child. A behavior is in one place at a time: one already in an animator or a
    /// tree, or this behavior itself or one it sits inside (a cycle), is not added.
    public func addChildBehavior(_ behavior: DynamicBehavior) {
        var place = behavior.parent != nil ? "inside a behavior tree" : behavior.dynamicAnimator != nil ? "in an animator" : nil
        var node: DynamicBehavior? = self
        while place == nil, let n = node {
            if n === behavior { place = "this behavior or one it sits inside" }
            node = n.parent
        }
        if let place {
            // Said once per parent, as the animator says a refused addBehavior (code doing it
            // in an action would say it every frame).
            refusedChildAdditions += 1
            if refusedChildAdditions == 1 {
                try? FileHandle.standardError.write(contentsOf: Data(
                    "DynamicBehavior: a \(type(of: behavior)) \(place) is not added as a child (a behavior is in one place at a time)\n".utf8))
            }
            return
        }
        if let animator = dynamicAnimator, !animator.admitsFields(of: behavior) { return }
        childBehaviors.append(behavior)
        behavior.parent = self
        if let animator = dynamicAnimator { behavior.propagate(animator) }
        setNeedsUpdate()
    }

    /// Removes a child, with its own children, from this behavior and from the animator; a behavior
    /// that is not a child is ignored. Takes effect at the next step.
    public func removeChildBehavior(_ behavior: DynamicBehavior) {
        guard let k = childBehaviors.firstIndex(where: { $0 === behavior }) else { return }
        childBehaviors.remove(at: k)
        behavior.parent = nil
        behavior.propagate(nil)
        setNeedsUpdate()
    }

    /// Called when the behavior joins (non-nil) or leaves (nil) an animator.
    open func willMove(to dynamicAnimator: DynamicAnimator?) {}

    func propagate(_ animator: DynamicAnimator?) {
        willMove(to: animator)
        let joining = animator != nil && dynamicAnimator == nil
        // Joining another animator than the one whose engine holds its objects (removed
        // there, added here before that animator stepped): that animator lets them go now,
        // else this one would take its joint and boundary handles for its own.
        if joining && engineOwner !== animator {
            engineOwner?.release(self)
            engineOwner = nil
            forgetEngineState()
        }
        dynamicAnimator = animator
        if joining { didJoin() }
        for child in childBehaviors { child.propagate(animator) }
    }

    /// Called as the behavior joins an animator, once `dynamicAnimator` is set (what a
    /// behavior measures from its items then; a subclass's `willMove(to:)` need not call it).
    func didJoin() {}

    /// Marks the animator for re-synchronisation and wakes it (UIKit resumes on any change).
    func setNeedsUpdate() { dynamicAnimator?.setNeedsUpdate() }

    // MARK: - Hooks for concrete behaviors

    /// Items this behavior acts on directly (the animator adds them to the world).
    var ownItems: [DynamicItem] { [] }
    /// Creates or updates engine objects (joints, boundaries) after a tree change.
    func synchronize(_ animator: DynamicAnimator) {}
    /// Removes engine objects when the behavior leaves the animator.
    func teardown(_ animator: DynamicAnimator) {}
    /// The animator that last built this behavior's engine objects (set as it synchronizes).
    weak var engineOwner: DynamicAnimator?
    /// Drops every handle into an animator's engine and what was derived there (joint and
    /// body ids, filter groups, touch counts), without touching any engine: the behavior
    /// joins another animator, and the old one has let the objects go or is gone.
    func forgetEngineState() {}
}

/// Identity-based item list with UIKit's add/remove semantics. Membership is a set lookup:
/// the animator asks for every contact event whether a collision behavior holds both items,
/// and a scan of a thousand items per event was a visible part of a pile's step.
struct ItemList {
    private(set) var items: [DynamicItem] = []
    private var members: Set<ObjectIdentifier> = []
    mutating func add(_ item: DynamicItem) -> Bool {
        guard members.insert(ObjectIdentifier(item)).inserted else { return false }
        items.append(item)
        return true
    }
    mutating func remove(_ item: DynamicItem) -> Bool {
        guard members.remove(ObjectIdentifier(item)) != nil, let k = items.firstIndex(where: { $0 === item }) else { return false }
        items.remove(at: k)
        return true
    }
    func contains(_ item: DynamicItem) -> Bool { members.contains(ObjectIdentifier(item)) }
}
