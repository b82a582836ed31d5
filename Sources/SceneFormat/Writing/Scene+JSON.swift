// Design note: the inverse of decoding. Writes the scene with every default made explicit
// (except the item-behavior properties the file did not set, which must stay unset), colors
// by UIKit name where one matches exactly, "center" already resolved to numbers. Loading the
// output gives back an equal scene (locations aside): the round-trip tests rely on it, and
// `animatic validate` can show a user what their file means.

extension Scene {
    /// The scene as a JSON document (defaults explicit), which loads back to the same scene.
    public var jsonDocument: JSON5Value {
        value(obj([
            ("title", .string(title)),
            ("canvas", obj([
                ("width", .number(canvas.width)), ("height", .number(canvas.height)),
                ("scale", .number(canvas.scale)), ("background", color(canvas.background)),
            ])),
            ("fps", .number(Double(fps))),
            ("duration", .number(duration)),
            ("seed", .number(Double(seed))),
            ("sleeping", .bool(sleeping)),
            ("items", .array(items.map(itemJSON))),
            ("behaviors", .array(behaviors.map(behaviorJSON))),
            ("events", .array(events.map(eventJSON))),
            ("input", .array(input.map(inputJSON))),
        ]))
    }

    /// `jsonDocument` as pretty-printed text.
    public var jsonText: String { jsonDocument.formatted() + "\n" }
}

private let nowhere = SourcePosition(line: 0, column: 0)

private func value(_ kind: JSON5Value.Kind) -> JSON5Value { JSON5Value(kind, at: nowhere) }

/// An object from optional members (nil ones are left out), in order.
private func obj(_ list: [(String, JSON5Value.Kind?)]) -> JSON5Value.Kind {
    .object(list.compactMap { key, kind in kind.map { JSON5Member(key: key, keyPosition: nowhere, value: value($0)) } })
}

private func color(_ c: SceneColor) -> JSON5Value.Kind { .string(c.description) }
private func point(_ p: ScenePoint) -> JSON5Value.Kind { .array([value(.number(p.x)), value(.number(p.y))]) }
private func vector(_ v: SceneVector) -> JSON5Value.Kind { .array([value(.number(v.dx)), value(.number(v.dy))]) }
private func size(_ s: SceneSize) -> JSON5Value.Kind { .array([value(.number(s.width)), value(.number(s.height))]) }
private func strings(_ ids: [String]) -> JSON5Value.Kind { .array(ids.map { value(.string($0)) }) }
private func pointExpression(_ p: PointExpression) -> JSON5Value.Kind {
    switch p {
    case .point(let p): return point(p)
    case .tapLocation: return .string("$tap")
    }
}

private func members(_ list: [(String, JSON5Value.Kind?)]) -> JSON5Value { value(obj(list)) }

private func itemJSON(_ item: ItemSpec) -> JSON5Value {
    var path: JSON5Value.Kind?
    if case .path(let vertices) = item.shape { path = .array(vertices.map { value(point($0)) }) }
    return members([
        ("id", .string(item.id)),
        ("shape", .string(item.shape.name)),
        ("size", size(item.size)),
        ("center", point(item.center)),
        ("angle", .number(item.angle)),
        ("path", path),
        ("color", color(item.color)),
        ("stroke", item.stroke.map { obj([("color", color($0.color)), ("width", .number($0.width))]) }),
        ("cornerRadius", .number(item.cornerRadius)),
        ("alpha", .number(item.alpha)),
        ("scale", .number(item.scale)),
    ])
}

private func regionJSON(_ region: RegionSpec) -> JSON5Value.Kind {
    switch region {
    case .infinite: return .string("infinite")
    case .radius(let r): return obj([("radius", .number(r))])
    case .size(let s): return obj([("size", size(s))])
    case .inverse(let r): return obj([("inverse", regionJSON(r))])
    case .union(let a, let b): return obj([("union", .array([value(regionJSON(a)), value(regionJSON(b))]))])
    case .intersection(let a, let b): return obj([("intersection", .array([value(regionJSON(a)), value(regionJSON(b))]))])
    case .difference(let a, let b): return obj([("difference", .array([value(regionJSON(a)), value(regionJSON(b))]))])
    }
}

private func rangeJSON(_ range: ClosedRange<Double>?) -> JSON5Value.Kind {
    guard let range = range else { return .null }
    return .array([value(.number(range.lowerBound)), value(.number(range.upperBound))])
}

private func behaviorJSON(_ behavior: BehaviorSpec) -> JSON5Value {
    let id: (String, JSON5Value.Kind?) = ("id", behavior.id.map { .string($0) })
    let type: (String, JSON5Value.Kind?) = ("type", .string(behavior.typeName))
    switch behavior {
    case .gravity(let g):
        return members([id, type, ("items", strings(g.items)), ("direction", vector(g.direction))])
    case .collision(let c):
        let insets = c.referenceBoundsInsets
        return members([
            id, type, ("items", strings(c.items)), ("mode", .string(c.mode.rawValue)),
            ("referenceBoundsAsBoundary", .bool(c.referenceBoundsAsBoundary)),
            ("referenceBoundsInsets", .array([insets.top, insets.left, insets.bottom, insets.right].map { value(.number($0)) })),
            ("boundaries", .array(c.boundaries.map { boundary -> JSON5Value in
                switch boundary.shape {
                case .segment(let from, let to):
                    return members([("id", .string(boundary.id)), ("from", point(from)), ("to", point(to))])
                case .path(let points, let closed):
                    return members([("id", .string(boundary.id)), ("path", .array(points.map { value(point($0)) })),
                                    ("closed", .bool(closed))])
                }
            })),
        ])
    case .push(let p):
        let offsets: [(String, JSON5Value.Kind?)] = p.offsets.keys.sorted().map { ($0, vector(p.offsets[$0]!)) }
        return members([
            id, type, ("items", strings(p.items)), ("mode", .string(p.mode.rawValue)),
            ("angle", .number(p.angle)), ("magnitude", .number(p.magnitude)), ("active", .bool(p.active)),
            ("offsets", obj(offsets)),
        ])
    case .snap(let s):
        return members([id, type, ("item", .string(s.item)), ("point", point(s.point)), ("damping", .number(s.damping))])
    case .attachment(let a):
        return members([
            id, type, ("kind", .string(a.kind.rawValue)), ("item", .string(a.item)), ("offset", vector(a.offset)),
            ("to", a.to.map { .string($0) }), ("toOffset", a.to == nil ? nil : vector(a.toOffset)),
            ("anchor", a.anchor.map(point)), ("axis", a.axis.map(vector)), ("length", a.length.map { .number($0) }),
            ("frequency", .number(a.frequency)), ("damping", .number(a.damping)),
            ("frictionTorque", a.kind == .pin ? .number(a.frictionTorque) : nil),
            ("range", a.range.map { rangeJSON($0) }),
        ])
    case .itemBehavior(let b):
        let s = b.specified
        return members([
            id, type, ("items", strings(b.items)),
            ("elasticity", s.contains(.elasticity) ? .number(b.elasticity) : nil),
            ("friction", s.contains(.friction) ? .number(b.friction) : nil),
            ("density", s.contains(.density) ? .number(b.density) : nil),
            ("resistance", s.contains(.resistance) ? .number(b.resistance) : nil),
            ("angularResistance", s.contains(.angularResistance) ? .number(b.angularResistance) : nil),
            ("allowsRotation", s.contains(.allowsRotation) ? .bool(b.allowsRotation) : nil),
            ("anchored", s.contains(.anchored) ? .bool(b.anchored) : nil),
            ("charge", s.contains(.charge) ? .number(b.charge) : nil),
            ("linearVelocity", s.contains(.linearVelocity) ? vector(b.linearVelocity) : nil),
            ("angularVelocity", s.contains(.angularVelocity) ? .number(b.angularVelocity) : nil),
        ])
    case .field(let f):
        return members([
            id, type, ("field", .string(f.kind.rawValue)), ("items", strings(f.items)), ("position", point(f.position)),
            ("region", regionJSON(f.region)), ("strength", .number(f.strength)), ("falloff", f.falloff.map { .number($0) }),
            ("minimumRadius", .number(f.minimumRadius)),
            ("direction", f.kind.usesDirection ? vector(f.direction) : nil),
            ("smoothness", f.kind.usesNoise ? .number(f.smoothness) : nil),
            ("animationSpeed", f.kind.usesNoise ? .number(f.animationSpeed) : nil),
        ])
    case .group(let g):
        return members([id, type, ("children", .array(g.children.map(behaviorJSON)))])
    }
}

private func eventJSON(_ event: EventSpec) -> JSON5Value {
    var list: [(String, JSON5Value.Kind?)] = [("on", .string(event.trigger.name))]
    switch event.trigger {
    case .time(let at):
        list.append(("at", .number(at)))
    case .contactBegan(let f), .contactEnded(let f):
        list.append(("behavior", f.behavior.map { .string($0) }))
        list.append(("item", f.item.map { .string($0) }))
        list.append(("with", f.with.map { .string($0) }))
        switch f.boundary {
        case .reference?: list.append(("boundary", .string("reference")))
        case .id(let id)?: list.append(("boundary", .string(id)))
        case nil: break
        }
    case .tap(let item), .pan(let item):
        list.append(("item", item.map { .string($0) }))
    case .pause:
        break
    }
    list.append(("do", .array(event.actions.map(actionJSON))))
    return members(list)
}

private func actionJSON(_ action: ActionSpec) -> JSON5Value {
    switch action {
    case .animate(let a):
        return members([
            ("animate", members([
                ("item", a.item.map { .string($0) }), ("duration", .number(a.duration)), ("delay", .number(a.delay)),
                ("curve", .string(a.curve.rawValue)), ("color", a.color.map(color)),
                ("alpha", a.alpha.map { .number($0) }), ("scale", a.scale.map { .number($0) }),
            ]).kind),
            ("then", a.then.isEmpty ? nil : .array(a.then.map(actionJSON))),
        ])
    case .removeFromBehavior(let m), .addToBehavior(let m):
        return members([(action.name, .string(m.behavior)), ("item", m.item.map { .string($0) })])
    case .removeFromView(let a), .removeItem(let a):
        return members([(action.name, a.item.map { .string($0) } ?? .bool(true))])
    case .addBehavior(let a):
        return members([("addBehavior", behaviorJSON(a.behavior).kind)])
    case .removeBehavior(let a):
        return members([("removeBehavior", .string(a.behavior))])
    case .set(let s):
        var list: [(String, JSON5Value.Kind?)] = []
        switch s.target {
        case .behavior(let id): list.append(("behavior", .string(id)))
        case .item(let id): list.append(("item", id.map { .string($0) }))
        }
        for setting in s.settings { list.append((setting.key, settingJSON(setting))) }
        return members([("set", members(list).kind)])
    case .snapTo(let s):
        return members([("snapTo", members([
            ("item", s.item.map { .string($0) }), ("point", pointExpression(s.point)), ("damping", .number(s.damping)),
        ]).kind)])
    case .pushToward(let p):
        return members([("pushToward", members([
            ("behavior", .string(p.behavior)), ("item", p.item.map { .string($0) }), ("point", pointExpression(p.point)),
            ("magnitudePerPoint", .number(p.magnitudePerPoint)),
        ]).kind)])
    case .drag(let d):
        let suspend: JSON5Value.Kind
        switch d.suspend {
        case .all: suspend = .string("all")
        case .behaviors(let ids): suspend = strings(ids)
        }
        return members([("drag", members([("suspend", suspend), ("releaseVelocity", .bool(d.releaseVelocity)),
                                          ("grab", .string(d.grab.rawValue))]).kind)])
    }
}

private func settingJSON(_ setting: PropertySetting) -> JSON5Value.Kind {
    switch setting {
    case .angle(let v), .magnitude(let v), .damping(let v), .length(let v), .frequency(let v), .frictionTorque(let v),
         .elasticity(let v), .friction(let v), .density(let v), .resistance(let v), .angularResistance(let v),
         .charge(let v), .strength(let v), .falloff(let v), .minimumRadius(let v), .smoothness(let v),
         .animationSpeed(let v), .alpha(let v), .scale(let v), .cornerRadius(let v):
        return .number(v)
    case .active(let b), .referenceBoundsAsBoundary(let b), .allowsRotation(let b), .anchored(let b):
        return .bool(b)
    case .direction(let v): return vector(v)
    case .collisionMode(let m): return .string(m.rawValue)
    case .referenceBoundsInsets(let i): return .array([i.top, i.left, i.bottom, i.right].map { value(.number($0)) })
    case .point(let p), .anchor(let p), .position(let p), .center(let p): return pointExpression(p)
    case .range(let r): return rangeJSON(r)
    case .region(let r): return regionJSON(r)
    case .color(let c): return color(c)
    }
}

private func inputJSON(_ input: InputSpec) -> JSON5Value {
    switch input.gesture {
    case .tap(let p):
        return members([("at", .number(input.at)), ("tap", point(p))])
    case .pan(let path, let duration):
        return members([("at", .number(input.at)), ("pan", members([
            ("path", .array(path.map { value(point($0)) })), ("duration", .number(duration)),
        ]).kind)])
    }
}
