import Images
import CCairo
import SceneFormat

// Design note: the debug overlay (anchors, attachment lines, velocity arrows, contact points)
// is drawn after the items, in canvas points, with round caps and joins so thin lines stay
// legible when they bend. Every primitive is one source color, so opacity goes straight into
// set_source_rgba; no groups are needed.

extension FrameRenderer {
    func draw(_ primitive: OverlayPrimitive, index: Int, in cr: OpaquePointer) throws {
        if let problem = primitive.drawingProblem {
            throw RenderError.invalidOverlay(index: index, reason: problem)
        }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
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
