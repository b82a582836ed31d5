// Behaviors: one reader per UIKit behavior type, plus boundaries and regions.

extension SceneDecoder {
    /// The keys of each behavior type besides `id` and `type`.
    static let behaviorKeys: [String: [String]] = [
        "gravity": ["items", "direction", "angle", "magnitude"],
        "collision": ["items", "mode", "referenceBoundsAsBoundary", "referenceBoundsInsets", "boundaries"],
        "push": ["items", "mode", "angle", "magnitude", "direction", "active", "offsets"],
        "snap": ["item", "point", "damping"],
        "attachment": ["kind", "item", "offset", "anchor", "to", "toOffset", "axis", "length", "frequency", "damping",
                       "frictionTorque", "range"],
        "itemBehavior": ["items", "elasticity", "friction", "density", "resistance", "angularResistance",
                         "allowsRotation", "anchored", "charge", "linearVelocity", "angularVelocity"],
        "field": ["field", "items", "position", "region", "strength", "falloff", "minimumRadius", "direction",
                  "smoothness", "animationSpeed"],
        "group": ["children"],
    ]

    /// For an unknown key of one behavior type: which other types have it.
    func explanation(forKey key: String, notIn type: String) -> String? {
        let owners = BehaviorSpec.typeNames.filter { $0 != type && (Self.behaviorKeys[$0] ?? []).contains(key) }
        guard !owners.isEmpty else { return nil }
        return "it belongs to \(owners.map { "\($0)" }.joined(separator: ", ")) behaviors"
    }

    func decodeBehavior(_ node: Node, depth: Int = 0) -> BehaviorSpec? {
        behaviorCount += 1
        guard let members = node.value.objectValue else {
            error("a behavior must be an object `{type: ..., ...}`, not \(describe(node.value))", at: node)
            return nil
        }
        guard let typeMember = members.first(where: { $0.key == "type" }) else {
            error("missing key `type` in a behavior", at: node,
                  hint: "`type` is one of: \(BehaviorSpec.typeNames.joined(separator: ", "))")
            return nil
        }
        let typeNode = Node(value: typeMember.value, path: node.path / "type")
        guard let type = string(typeNode) else { return nil }
        guard let keys = Self.behaviorKeys[type] else {
            error("unknown behavior type \"\(type)\"", at: typeNode,
                  hint: suggest(type, among: BehaviorSpec.typeNames)
                    ?? "use one of: \(BehaviorSpec.typeNames.joined(separator: ", "))")
            return nil
        }
        var elsewhere: [String: String] = [:]
        for other in Self.behaviorKeys.values.joined() where !keys.contains(other) {
            elsewhere[other] = explanation(forKey: other, notIn: type)
        }
        guard let object = object(node, keys: ["id", "type"] + keys, what: "a \(type) behavior", elsewhere: elsewhere) else {
            return nil
        }
        var id: String?
        if let idNode = object["id"], let value = identifier(idNode) {
            id = value
            if let first = behaviorDefinitions[value] {
                error("duplicate behavior id '\(value)' (first defined at \(first))", at: idNode,
                      hint: "behavior ids must be unique across the whole tree, groups and added behaviors included")
            } else {
                behaviorDefinitions[value] = idNode.position
            }
        }
        let loc = location(node)
        let items = object["items"].flatMap(itemList) ?? []

        switch type {
        case "gravity":
            return decodeGravity(object, id: id, items: items, location: loc).map(BehaviorSpec.gravity)
        case "collision":
            return decodeCollision(object, id: id, items: items, location: loc).map(BehaviorSpec.collision)
        case "push":
            return decodePush(object, id: id, items: items, location: loc).map(BehaviorSpec.push)
        case "snap":
            return decodeSnap(object, id: id, location: loc).map(BehaviorSpec.snap)
        case "attachment":
            return decodeAttachment(object, id: id, location: loc).map(BehaviorSpec.attachment)
        case "itemBehavior":
            return decodeItemBehavior(object, id: id, items: items, location: loc).map(BehaviorSpec.itemBehavior)
        case "field":
            return decodeField(object, id: id, items: items, location: loc).map(BehaviorSpec.field)
        default: // group
            var children: [BehaviorSpec] = []
            if let childrenNode = object["children"] {
                children = array(childrenNode, what: "behaviors", limit: SceneLimits.maximumBehaviors) {
                    decodeBehavior($0, depth: depth + 1)
                } ?? []
            }
            return .group(BehaviorGroupSpec(id: id, children: children, location: loc))
        }
    }

    /// Reports `direction` given together with `angle` (one of them is redundant); true if so.
    func givesDirectionAndAngle(_ object: ObjectReader) -> Bool {
        guard object.has("direction"), let angleNode = object["angle"] else { return false }
        error("give either `direction` or `angle` (+ `magnitude`), not both", at: angleNode,
              hint: "`direction` [dx, dy] already fixes the angle")
        return true
    }

    /// `direction`, or `angle` + `magnitude`, or `direction` + `magnitude`, into one vector.
    /// Returns nil when the file gives none of them.
    func directionVector(_ object: ObjectReader, defaultAngle: Double, defaultMagnitude: Double) -> SceneVector? {
        let direction = object.vector("direction")
        let angle = object.number("angle")
        let magnitude = object.number("magnitude")
        if givesDirectionAndAngle(object) { return nil }
        if let direction = direction {
            guard let magnitude = magnitude else { return direction }
            let length = direction.length
            if length == 0 {
                if magnitude != 0, let node = object["direction"] {
                    error("`direction` is [0, 0], so `magnitude` has no direction to scale", at: node)
                }
                return .zero
            }
            return SceneVector(dx: direction.dx / length * magnitude, dy: direction.dy / length * magnitude)
        }
        if angle == nil && magnitude == nil { return nil }
        return SceneVector(angle: angle ?? defaultAngle, magnitude: magnitude ?? defaultMagnitude)
    }

    func decodeGravity(_ object: ObjectReader, id: String?, items: [String], location: SceneLocation) -> GravitySpec? {
        let direction = directionVector(object, defaultAngle: Double.pi / 2, defaultMagnitude: 1)
            ?? SceneVector(dx: 0, dy: 1)
        return GravitySpec(id: id, items: items, direction: direction, location: location)
    }

    func decodeCollision(_ object: ObjectReader, id: String?, items: [String], location: SceneLocation) -> CollisionSpec? {
        var spec = CollisionSpec(id: id, items: items, location: location)
        if let modeNode = object["mode"], let value = name(modeNode, of: CollisionSpec.Mode.self, what: "collision mode") {
            spec.mode = value
        }
        if let flag = object.bool("referenceBoundsAsBoundary") { spec.referenceBoundsAsBoundary = flag }
        if let insetsNode = object["referenceBoundsInsets"] { spec.referenceBoundsInsets = insets(insetsNode) ?? .zero }
        if let boundariesNode = object["boundaries"] {
            var seen: [String: SourcePosition] = [:]
            spec.boundaries = array(boundariesNode, what: "boundaries", limit: SceneLimits.maximumPolylinePoints) { node -> BoundarySpec? in
                guard let boundary = decodeBoundary(node) else { return nil }
                if let first = seen[boundary.id] {
                    error("duplicate boundary id '\(boundary.id)' (first defined at \(first))",
                          at: Node(value: node.value["id"] ?? node.value, path: node.path / "id"),
                          hint: "boundary ids must be unique within a collision behavior")
                }
                seen[boundary.id] = boundary.location.position
                return boundary
            } ?? []
        }
        return spec
    }

    /// `[top, left, bottom, right]`.
    func insets(_ node: Node) -> SceneInsets? {
        guard let list = node.value.arrayValue else {
            typeError(node, expected: "insets [top, left, bottom, right]")
            return nil
        }
        guard list.count == 4 else {
            error("`\(node.path.lastKeyName)` must be insets [top, left, bottom, right] with 4 numbers; it has \(list.count)", at: node)
            return nil
        }
        let values = list.enumerated().map { number(Node(value: $1, path: node.path / $0), .coordinate) }
        guard let top = values[0], let left = values[1], let bottom = values[2], let right = values[3] else { return nil }
        if left + right >= canvas.width || top + bottom >= canvas.height {
            error("the insets leave no room inside the canvas (\(formatNumber(canvas.width)) x \(formatNumber(canvas.height)))",
                  at: node)
            return nil
        }
        return SceneInsets(top: top, left: left, bottom: bottom, right: right)
    }

    func decodeBoundary(_ node: Node) -> BoundarySpec? {
        guard let object = object(node, keys: ["id", "from", "to", "path", "closed"], what: "a boundary") else { return nil }
        guard let idNode = object.requireKey("id", what: "a boundary",
                                             hint: "contact events name boundaries by id, e.g. id: \"bottom\""),
              let id = identifier(idNode) else { return nil }
        if id == "reference" {
            error("the boundary id \"reference\" is reserved for the reference bounds", at: idNode,
                  hint: "use `referenceBoundsAsBoundary: true` for the canvas edges, or pick another id")
            return nil
        }
        let loc = location(node)
        if let pathNode = object["path"] {
            if object.has("from") || object.has("to") {
                error("a boundary is either a segment {from, to} or a polyline {path}, not both", at: pathNode)
                return nil
            }
            let closed = object.bool("closed") ?? false
            guard let points = array(pathNode, what: "points", limit: SceneLimits.maximumPolylinePoints, point) else { return nil }
            guard points.count == pathNode.value.arrayValue?.count else { return nil }
            let needed = closed ? 3 : 2
            if points.count < needed {
                error("a \(closed ? "closed " : "")boundary path needs at least \(needed) points; it has \(points.count)",
                      at: pathNode)
                return nil
            }
            return BoundarySpec(id: id, shape: .path(points, closed: closed), location: loc)
        }
        if let closedNode = object["closed"] {
            error("`closed` only applies to a boundary `path`", at: closedNode)
        }
        let from = object.requireKey("from", what: "boundary '\(id)'", hint: "a segment needs `from` and `to` points").flatMap(point)
        let to = object.requireKey("to", what: "boundary '\(id)'", hint: "a segment needs `from` and `to` points").flatMap(point)
        guard let a = from, let b = to else { return nil }
        if a == b {
            error("boundary '\(id)' has zero length (from and to are both \(a))", at: object["to"] ?? node)
            return nil
        }
        return BoundarySpec(id: id, shape: .segment(from: a, to: b), location: loc)
    }

    func decodePush(_ object: ObjectReader, id: String?, items: [String], location: SceneLocation) -> PushSpec? {
        var spec = PushSpec(id: id, items: items, location: location)
        if let modeNode = object["mode"], let value = name(modeNode, of: PushSpec.Mode.self, what: "push mode") {
            spec.mode = value
        }
        let direction = object.vector("direction")
        let angle = object.number("angle")
        let magnitude = object.number("magnitude")
        _ = givesDirectionAndAngle(object)
        if let direction = direction {
            spec.angle = direction.angle
            spec.magnitude = magnitude ?? direction.length
        } else {
            spec.angle = angle ?? 0
            spec.magnitude = magnitude ?? 0
        }
        if let active = object.bool("active") { spec.active = active }
        if let offsetsNode = object["offsets"] {
            if let members = offsetsNode.value.objectValue {
                for member in members {
                    let keyNode = Node(value: JSON5Value(.string(member.key), at: member.keyPosition),
                                       path: offsetsNode.path / member.key)
                    guard let item = reference(keyNode, .item) else { continue }
                    if !items.contains(item) {
                        error("offset for item '\(item)', which is not among this push's items", at: keyNode,
                              hint: "add '\(item)' to `items` or remove the offset")
                    }
                    if let offset = vector(Node(value: member.value, path: offsetsNode.path / member.key)) {
                        spec.offsets[item] = offset
                    }
                }
            } else {
                typeError(offsetsNode, expected: "an object {itemId: [dx, dy], ...}")
            }
        }
        return spec
    }

    func decodeSnap(_ object: ObjectReader, id: String?, location: SceneLocation) -> SnapSpec? {
        let item = object.requireKey("item", what: "a snap behavior", hint: "a snap moves one item: item: \"square\"")
            .flatMap { reference($0, .item) }
        let point = object.requireKey("point", what: "a snap behavior", hint: "the snap point: point: [x, y]")
            .flatMap(point)
        let damping = object.number("damping", .range(0...1, hint: "1 = least oscillation; UIKit's default is 0.5")) ?? 0.5
        guard let item = item, let point = point else { return nil }
        return SnapSpec(id: id, item: item, point: point, damping: damping, location: location)
    }

    func decodeAttachment(_ object: ObjectReader, id: String?, location: SceneLocation) -> AttachmentSpec? {
        let item = object.requireKey("item", what: "an attachment", hint: "the attached item: item: \"ball\"")
            .flatMap { reference($0, .item) }
        let to = object["to"].flatMap { reference($0, .item) }
        var kind: AttachmentSpec.Kind = object.has("to") ? .items : .anchor
        if let kindNode = object["kind"] {
            guard let value = name(kindNode, of: AttachmentSpec.Kind.self, what: "attachment kind") else { return nil }
            kind = value
        }
        let anchor = object.point("anchor")
        let axis = object.vector("axis")
        var spec = AttachmentSpec(id: id, kind: kind, item: item ?? "", to: to, anchor: anchor, axis: axis,
                                  location: location)
        if let offset = object.vector("offset") { spec.offset = offset }
        if let offset = object.vector("toOffset") { spec.toOffset = offset }
        spec.length = object.number("length", .nonNegativeCoordinate)
        if let f = object.number("frequency", .nonNegative) { spec.frequency = f }
        if let dampingNode = object["damping"], let d = number(dampingNode, .nonNegative) {
            spec.damping = d
            if d > 1 {
                warning("damping \(formatNumber(d)) is above 1 (critical damping); the spring is overdamped", at: dampingNode)
            }
        }
        if let t = object.number("frictionTorque", .nonNegative) { spec.frictionTorque = t }
        if let rangeNode = object["range"] { spec.range = attachmentRange(rangeNode) }

        // What each kind needs and ignores.
        let what = kind.phrase
        let needsTo: Bool, needsAnchor: Bool
        switch kind {
        case .anchor: needsTo = false; needsAnchor = true
        case .items, .limit: needsTo = true; needsAnchor = false
        case .fixed, .pin: needsTo = true; needsAnchor = true
        case .sliding: needsTo = false; needsAnchor = true
        }
        var ok = item != nil
        if needsTo && !object.has("to") {
            error("missing key `to` in \(what)", at: object.node, hint: "`to` names the second item")
            ok = false
        }
        if kind == .anchor, let toNode = object["to"] {
            error("an anchor attachment connects an item to a point; `to` does not apply", at: toNode,
                  hint: "remove `kind: \"anchor\"` to attach two items")
            ok = false
        }
        if needsAnchor && anchor == nil && !object.has("anchor") {
            error("missing key `anchor` in \(what)", at: object.node, hint: "write anchor: [x, y]")
            ok = false
        }
        if !needsAnchor, let anchorNode = object["anchor"] {
            error("`anchor` does not apply to \(what)", at: anchorNode,
                  hint: kind == .items ? "use `offset` / `toOffset` for the attachment points" : nil)
        }
        if kind == .sliding {
            if !object.has("axis") {
                error("missing key `axis` in a sliding attachment", at: object.node, hint: "the axis of translation, e.g. axis: [1, 0]")
                ok = false
            } else if let axis = axis, axis.length == 0, let axisNode = object["axis"] {
                error("`axis` must not be [0, 0]", at: axisNode)
                ok = false
            }
        } else if let axisNode = object["axis"] {
            error("`axis` only applies to a sliding attachment", at: axisNode)
        }
        if let node = object["frictionTorque"], kind != .pin {
            warning("`frictionTorque` only affects pin attachments", at: node)
        }
        for key in kind.ignoredKeys {
            if let node = object[key] { warning("`\(key)` has no effect on \(what)", at: node) }
        }
        if let node = object["range"], !kind.takesRange {
            error("`range` only applies to pin and sliding attachments", at: node)
        }
        if let toID = to, let itemID = item, toID == itemID, let toNode = object["to"] {
            error("an attachment cannot connect item '\(itemID)' to itself", at: toNode)
            ok = false
        }
        return ok ? spec : nil
    }

    /// `[min, max]` with min <= 0 <= max (UIKit raises otherwise).
    func attachmentRange(_ node: Node) -> ClosedRange<Double>? {
        guard let (low, high) = pair(node, .any, expected: "a range [min, max]") else { return nil }
        guard low <= high else {
            error("`range` [\(formatNumber(low)), \(formatNumber(high))] has min greater than max", at: node)
            return nil
        }
        guard low <= 0 && high >= 0 else {
            error("`range` [\(formatNumber(low)), \(formatNumber(high))] must contain 0", at: node,
                  hint: "the range is measured from the starting position, which must be allowed")
            return nil
        }
        return low...high
    }

    func decodeItemBehavior(_ object: ObjectReader, id: String?, items: [String], location: SceneLocation) -> ItemBehaviorSpec? {
        var spec = ItemBehaviorSpec(id: id, items: items, location: location)
        func mark(_ property: ItemBehaviorSpec.Property) { spec.specified.insert(property) }
        if let v = object.number("elasticity", .range(0...1, hint: "0 = no bounce, 1 = a perfect bounce")) {
            spec.elasticity = v; mark(.elasticity)
        }
        if let v = object.number("friction", .range(0...1_000)) { spec.friction = v; mark(.friction) }
        if let v = object.number("density", NumberRule(minimum: 0, minimumIsExclusive: true, maximum: 1e9)) {
            spec.density = v; mark(.density)
        }
        if let v = object.number("resistance", .resistance) { spec.resistance = v; mark(.resistance) }
        if let v = object.number("angularResistance", .nonNegative) { spec.angularResistance = v; mark(.angularResistance) }
        if let v = object.bool("allowsRotation") { spec.allowsRotation = v; mark(.allowsRotation) }
        if let v = object.bool("anchored") { spec.anchored = v; mark(.anchored) }
        if let v = object.number("charge") { spec.charge = v; mark(.charge) }
        if let v = object.vector("linearVelocity") { spec.linearVelocity = v; mark(.linearVelocity) }
        if let v = object.number("angularVelocity") { spec.angularVelocity = v; mark(.angularVelocity) }
        return spec
    }

    func decodeField(_ object: ObjectReader, id: String?, items: [String], location: SceneLocation) -> FieldSpec? {
        let kinds = FieldSpec.Kind.allCases.map(\.rawValue)
        guard let kindNode = object.requireKey("field", what: "a field behavior",
                                               hint: "`field` is one of: \(kinds.joined(separator: ", "))"),
              let name = string(kindNode) else { return nil }
        guard let kind = FieldSpec.Kind(rawValue: name) else {
            error("unknown field \"\(name)\"", at: kindNode,
                  hint: suggest(name, among: kinds) ?? "use one of: \(kinds.joined(separator: ", "))")
            return nil
        }
        var spec = FieldSpec(id: id, kind: kind, items: items, location: location)
        if let p = object.point("position") { spec.position = p }
        if let regionNode = object["region"] { spec.region = region(regionNode, depth: 1) ?? .infinite }
        if let v = object.number("strength") { spec.strength = v }
        if let v = object.number("falloff", .range(-100...100)) { spec.falloff = v }
        if let v = object.number("minimumRadius", .nonNegativeCoordinate) { spec.minimumRadius = v }
        if let v = object.number("smoothness", .range(0...1, hint: "0 = noisiest, 1 = smoothest")) { spec.smoothness = v }
        if let v = object.number("animationSpeed", .nonNegative) { spec.animationSpeed = v }
        if let directionNode = object["direction"] {
            if let v = vector(directionNode) { spec.direction = v }
            if !kind.usesDirection {
                warning("`direction` has no effect on a \(kind.rawValue) field", at: directionNode,
                        hint: "only linearGravity, velocity and drag fields use a direction")
            }
        } else if kind.requiresDirection {
            error("missing key `direction` in a \(kind.rawValue) field", at: object.node,
                  hint: "e.g. direction: [0.4, 1.0]")
        }
        if !kind.usesNoise {
            for key in ["smoothness", "animationSpeed"] {
                if let node = object[key] {
                    warning("`\(key)` has no effect on a \(kind.rawValue) field", at: node,
                            hint: "only noise and turbulence fields use it")
                }
            }
        }
        return spec
    }

    /// `"infinite"`, `{radius}`, `{size}`, `{inverse}`, `{union}`, `{intersection}`, `{difference}`.
    func region(_ node: Node, depth: Int) -> RegionSpec? {
        let forms = ["radius", "size", "inverse", "union", "intersection", "difference"]
        if depth > SceneLimits.maximumRegionDepth {
            error("regions nest deeper than \(SceneLimits.maximumRegionDepth) levels", at: node,
                  hint: "simplify the region")
            return nil
        }
        if let s = node.value.stringValue {
            if s == "infinite" { return .infinite }
            error("unknown region \"\(s)\"", at: node,
                  hint: suggest(s, among: ["infinite"]) ?? "a region is \"infinite\" or an object with one of: \(forms.joined(separator: ", "))")
            return nil
        }
        guard let members = node.value.objectValue else {
            typeError(node, expected: "a region (\"infinite\" or {radius: R}, {size: [w, h]}, ...)")
            return nil
        }
        guard let object = object(node, keys: forms, what: "a region") else { return nil }
        let present = members.map(\.key).filter { forms.contains($0) }
        guard present.count == 1, let form = present.first, let inner = object[form] else {
            if present.isEmpty {
                if members.isEmpty {
                    error("a region needs one of: \(forms.joined(separator: ", "))", at: node)
                }
            } else {
                error("a region has exactly one of \(forms.joined(separator: ", ")); found \(present.joined(separator: " and "))",
                      at: node, hint: "combine regions with {union: [A, B]}")
            }
            return nil
        }
        switch form {
        case "radius":
            return number(inner, .positiveCoordinate).map(RegionSpec.radius)
        case "size":
            return size(inner).map(RegionSpec.size)
        case "inverse":
            return region(inner, depth: depth + 1).map(RegionSpec.inverse)
        default:
            guard let list = inner.value.arrayValue, list.count == 2 else {
                error("`\(form)` takes exactly two regions: {\(form): [A, B]}", at: inner)
                return nil
            }
            let a = region(Node(value: list[0], path: inner.path / 0), depth: depth + 1)
            let b = region(Node(value: list[1], path: inner.path / 1), depth: depth + 1)
            guard let a = a, let b = b else { return nil }
            switch form {
            case "union": return .union(a, b)
            case "intersection": return .intersection(a, b)
            default: return .difference(a, b)
            }
        }
    }
}
