// Design note: a path is a list of elements (move, line, cubic curve, close) in the view's own
// coordinates, as UIKit's is. It has two readers: the dynamics, which need a convex polygon
// (`collisionBoundingPath`), and the frame, which draws a rectangle, an ellipse or a polygon.
// Curves become polygons the way PhysicsKit flattens them (Dynamics' ItemOutline), arcs and
// quadratic curves first become cubics; a path made by `init(rect:)`, `init(ovalIn:)` or
// `init(roundedRect:cornerRadius:)` remembers that form so that it is drawn as that shape,
// exactly, and keeps it through translations and axis-aligned scales.
import Dynamics
import Foundation

/// A path of lines and curves (UIBezierPath).
open class UIBezierPath: CustomStringConvertible {
    enum Element: Equatable {
        case move(CGPoint)
        case line(CGPoint)
        /// A cubic to the first point, with two control points.
        case curve(CGPoint, CGPoint, CGPoint)
        case close
    }

    /// What the path was made as, when a factory made it and nothing changed its shape since.
    enum Form: Equatable {
        case rectangle(CGRect, cornerRadius: CGFloat)
        case oval(CGRect)
    }

    private(set) var elements: [Element] = []
    private(set) var form: Form?
    /// The stroke width in points (default 1).
    open var lineWidth: CGFloat = 1

    /// An empty path.
    public init() {}

    /// The outline of a rectangle, clockwise on screen from its top-left corner.
    public convenience init(rect: CGRect) {
        self.init()
        move(to: CGPoint(x: rect.minX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        close()
        form = .rectangle(rect, cornerRadius: 0)
    }

    /// The ellipse inscribed in `rect`: four cubic quarters, clockwise on screen from the
    /// rightmost point.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        let a = rect.width / 2, b = rect.height / 2, cx = rect.midX, cy = rect.midY
        let ka = CGFloat(ItemOutline.kappa) * a, kb = CGFloat(ItemOutline.kappa) * b
        move(to: CGPoint(x: cx + a, y: cy))
        addCurve(to: CGPoint(x: cx, y: cy + b), controlPoint1: CGPoint(x: cx + a, y: cy + kb), controlPoint2: CGPoint(x: cx + ka, y: cy + b))
        addCurve(to: CGPoint(x: cx - a, y: cy), controlPoint1: CGPoint(x: cx - ka, y: cy + b), controlPoint2: CGPoint(x: cx - a, y: cy + kb))
        addCurve(to: CGPoint(x: cx, y: cy - b), controlPoint1: CGPoint(x: cx - a, y: cy - kb), controlPoint2: CGPoint(x: cx - ka, y: cy - b))
        addCurve(to: CGPoint(x: cx + a, y: cy), controlPoint1: CGPoint(x: cx + ka, y: cy - b), controlPoint2: CGPoint(x: cx + a, y: cy - kb))
        close()
        form = .oval(rect)
    }

    /// A rectangle with corners rounded by `cornerRadius` (at most half the shorter side).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let r = max(0, min(cornerRadius, min(rect.width, rect.height) / 2))
        move(to: CGPoint(x: rect.minX + r, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX - r, y: rect.minY))
        addArc(withCenter: CGPoint(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: -.pi / 2, endAngle: 0, clockwise: true)
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - r))
        addArc(withCenter: CGPoint(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        addLine(to: CGPoint(x: rect.minX + r, y: rect.maxY))
        addArc(withCenter: CGPoint(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi, clockwise: true)
        addLine(to: CGPoint(x: rect.minX, y: rect.minY + r))
        addArc(withCenter: CGPoint(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: .pi, endAngle: 3 * .pi / 2, clockwise: true)
        close()
        form = .rectangle(rect, cornerRadius: r)
    }

    /// An arc of a circle (see `addArc(withCenter:radius:startAngle:endAngle:clockwise:)`).
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// Starts a new subpath at `point`.
    open func move(to point: CGPoint) { append(.move(point)) }

    /// A straight line from the current point.
    open func addLine(to point: CGPoint) { append(.line(point)) }

    /// A cubic Bezier curve from the current point.
    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        append(.curve(endPoint, controlPoint1, controlPoint2))
    }

    /// A quadratic Bezier curve from the current point (kept as the equal cubic).
    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        let p0 = currentPoint
        let c1 = CGPoint(x: p0.x + 2 * (controlPoint.x - p0.x) / 3, y: p0.y + 2 * (controlPoint.y - p0.y) / 3)
        let c2 = CGPoint(x: endPoint.x + 2 * (controlPoint.x - endPoint.x) / 3, y: endPoint.y + 2 * (controlPoint.y - endPoint.y) / 3)
        append(.curve(endPoint, c1, c2))
    }

    /// An arc of the circle around `center`, from `startAngle` to `endAngle` (radians, 0 along
    /// +x; `clockwise` = increasing angles, clockwise on screen). A line joins the current point
    /// to the arc's start; the arc is made of cubics of at most a quarter turn each.
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        // Non-finite angles or radius add nothing (Int(_:) of a NaN sweep trapped, and an
        // infinite one never left the loops below).
        guard startAngle.isFinite, endAngle.isFinite, radius.isFinite, center.x.isFinite, center.y.isFinite else { return }
        let start = CGPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        // After `close()` the current point is the closed subpath's start, from which a line
        // leads to the arc, as Core Graphics adds one (a move there started the arc alone).
        if elements.isEmpty { move(to: start) } else if currentPoint != start { addLine(to: start) }
        var sweep = endAngle - startAngle
        // A sweep of many turns against the direction is brought within one turn by a
        // remainder first (adding 2 pi to -1e17 changes nothing); the loops then take it as
        // they always did. (One along the direction is a full circle, clamped below.)
        if clockwise ? sweep < -64 * .pi : sweep > 64 * .pi { sweep = sweep.truncatingRemainder(dividingBy: 2 * .pi) }
        if clockwise {
            while sweep < 0 { sweep += 2 * .pi }
            sweep = min(sweep, 2 * .pi)
        } else {
            while sweep > 0 { sweep -= 2 * .pi }
            sweep = max(sweep, -2 * .pi)
        }
        guard sweep != 0, radius > 0 else { return }
        let pieces = max(1, Int((abs(sweep) / (.pi / 2)).rounded(.up)))
        let delta = sweep / CGFloat(pieces)
        let k = 4.0 / 3.0 * tan(delta / 4) * radius
        var angle = startAngle
        for _ in 0..<pieces {
            let next = angle + delta
            let p0 = CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            let p3 = CGPoint(x: center.x + radius * cos(next), y: center.y + radius * sin(next))
            let c1 = CGPoint(x: p0.x - k * sin(angle), y: p0.y + k * cos(angle))
            let c2 = CGPoint(x: p3.x + k * sin(next), y: p3.y - k * cos(next))
            append(.curve(p3, c1, c2))
            angle = next
        }
    }

    /// Closes the current subpath with a line back to its start.
    open func close() { append(.close) }

    /// Appends another path's elements.
    open func append(_ path: UIBezierPath) {
        for e in path.elements { append(e) }
    }

    /// Removes every element.
    open func removeAllPoints() { elements = []; form = nil }

    /// Transforms every point of the path.
    open func apply(_ t: CGAffineTransform) {
        elements = elements.map { e in
            switch e {
            case .move(let p): return .move(p.applying(t))
            case .line(let p): return .line(p.applying(t))
            case .curve(let p, let c1, let c2): return .curve(p.applying(t), c1.applying(t), c2.applying(t))
            case .close: return .close
            }
        }
        // A translation or an axis-aligned scale keeps the form; anything else makes it a polygon.
        if let f = form, t.b == 0, t.c == 0, t.a > 0, t.d > 0 {
            switch f {
            case .rectangle(let r, let radius):
                form = t.a == t.d || radius == 0 ? .rectangle(r.applying(t), cornerRadius: radius * t.a) : nil
            case .oval(let r):
                form = .oval(r.applying(t))
            }
        } else {
            form = nil
        }
    }

    /// A copy (UIKit's `copy()` is NSCopying's, hence `Any`).
    open func copy() -> Any {
        let p = UIBezierPath()
        p.elements = elements
        p.form = form
        p.lineWidth = lineWidth
        return p
    }

    /// Fills the path with the current context's fill color.
    open func fill() { UIGraphicsGetCurrentContext()?.record(self, fill: true) }
    /// Strokes the path with the current context's stroke color and `lineWidth`.
    open func stroke() { UIGraphicsGetCurrentContext()?.record(self, fill: false) }

    /// Whether the path has no elements.
    open var isEmpty: Bool { elements.isEmpty }

    /// The end of the last element (.zero for an empty path).
    open var currentPoint: CGPoint {
        var start = CGPoint.zero, current = CGPoint.zero
        for e in elements {
            switch e {
            case .move(let p): start = p; current = p
            case .line(let p), .curve(let p, _, _): current = p
            case .close: current = start
            }
        }
        return current
    }

    /// The box of every point of the path, control points included.
    open var bounds: CGRect {
        var pts: [CGPoint] = []
        for e in elements {
            switch e {
            case .move(let p), .line(let p): pts.append(p)
            case .curve(let p, let c1, let c2): pts += [p, c1, c2]
            case .close: break
            }
        }
        guard let first = pts.first else { return .zero }
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for p in pts { minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y) }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// Whether `contains(_:)` counts a point by the even-odd rule (`true`) or, as by default,
    /// the non-zero winding rule (UIBezierPath's `usesEvenOddFillRule`).
    open var usesEvenOddFillRule = false

    /// Whether `point` is inside one of the path's closed subpaths, by the non-zero winding
    /// rule (or the even-odd rule with `usesEvenOddFillRule`), as UIBezierPath's: a point
    /// inside an open subpath only is not contained.
    open func contains(_ point: CGPoint) -> Bool {
        var winding = 0, crossings = 0
        for (polygon, closed) in subpaths where closed && polygon.count >= 3 {
            var j = polygon.count - 1
            for i in polygon.indices {
                let a = polygon[j], b = polygon[i]
                if (a.y > point.y) != (b.y > point.y), point.x < (b.x - a.x) * (point.y - a.y) / (b.y - a.y) + a.x {
                    crossings += 1
                    winding += b.y > a.y ? 1 : -1
                }
                j = i
            }
        }
        return usesEvenOddFillRule ? crossings % 2 == 1 : winding != 0
    }

    /// Each subpath as a polygon: its points, curves flattened as PhysicsKit flattens them,
    /// without a last point that repeats the first.
    var polygons: [[CGPoint]] { subpaths.map(\.points) }

    /// Each subpath's polygon and whether it was closed. A segment after `close()` starts a
    /// new subpath at the closed one's first point (it started at (0, 0)), as Core Graphics'.
    var subpaths: [(points: [CGPoint], closed: Bool)] {
        var out: [(points: [CGPoint], closed: Bool)] = []
        var current: [CGPoint] = []
        var start = CGPoint.zero
        func finish(closed: Bool) {
            if current.count > 1, current.last == current.first { current.removeLast() }
            if !current.isEmpty { out.append((current, closed)) }
            current = []
        }
        for e in elements {
            switch e {
            case .move(let p):
                finish(closed: false)
                current = [p]
                start = p
            case .line(let p):
                if current.isEmpty { current = [start] }
                current.append(p)
            case .curve(let p, let c1, let c2):
                if current.isEmpty { current = [start] }
                current += ItemOutline.flattenCubic(current[current.count - 1], c1, c2, p)
            case .close:
                finish(closed: true)
            }
        }
        finish(closed: false)
        return out
    }

    private func append(_ e: Element) {
        elements.append(e)
        form = nil
    }

    open var description: String { "UIBezierPath(\(elements.count) elements)" }
}
