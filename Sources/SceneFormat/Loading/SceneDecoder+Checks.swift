// Checks that need the whole scene: references resolved against the defined ids, the type
// of a referenced behavior, and the warnings about a scene that is valid but suspicious.

extension SceneDecoder {
    func runChecks(scene: Scene, root: Node) {
        var table = SymbolTable()
        // Sized once (a thousand items grew it ten times over).
        table.items.reserveCapacity(scene.items.count)
        for item in scene.items where table.items[item.id] == nil {
            table.items[item.id] = item
        }
        // Ids count as defined even when the rest of their item or behavior was broken, so
        // one mistake is not repeated at every place that names it.
        table.itemIDs = itemDefinitions.sorted { $0.value < $1.value }.map(\.key)
        table.definedBehaviorIDs = Set(behaviorDefinitions.keys)
        let allBehaviors = scene.allBehaviors + scene.behaviorsAddedByEvents
        for behavior in allBehaviors {
            if let id = behavior.id, table.behaviors[id] == nil {
                table.behaviors[id] = behavior
                table.behaviorIDs.append(id)
            }
            if case .collision(let c) = behavior {
                let ids = c.boundaries.map(\.id)
                table.boundariesByCollision[behavior.displayName] = ids
                table.allBoundaryIDs.append(contentsOf: ids)
                table.collisions.append(c)
            }
        }
        resolveReferences(table)
        for check in deferredChecks { check(table) }
        warnAboutSnaps(scene)
        checkFieldsAndGravity(scene)
        warnAboutOverlaps(scene)
        warnAboutItemsOffCanvas(scene)
        warnAboutUnhandledGestures(scene)
    }

    func resolveReferences(_ table: SymbolTable) {
        for reference in references {
            switch reference.kind {
            case .item:
                if !table.itemIDSet.contains(reference.id) {
                    error("unknown item '\(reference.id)'", at: reference.node,
                          hint: suggest(reference.id, among: table.itemIDs)
                            ?? (table.itemIDs.isEmpty ? nil : "items: \(table.itemIDs.prefix(12).joined(separator: ", "))"))
                }
            case .behavior(let types, let purpose):
                guard let behavior = table.behaviors[reference.id] else {
                    if table.definedBehaviorIDs.contains(reference.id) { continue } // defined, but broken
                    let candidates = table.behaviors.filter { types?.contains($0.value.typeName) ?? true }.map(\.key).sorted()
                    error("unknown behavior '\(reference.id)'", at: reference.node,
                          hint: suggest(reference.id, among: candidates)
                            ?? (candidates.isEmpty ? "give the behavior an `id` to refer to it"
                                                   : "behaviors: \(candidates.prefix(12).joined(separator: ", "))"))
                    continue
                }
                if let types = types, !types.contains(behavior.typeName) {
                    error("behavior '\(reference.id)' is a \(behavior.typeName) behavior, which cannot \(purpose)",
                          at: reference.node,
                          hint: "this needs a \(types.joined(separator: ", ")) behavior"
                            + (behavior.typeName == "snap" ? "; to move a snap use snapTo or set its point" : ""))
                }
            case .boundary(let collision):
                let candidates: [String]
                if let collision = collision {
                    guard table.behaviors[collision] != nil else { continue } // reported already, or broken
                    candidates = table.boundariesByCollision[collision] ?? []
                } else {
                    candidates = table.allBoundaryIDs
                }
                if !candidates.contains(reference.id) {
                    let whereText = collision.map { " in collision behavior '\($0)'" } ?? ""
                    error("unknown boundary '\(reference.id)'\(whereText)", at: reference.node,
                          hint: suggest(reference.id, among: candidates + ["reference"])
                            ?? (candidates.isEmpty ? "define it in a collision behavior's `boundaries`, or use \"reference\" for the reference bounds"
                                                   : "boundaries: \(candidates.joined(separator: ", "))"))
                }
            }
        }
    }

    /// Two snaps on one item fight: the item settles between their points.
    func warnAboutSnaps(_ scene: Scene) {
        var first: [String: BehaviorSpec] = [:]
        for behavior in scene.allBehaviors {
            guard case .snap(let snap) = behavior else { continue }
            if let earlier = first[snap.item] {
                diagnostics.append(SceneDiagnostic(
                    severity: .warning, file: file, position: snap.location.position, path: snap.location.path,
                    message: "item '\(snap.item)' already has a snap behavior (\(earlier.displayName)); two snaps on one item fight and it settles between their points",
                    hint: "keep one snap, and use the snapTo action to move it"))
            } else {
                first[snap.item] = behavior
            }
        }
    }

    /// UIKit refuses a 33rd field behavior in one animator, and calls several gravity behaviors
    /// undefined (the vector set last wins for all, removing any one sets it to zero).
    func checkFieldsAndGravity(_ scene: Scene) {
        let fields = scene.allBehaviors.filter { if case .field = $0 { return true } else { return false } }
        if fields.count > FieldSpec.maximumCount {
            let extra = fields[FieldSpec.maximumCount]
            diagnostics.append(SceneDiagnostic(
                severity: .error, file: file, position: extra.location.position, path: extra.location.path,
                message: "the scene has \(fields.count) field behaviors; an animator takes at most \(FieldSpec.maximumCount), as on iOS",
                hint: "merge fields that act alike, or add and remove them with events"))
        }
        let gravities = scene.allBehaviors.filter { if case .gravity = $0 { return true } else { return false } }
        if gravities.count > 1 {
            let second = gravities[1]
            diagnostics.append(SceneDiagnostic(
                severity: .warning, file: file, position: second.location.position, path: second.location.path,
                message: "the scene has \(gravities.count) gravity behaviors; UIKit keeps one gravity vector for all of them (the one set last) and removing any sets it to zero",
                hint: "use one gravity behavior with every item that falls"))
        }
    }

    /// Items that start across a boundary they collide with: UIKit's result is undefined;
    /// ours pushes them out, but it is rarely what the author meant.
    func warnAboutOverlaps(_ scene: Scene) {
        var itemsByID: [String: ItemSpec] = [:]
        itemsByID.reserveCapacity(scene.items.count)
        for item in scene.items where itemsByID[item.id] == nil { itemsByID[item.id] = item }
        for behavior in scene.allBehaviors {
            guard case .collision(let collision) = behavior, collision.mode != .items else { continue }
            for itemID in collision.items {
                guard let item = itemsByID[itemID] else { continue }
                let outline = PolygonCheck.outline(of: item)
                for boundary in collision.boundaries {
                    if boundary.shape.segments.contains(where: { PolygonCheck.segment($0.0, $0.1, crosses: outline) }) {
                        diagnostics.append(SceneDiagnostic(
                            severity: .warning, file: file, position: item.location.position, path: item.location.path,
                            message: "item '\(item.id)' starts overlapping boundary '\(boundary.id)' of \(behavior.displayName)",
                            hint: "move the item clear of the boundary; overlapping starts are undefined in UIKit"))
                    }
                }
                if collision.referenceBoundsAsBoundary {
                    let insets = collision.referenceBoundsInsets
                    let minX = insets.left, maxX = scene.canvas.width - insets.right
                    let minY = insets.top, maxY = scene.canvas.height - insets.bottom
                    let tolerance = 1e-6
                    if outline.contains(where: { $0.x < minX - tolerance || $0.x > maxX + tolerance
                                                 || $0.y < minY - tolerance || $0.y > maxY + tolerance }) {
                        diagnostics.append(SceneDiagnostic(
                            severity: .warning, file: file, position: item.location.position, path: item.location.path,
                            message: "item '\(item.id)' starts outside the reference bounds, which \(behavior.displayName) treats as a boundary",
                            hint: "move the item inside the canvas"))
                    }
                }
            }
        }
    }

    func warnAboutItemsOffCanvas(_ scene: Scene) {
        for item in scene.items {
            let outline = PolygonCheck.outline(of: item)
            let xs = outline.map(\.x), ys = outline.map(\.y)
            if (xs.max() ?? 0) < 0 || (xs.min() ?? 0) > scene.canvas.width
                || (ys.max() ?? 0) < 0 || (ys.min() ?? 0) > scene.canvas.height {
                diagnostics.append(SceneDiagnostic(
                    severity: .warning, file: file, position: item.location.position, path: item.location.path,
                    message: "item '\(item.id)' starts entirely outside the canvas (\(formatNumber(scene.canvas.width)) x \(formatNumber(scene.canvas.height)))",
                    hint: "its center is \(item.center)"))
            }
        }
    }

    func warnAboutUnhandledGestures(_ scene: Scene) {
        let handlesTap = scene.events.contains { if case .tap = $0.trigger { return true }; return false }
        for input in scene.input {
            if case .tap(let p) = input.gesture, !handlesTap {
                diagnostics.append(SceneDiagnostic(
                    severity: .warning, file: file, position: input.location.position, path: input.location.path,
                    message: "nothing reacts to the tap at \(p): no event has `on: \"tap\"`",
                    hint: "add an event {on: \"tap\", do: [...]}"))
            }
            let point: ScenePoint
            switch input.gesture {
            case .tap(let p): point = p
            case .pan(let path, _): point = path[0]
            }
            if point.x < 0 || point.y < 0 || point.x > scene.canvas.width || point.y > scene.canvas.height {
                diagnostics.append(SceneDiagnostic(
                    severity: .warning, file: file, position: input.location.position, path: input.location.path,
                    message: "the gesture starts at \(point), outside the canvas",
                    hint: "the canvas is \(formatNumber(scene.canvas.width)) x \(formatNumber(scene.canvas.height)) points"))
            }
        }
    }
}
