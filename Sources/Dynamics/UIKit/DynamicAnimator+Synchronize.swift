// Design note: re-deriving engine state from the behavior tree. Runs only after a change, in
// tree order, and touches the engine only where something differs, so an unchanged resting
// pile is never woken by an unrelated edit. Items become bodies with PhysicsKit's shapes and
// skins [measured]: a rectangle is a box with a 0.1 pt skin, an ellipse with equal sides a
// circle, any other ellipse or a path a polygon with a 0.9 pt skin. Boundaries are Box2D 2.2
// edges with a 1 pt skin, whose contacts with polygons begin 2 pt out, so a box dropped on a
// boundary comes to rest up to 2 pt above it, and 0.2 pt off another box.
import Foundation

extension DynamicAnimator {
    /// Skins in metres: rectangles, flattened outlines (ellipses and paths), boundary edges
    /// (Box2D 2.2's b2_polygonRadius).
    static let rectangleSkin = 0.001
    static let outlineSkin = 0.009
    static let boundarySkin = 0.01

    func synchronize() {
        needsUpdate = false
        let ordered = flattenedBehaviors()
        // Behaviors that left the tree release their joints and boundaries.
        let liveIDs = Set(ordered.map { ObjectIdentifier($0) })
        for b in liveBehaviors where !liveIDs.contains(ObjectIdentifier(b)) {
            b.teardown(self)
            if let c = b as? CollisionBehavior, !c.touchCounts.isEmpty, !retiredCollisionBehaviors.contains(where: { $0 === c }) {
                retiredCollisionBehaviors.append(c)
                touchesNeedAudit = true
            }
        }
        liveBehaviors = ordered
        liveCollisionBehaviors = ordered.compactMap { $0 as? CollisionBehavior }

        // Items, in the order behaviors name them.
        var wanted: [DynamicItem] = []
        var wantedIDs = Set<ObjectIdentifier>()
        for b in ordered {
            for item in b.ownItems where wantedIDs.insert(ObjectIdentifier(item)).inserted { wanted.append(item) }
        }
        if records.contains(where: { !wantedIDs.contains(ObjectIdentifier($0.item)) }) {
            touchesNeedAudit = true
            for r in records where !wantedIDs.contains(ObjectIdentifier(r.item)) {
                world.destroyBody(r.body)
                // Its touches end with its body: their ended events come with the next step.
                retiredItems[r.serial] = r.item
            }
            records.removeAll { !wantedIDs.contains(ObjectIdentifier($0.item)) }
            reindex()
        }
        var added = Set<ObjectIdentifier>()
        for item in wanted where recordByItem[ObjectIdentifier(item)] == nil && added.insert(ObjectIdentifier(item)).inserted {
            records.append(makeRecord(for: item))
        }
        if !added.isEmpty { reindex() }

        // Per-item derived state.
        var itemBehaviors: [ObjectIdentifier: [DynamicItemBehavior]] = [:]
        var inGravity = Set<ObjectIdentifier>()
        var collisions: [ObjectIdentifier: [ObjectIdentifier]] = [:]
        collisionModes = [:]
        for b in ordered {
            switch b {
            case let ib as DynamicItemBehavior:
                for item in ib.items { itemBehaviors[ObjectIdentifier(item), default: []].append(ib) }
            case let g as GravityBehavior:
                for item in g.items { inGravity.insert(ObjectIdentifier(item)) }
            case let c as CollisionBehavior:
                let key = ObjectIdentifier(c)
                collisionModes[key] = c
                for item in c.items { collisions[ObjectIdentifier(item), default: []].append(key) }
            default: break
            }
        }
        for k in records.indices {
            let id = ObjectIdentifier(records[k].item)
            let body = records[k].body
            let material = ItemMaterial.resolve(itemBehaviors[id] ?? [], previous: records[k].material)
            if material != records[k].material {
                apply(material, old: records[k].material, to: body)
                records[k].material = material
            }
            let feels = inGravity.contains(id)
            if feels != records[k].feelsGravity || world.gravityScale(body) != (feels ? 1 : 0) {
                records[k].feelsGravity = feels
                world.setGravityScale(body, feels ? 1 : 0)
            }
            let set = collisions[id] ?? []
            if set != records[k].collisionSet {
                // (An item that left a collision behavior may leave a touch it counted.)
                if !records[k].collisionSet.isEmpty { touchesNeedAudit = true }
                records[k].collisionSet = set
                var groups: UInt64 = 0
                for c in set { if let behavior = collisionModes[c] { groups |= filterGroup(of: behavior) } }
                for s in world.shapes(of: body) {
                    world.setFilterGroups(s, groups)
                    world.refilter(s)
                }
            }
        }
        // A collision mode change re-asks the pair filter for the behavior's items.
        for (_, behavior) in collisionModes.sorted(by: { $0.key < $1.key }) where behavior.filteredMode != behavior.collisionMode {
            if behavior.filteredMode != nil {
                for item in behavior.items { if let body = body(for: item) { for s in world.shapes(of: body) { world.refilter(s) } } }
            }
            behavior.filteredMode = behavior.collisionMode
        }
        for b in ordered { b.engineOwner = self; b.synchronize(self) }
    }

    private func reindex() {
        recordByItem = [:]
        recordIndexBySerial = [Int](repeating: -1, count: nextSerial)
        for (k, r) in records.enumerated() {
            recordByItem[ObjectIdentifier(r.item)] = k
            recordIndexBySerial[r.serial] = k
        }
        recordsAreAllViews = records.allSatisfy { $0.view != nil }
    }

    private func makeRecord(for item: DynamicItem) -> ItemRecord {
        noteGivenState(of: item)
        var def = BodyDef()
        def.position = Vec2(points: item.center)
        def.angle = Double(item.rotation)
        def.gravityScale = 0
        let serial = nextSerial
        nextSerial += 1
        def.userData = serial
        let body = world.createBody(def)
        var sd = ShapeDef()
        sd.userData = ShapeTag.item(serial).rawValue
        // In no collision behavior yet (the record's empty collision set): in no filter group.
        sd.filterGroups = 0
        // PhysicsKit's default material until an item behavior says otherwise.
        let material = ItemMaterial()
        sd.friction = material.friction
        sd.restitution = material.elasticity
        sd.density = material.density
        if let group = item as? DynamicItemGroup {
            for (k, member) in group.items.enumerated() {
                let offset = group.offsets[k]
                for (geometry, skin) in Self.geometries(for: member, offset: Vec2(points: offset), angle: Double(group.memberRotations[k])) {
                    sd.skinRadius = skin
                    world.createShape(body, geometry, sd)
                }
            }
        } else {
            for (geometry, skin) in Self.geometries(for: item, offset: .zero, angle: 0) {
                sd.skinRadius = skin
                world.createShape(body, geometry, sd)
            }
        }
        world.setLinearDamping(body, material.resistance)
        world.setAngularDamping(body, material.angularResistance)
        return ItemRecord(item: item, view: (item as? DynamicView).map(Unmanaged.passUnretained), serial: serial, body: body, material: material)
    }

    /// The collision geometry of an item in metres, relative to its center, with its skin.
    static func geometries(for item: DynamicItem, offset: Vec2, angle: Double) -> [(ShapeGeometry, Double)] {
        let w = Double(item.bounds.width) / pointsPerMeter, h = Double(item.bounds.height) / pointsPerMeter
        let q = Rot(angle: angle)
        func place(_ p: Polygon) -> ShapeGeometry {
            if offset == .zero && angle == 0 { return .polygon(p) }
            let pts = p.vertices.map { q.apply($0) + offset }
            return .polygon((try? Polygon(points: pts)) ?? p)
        }
        let box = place(.box(halfWidth: max(w / 2, 0.001), halfHeight: max(h / 2, 0.001)))
        switch item.collisionBoundsType {
        case .rectangle:
            return [(box, rectangleSkin)]
        case .ellipse:
            if abs(w - h) < 1e-9 { return [(.circle(center: offset, radius: max(w / 2, 0.001)), 0)] }
            let outline = ItemOutline.ellipse(width: Double(item.bounds.width), height: Double(item.bounds.height))
            if let p = try? Polygon(points: outline.map { Vec2(points: $0) }) { return [(place(p), outlineSkin)] }
            return [(box, rectangleSkin)]
        case .path:
            let pts = ItemOutline.limited(item.collisionBoundingPath).map { Vec2(points: $0) }
            if let p = try? Polygon(points: pts) { return [(place(p), outlineSkin)] }
            // [choice] An invalid path (validation refuses it in scene files) falls back to the bounds.
            return [(box, rectangleSkin)]
        }
    }

    private func apply(_ m: ItemMaterial, old: ItemMaterial?, to body: BodyID) {
        for s in world.shapes(of: body) {
            world.setFriction(s, m.friction)
            world.setRestitution(s, m.elasticity)
            if old?.density != m.density { world.setDensity(s, m.density) }
        }
        world.setLinearDamping(body, m.resistance)
        world.setAngularDamping(body, m.angularResistance)
        world.setFixedRotation(body, !m.allowsRotation)
        // Anchored: a static body others hit as a wall; velocities stay zero.
        let type: BodyType = m.anchored ? .staticBody : .dynamic
        if world.bodyType(body) != type { world.setBodyType(body, type) }
    }

    // MARK: - Collision filtering and callbacks

    /// Items that share a collision behavior meet: solid when one of the shared behaviors'
    /// modes includes items, else a sensor (their contact is still reported). An item meets
    /// the boundaries of its collision behaviors: solid when the mode includes boundaries,
    /// else a sensor [quirk: in `.items` mode items fall through boundaries they report].
    func contactResponse(_ a: ShapeID, _ b: ShapeID) -> ContactResponse {
        let ta = ShapeTag(world.shapeUserData(a)), tb = ShapeTag(world.shapeUserData(b))
        switch (ta, tb) {
        case (.item(let sa), .item(let sb)):
            guard let ra = record(serial: sa), let rb = record(serial: sb) else { return .none }
            let setB = records[rb].collisionSet
            var response = ContactResponse.none
            for c in records[ra].collisionSet where setB.contains(c) {
                if let behavior = collisionModes[c], behavior.collisionMode.contains(.items) { return .solid }
                response = .sensor
            }
            return response
        case (.item(let serial), .boundary(let tag)), (.boundary(let tag), .item(let serial)):
            guard let r = record(serial: serial), let owner = boundaryOwners[tag]?.behavior,
                  records[r].collisionSet.contains(ObjectIdentifier(owner)) else { return .none }
            return owner.collisionMode.contains(.boundaries) ? .solid : .sensor
        default:
            return .none
        }
    }

    /// The item of `serial`: a live record's, or one that left since the events were last
    /// processed (whose touches can only end: no behavior holds it for a began).
    private func item(serial: Int) -> DynamicItem? {
        if let r = record(serial: serial) { return records[r].item }
        return retiredItems[serial]
    }

    /// Runs the delegates: every began callback of the step, then every ended one.
    ///
    /// `renewed`: shape pairs whose contact the changes before the step destroyed (the first
    /// `destroyedCount` ended events) and the step made again: that ended event is dropped,
    /// and the pair's first began is a renewed touch (see `handleContact`); a later end or
    /// begin of the pair in the same step is its own.
    func processContactEvents(began: [ContactBeginEvent], ended: [ContactEndEvent], renewed: Set<UInt64> = [],
                              destroyedCount: Int = 0) {
        var firstRenewal = Set<UInt64>()
        for e in began {
            // (Nothing to look up in the usual step, with no contact destroyed before it.)
            let key = renewed.isEmpty ? 0 : Self.pairKey(e.shapeA, e.shapeB)
            let isRenewal = !renewed.isEmpty && renewed.contains(key) && firstRenewal.insert(key).inserted
            handleContact(e.shapeA, e.shapeB, point: e.point.cgPoint, began: true, renewed: isRenewal, reporters: liveCollisionBehaviors)
        }
        // An ended touch is also reported by a collision behavior that has just left the tree.
        let reporters = retiredCollisionBehaviors.isEmpty ? liveCollisionBehaviors
            : liveCollisionBehaviors + retiredCollisionBehaviors.filter { r in !liveCollisionBehaviors.contains { $0 === r } }
        for (k, e) in ended.enumerated() where k >= destroyedCount || renewed.isEmpty || !renewed.contains(Self.pairKey(e.shapeA, e.shapeB)) {
            handleContact(e.shapeA, e.shapeB, point: .zero, began: false, renewed: false, reporters: reporters)
        }
        if touchesNeedAudit { endTouchesNoLongerHeld() }
    }

    /// Two shapes as one key, in either order.
    static func pairKey(_ a: ShapeID, _ b: ShapeID) -> UInt64 {
        UInt64(min(a.index, b.index)) << 32 | UInt64(max(a.index, b.index))
    }

    /// Ends, after the step's own ended callbacks, every touch a collision behavior still
    /// counts but can no longer report: the behavior left the tree, or an item of the touch
    /// left the behavior while the two items still touch through another collision behavior
    /// (the engine's contact goes on, and no ended event comes). Left counted, such a touch
    /// was never told ended, and the pair's next touch, after the behavior or the item came
    /// back, was counted twice and never told began. In a fixed order (items before
    /// boundaries, by serial), for the same callbacks on every run.
    private func endTouchesNoLongerHeld() {
        touchesNeedAudit = false
        let live = Set(liveCollisionBehaviors.map(ObjectIdentifier.init))
        let retired = retiredCollisionBehaviors.filter { !live.contains(ObjectIdentifier($0)) }
        retiredCollisionBehaviors.removeAll()
        for behavior in liveCollisionBehaviors + retired where !behavior.touchCounts.isEmpty {
            let left = !live.contains(ObjectIdentifier(behavior))
            func held(_ serial: Int) -> Bool { item(serial: serial).map(behavior.holds) ?? false }
            let stale = behavior.touchCounts.keys.filter { key in
                switch key {
                case let .items(a, b): return left || !held(a) || !held(b)
                case let .boundary(serial, _): return left || !held(serial)
                }
            }
            for key in stale.sorted(by: TouchKey.precedes) {
                behavior.touchCounts[key] = nil
                switch key {
                case let .items(a, b):
                    guard let first = item(serial: a), let second = item(serial: b) else { continue }
                    tell(behavior, began: false, first, second, at: nil)
                case let .boundary(serial, identifier):
                    guard let item = item(serial: serial) else { continue }
                    tell(behavior, began: false, item, boundary: identifier, at: nil)
                }
            }
        }
    }

    /// One touch event for every collision behavior that reports it. A `renewed` touch is a
    /// contact destroyed by a change between steps (a collision behavior added or removed
    /// refilters its items' shapes) and made again by the step: its ended event is dropped,
    /// and its began one counts only for a behavior that did not count the pair yet (one
    /// just added, for which the touch is new). Counted as an ended and a began, a behavior
    /// added over two touching items said "began" and then "ended" while they still touched.
    private func handleContact(_ a: ShapeID, _ b: ShapeID, point: CGPoint, began: Bool, renewed: Bool,
                               reporters: [CollisionBehavior]) {
        let ta = ShapeTag(world.shapeUserData(a)), tb = ShapeTag(world.shapeUserData(b))
        switch (ta, tb) {
        case (.item(let sa), .item(let sb)):
            guard let itemA = item(serial: sa), let itemB = item(serial: sb) else { return }
            // The two items and serials only: a copy of each whole record (material, collision
            // set) for each of the thousands of touches a landing pile reports cost more. In
            // serial order, which is the records' order (a record is appended with the next
            // serial, and removals keep the order), and also holds for an item that has left.
            let (firstItem, secondItem) = sa <= sb ? (itemA, itemB) : (itemB, itemA)
            let key = TouchKey.items(min(sa, sb), max(sa, sb))
            // Reported by every collision behavior that holds both items, whatever its mode.
            for behavior in reporters {
                if began {
                    guard behavior.holds(firstItem) && behavior.holds(secondItem) else { continue }
                    if renewed && behavior.touchCounts[key] != nil { continue }
                    if behavior.countTouch(key) { tell(behavior, began: true, firstItem, secondItem, at: point) }
                } else if behavior.releaseTouch(key) {
                    tell(behavior, began: false, firstItem, secondItem, at: nil)
                }
            }
        case (.item(let serial), .boundary(let tag)), (.boundary(let tag), .item(let serial)):
            guard let item = item(serial: serial), let (behavior, identifier) = boundaryOwners[tag] else { return }
            let key = TouchKey.boundary(item: serial, identifier: identifier)
            if began {
                guard behavior.holds(item) else { return }
                if renewed && behavior.touchCounts[key] != nil { return }
                if behavior.countTouch(key) { tell(behavior, began: true, item, boundary: identifier, at: point) }
            } else if behavior.releaseTouch(key) {
                tell(behavior, began: false, item, boundary: identifier, at: nil)
            }
        default:
            return
        }
    }

    /// Tells a touch of two items to the behavior's delegate and to the contact observer
    /// (`point` for a began one).
    private func tell(_ behavior: CollisionBehavior, began: Bool, _ first: DynamicItem, _ second: DynamicItem, at point: CGPoint?) {
        if began, let point {
            behavior.collisionDelegate?.collisionBehavior(behavior, beganContactFor: first, with: second, at: point)
        } else {
            behavior.collisionDelegate?.collisionBehavior(behavior, endedContactFor: first, with: second)
        }
        contactObserver?(ContactReport(began: began, behavior: behavior, item: first, other: second, boundary: nil, point: point))
    }

    /// Tells a touch of an item and a boundary (nil: the reference bounds) likewise.
    private func tell(_ behavior: CollisionBehavior, began: Bool, _ item: DynamicItem, boundary identifier: String?, at point: CGPoint?) {
        if began, let point {
            behavior.collisionDelegate?.collisionBehavior(behavior, beganContactFor: item, withBoundaryIdentifier: identifier, at: point)
        } else {
            behavior.collisionDelegate?.collisionBehavior(behavior, endedContactFor: item, withBoundaryIdentifier: identifier)
        }
        contactObserver?(ContactReport(began: began, behavior: behavior, item: item, other: nil, boundary: .some(identifier), point: point))
    }
}
