// Design note: a frame is the view tree as the screen shows it (the presentation). The root
// view's background is the canvas; below it every view that is not hidden gives, in tree
// order (a view before its subviews, subviews back to front): its background as a rectangle
// with the layer's corner radius and border, when it has a visible one, then what its
// `draw(_:)` filled and stroked (a rectangle, an ellipse or polygons, in the view's frame).
// Center, angle and scale come from the view and its ancestors; these are the same values the
// scene player draws for an item (center and rotation from the animator, visual scale and
// alpha from the view), so the same views give the same frame state. Animators with
// `debugEnabled` add the debug overlay. The trace lists every view seen so far, by its
// `accessibilityIdentifier` or `viewN` (N in the order first seen).
import Dynamics
import Foundation
import Rendering
import SceneFormat
import ScenePlayer

extension Recorder {
    /// Where a view's superview sits on the canvas.
    struct Placement {
        /// A point of the superview's coordinates on the canvas.
        let map: (CGPoint) -> CGPoint
        let angle: Double
        let scale: Double
        let alpha: Double
    }

    /// What the current frame shows.
    public func frameState() -> FrameState {
        Display.current = display
        refreshKnownViews()
        let root = viewController.view!
        var items: [DrawItem] = []
        // The root view as any other (its drawing, border, alpha, hidden state; a hidden root
        // shows nothing but the canvas), but for its background, which is the canvas.
        let canvas = Placement(map: { $0 }, angle: 0, scale: 1, alpha: 1)
        appendItems(of: root, in: canvas, to: &items, withBackground: false)
        var state = FrameState(width: Double(size.width), height: Double(size.height), scale: scale,
                               background: root.presented.background ?? .black, items: items)
        for animator in display.animators where animator.debugEnabled {
            state.overlay += debugOverlay(of: animator, layers: DynamicAnimator.debugEnabledLayers)
        }
        return state
    }

    /// The overlay layers the frames show: those of `debugEnabled`, when an animator has it.
    public var debugLayersShown: DebugLayers {
        display.animators.contains { $0.debugEnabled } ? DynamicAnimator.debugEnabledLayers : []
    }

    /// The debug overlay of every animator in `layers` (what `--debug` asks for).
    public func overlay(_ layers: DebugLayers) -> [OverlayPrimitive] {
        display.animators.flatMap { debugOverlay(of: $0, layers: layers) }
    }

    func debugOverlay(of animator: DynamicAnimator, layers: DebugLayers) -> [OverlayPrimitive] {
        let primitives = DebugOverlay(layers: layers).primitives(for: animator, canvasWidth: Double(size.width),
                                                                 canvasHeight: Double(size.height), items: knownViews)
        // The overlay is in the reference view's coordinates: a reference view inside the root
        // view is placed on the canvas as its views are (a root view is the canvas itself).
        guard let reference = animator.referenceView, reference.superview != nil else { return primitives }
        return primitives.map { Self.placed($0, in: reference) }
    }

    /// Whether `view` or a view above it is hidden (then it is not drawn).
    static func hiddenInChain(_ view: UIView) -> Bool {
        var v: UIView? = view
        while let u = v {
            if u.isHidden { return true }
            v = u.superview
        }
        return false
    }

    /// `primitive`, of `view`'s coordinates, on the canvas: points through the view chain's
    /// presentation, a region circle's radius by its scale (strokes and dots keep their size).
    static func placed(_ primitive: OverlayPrimitive, in view: UIView) -> OverlayPrimitive {
        func map(_ p: DrawPoint) -> DrawPoint {
            let q = view.windowPoint(CGPoint(x: p.x, y: p.y))
            return DrawPoint(Double(q.x), Double(q.y))
        }
        var scale = 1.0
        var v: UIView? = view
        while let u = v { scale *= Double(u.presented.scaleX); v = u.superview }
        switch primitive {
        case let .line(from, to, color, width): return .line(from: map(from), to: map(to), color: color, width: width)
        case let .arrow(from, to, color, width): return .arrow(from: map(from), to: map(to), color: color, width: width)
        case let .dot(center, radius, color): return .dot(center: map(center), radius: radius, color: color)
        case let .circle(center, radius, color, width): return .circle(center: map(center), radius: radius * scale, color: color, width: width)
        case let .polyline(points, closed, color, width): return .polyline(points: points.map(map), closed: closed, color: color, width: width)
        }
    }

    func appendItems(of view: UIView, in parent: Placement, to items: inout [DrawItem], withBackground: Bool = true) {
        guard !view.isHidden else { return }
        let look = view.presented
        let centerInParent = look.translation == .zero ? look.center
            : CGPoint(x: look.center.x + look.translation.x, y: look.center.y + look.translation.y)
        let c = parent.map(centerInParent)
        let center = DrawPoint(Double(c.x), Double(c.y))
        // A flip (a negative scale, CGAffineTransform(scaleX: -1, y: 1)) is drawn as a mirror:
        // both axes flipped is a half turn; one axis flips the drawn paths' points, while a
        // rectangle or an oval, symmetric about its center, looks the same. (A negative size
        // made the renderer refuse the frame, and the recording failed.)
        let bothFlipped = look.scaleX < 0 && look.scaleY < 0
        let flip = (x: look.scaleX < 0 && !bothFlipped ? -1.0 : 1.0, y: look.scaleY < 0 && !bothFlipped ? -1.0 : 1.0)
        let scaleX = abs(Double(look.scaleX)), scaleY = abs(Double(look.scaleY))
        let angle = parent.angle + Double(look.angle) + (bothFlipped ? .pi : 0)
        let uniform = scaleX == scaleY
        let scale = parent.scale * (uniform ? scaleX : 1)
        let alpha = parent.alpha * Double(look.alpha)
        // A non-uniform scale is drawn by stretching the bounds (borders are not stretched).
        let stretch = (x: uniform ? 1 : scaleX, y: uniform ? 1 : scaleY)
        let width = Double(view.bounds.width) * stretch.x, height = Double(view.bounds.height) * stretch.y
        // (A negative corner radius draws square corners, as Core Animation's does.)
        let cornerRadius = max(Double(view.layer.cornerRadius), 0)

        let border: DrawStroke? = view.layer.borderWidth > 0
            ? DrawStroke(color: view.layer.borderColor?.sceneColor ?? .black, width: Double(view.layer.borderWidth)) : nil
        let background = withBackground ? look.background.flatMap { $0.alpha > 0 ? $0 : nil } : nil
        if background != nil || border != nil {
            items.append(DrawItem(shape: .rectangle(cornerRadius: cornerRadius), width: width, height: height,
                                  center: center, angle: angle, fill: background ?? .clear, stroke: border, alpha: alpha, scale: scale))
        }

        let mid = CGPoint(x: view.bounds.origin.x + view.bounds.width / 2, y: view.bounds.origin.y + view.bounds.height / 2)
        let toCanvas: (CGPoint) -> CGPoint = { parent.map(view.pointInSuperview($0)) }
        for op in view.drawnOperations {
            let fill = op.fill ?? .clear
            let stroke = op.stroke.map { DrawStroke(color: $0.color, width: Double($0.width)) }
            func add(_ shape: DrawShape, _ w: Double, _ h: Double, at p: CGPoint) {
                let q = p == mid ? c : toCanvas(p)
                items.append(DrawItem(shape: shape, width: w, height: h, center: DrawPoint(Double(q.x), Double(q.y)), angle: angle,
                                      fill: fill, stroke: stroke, alpha: alpha, scale: scale))
            }
            switch op.path.form {
            case .rectangle(let r, let radius)?:
                add(.rectangle(cornerRadius: max(Double(radius), 0)), abs(Double(r.width)) * stretch.x, abs(Double(r.height)) * stretch.y,
                    at: CGPoint(x: r.origin.x + r.width / 2, y: r.origin.y + r.height / 2))
            case .oval(let r)?:
                add(.ellipse, abs(Double(r.width)) * stretch.x, abs(Double(r.height)) * stretch.y,
                    at: CGPoint(x: r.origin.x + r.width / 2, y: r.origin.y + r.height / 2))
            case nil:
                for polygon in op.path.polygons where polygon.count >= 2 {
                    let vertices = polygon.map { DrawPoint(Double($0.x - mid.x) * stretch.x * flip.x, Double($0.y - mid.y) * stretch.y * flip.y) }
                    add(.polygon(vertices), width, height, at: mid)
                }
            }
        }

        let placement = Placement(map: toCanvas, angle: angle, scale: scale, alpha: alpha)
        for sub in view.subviews { appendItems(of: sub, in: placement, to: &items) }
    }

    /// Adds views that joined the tree since the last frame to `knownViews`.
    func refreshKnownViews() {
        var known = Set(knownViews.map(ObjectIdentifier.init))
        func walk(_ v: UIView) {
            if known.insert(ObjectIdentifier(v)).inserted { knownViews.append(v) }
            v.subviews.forEach(walk)
        }
        viewController.view.subviews.forEach(walk)
    }

    func traceID(_ item: DynamicItem?) -> String? {
        guard let item else { return nil }
        guard let k = knownViews.firstIndex(where: { $0 === item }) else { return "\(type(of: item))" }
        return knownViews[k].accessibilityIdentifier ?? "view\(k)"
    }

    /// One `trace.jsonl` line for the current frame: the views seen so far and the contacts
    /// the collision behaviors reported since the previous frame (no line break).
    public func traceLine() -> String {
        refreshKnownViews()
        func pair(_ x: CGFloat, _ y: CGFloat) -> JSON5Value { .array([.number(Double(x)), .number(Double(y))]) }
        let root = viewController.view!
        let itemValues: [JSON5Value] = knownViews.map { view in
            let look = view.presented
            let animator = display.animators.first { $0.contains(view) }
            let v = animator?.linearVelocity(of: view) ?? .zero
            return .object([
                ("id", .string(traceID(view) ?? "")),
                ("center", pair(look.center.x, look.center.y)),
                ("angle", .number(Double(look.angle))),
                ("velocity", pair(v.dx, v.dy)),
                ("angularVelocity", .number(Double(animator?.angularVelocity(of: view) ?? 0))),
                ("alpha", .number(Double(look.alpha))),
                ("scale", .number(Double(look.scaleX))),
                ("color", .string((look.background ?? .clear).hexString)),
                // Drawn: in the root's tree with neither it nor any view above it hidden.
                ("visible", .bool(view.isDescendant(of: root) && !Self.hiddenInChain(view))),
            ])
        }
        let eventValues: [JSON5Value] = frameContacts.map { e in
            .object([
                // Behaviors made in code have no ids: "", as a scene's trace says for one without.
                ("type", .string(e.began ? "contactBegan" : "contactEnded")), ("behavior", .string("")),
                ("item", .string(traceID(e.item) ?? "")),
                ("with", traceID(e.other).map { .string($0) }),
                ("boundary", e.boundary.map { .string($0 ?? "reference") }),
                ("point", pair(e.point.x, e.point.y)), ("time", .number(e.time)),
            ])
        }
        return JSON5Value.object([
            ("frame", .number(Double(frameIndex))), ("time", .number(time)),
            ("running", .bool(display.animators.contains { $0.isRunning })),
            ("items", .array(itemValues)), ("events", .array(eventValues)),
        ]).compactJSON()
    }
}
