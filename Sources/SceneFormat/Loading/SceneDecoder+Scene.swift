// The top level of a scene file: its settings, canvas and items.

extension SceneDecoder {
    static let sceneKeys = ["$schema", "title", "canvas", "fps", "duration", "seed", "sleeping", "items", "behaviors", "events", "input"]
    static let canvasKeys = ["width", "height", "scale", "background"]
    static let itemKeys = ["id", "shape", "size", "center", "angle", "path", "color", "stroke", "cornerRadius", "alpha", "scale"]
    static let shapeNames = ["rectangle", "ellipse", "path"]

    /// Decodes the whole document; nil when it is not an object at all.
    func decodeScene(_ root: JSON5Value) -> Scene? {
        let rootNode = Node(value: root, path: .root)
        guard root.objectValue != nil else {
            error("a scene file holds one object `{ ... }`, not \(describe(root))", at: rootNode,
                  hint: "docs/scene-format.md in the Animatic repository has an example")
            return nil
        }
        guard let scene = object(rootNode, keys: Self.sceneKeys, what: "a scene") else { return nil }
        // `$schema` names the JSON Schema for editors; animatic only checks that it is a string.
        if let node = scene["$schema"], node.value.stringValue == nil {
            typeError(node, expected: "a string (the schema's path or URL)", hint: "\"$schema\": \"../docs/scene.schema.json\"")
        }

        // The canvas and the duration come first whatever the key order: "center" and the
        // time checks of events and input depend on them.
        if let canvasNode = scene["canvas"] { canvas = decodeCanvas(canvasNode) ?? canvas }
        // The range is a number rule, checked before wholeness: 1e16 is whole, and too large.
        let fps = scene["fps"].flatMap { node -> Int? in
            integer(node, .range(Double(SceneLimits.fpsRange.lowerBound)...Double(SceneLimits.fpsRange.upperBound),
                                 hint: "30 or 60 are usual; 240 is the limit"))
        } ?? 60
        if let node = scene["duration"],
           let value = number(node, NumberRule(minimum: 0, minimumIsExclusive: true, maximum: SceneLimits.maximumDuration,
                                               hint: "scenes are limited to \(formatNumber(SceneLimits.maximumDuration)) seconds")) {
            duration = value
        }
        let frames = Int((duration * Double(fps)).rounded())
        if frames > SceneLimits.maximumFrameCount {
            let at = scene["duration"] ?? scene["fps"] ?? rootNode
            error("the scene has \(formatGrouped(Double(frames))) frames (duration x fps); the limit is \(formatGrouped(Double(SceneLimits.maximumFrameCount)))",
                  at: at, hint: "shorten the duration or lower fps")
        } else if frames < 1 {
            error("the scene has no frames: round(duration x fps) is 0", at: scene["duration"] ?? rootNode,
                  hint: "make the duration at least one frame long (1 / fps)")
        }

        let title = scene["title"].flatMap(string) ?? sceneID
        // (A seed has its own limit, 2^53 - 1, which `integer` checks.)
        let seed = scene["seed"].flatMap { integer($0, NumberRule(minimum: 0)) }.map { UInt64($0) } ?? 0
        let sleeping = scene.bool("sleeping") ?? true

        var items: [ItemSpec] = []
        if let itemsNode = scene.requireKey("items", what: "the scene", hint: "a scene needs at least one item") {
            // Each item's id goes into `itemDefinitions`: sized once for all of them.
            if let list = itemsNode.value.arrayValue { itemDefinitions.reserveCapacity(min(list.count, SceneLimits.maximumItems)) }
            items = array(itemsNode, what: "items", limit: SceneLimits.maximumItems, decodeItem) ?? []
            if let list = itemsNode.value.arrayValue, list.isEmpty {
                error("`items` is empty; a scene needs at least one item", at: itemsNode)
            }
        }

        var behaviors: [BehaviorSpec] = []
        if let node = scene["behaviors"] {
            behaviors = array(node, what: "behaviors", limit: SceneLimits.maximumBehaviors) { decodeBehavior($0) } ?? []
        }
        var events: [EventSpec] = []
        if let node = scene["events"] {
            events = array(node, what: "events", limit: SceneLimits.maximumEvents, decodeEvent) ?? []
        }
        var input: [InputSpec] = []
        if let node = scene["input"] {
            input = array(node, what: "gestures", limit: SceneLimits.maximumInputs, decodeInput) ?? []
        }
        if behaviorCount > SceneLimits.maximumBehaviors {
            error("the scene defines \(formatGrouped(Double(behaviorCount))) behaviors; the limit is \(formatGrouped(Double(SceneLimits.maximumBehaviors)))",
                  at: scene["behaviors"] ?? rootNode)
        }

        let result = Scene(id: sceneID, sourceFile: file, title: title, canvas: canvas, fps: fps, duration: duration,
                           seed: seed, sleeping: sleeping, items: items, behaviors: behaviors, events: events,
                           input: input)
        runChecks(scene: result, root: rootNode)
        return result
    }

    func decodeCanvas(_ node: Node) -> SceneCanvas? {
        guard let object = object(node, keys: Self.canvasKeys, what: "the canvas") else { return nil }
        var canvas = SceneCanvas()
        if let w = object.number("width", .positiveCoordinate) { canvas.width = w }
        if let h = object.number("height", .positiveCoordinate) { canvas.height = h }
        if let s = object.number("scale", .range(SceneLimits.scaleRange, hint: "2 or 3 match iPhone screens")) {
            canvas.scale = s
        }
        if let c = object.color("background") { canvas.background = c }
        // Frames are drawn at the render's scale, which may differ (`--scale`), and `simulate`
        // draws nothing: a canvas too large to draw at its own scale is only a warning here.
        if let problem = SceneLimits.drawnPixelProblem(width: canvas.width, height: canvas.height, scale: canvas.scale) {
            warning("at its own scale the canvas would give \(problem); render it with a smaller --scale",
                    at: node, hint: "lower `scale` or the canvas size")
        }
        return canvas
    }

    func decodeItem(_ node: Node) -> ItemSpec? {
        guard let object = object(node, keys: Self.itemKeys, what: "an item") else { return nil }
        var ok = true
        var id = ""
        if let idNode = object.requireKey("id", what: "an item", hint: "give every item a unique `id`") {
            if let value = identifier(idNode) {
                id = value
                if let first = itemDefinitions[value] {
                    error("duplicate item id '\(value)' (first defined at \(first))", at: idNode,
                          hint: "item ids must be unique")
                } else {
                    itemDefinitions[value] = idNode.position
                }
            } else { ok = false }
        } else { ok = false }

        let size = object.requireKey("size", what: "item '\(id)'", hint: "write `size: [width, height]`").flatMap(size)
        let center = object.requireKey("center", what: "item '\(id)'", hint: "write `center: [x, y]` or `center: \"center\"`").flatMap(point)

        var shape = ItemSpec.Shape.rectangle
        if let shapeNode = object["shape"], let name = string(shapeNode) {
            switch name {
            case "rectangle": shape = .rectangle
            case "ellipse": shape = .ellipse
            case "path":
                if let pathNode = object.requireKey("path", what: "item '\(id)'",
                                                    hint: "a `path` item needs `path: [[x, y], ...]`, a convex polygon around the center") {
                    if let vertices = decodeItemPath(pathNode, size: size) { shape = .path(vertices) } else { ok = false }
                } else { ok = false }
            default:
                error("unknown shape \"\(name)\"", at: shapeNode,
                      hint: suggest(name, among: Self.shapeNames) ?? "use \(listAlternatives(Self.shapeNames))")
                ok = false
            }
        }
        if let pathNode = object["path"], !shape.isPath, object["shape"].flatMap({ $0.value.stringValue }) != "path" {
            error("`path` is only used by items with `shape: \"path\"`", at: pathNode,
                  hint: "add `shape: \"path\"` or remove `path`")
        }

        var item = ItemSpec(id: id, size: size ?? SceneSize(width: 1, height: 1), center: center ?? .zero,
                            location: location(node))
        item.shape = shape
        if let angle = object.number("angle") { item.angle = angle }
        if let color = object.color("color") { item.color = color }
        if let strokeNode = object["stroke"] { item.stroke = decodeStroke(strokeNode) }
        if let radius = object.number("cornerRadius", .nonNegativeCoordinate) { item.cornerRadius = radius }
        if let alpha = object.number("alpha", .unit) { item.alpha = alpha }
        if let scale = object.number("scale", NumberRule(minimum: 0, minimumIsExclusive: true, maximum: 1000)) {
            item.scale = scale
        }
        guard ok, size != nil, center != nil else { return nil }
        return item
    }

    func decodeStroke(_ node: Node) -> ItemSpec.Stroke? {
        guard let object = object(node, keys: ["color", "width"], what: "a stroke") else { return nil }
        var stroke = ItemSpec.Stroke()
        if let color = object.color("color") { stroke.color = color }
        if let width = object.number("width", .nonNegativeCoordinate) { stroke.width = width }
        return stroke
    }

    /// A convex polygon around the item's center.
    func decodeItemPath(_ node: Node, size: SceneSize?) -> [ScenePoint]? {
        guard let list = node.value.arrayValue else {
            typeError(node, expected: "an array of points [[x, y], ...]")
            return nil
        }
        if list.count > SceneLimits.maximumPathVertices {
            error("the path has \(list.count) vertices; item paths are limited to \(SceneLimits.maximumPathVertices)",
                  at: node, hint: "simplify the polygon")
            return nil
        }
        var vertices: [ScenePoint] = []
        var complete = true
        for (i, value) in list.enumerated() {
            let vertexNode = Node(value: value, path: node.path / i)
            if let (x, y) = pair(vertexNode, .coordinate, expected: "a point [x, y]") {
                vertices.append(ScenePoint(x: x, y: y))
            } else { complete = false }
        }
        guard complete else { return nil }
        if let problem = PolygonCheck.convexPolygonProblem(vertices) {
            let at = problem.vertex.map { Node(value: list[$0], path: node.path / $0) } ?? node
            error(problem.message, at: at, hint: problem.hint)
            return nil
        }
        if let size = size {
            let halfW = size.width / 2 + 0.5, halfH = size.height / 2 + 0.5
            if let i = vertices.firstIndex(where: { abs($0.x) > halfW || abs($0.y) > halfH }) {
                warning("path vertex \(vertices[i]) lies outside the item's bounds \(size) around its center",
                        at: Node(value: list[i], path: node.path / i),
                        hint: "path vertices are relative to the center; the bounds are what is drawn and dragged")
            }
        }
        return vertices
    }
}

extension ItemSpec.Shape {
    var isPath: Bool {
        if case .path = self { return true }
        return false
    }
}
