// Design note: event actions. Each runs against the item its trigger concerns unless it names
// one; behavior changes go through the UIKit-style objects, so they take effect on the
// animator's next step exactly as UIKit applies changes made in a callback.
import Dynamics
import Foundation
import SceneFormat

extension SceneRunner {
    func target(_ id: String?, _ context: RunContext) -> Int? {
        if let id { return itemIndex[id] }
        return context.item
    }

    func run(_ actions: [ActionSpec], context: RunContext) {
        for action in actions { perform(action, context: context) }
    }

    func perform(_ action: ActionSpec, context: RunContext) {
        let now = Double(stepCount) * stepInterval
        switch action {
        case .animate(let a):
            guard let k = target(a.item, context) else { return }
            let item = items[k]
            // A new animation takes over the properties it animates from those still running
            // on the item (an older one wrote its target over the newer's every step and left
            // the item at its own); the older goes on with the others, and runs its `then`.
            for j in animations.indices where animations[j].item == k {
                if a.color != nil { animations[j].toColor = nil }
                if a.alpha != nil { animations[j].toAlpha = nil }
                if a.scale != nil { animations[j].toScale = nil }
            }
            animations.append(VisualAnimation(item: k, start: now + a.delay, duration: a.duration, curve: a.curve,
                                              fromColor: item.color, toColor: a.color, fromAlpha: item.alpha, toAlpha: a.alpha,
                                              fromScale: item.scale, toScale: a.scale, then: a.then, context: context))
        case .removeFromBehavior(let m):
            guard let k = target(m.item, context), let b = behaviorsByID[m.behavior] else { return }
            if !removeItem(items[k].view, from: b), b.dynamicAnimator != nil, holdsItem(b, items[k].view) {
                // Snaps and attachments hold fixed items: leaving one removes the behavior.
                detach(b)
            }
            forgetSuspended(item: k) { $0 === b }
        case .addToBehavior(let m):
            guard let k = target(m.item, context), let b = behaviorsByID[m.behavior] else { return }
            addItem(items[k].view, to: b)
        case .removeFromView(let i):
            guard let k = target(i.item, context) else { return }
            items[k].visible = false
        case .removeItem(let i):
            guard let k = target(i.item, context) else { return }
            items[k].visible = false
            items[k].removed = true
            for b in animator.behaviorTree where holdsItem(b, items[k].view) {
                if !removeItem(items[k].view, from: b) { detach(b) }
            }
            // Out of every behavior for good: a drag's release gives none back.
            forgetSuspended(item: k) { _ in true }
        case .addBehavior(let add):
            // Adding a behavior that is in the tree does nothing, as in UIKit: an action that runs
            // again (a second tap) made a second behavior of the same id, which removeBehavior
            // could no longer reach.
            // Every id of the added tree counts (a group without an id around a push with
            // one made a second push on every tap).
            let ids = Self.ids(in: add.behavior)
            if ids.contains(where: { behaviorsByID[$0]?.dynamicAnimator != nil }) { return }
            // A behavior of one of these ids that a drag holds aside is replaced by the new
            // one: the release must not bring back a second behavior of its id. (A drag holds
            // aside leaves only, never a group: validation refuses `suspend` of a group.)
            forgetSuspended { held in ids.contains { id in behaviorsByID[id].map { isInside($0, held) } ?? false } }
            if let b = try? makeBehavior(add.behavior), b.dynamicAnimator == nil, b.parent == nil { animator.addBehavior(b) }
        case .removeBehavior(let r):
            guard let b = behaviorsByID[r.behavior] else { return }
            detach(b)
            // Removed while a drag held it aside: the release must not add it back (nor any
            // behavior inside it).
            forgetSuspended { isInside($0, b) }
        case .set(let s):
            apply(s, context: context)
        case .snapTo(let s):
            guard let k = target(s.item, context), let p = s.point.resolved(tap: context.tap) else { return }
            let view = items[k].view
            // The recipe removes the old snap first: two snaps on one item fight. (A snap a drag
            // holds aside is an old snap too.)
            for b in animator.behaviorTree {
                if let snap = b as? SnapBehavior, snap.item === view { detach(snap) }
            }
            forgetSuspended(item: k) { ($0 as? SnapBehavior)?.item === view }
            let snap = SnapBehavior(item: view, snapTo: CGPoint(x: p.x, y: p.y))
            snap.damping = CGFloat(s.damping)
            animator.addBehavior(snap)
        case .pushToward(let p):
            guard let push = behaviorsByID[p.behavior] as? PushBehavior, let point = p.point.resolved(tap: context.tap) else { return }
            // Without `item`: the concerned item, else the push's only item (validation refuses
            // a trigger that concerns none for a push of several).
            let only = push.items.count == 1 ? itemIndexByView[ObjectIdentifier(push.items[0])] : nil
            guard let k = target(p.item, context) ?? only else { return }
            let c = items[k].view.center
            let dx = point.x - Double(c.x), dy = point.y - Double(c.y)
            push.setAngle(CGFloat(atan2(dy, dx)), magnitude: CGFloat((dx * dx + dy * dy).squareRoot() * p.magnitudePerPoint))
            push.active = true
        case .drag(let d):
            guard var pan = activePan, let k = pan.item, target(nil, context) == k else { return }
            let view = items[k].view
            let candidates: [DynamicBehavior]
            switch d.suspend {
            case .all: candidates = animator.behaviorTree.filter { holdsItem($0, view) && !($0.childBehaviors.count > 0) }
            case .behaviors(let ids): candidates = ids.compactMap { behaviorsByID[$0] }
            }
            for b in candidates where holdsItem(b, view) {
                if removeItem(view, from: b) { pan.suspended.append(b) } else { detach(b); pan.suspendedWhole.append(b) }
            }
            pan.releaseVelocity = d.releaseVelocity
            if d.grab == .center { pan.grabOffset = .zero }
            pan.dragging = true
            activePan = pan
        }
    }

    /// Drops from the active drag's suspended behaviors those `matching` says the scene has
    /// since removed, so the release does not give them back. With `item`, only a drag of
    /// that item is concerned.
    func forgetSuspended(item: Int? = nil, matching: (DynamicBehavior) -> Bool) {
        guard var pan = activePan, item == nil || pan.item == item else { return }
        pan.suspended.removeAll(where: matching)
        pan.suspendedWhole.removeAll(where: matching)
        activePan = pan
    }

    /// The ids of a behavior and of every behavior inside it.
    static func ids(in spec: BehaviorSpec) -> [String] {
        var ids = spec.id.map { [$0] } ?? []
        if case .group(let g) = spec { for child in g.children { ids += Self.ids(in: child) } }
        return ids
    }

    /// Sets the insets of a collision behavior's reference-bounds boundary without turning the
    /// boundary on or off: the scene's `referenceBoundsInsets` only shapes that boundary, used
    /// while `referenceBoundsAsBoundary` is true (UIKit's only setter of the insets,
    /// `setTranslatesReferenceBoundsIntoBoundary(with:)`, also turns it on).
    static func setInsets(_ i: SceneInsets, of c: CollisionBehavior) {
        let on = c.translatesReferenceBoundsIntoBoundary
        c.setTranslatesReferenceBoundsIntoBoundary(with: (CGFloat(i.top), CGFloat(i.left), CGFloat(i.bottom), CGFloat(i.right)))
        if !on { c.translatesReferenceBoundsIntoBoundary = false }
    }

    /// Whether `b` is `ancestor` or sits somewhere below it in the tree.
    func isInside(_ b: DynamicBehavior, _ ancestor: DynamicBehavior) -> Bool {
        var node: DynamicBehavior? = b
        while let n = node {
            if n === ancestor { return true }
            node = n.parent
        }
        return false
    }

    /// Removes a behavior from wherever it sits in the tree.
    func detach(_ b: DynamicBehavior) {
        if let parent = b.parent { parent.removeChildBehavior(b) } else { animator.removeBehavior(b) }
    }

    func apply(_ s: SetAction, context: RunContext) {
        switch s.target {
        case .item(let id):
            guard let k = target(id, context) else { return }
            let item = items[k]
            for setting in s.settings {
                switch setting {
                case .color(let c): item.color = c
                case .alpha(let a): item.alpha = a
                case .scale(let v): item.scale = v
                case .cornerRadius(let r): item.cornerRadius = r
                case .center(let p):
                    if let p = p.resolved(tap: context.tap) {
                        place(item.view, center: CGPoint(x: p.x, y: p.y))
                    }
                case .angle(let a):
                    place(item.view, rotation: CGFloat(a))
                default: break
                }
            }
        case .behavior(let id):
            guard let b = behaviorsByID[id] else { return }
            for setting in s.settings { apply(setting, to: b, context: context) }
        }
    }

    func apply(_ setting: PropertySetting, to b: DynamicBehavior, context: RunContext) {
        func point(_ p: PointExpression) -> CGPoint? { p.resolved(tap: context.tap).map { CGPoint(x: $0.x, y: $0.y) } }
        switch (b, setting) {
        case (let g as GravityBehavior, .angle(let a)): g.angle = CGFloat(a)
        case (let g as GravityBehavior, .magnitude(let m)): g.magnitude = CGFloat(m)
        case (let g as GravityBehavior, .direction(let d)): g.gravityDirection = CGVector(dx: d.dx, dy: d.dy)
        case (let p as PushBehavior, .angle(let a)): p.angle = CGFloat(a)
        case (let p as PushBehavior, .magnitude(let m)): p.magnitude = CGFloat(m)
        case (let p as PushBehavior, .direction(let d)): p.pushDirection = CGVector(dx: d.dx, dy: d.dy)
        case (let p as PushBehavior, .active(let on)): p.active = on
        case (let c as CollisionBehavior, .collisionMode(let m)):
            c.collisionMode = m == .items ? .items : m == .boundaries ? .boundaries : .everything
        case (let c as CollisionBehavior, .referenceBoundsAsBoundary(let on)): c.translatesReferenceBoundsIntoBoundary = on
        case (let c as CollisionBehavior, .referenceBoundsInsets(let i)): Self.setInsets(i, of: c)
        case (let s as SnapBehavior, .point(let p)): if let p = point(p) { s.snapPoint = p }
        case (let s as SnapBehavior, .damping(let d)): s.damping = CGFloat(d)
        case (let a as AttachmentBehavior, .anchor(let p)): if let p = point(p) { a.anchorPoint = p }
        case (let a as AttachmentBehavior, .length(let l)): a.length = CGFloat(l)
        case (let a as AttachmentBehavior, .frequency(let f)): a.frequency = CGFloat(f)
        case (let a as AttachmentBehavior, .damping(let d)): a.damping = CGFloat(d)
        case (let a as AttachmentBehavior, .frictionTorque(let t)): a.frictionTorque = CGFloat(t)
        case (let a as AttachmentBehavior, .range(let r)):
            a.attachmentRange = r.map { FloatRange(minimum: CGFloat($0.lowerBound), maximum: CGFloat($0.upperBound)) } ?? .infinite
        case (let i as DynamicItemBehavior, .elasticity(let v)): i.elasticity = CGFloat(v)
        case (let i as DynamicItemBehavior, .friction(let v)): i.friction = CGFloat(v)
        case (let i as DynamicItemBehavior, .density(let v)): i.density = CGFloat(v)
        case (let i as DynamicItemBehavior, .resistance(let v)): i.resistance = CGFloat(v)
        case (let i as DynamicItemBehavior, .angularResistance(let v)): i.angularResistance = CGFloat(v)
        case (let i as DynamicItemBehavior, .allowsRotation(let v)): i.allowsRotation = v
        case (let i as DynamicItemBehavior, .anchored(let v)): i.isAnchored = v
        case (let i as DynamicItemBehavior, .charge(let v)): i.charge = CGFloat(v)
        case (let f as FieldBehavior, .position(let p)): if let p = point(p) { f.position = p }
        case (let f as FieldBehavior, .region(let r)): f.region = Self.region(r)
        case (let f as FieldBehavior, .strength(let v)): f.strength = CGFloat(v)
        case (let f as FieldBehavior, .falloff(let v)): f.falloff = CGFloat(v)
        case (let f as FieldBehavior, .minimumRadius(let v)): f.minimumRadius = CGFloat(v)
        case (let f as FieldBehavior, .direction(let d)): f.direction = CGVector(dx: d.dx, dy: d.dy)
        case (let f as FieldBehavior, .smoothness(let v)): f.smoothness = CGFloat(v)
        case (let f as FieldBehavior, .animationSpeed(let v)): f.animationSpeed = CGFloat(v)
        default: break
        }
    }

    /// Advances visual animations; finished ones run their `then` actions.
    func advanceAnimations(to t: Double) {
        var finished: [VisualAnimation] = []
        var k = 0
        while k < animations.count {
            let a = animations[k]
            // (A finished one takes its targets exactly.)
            guard let f = AnimateAction.fraction(at: t, start: a.start, duration: a.duration) else { k += 1; continue }
            let done = f == 1
            let u = a.curve.value(f)
            let item = items[a.item]
            if let c = a.toColor {
                item.color = SceneColor(red: a.fromColor.red + u * (c.red - a.fromColor.red),
                                        green: a.fromColor.green + u * (c.green - a.fromColor.green),
                                        blue: a.fromColor.blue + u * (c.blue - a.fromColor.blue),
                                        alpha: a.fromColor.alpha + u * (c.alpha - a.fromColor.alpha))
            }
            if let v = a.toAlpha { item.alpha = done ? v : a.fromAlpha + u * (v - a.fromAlpha) }
            if let v = a.toScale { item.scale = done ? v : a.fromScale + u * (v - a.fromScale) }
            if done, let c = a.toColor { item.color = c }
            if done {
                finished.append(a)
                animations.remove(at: k)
            } else {
                k += 1
            }
        }
        for a in finished { run(a.then, context: a.context) }
    }
}
