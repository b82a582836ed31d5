// Design note: re-deriving engine state from the behavior tree. Runs only after a change, in
// tree order, and touches the engine only where something differs, so an unchanged resting
// pile is never woken by an unrelated edit.
import Foundation

extension DynamicAnimator {
    func synchronize() {
        needsUpdate = false
        let ordered = flattenedBehaviors()
        // Behaviors that left the tree release their joints and boundaries.
        let liveIDs = Set(ordered.map { ObjectIdentifier($0) })
        for b in liveBehaviors where !liveIDs.contains(ObjectIdentifier(b)) { b.teardown(self) }
        liveBehaviors = ordered

        // Items, in the order behaviors name them.
        var wanted: [DynamicItem] = []
        var wantedIDs = Set<ObjectIdentifier>()
        for b in ordered {
            for item in b.ownItems where wantedIDs.insert(ObjectIdentifier(item)).inserted { wanted.append(item) }
        }
        if records.contains(where: { !wantedIDs.contains(ObjectIdentifier($0.item)) }) {
            for r in records where !wantedIDs.contains(ObjectIdentifier(r.item)) { world.destroyBody(r.body) }
            records.removeAll { !wantedIDs.contains(ObjectIdentifier($0.item)) }
            reindex()
        }
        for item in wanted where recordByItem[ObjectIdentifier(item)] == nil {
            records.append(makeRecord(for: item))
            reindex()
        }

        // Per-item derived state.
        var itemBehaviors: [ObjectIdentifier: [DynamicItemBehavior]] = [:]
        var gravities: [ObjectIdentifier: Vec2] = [:]
        var collisions: [ObjectIdentifier: [ObjectIdentifier]] = [:]
        collisionModes = [:]
        for b in ordered {
            switch b {
            case let ib as DynamicItemBehavior:
                for item in ib.items { itemBehaviors[ObjectIdentifier(item), default: []].append(ib) }
            case let g as GravityBehavior:
                for item in g.items { gravities[ObjectIdentifier(item)] = g.acceleration }
            case let c as CollisionBehavior:
                let key = ObjectIdentifier(c)
                collisionModes[key] = (c, Set(c.items.map { ObjectIdentifier($0) }))
                for item in c.items { collisions[ObjectIdentifier(item), default: []].append(key) }
            default: break
            }
        }
        for k in records.indices {
            let id = ObjectIdentifier(records[k].item)
            let body = records[k].body
            let material = ItemMaterial.resolve(itemBehaviors[id] ?? [])
            if material != records[k].material {
                apply(material, old: records[k].material, to: body)
                records[k].material = material
            }
            let g = gravities[id] ?? .zero
            if g != records[k].gravity || world.bodyType(body) == .dynamic && !hasOverride(body) {
                records[k].gravity = g
                world.setGravityOverride(body, g)
            }
            let set = collisions[id] ?? []
            if set != records[k].collisionSet {
                records[k].collisionSet = set
                for s in world.shapes(of: body) { world.refilter(s) }
            }
        }
        // A collision mode change re-asks the pair filter for the behavior's items.
        for (_, (behavior, _)) in collisionModes.sorted(by: { $0.key < $1.key }) where behavior.filteredMode != behavior.collisionMode {
            if behavior.filteredMode != nil {
                for item in behavior.items { if let body = body(for: item) { for s in world.shapes(of: body) { world.refilter(s) } } }
            }
            behavior.filteredMode = behavior.collisionMode
        }
        for b in ordered { b.synchronize(self) }
    }

    private func hasOverride(_ body: BodyID) -> Bool { world.bodies[body.index].hasGravityOverride }

    private func reindex() {
        recordByItem = [:]
        recordBySerial = [:]
        for (k, r) in records.enumerated() {
            recordByItem[ObjectIdentifier(r.item)] = k
            recordBySerial[r.serial] = k
        }
    }

    private func makeRecord(for item: DynamicItem) -> ItemRecord {
        var def = BodyDef()
        def.position = Vec2(points: item.center)
        def.angle = Double(item.rotation)
        let serial = nextSerial
        nextSerial += 1
        def.userData = serial
        let body = world.createBody(def)
        var sd = ShapeDef()
        sd.userData = serial
        if let group = item as? DynamicItemGroup {
            for (k, member) in group.items.enumerated() {
                let offset = group.offsets[k]
                for geometry in Self.geometries(for: member, offset: Vec2(points: offset), angle: Double(group.memberRotations[k])) {
                    world.createShape(body, geometry, sd)
                }
            }
        } else {
            for geometry in Self.geometries(for: item, offset: .zero, angle: 0) { world.createShape(body, geometry, sd) }
        }
        return ItemRecord(item: item, serial: serial, body: body)
    }

    /// The collision geometry of an item in metres, relative to its center.
    static func geometries(for item: DynamicItem, offset: Vec2, angle: Double) -> [ShapeGeometry] {
        let w = Double(item.bounds.width) / pointsPerMeter, h = Double(item.bounds.height) / pointsPerMeter
        let q = Rot(angle: angle)
        func place(_ p: Polygon) -> ShapeGeometry {
            if offset == .zero && angle == 0 { return .polygon(p) }
            let pts = p.vertices.map { q.apply($0) + offset }
            return .polygon((try? Polygon(points: pts)) ?? p)
        }
        switch item.collisionBoundsType {
        case .rectangle:
            return [place(.box(halfWidth: max(w / 2, 0.001), halfHeight: max(h / 2, 0.001)))]
        case .ellipse:
            if abs(w - h) < 1e-9 { return [.circle(center: offset, radius: max(w / 2, 0.001))] }
            // Outline within 0.5 pt of the true ellipse.
            return [place(.ellipse(radiusX: w / 2, radiusY: h / 2, tolerance: 0.5 / pointsPerMeter))]
        case .path:
            let pts = item.collisionBoundingPath.map { Vec2(points: $0) }
            if let p = try? Polygon(points: pts) { return [place(p)] }
            // [choice] An invalid path (validation refuses it in scene files) falls back to the bounds.
            return [place(.box(halfWidth: max(w / 2, 0.001), halfHeight: max(h / 2, 0.001)))]
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
        let type: BodyType = m.anchored ? .kinematic : .dynamic
        if world.bodyType(body) != type {
            world.setBodyType(body, type)
            if m.anchored { world.setLinearVelocity(body, .zero); world.setAngularVelocity(body, 0) }
        }
    }

    // MARK: - Collision filtering and callbacks

    /// Items collide when they share a collision behavior whose mode includes items; an item
    /// meets a boundary when it is in the boundary's behavior and the mode includes boundaries.
    func shouldCollide(_ a: ShapeID, _ b: ShapeID) -> Bool {
        let ua = world.shapeUserData(a), ub = world.shapeUserData(b)
        if ua >= 0 && ub >= 0 {
            guard let ra = recordBySerial[ua], let rb = recordBySerial[ub] else { return false }
            let setB = records[rb].collisionSet
            for c in records[ra].collisionSet where setB.contains(c) {
                if let (behavior, _) = collisionModes[c], behavior.collisionMode.contains(.items) { return true }
            }
            return false
        }
        let (itemData, boundaryData) = ua >= 0 ? (ua, ub) : (ub, ua)
        guard itemData >= 0, boundaryData <= -2, let r = recordBySerial[itemData] else { return false }
        let owner = boundaryTable[-boundaryData - 2].behavior
        guard owner.collisionMode.contains(.boundaries) else { return false }
        return records[r].collisionSet.contains(ObjectIdentifier(owner))
    }

    func processContactEvents(_ events: (began: [ContactBeginEvent], ended: [ContactEndEvent])) {
        for e in events.began { handleContact(e.shapeA, e.shapeB, point: e.point.cgPoint, began: true) }
        for e in events.ended { handleContact(e.shapeA, e.shapeB, point: .zero, began: false) }
    }

    private func handleContact(_ a: ShapeID, _ b: ShapeID, point: CGPoint, began: Bool) {
        let ua = world.shapeUserData(a), ub = world.shapeUserData(b)
        if ua >= 0 && ub >= 0 {
            guard let ra = recordBySerial[ua], let rb = recordBySerial[ub] else { return }
            let (first, second) = ra <= rb ? (records[ra], records[rb]) : (records[rb], records[ra])
            let key = "\(first.serial)-\(second.serial)"
            for behavior in liveBehaviors.compactMap({ $0 as? CollisionBehavior }) {
                let member = behavior.items.contains { $0 === first.item } && behavior.items.contains { $0 === second.item }
                    && behavior.collisionMode.contains(.items)
                if began {
                    guard member else { continue }
                    behavior.touchCounts[key, default: 0] += 1
                    if behavior.touchCounts[key] == 1 {
                        behavior.collisionDelegate?.collisionBehavior(behavior, beganContactFor: first.item, with: second.item, at: point)
                    }
                } else if let n = behavior.touchCounts[key] {
                    if n <= 1 {
                        behavior.touchCounts[key] = nil
                        behavior.collisionDelegate?.collisionBehavior(behavior, endedContactFor: first.item, with: second.item)
                    } else {
                        behavior.touchCounts[key] = n - 1
                    }
                }
            }
            return
        }
        let (itemData, boundaryData) = ua >= 0 ? (ua, ub) : (ub, ua)
        guard itemData >= 0, boundaryData <= -2, let r = recordBySerial[itemData] else { return }
        let (behavior, identifier) = boundaryTable[-boundaryData - 2]
        let item = records[r].item
        let key = "\(records[r].serial)|\(identifier ?? "\u{0}reference")"
        if began {
            guard behavior.items.contains(where: { $0 === item }), behavior.collisionMode.contains(.boundaries) else { return }
            behavior.touchCounts[key, default: 0] += 1
            if behavior.touchCounts[key] == 1 {
                behavior.collisionDelegate?.collisionBehavior(behavior, beganContactFor: item, withBoundaryIdentifier: identifier, at: point)
            }
        } else if let n = behavior.touchCounts[key] {
            if n <= 1 {
                behavior.touchCounts[key] = nil
                behavior.collisionDelegate?.collisionBehavior(behavior, endedContactFor: item, withBoundaryIdentifier: identifier)
            } else {
                behavior.touchCounts[key] = n - 1
            }
        }
    }
}
