// Events (triggers and actions) and scripted input.

/// What the actions of one event may rely on.
struct ActionContext {
    var trigger: EventTrigger
    /// `item` was written beside the action instead of inside it: that is reported, and a
    /// second error saying the action needs an item (it has one, misplaced) is not.
    var itemMisplaced = false
    /// The trigger supplies an item, so `item` may be left out.
    var suppliesItem: Bool { trigger.suppliesItem }
    /// `"$tap"` is available.
    var allowsTap: Bool {
        if case .tap = trigger { return true }
        return false
    }
    var isPan: Bool {
        if case .pan = trigger { return true }
        return false
    }
}

extension SceneDecoder {
    static let triggerKeys: [String: [String]] = [
        "time": ["at"],
        "contactBegan": ["behavior", "item", "with", "boundary"],
        "contactEnded": ["behavior", "item", "with", "boundary"],
        "tap": ["item"],
        "pan": ["item"],
        "pause": [],
    ]

    /// Per trigger, for each key of the other triggers, every trigger it belongs to, in the
    /// documented order (the last one met in `triggerKeys`' hash order was named: `item`
    /// "applies to contactBegan" only, or to pan, from one run to the next). Made once.
    static let misplacedEventKeys: [String: [String: String]] = {
        var table: [String: [String: String]] = [:]
        for (on, keys) in triggerKeys {
            var hints: [String: String] = [:]
            for key in Set(triggerKeys.values.joined()).subtracting(keys) {
                let owners = EventTrigger.names.filter { $0 != on && triggerKeys[$0]?.contains(key) == true }
                let quoted = owners.map { "`on: \"\($0)\"`" }
                let list = quoted.count > 1 ? quoted.dropLast().joined(separator: ", ") + " and " + quoted.last! : quoted.joined()
                hints[key] = "it applies to \(list)" + (key == "at" ? " (a time trigger)" : "")
            }
            table[on] = hints
        }
        return table
    }()

    func decodeEvent(_ node: Node) -> EventSpec? {
        guard let members = node.value.objectValue else {
            error("an event must be an object `{on: ..., do: [...]}`, not \(describe(node.value))", at: node)
            return nil
        }
        guard let onMember = members.first(where: { $0.key == "on" }) else {
            error("missing key `on` in an event", at: node,
                  hint: "`on` is one of: \(EventTrigger.names.joined(separator: ", "))")
            return nil
        }
        let onNode = Node(value: onMember.value, path: node.path / "on")
        guard let on = string(onNode) else { return nil }
        guard let keys = Self.triggerKeys[on] else {
            error("unknown trigger \"\(on)\"", at: onNode,
                  hint: suggest(on, among: EventTrigger.names) ?? "use one of: \(EventTrigger.names.joined(separator: ", "))")
            return nil
        }
        guard let object = object(node, keys: ["on", "do"] + keys, what: "an `on: \"\(on)\"` event",
                                  elsewhere: Self.misplacedEventKeys[on] ?? [:]) else {
            return nil
        }

        let trigger: EventTrigger
        switch on {
        case "time":
            guard let atNode = object.requireKey("at", what: "a time event", hint: "the time in seconds: at: 1.5"),
                  let at = number(atNode, .nonNegative) else { return nil }
            if at > duration {
                warning("the event at \(formatNumber(at)) s never fires: the scene lasts \(formatNumber(duration)) s",
                        at: atNode)
            }
            trigger = .time(at: at)
        case "contactBegan", "contactEnded":
            var filter = ContactFilter()
            filter.behavior = object["behavior"].flatMap { reference($0, .behavior(types: ["collision"], purpose: "report contacts")) }
            filter.item = object["item"].flatMap { reference($0, .item) }
            filter.with = object["with"].flatMap { reference($0, .item) }
            if let boundaryNode = object["boundary"], let name = identifier(boundaryNode) {
                if name == "reference" {
                    filter.boundary = .reference
                    deferredChecks.append { [unowned self] table in
                        self.checkReferenceBoundary(filter: filter, node: boundaryNode, table: table)
                    }
                } else {
                    references.append(Reference(kind: .boundary(collision: filter.behavior), id: name, node: boundaryNode))
                    filter.boundary = .id(name)
                }
            }
            if object.has("with"), let boundaryNode = object["boundary"] {
                error("a contact is with an item (`with`) or with a boundary (`boundary`), not both", at: boundaryNode)
            }
            trigger = on == "contactBegan" ? .contactBegan(filter) : .contactEnded(filter)
        case "tap":
            trigger = .tap(item: object["item"].flatMap { reference($0, .item) })
        case "pan":
            trigger = .pan(item: object["item"].flatMap { reference($0, .item) })
        default:
            trigger = .pause
        }

        let context = ActionContext(trigger: trigger)
        var actions: [ActionSpec] = []
        if let doNode = object.requireKey("do", what: "an event", hint: "the actions to run: do: [ ... ]") {
            actions = array(doNode, what: "actions") { decodeAction($0, context: context) } ?? []
            if let list = doNode.value.arrayValue, list.isEmpty {
                warning("the event does nothing: `do` is empty", at: doNode)
            }
        } else {
            return nil
        }
        return EventSpec(trigger: trigger, actions: actions, location: location(node))
    }

    func checkReferenceBoundary(filter: ContactFilter, node: Node, table: SymbolTable) {
        let collisions: [CollisionSpec]
        if let id = filter.behavior {
            guard case .collision(let c)? = table.behaviors[id] else { return }
            collisions = [c]
        } else {
            collisions = table.collisions
        }
        if !collisions.contains(where: { $0.referenceBoundsAsBoundary }) {
            warning("no collision behavior\(filter.behavior.map { " '\($0)'" } ?? "") has `referenceBoundsAsBoundary: true`, so this filter never matches",
                    at: node, hint: "set referenceBoundsAsBoundary: true on the collision behavior")
        }
    }

    // MARK: Actions

    func decodeAction(_ node: Node, context: ActionContext) -> ActionSpec? {
        guard let members = node.value.objectValue else {
            var hint: String?
            if let s = node.value.stringValue, ActionSpec.names.contains(s) {
                hint = s == "removeFromView" || s == "removeItem" ? "write {\(s): true}" : "write {\(s): ...}"
            }
            error("an action must be an object like {removeFromView: true}, not \(describe(node.value))", at: node, hint: hint)
            return nil
        }
        let present = members.filter { ActionSpec.names.contains($0.key) }
        guard let actionMember = present.first else {
            let unknown = members.first(where: { $0.key != "then" && $0.key != "item" })
            if let unknown = unknown {
                error("unknown action `\(unknown.key)`", at: unknown.keyPosition, path: node.path / unknown.key,
                      hint: suggest(unknown.key, among: ActionSpec.names)
                        ?? "actions: \(ActionSpec.names.joined(separator: ", "))")
            } else {
                error("the action object names no action", at: node,
                      hint: "actions: \(ActionSpec.names.joined(separator: ", "))")
            }
            return nil
        }
        if present.count > 1 {
            error("one action per object; this one has `\(present[0].key)` and `\(present[1].key)`",
                  at: present[1].keyPosition, path: node.path / present[1].key,
                  hint: "split them into two entries of `do`")
            return nil
        }
        let name = actionMember.key
        var siblings = [name]
        switch name {
        case "animate": siblings.append("then")
        case "removeFromBehavior", "addToBehavior": siblings.append("item")
        default: break
        }
        var elsewhere: [String: String] = [:]
        if name != "animate" { elsewhere["then"] = "`then` follows only an `animate` action (it runs when the animation completes)" }
        if !siblings.contains("item") {
            elsewhere["item"] = name == "removeFromView" || name == "removeItem"
                ? "name the item as the value: `\(name): \"square\"`"
                : "put `item` inside the action's own object"
        }
        guard let object = object(node, keys: siblings, what: "a `\(name)` action", elsewhere: elsewhere) else { return nil }
        guard let valueNode = object[name] else { return nil }
        let loc = location(node)
        var context = context
        if !siblings.contains("item") && members.contains(where: { $0.key == "item" }) { context.itemMisplaced = true }

        switch name {
        case "animate":
            return decodeAnimate(valueNode, then: object["then"], context: context, location: loc)
        case "removeFromBehavior", "addToBehavior":
            return decodeMembership(valueNode, itemNode: object["item"], name: name, context: context, location: loc)
        case "removeFromView", "removeItem":
            let item: String?
            if let flag = valueNode.value.boolValue {
                guard flag else {
                    error("`\(name): false` does nothing", at: valueNode, hint: "remove the action, or write `\(name): true`")
                    return nil
                }
                item = nil
            } else if valueNode.value.stringValue != nil {
                guard let id = reference(valueNode, .item) else { return nil }
                item = id
            } else {
                typeError(valueNode, expected: "true (the event's item) or an item id")
                return nil
            }
            guard requireItem(item, at: valueNode, action: name, context: context) else { return nil }
            let action = ItemAction(item: item, location: loc)
            return name == "removeFromView" ? .removeFromView(action) : .removeItem(action)
        case "addBehavior":
            guard let behavior = decodeBehavior(valueNode) else { return nil }
            if case .group = behavior {} else if behavior.id == nil {
                warning("the added behavior has no `id`, so no later action can remove it", at: valueNode)
            }
            return .addBehavior(AddBehaviorAction(behavior: behavior, location: loc))
        case "removeBehavior":
            guard let id = reference(valueNode, .behavior(types: nil, purpose: "be removed")) else { return nil }
            return .removeBehavior(RemoveBehaviorAction(behavior: id, location: loc))
        case "set":
            return decodeSet(valueNode, context: context, location: loc)
        case "snapTo":
            return decodeSnapTo(valueNode, context: context, location: loc)
        case "pushToward":
            return decodePushToward(valueNode, context: context, location: loc)
        default: // drag
            return decodeDrag(valueNode, context: context, location: loc)
        }
    }

    /// Whether an action without `item` has one from its trigger; reports it when not.
    func requireItem(_ item: String?, at node: Node, action: String, context: ActionContext) -> Bool {
        if item != nil || context.suppliesItem { return true }
        if context.itemMisplaced { return false }
        error("`\(action)` needs an item: an `on: \"\(context.trigger.name)\"` event concerns no item", at: node,
              hint: "name the item, e.g. item: \"square\"")
        return false
    }

    func decodeAnimate(_ node: Node, then thenNode: Node?, context: ActionContext, location: SceneLocation) -> ActionSpec? {
        guard let object = object(node, keys: ["item", "duration", "delay", "curve", "color", "alpha", "scale"],
                                  what: "an animation", elsewhere: ["then": "`then` goes next to `animate`, not inside it"]) else {
            return nil
        }
        var action = AnimateAction(location: location)
        action.item = object["item"].flatMap { reference($0, .item) }
        if let d = object.number("duration", .range(0...SceneLimits.maximumDuration)) { action.duration = d }
        if let d = object.number("delay", .range(0...SceneLimits.maximumDuration)) { action.delay = d }
        if let curveNode = object["curve"], let value = name(curveNode, of: AnimateAction.Curve.self, what: "curve") {
            action.curve = value
        }
        action.color = object.color("color")
        action.alpha = object.number("alpha", .unit)
        action.scale = object.number("scale", .range(0...1000))
        if action.color == nil && action.alpha == nil && action.scale == nil
            && !object.has("color") && !object.has("alpha") && !object.has("scale") {
            warning("the animation changes nothing: give `color`, `alpha` or `scale`", at: node)
        }
        if let thenNode = thenNode {
            action.then = array(thenNode, what: "actions") { decodeAction($0, context: context) } ?? []
        }
        guard requireItem(action.item, at: node, action: "animate", context: context) else { return nil }
        return .animate(action)
    }

    func decodeMembership(_ node: Node, itemNode: Node?, name: String, context: ActionContext,
                          location: SceneLocation) -> ActionSpec? {
        let purpose = name == "removeFromBehavior" ? "have items removed" : "have items added"
        let kind = ReferenceKind.behavior(types: ["gravity", "collision", "push", "itemBehavior", "field"], purpose: purpose)
        var behavior: String?
        var item: String? = itemNode.flatMap { reference($0, .item) }
        if node.value.stringValue != nil {
            behavior = reference(node, kind)
        } else if node.value.objectValue != nil {
            guard let object = object(node, keys: ["behavior", "item"], what: "a `\(name)` action") else { return nil }
            behavior = object.requireKey("behavior", what: "a `\(name)` action").flatMap { reference($0, kind) }
            if let inner = object["item"] {
                if itemNode != nil {
                    error("`item` is given twice", at: inner)
                }
                item = reference(inner, .item)
            }
        } else {
            typeError(node, expected: "a behavior id or {behavior, item}")
            return nil
        }
        guard let behaviorID = behavior else { return nil }
        guard requireItem(item, at: node, action: name, context: context) else { return nil }
        let action = MembershipAction(behavior: behaviorID, item: item, location: location)
        return name == "removeFromBehavior" ? .removeFromBehavior(action) : .addToBehavior(action)
    }

    func decodeSnapTo(_ node: Node, context: ActionContext, location: SceneLocation) -> ActionSpec? {
        guard let object = object(node, keys: ["item", "point", "damping"], what: "a snapTo action") else { return nil }
        let item = object["item"].flatMap { reference($0, .item) }
        let point = object.requireKey("point", what: "a snapTo action",
                                      hint: context.allowsTap ? "snap to the tap: point: \"$tap\"" : "write point: [x, y]")
            .flatMap { pointExpression($0, allowTap: context.allowsTap) }
        let damping = object.number("damping", .range(0...1, hint: "1 = least oscillation; UIKit's default is 0.5")) ?? 0.5
        guard let p = point, requireItem(item, at: node, action: "snapTo", context: context) else { return nil }
        return .snapTo(SnapToAction(item: item, point: p, damping: damping, location: location))
    }

    func decodePushToward(_ node: Node, context: ActionContext, location: SceneLocation) -> ActionSpec? {
        guard let object = object(node, keys: ["behavior", "item", "point", "magnitudePerPoint"], what: "a pushToward action") else {
            return nil
        }
        let behaviorNode = object.requireKey("behavior", what: "a pushToward action", hint: "the push behavior to aim")
        let behavior = behaviorNode.flatMap { reference($0, .behavior(types: ["push"], purpose: "be aimed")) }
        let item = object["item"].flatMap { reference($0, .item) }
        let point = object.requireKey("point", what: "a pushToward action",
                                      hint: context.allowsTap ? "push toward the tap: point: \"$tap\"" : "write point: [x, y]")
            .flatMap { pointExpression($0, allowTap: context.allowsTap) }
        let perPoint = object.number("magnitudePerPoint", .range(-1000...1000))
            ?? PushTowardAction.defaultMagnitudePerPoint
        guard let behaviorID = behavior, let p = point else { return nil }
        if item == nil && !context.suppliesItem {
            // The push's only item will do; checked once the behaviors are known.
            deferredChecks.append { [unowned self] table in
                guard case .push(let push)? = table.behaviors[behaviorID] else { return }
                if push.items.count != 1 {
                    self.error("pushToward needs `item`: push '\(behaviorID)' has \(push.items.count) items and an `on: \"\(context.trigger.name)\"` event concerns none",
                               at: node, hint: "name the item whose center the push is aimed from")
                }
            }
        }
        return .pushToward(PushTowardAction(behavior: behaviorID, item: item, point: p, magnitudePerPoint: perPoint,
                                            location: location))
    }

    func decodeDrag(_ node: Node, context: ActionContext, location: SceneLocation) -> ActionSpec? {
        var action = DragAction(location: location)
        if !context.isPan {
            error("`drag` only works under `on: \"pan\"`; this event is `on: \"\(context.trigger.name)\"`", at: node,
                  hint: "add an event {on: \"pan\", do: [{drag: {suspend: \"all\"}}]}")
            return nil
        }
        if let flag = node.value.boolValue {
            guard flag else {
                error("`drag: false` does nothing", at: node, hint: "remove the action")
                return nil
            }
            return .drag(action)
        }
        guard let object = object(node, keys: ["suspend", "releaseVelocity", "grab"], what: "a drag action") else { return nil }
        if let suspendNode = object["suspend"] {
            if let s = suspendNode.value.stringValue {
                if s == "all" {
                    action.suspend = .all
                } else {
                    // "none" is written as an empty list; any other word may be an id.
                    error("`suspend` must be \"all\" or a list of behavior ids, not \"\(s)\"", at: suspendNode,
                          hint: s == "none" ? "to suspend no behavior write suspend: [] (left out, it suspends all)"
                                            : "for one behavior write suspend: [\"\(s)\"]")
                }
            } else if let ids = array(suspendNode, what: "behavior ids", { (element: Node) -> String? in
                reference(element, .behavior(types: ["gravity", "collision", "push", "itemBehavior", "field"],
                                             purpose: "suspend an item"))
            }) {
                action.suspend = .behaviors(ids)
            }
        }
        if let v = object.bool("releaseVelocity") { action.releaseVelocity = v }
        if let grabNode = object["grab"] {
            if let s = grabNode.value.stringValue, let grab = DragAction.Grab(rawValue: s) {
                action.grab = grab
            } else {
                error("`grab` must be \"offset\" or \"center\"", at: grabNode,
                      hint: "\"center\" puts the item's center under the finger, \"offset\" keeps where it was grabbed")
            }
        }
        return .drag(action)
    }

    // MARK: set

    func decodeSet(_ node: Node, context: ActionContext, location: SceneLocation) -> ActionSpec? {
        guard let members = node.value.objectValue else {
            typeError(node, expected: "an object {behavior: ID, property: value, ...} or {item: ID, ...}")
            return nil
        }
        var seen: Set<String> = []
        for member in members where !seen.insert(member.key).inserted {
            error("duplicate key `\(member.key)`", at: member.keyPosition, path: node.path / member.key)
        }
        let behaviorMember = members.first(where: { $0.key == "behavior" })
        let itemMember = members.first(where: { $0.key == "item" })
        if let b = behaviorMember, itemMember != nil {
            error("`set` changes either a behavior or an item, not both", at: b.keyPosition, path: node.path / "behavior")
            return nil
        }
        let target: SetAction.Target
        let targetKind: String?   // a behavior type, "item", or nil when not yet known
        if let b = behaviorMember {
            guard let id = reference(Node(value: b.value, path: node.path / "behavior"),
                                     .behavior(types: nil, purpose: "have properties set")) else { return nil }
            target = .behavior(id)
            targetKind = nil
        } else {
            let item = itemMember.flatMap { reference(Node(value: $0.value, path: node.path / "item"), .item) }
            if itemMember != nil && item == nil { return nil }
            guard requireItem(item, at: node, action: "set", context: context) else { return nil }
            target = .item(item)
            targetKind = "item"
        }

        let allKeys = Array(Set(PropertySetting.settableKeys.values.joined())).sorted()
        var settings: [PropertySetting] = []
        var settingNodes: [(key: String, node: Node, setting: PropertySetting)] = []
        for member in members where member.key != "behavior" && member.key != "item" {
            let valueNode = Node(value: member.value, path: node.path / member.key)
            guard allKeys.contains(member.key) else {
                error("unknown property `\(member.key)` in `set`", at: member.keyPosition, path: valueNode.path,
                      hint: suggest(member.key, among: allKeys) ?? "settable: \(allKeys.joined(separator: ", "))")
                continue
            }
            if targetKind == "item", !(PropertySetting.settableKeys["item"] ?? []).contains(member.key) {
                error("`\(member.key)` cannot be set on an item", at: member.keyPosition, path: valueNode.path,
                      hint: "items accept: \((PropertySetting.settableKeys["item"] ?? []).joined(separator: ", "))")
                continue
            }
            if let setting = propertySetting(member.key, valueNode, context: context, isItem: targetKind == "item") {
                settings.append(setting)
                settingNodes.append((member.key, Node(value: JSON5Value(.string(member.key), at: member.keyPosition),
                                                      path: valueNode.path), setting))
            }
        }
        if members.count == (behaviorMember != nil || itemMember != nil ? 1 : 0) {
            warning("`set` changes nothing: give at least one property", at: node)
        }
        if case .behavior(let id) = target {
            deferredChecks.append { [unowned self] table in
                guard let behavior = table.behaviors[id] else { return }
                let type = behavior.typeName
                let allowed = PropertySetting.settableKeys[type] ?? []
                for entry in settingNodes where !allowed.contains(entry.key) {
                    self.error("`\(entry.key)` cannot be set on \(type) behavior '\(id)'", at: entry.node,
                               hint: allowed.isEmpty ? "a \(type) has no settable properties"
                                                     : "a \(type) accepts: \(allowed.joined(separator: ", "))")
                }
                if case .attachment(let attachment) = behavior {
                    // Per kind, as the behavior's own keys are checked.
                    let what = attachment.kind.phrase
                    for entry in settingNodes {
                        if entry.key == "anchor" && attachment.to != nil {
                            // Only an attachment to a point moves with its anchor (UIKit's
                            // anchorPoint); between two items the anchor is fixed when made.
                            self.error("`anchor` cannot be set on attachment '\(id)': \(what) has no movable anchor point",
                                       at: entry.node, hint: "only an attachment to a point (without `to`) follows a new anchor; this one connects two items")
                        } else if entry.key == "range" && !attachment.kind.takesRange {
                            self.error("`range` cannot be set on attachment '\(id)': only pin and sliding attachments have one",
                                       at: entry.node)
                        } else if entry.key == "frictionTorque" && attachment.kind != .pin {
                            self.warning("`frictionTorque` only affects pin attachments", at: entry.node)
                        } else if attachment.kind.ignoredKeys.contains(entry.key) {
                            self.warning("`\(entry.key)` has no effect on \(what)", at: entry.node)
                        }
                    }
                }
                if type == "snap", case .damping(let d)? = settingNodes.first(where: { $0.key == "damping" })?.setting, d > 1 {
                    self.error("a snap's `damping` must be between 0 and 1; got \(formatNumber(d))",
                               at: settingNodes.first(where: { $0.key == "damping" })!.node)
                }
                if type == "gravity" || type == "push",
                   settingNodes.contains(where: { $0.key == "direction" }),
                   let angleEntry = settingNodes.first(where: { $0.key == "angle" }) {
                    self.error("give either `direction` or `angle`, not both", at: angleEntry.node)
                }
            }
        }
        return .set(SetAction(target: target, settings: settings, location: location))
    }

    /// One typed property value of a `set` action.
    func propertySetting(_ key: String, _ node: Node, context: ActionContext, isItem: Bool) -> PropertySetting? {
        func point() -> PointExpression? { pointExpression(node, allowTap: context.allowsTap) }
        switch key {
        case "angle": return number(node).map(PropertySetting.angle)
        case "magnitude": return number(node).map(PropertySetting.magnitude)
        case "direction": return vector(node).map(PropertySetting.direction)
        case "active": return bool(node).map(PropertySetting.active)
        case "mode":
            // A push's own modes name the mistake: only a collision behavior's mode changes.
            if let s = node.value.stringValue, s == "continuous" || s == "instantaneous" {
                error("a push's mode cannot be set: \"\(s)\" is a push mode, and `set` changes only a collision behavior's mode",
                      at: node, hint: "add a push with mode: \"\(s)\" instead (UIKit fixes a push's mode when it is made)")
                return nil
            }
            return name(node, of: CollisionSpec.Mode.self, what: "collision mode",
                        extraHint: " (a push's mode cannot change)").map(PropertySetting.collisionMode)
        case "referenceBoundsAsBoundary": return bool(node).map(PropertySetting.referenceBoundsAsBoundary)
        case "referenceBoundsInsets": return insets(node).map(PropertySetting.referenceBoundsInsets)
        case "point": return point().map(PropertySetting.point)
        case "damping": return number(node, .nonNegative).map(PropertySetting.damping)
        case "anchor": return point().map(PropertySetting.anchor)
        case "length": return number(node, .nonNegativeCoordinate).map(PropertySetting.length)
        case "frequency": return number(node, .nonNegative).map(PropertySetting.frequency)
        case "frictionTorque": return number(node, .nonNegative).map(PropertySetting.frictionTorque)
        case "range":
            if case .null = node.value.kind { return .range(nil) }
            return attachmentRange(node).map { PropertySetting.range($0) }
        case "elasticity": return number(node, .unit).map(PropertySetting.elasticity)
        case "friction": return number(node, .range(0...1_000)).map(PropertySetting.friction)
        case "density": return number(node, NumberRule(minimum: 0, minimumIsExclusive: true, maximum: 1e9)).map(PropertySetting.density)
        case "resistance": return number(node, .resistance).map(PropertySetting.resistance)
        case "angularResistance": return number(node, .nonNegative).map(PropertySetting.angularResistance)
        case "allowsRotation": return bool(node).map(PropertySetting.allowsRotation)
        case "anchored": return bool(node).map(PropertySetting.anchored)
        case "charge": return number(node).map(PropertySetting.charge)
        case "position": return point().map(PropertySetting.position)
        case "region": return region(node, depth: 1).map(PropertySetting.region)
        case "strength": return number(node).map(PropertySetting.strength)
        case "falloff": return number(node, .range(-100...100)).map(PropertySetting.falloff)
        case "minimumRadius": return number(node, .nonNegativeCoordinate).map(PropertySetting.minimumRadius)
        case "smoothness": return number(node, .unit).map(PropertySetting.smoothness)
        case "animationSpeed": return number(node, .nonNegative).map(PropertySetting.animationSpeed)
        case "color": return color(node).map(PropertySetting.color)
        case "alpha": return number(node, .unit).map(PropertySetting.alpha)
        case "scale": return number(node, NumberRule(minimum: 0, minimumIsExclusive: true, maximum: 1000)).map(PropertySetting.scale)
        case "cornerRadius": return number(node, .nonNegativeCoordinate).map(PropertySetting.cornerRadius)
        case "center": return point().map(PropertySetting.center)
        default: return nil
        }
    }

    // MARK: Input

    func decodeInput(_ node: Node) -> InputSpec? {
        guard let object = object(node, keys: ["at", "tap", "pan"], what: "a gesture") else { return nil }
        let at = object.requireKey("at", what: "a gesture", hint: "when it starts, in seconds: at: 1.0")
            .flatMap { number($0, .range(0...SceneLimits.maximumDuration)) }
        let gesture: InputSpec.Gesture?
        switch (object["tap"], object["pan"]) {
        case (let tap?, nil):
            gesture = point(tap).map(InputSpec.Gesture.tap)
        case (nil, let pan?):
            gesture = decodePan(pan)
        case (_?, let pan?):
            error("a gesture is a `tap` or a `pan`, not both", at: pan, hint: "split it into two gestures")
            return nil
        case (nil, nil):
            error("missing `tap` or `pan` in a gesture", at: node, hint: "e.g. {at: 1, tap: [100, 200]}")
            return nil
        }
        guard let start = at, let g = gesture else { return nil }
        let input = InputSpec(at: start, gesture: g, location: location(node))
        if start > duration, let atNode = object["at"] {
            warning("the gesture at \(formatNumber(start)) s never happens: the scene lasts \(formatNumber(duration)) s",
                    at: atNode)
        } else if input.end > duration, let panNode = object["pan"] {
            warning("the pan ends at \(formatNumber(input.end)) s, after the scene ends (\(formatNumber(duration)) s)",
                    at: panNode)
        }
        return input
    }

    func decodePan(_ node: Node) -> InputSpec.Gesture? {
        guard let object = object(node, keys: ["path", "duration"], what: "a pan") else { return nil }
        let duration = object.number("duration", NumberRule(minimum: 0, minimumIsExclusive: true,
                                                              maximum: SceneLimits.maximumDuration)) ?? 0.5
        guard let pathNode = object.requireKey("path", what: "a pan", hint: "the finger's path: path: [[x, y], [x, y], ...]"),
              let points = array(pathNode, what: "points", limit: SceneLimits.maximumPolylinePoints, point),
              points.count == pathNode.value.arrayValue?.count else { return nil }
        if points.count < 2 {
            error("a pan path needs at least 2 points; it has \(points.count)", at: pathNode)
            return nil
        }
        return .pan(path: points, duration: duration)
    }
}
