import CCairo
import Foundation
import Images
import SceneFormat

// Design note: the debug overlay (anchors, attachment lines, velocity arrows, contact points)
// is drawn after the items, in canvas points, with round caps and joins so thin lines stay
// legible when they bend. Every primitive is one source color, so opacity goes straight into
// set_source_rgba; no groups are needed. A primitive reaching far past the canvas (a boundary
// a million points long, a circle about a far center) is clipped to the canvas first, as
// large items are (FrameRenderer+LargeItems): Cairo loses long sloped lines.

extension FrameRenderer {
    func draw(_ primitive: OverlayPrimitive, index: Int, in cr: OpaquePointer) throws {
        if let problem = primitive.drawingProblem {
            throw RenderError.invalidOverlay(index: index, reason: problem)
        }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        if drawFarReaching(primitive, in: cr) { return }
        switch primitive {
        case let .line(from, to, color, width):
            guard width > 0 else { return }
            cairo_move_to(cr, from.x, from.y)
            cairo_line_to(cr, to.x, to.y)
            stroke(color: color, width: width, cr)
        case let .arrow(from, to, color, width):
            guard width > 0 else { return }
            drawArrow(from: from, to: to, color: color, width: width, cr)
        case let .dot(center, radius, color):
            guard radius > 0 else { return }
            cairo_new_sub_path(cr)
            cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
            setSource(color, opacity: 1, cr)
            cairo_fill(cr)
        case let .circle(center, radius, color, width):
            guard radius > 0, width > 0 else { return }
            cairo_new_sub_path(cr)
            cairo_arc(cr, center.x, center.y, radius, 0, 2 * Double.pi)
            stroke(color: color, width: width, cr)
        case let .polyline(points, closed, color, width):
            guard width > 0, let first = points.first else { return }
            cairo_move_to(cr, first.x, first.y)
            for point in points.dropFirst() { cairo_line_to(cr, point.x, point.y) }
            if closed { cairo_close_path(cr) }
            stroke(color: color, width: width, cr)
        }
    }

    /// A shaft ending at the base of a filled triangular head whose tip is at `to`.
    /// The head is 4 line widths long (at least 6 pt) and never longer than the arrow.
    private func drawArrow(from: DrawPoint, to: DrawPoint, color: SceneColor, width: Double, _ cr: OpaquePointer) {
        let dx = to.x - from.x, dy = to.y - from.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return }
        let ux = dx / length, uy = dy / length
        let headLength = min(max(6, 4 * width), length)
        let headHalfWidth = headLength * 0.5
        let baseX = to.x - ux * headLength, baseY = to.y - uy * headLength
        setSource(color, opacity: 1, cr)
        if headLength < length {
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
            cairo_move_to(cr, from.x, from.y)
            cairo_line_to(cr, baseX, baseY)
            cairo_set_line_width(cr, width)
            cairo_stroke(cr)
        }
        cairo_move_to(cr, to.x, to.y)
        cairo_line_to(cr, baseX - uy * headHalfWidth, baseY + ux * headHalfWidth)
        cairo_line_to(cr, baseX + uy * headHalfWidth, baseY - ux * headHalfWidth)
        cairo_close_path(cr)
        cairo_fill(cr)
    }

    private func stroke(color: SceneColor, width: Double, _ cr: OpaquePointer) {
        setSource(color, opacity: 1, cr)
        cairo_set_line_width(cr, width)
        cairo_stroke(cr)
    }
}

extension OverlayPrimitive {
    /// Why the primitive cannot be drawn, or nil when it can.
    var drawingProblem: String? {
        let points: [DrawPoint], color: SceneColor, lengths: [Double]
        switch self {
        case let .line(from, to, c, width), let .arrow(from, to, c, width):
            points = [from, to]; color = c; lengths = [width]
        case let .dot(center, radius, c):
            points = [center]; color = c; lengths = [radius]
        case let .circle(center, radius, c, width):
            points = [center]; color = c; lengths = [radius, width]
        case let .polyline(p, _, c, width):
            points = p; color = c; lengths = [width]
        }
        if let bad = points.firstIndex(where: { !$0.isFinite }) { return "its point \(bad) is not finite" }
        guard color.isFinite else { return "its color has a non-finite component" }
        guard lengths.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            return "its width and radius must be finite and not negative"
        }
        return nil
    }
}

extension FrameRenderer {
    /// Draws `primitive` from its lines clipped to the canvas when any of its points lies
    /// past `nativeCoordinateLimit` (returns whether it did); the current transform of `cr`
    /// is the overlay's (canvas points).
    func drawFarReaching(_ primitive: OverlayPrimitive, in cr: OpaquePointer) -> Bool {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let scale = abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx).squareRoot()
        // Almost every primitive lies well inside the limit: a bound of its coordinates (the
        // transform is a similarity, so no point lands farther than 1.5 x scale x the bound
        // from the origin's image) settles it without mapping a point or making an array.
        if max(abs(matrix.x0), abs(matrix.y0)) + 1.5 * scale * primitive.farthestCoordinate <= Self.nativeCoordinateLimit {
            return false
        }
        func device(_ p: DrawPoint) -> DevicePoint {
            var x = p.x, y = p.y
            cairo_matrix_transform_point(&matrix, &x, &y)
            return DevicePoint(x: x, y: y)
        }
        func far(_ p: DevicePoint) -> Bool { max(abs(p.x), abs(p.y)) > Self.nativeCoordinateLimit }
        let lines: [DevicePoint], closed: Bool, color: SceneColor, width: Double
        switch primitive {
        case let .line(from, to, c, w):
            lines = [device(from), device(to)]; closed = false; color = c; width = w
        case let .arrow(from, to, c, w):
            let tail = device(from), tip = device(to)
            guard far(tail) || far(tip) else { return false }
            if !far(tip) {
                // A near tip: the head as usual, the shaft from 131,072 px back along it
                // (further back it is more than 84,000 px from the canvas's corner, past any
                // canvas Cairo makes, and its edges' product stays far below what fails).
                let dx = tail.x - tip.x, dy = tail.y - tip.y
                let keep = Self.nativeCoordinateLimit * 4 / (dx * dx + dy * dy).squareRoot()
                let near = DrawPoint(to.x + (from.x - to.x) * keep, to.y + (from.y - to.y) * keep)
                if w > 0 { drawArrow(from: near, to: to, color: c, width: w, cr) }
                return true
            }
            // A far tip: its head (a few points long) is off the canvas; the shaft is cut.
            lines = [tail, tip]; closed = false; color = c; width = w
        case let .polyline(points, isClosed, c, w):
            lines = points.map(device); closed = isClosed; color = c; width = w
        case let .circle(center, radius, c, w):
            let middle = device(center), r = radius * scale
            guard far(middle) || r > Self.nativeCoordinateLimit else { return false }
            let pieces = r > Self.flatteningTolerance
                ? min(max(Int((Double.pi / acos(1 - Self.flatteningTolerance / r)).rounded(.up)), 3), 100_000) : 3
            lines = (0..<pieces).map { k in
                let a = 2 * Double.pi * Double(k) / Double(pieces)
                return DevicePoint(x: middle.x + r * cos(a), y: middle.y + r * sin(a))
            }
            closed = true; color = c; width = w
        case let .dot(center, radius, _):
            // A dot about a far center is drawn as usual when it reaches the canvas (its arc
            // is short pieces), and not at all when it does not.
            let middle = device(center), r = radius * scale + 2
            guard far(middle) else { return false }
            let reaches = middle.x + r >= 0 && middle.x - r <= Double(pixelWidth) && middle.y + r >= 0 && middle.y - r <= Double(pixelHeight)
            return !reaches
        }
        guard lines.contains(where: far) else { return false }
        guard width > 0 else { return true }
        // Round caps and joins reach half the width past a line: cut the lines where that
        // stays two pixels off the canvas.
        let margin = 0.5 * width * scale + 2
        let box = ClipBox(left: -margin, top: -margin, right: Double(pixelWidth) + margin, bottom: Double(pixelHeight) + margin)
        cairo_identity_matrix(cr)
        if primitive.isArrow { cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT) }
        // Closed only when nothing was cut (every point inside the box): a run that left the
        // box once and came back holds as many points, and closing it drew a chord.
        let whole = lines.allSatisfy(box.contains)
        for run in box.clippedRuns(lines, closed: closed) {
            cairo_move_to(cr, run[0].x, run[0].y)
            for p in run.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            if closed && whole { cairo_close_path(cr) }
        }
        cairo_set_matrix(cr, &matrix)
        stroke(color: color, width: width, cr)
        return true
    }
}

extension OverlayPrimitive {
    var isArrow: Bool { if case .arrow = self { return true } else { return false } }

    /// The largest absolute coordinate of its points, a circle's or dot's radius added.
    var farthestCoordinate: Double {
        func far(_ p: DrawPoint) -> Double { max(abs(p.x), abs(p.y)) }
        switch self {
        case let .line(from, to, _, _), let .arrow(from, to, _, _): return max(far(from), far(to))
        case let .dot(center, radius, _), let .circle(center, radius, _, _): return far(center) + radius
        case let .polyline(points, _, _, _): return points.reduce(0) { max($0, far($1)) }
        }
    }
}

extension ClipBox {
    /// The parts of the polyline through `points` (closed: back to the first) inside the box,
    /// as runs of connected points: a segment is cut where it crosses the box (Liang-Barsky),
    /// and a run ends where the line leaves the box. A closed line wholly inside comes back as
    /// one run ending at its first point again.
    func clippedRuns(_ points: [DevicePoint], closed: Bool) -> [[DevicePoint]] {
        guard points.count >= 2 else { return [] }
        var runs: [[DevicePoint]] = [], run: [DevicePoint] = []
        let count = closed ? points.count : points.count - 1
        for k in 0..<count {
            let a = points[k], b = points[(k + 1) % points.count]
            guard let (t0, t1) = segmentRange(a, b) else {
                if run.count >= 2 { runs.append(run) }
                run = []
                continue
            }
            let start = a + t0 * (b - a), end = a + t1 * (b - a)
            if t0 > 0 || run.isEmpty {
                if run.count >= 2 { runs.append(run) }
                run = [start]
            }
            run.append(end)
            if t1 < 1 { runs.append(run); run = [] }
        }
        if run.count >= 2 { runs.append(run) }
        // A closed line whose first run starts at its first point and whose last run ends
        // there: one run, so the corner at the first point is joined.
        if closed, runs.count >= 2, runs[0].first == points[0], runs[runs.count - 1].last == points[0] {
            let last = runs.removeLast()
            runs[0] = last + runs[0].dropFirst()
        }
        return runs
    }

    /// The part of the segment from `a` to `b` inside the box, as parameters t0 <= t1 along
    /// it, or nil when none is.
    func segmentRange(_ a: DevicePoint, _ b: DevicePoint) -> (Double, Double)? {
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x - left), (dx, right - a.x), (-dy, a.y - top), (dy, bottom - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let t = q / p
                if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
                if t0 > t1 { return nil }
            }
        }
        return (t0, t1)
    }
}
