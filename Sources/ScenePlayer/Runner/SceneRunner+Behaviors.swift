// Design note: behaviors from their scene specs, one UIKit-style object per spec, remembered
// by id so that events can change them. Item behaviors set only the properties the file
// names, so the per-property "last one wins" rule of UIKit sees exactly what the author wrote.
import Dynamics
import Foundation
import SceneFormat

extension SceneRunner {
    func view(_ id: String) throws -> DynamicView {
        guard let k = itemIndex[id] else { throw SceneRunError(message: "\(scene.sourceFile): unknown item '\(id)'") }
        return items[k].view
    }

    func makeBehavior(_ spec: BehaviorSpec) throws -> DynamicBehavior {
        let behavior: DynamicBehavior
        switch spec {
        case .gravity(let g):
            let b = GravityBehavior(items: try g.items.map(view))
            b.gravityDirection = CGVector(dx: g.direction.dx, dy: g.direction.dy)
            behavior = b
        case .collision(let c):
            let b = CollisionBehavior(items: try c.items.map(view))
            b.collisionMode = c.mode == .items ? .items : c.mode == .boundaries ? .boundaries : .everything
            // The insets are kept whether or not the boundary is on (a later `set` may turn it on).
            if c.referenceBoundsAsBoundary || c.referenceBoundsInsets != .zero {
                Self.setInsets(c.referenceBoundsInsets, of: b)
                b.translatesReferenceBoundsIntoBoundary = c.referenceBoundsAsBoundary
            }
            for boundary in c.boundaries {
                switch boundary.shape {
                case .segment(let p, let q):
                    b.addBoundary(withIdentifier: boundary.id, from: CGPoint(x: p.x, y: p.y), to: CGPoint(x: q.x, y: q.y))
                case .path(let pts, let closed):
                    b.addBoundary(withIdentifier: boundary.id, for: pts.map { CGPoint(x: $0.x, y: $0.y) }, closed: closed)
                }
            }
            b.collisionDelegate = relay
            behavior = b
        case .push(let p):
            let b = PushBehavior(items: try p.items.map(view), mode: p.mode == .continuous ? .continuous : .instantaneous)
            b.setAngle(CGFloat(p.angle), magnitude: CGFloat(p.magnitude))
            b.active = p.active
            for (id, offset) in p.offsets.sorted(by: { $0.key < $1.key }) {
                b.setTargetOffsetFromCenter(CGVector(dx: offset.dx, dy: offset.dy), for: try view(id))
            }
            behavior = b
        case .snap(let s):
            let b = SnapBehavior(item: try view(s.item), snapTo: CGPoint(x: s.point.x, y: s.point.y))
            b.damping = CGFloat(s.damping)
            behavior = b
        case .attachment(let a):
            behavior = try makeAttachment(a)
        case .itemBehavior(let i):
            let b = DynamicItemBehavior(items: try i.items.map(view))
            for p in ItemBehaviorSpec.Property.allCases where i.specified.contains(p) {
                switch p {
                case .elasticity: b.elasticity = CGFloat(i.elasticity)
                case .friction: b.friction = CGFloat(i.friction)
                case .density: b.density = CGFloat(i.density)
                case .resistance: b.resistance = CGFloat(i.resistance)
                case .angularResistance: b.angularResistance = CGFloat(i.angularResistance)
                case .allowsRotation: b.allowsRotation = i.allowsRotation
                case .anchored: b.isAnchored = i.anchored
                case .charge: b.charge = CGFloat(i.charge)
                default: break
                }
            }
            for item in b.items {
                if i.linearVelocity != .zero { b.addLinearVelocity(CGVector(dx: i.linearVelocity.dx, dy: i.linearVelocity.dy), for: item) }
                if i.angularVelocity != 0 { b.addAngularVelocity(CGFloat(i.angularVelocity), for: item) }
            }
            behavior = b
        case .field(let f):
            let b: FieldBehavior
            let d = CGVector(dx: f.direction.dx, dy: f.direction.dy)
            switch f.kind {
            case .linearGravity: b = .linearGravityField(direction: d)
            case .radialGravity: b = .radialGravityField(position: CGPoint(x: f.position.x, y: f.position.y))
            case .velocity: b = .velocityField(direction: d)
            case .noise: b = .noiseField(smoothness: CGFloat(f.smoothness), animationSpeed: CGFloat(f.animationSpeed))
            case .turbulence: b = .turbulenceField(smoothness: CGFloat(f.smoothness), animationSpeed: CGFloat(f.animationSpeed))
            case .spring: b = .springField()
            case .electric: b = .electricField()
            case .magnetic: b = .magneticField()
            case .drag: b = .dragField()
            case .vortex: b = .vortexField()
            }
            b.position = CGPoint(x: f.position.x, y: f.position.y)
            b.region = Self.region(f.region)
            b.strength = CGFloat(f.strength)
            if let falloff = f.falloff { b.falloff = CGFloat(falloff) }
            b.minimumRadius = CGFloat(f.minimumRadius)
            b.direction = d
            b.smoothness = CGFloat(f.smoothness)
            b.animationSpeed = CGFloat(f.animationSpeed)
            for item in try f.items.map(view) { b.addItem(item) }
            behavior = b
        case .group(let g):
            let b = DynamicBehavior()
            for child in g.children { b.addChildBehavior(try makeBehavior(child)) }
            behavior = b
        }
        if let id = spec.id {
            behaviorsByID[id] = behavior
            behaviorIDs[ObjectIdentifier(behavior)] = id
        }
        behaviorTypes[ObjectIdentifier(behavior)] = spec.typeName
        return behavior
    }

    static func region(_ r: RegionSpec) -> Region {
        switch r {
        case .infinite: return .infinite
        case .radius(let v): return Region(radius: CGFloat(v))
        case .size(let s): return Region(size: CGSize(width: s.width, height: s.height))
        case .inverse(let a): return region(a).inverse()
        case .union(let a, let b): return region(a).byUnion(with: region(b))
        case .intersection(let a, let b): return region(a).byIntersection(with: region(b))
        case .difference(let a, let b): return region(a).byDifference(from: region(b))
        }
    }

    func makeAttachment(_ a: AttachmentSpec) throws -> AttachmentBehavior {
        let item = try view(a.item)
        let other = try a.to.map(view)
        let offset = CGVector(dx: a.offset.dx, dy: a.offset.dy), toOffset = CGVector(dx: a.toOffset.dx, dy: a.toOffset.dy)
        let anchor = a.anchor.map { CGPoint(x: $0.x, y: $0.y) }
        let b: AttachmentBehavior
        switch a.kind {
        case .anchor:
            b = AttachmentBehavior(item: item, offsetFromCenter: offset, attachedToAnchor: anchor ?? item.center)
        case .items:
            guard let other else { throw SceneRunError(message: "\(scene.sourceFile): an items attachment needs 'to'") }
            b = AttachmentBehavior(item: item, offsetFromCenter: offset, attachedTo: other, offsetFromCenter: toOffset)
        case .fixed:
            if let other {
                b = .fixedAttachment(with: item, attachedTo: other, attachmentAnchor: anchor ?? item.center)
            } else {
                b = AttachmentBehavior.pinAttachment(with: item, attachmentAnchor: anchor ?? item.center)
                b.attachmentRange = FloatRange(minimum: 0, maximum: 0)
            }
        case .pin:
            b = other.map { .pinAttachment(with: item, attachedTo: $0, attachmentAnchor: anchor ?? item.center) }
                ?? .pinAttachment(with: item, attachmentAnchor: anchor ?? item.center)
        case .sliding:
            let axis = a.axis.map { CGVector(dx: $0.dx, dy: $0.dy) } ?? CGVector(dx: 1, dy: 0)
            b = other.map { .slidingAttachment(with: item, attachedTo: $0, attachmentAnchor: anchor ?? item.center, axisOfTranslation: axis) }
                ?? .slidingAttachment(with: item, attachmentAnchor: anchor ?? item.center, axisOfTranslation: axis)
        case .limit:
            b = other.map { .limitAttachment(with: item, offsetFromCenter: offset, attachedTo: $0, offsetFromCenter: toOffset) }
                ?? .limitAttachment(with: item, offsetFromCenter: offset, attachedToAnchor: anchor ?? item.center)
        }
        if let l = a.length { b.length = CGFloat(l) }
        b.frequency = CGFloat(a.frequency)
        b.damping = CGFloat(a.damping)
        b.frictionTorque = CGFloat(a.frictionTorque)
        if let r = a.range { b.attachmentRange = FloatRange(minimum: CGFloat(r.lowerBound), maximum: CGFloat(r.upperBound)) }
        return b
    }

    /// Adds an item to a behavior that has an item list.
    func addItem(_ view: DynamicItem, to b: DynamicBehavior) {
        switch b {
        case let g as GravityBehavior: g.addItem(view)
        case let c as CollisionBehavior: c.addItem(view)
        case let p as PushBehavior: p.addItem(view)
        case let i as DynamicItemBehavior: i.addItem(view)
        case let f as FieldBehavior: f.addItem(view)
        default: break
        }
    }

    /// Removes an item from a behavior with an item list; returns whether it was there.
    @discardableResult
    func removeItem(_ view: DynamicItem, from b: DynamicBehavior) -> Bool {
        guard holdsItem(b, view) else { return false }
        switch b {
        case let g as GravityBehavior: g.removeItem(view)
        case let c as CollisionBehavior: c.removeItem(view)
        case let p as PushBehavior: p.removeItem(view)
        case let i as DynamicItemBehavior: i.removeItem(view)
        case let f as FieldBehavior: f.removeItem(view)
        default: return false
        }
        return true
    }
}
