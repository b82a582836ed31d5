import CCairo
import Foundation
import Images
import SceneFormat

// Design note: how one DrawItem becomes pixels. The transform follows UIKit's view model:
// translate to the center, rotate, apply the visual scale, then build the outline centered on
// the origin. Items are drawn as a device draws views: the center rounded to the pixel grid
// and the angle to a multiple of 1/5000 rad, as UIKit writes them back to a view (the physics
// and the trace keep full precision). The stroke is centered on the outline, its width in points, and it scales with
// the item's visual scale as a view's border does under its transform.
//
// Opacity. A single primitive (fill only, or stroke only) takes the item's alpha straight into
// its source color, which is the cheapest path and the one the rain benchmark hits 1000 times a
// frame. A filled and stroked item with alpha < 1 must not show the fill through the inner
// half of the stroke, so it is drawn opaque into a group and the group is painted with the
// item's alpha; the clip to the item's pixel box first keeps that group surface small.
//
// An ellipse is built under an extra scale(w/2, h/2) and the matrix restored before stroking
// (Cairo's path is kept in device space, so the restore leaves it intact); stroking under that
// scale would make the line thicker along the long axis.

extension FrameRenderer {
    /// Where a device draws a view [measured on UIKit]: its center on the screen's pixel grid,
    /// floor(x) + round(s (x - floor(x))) / s at s pixels per point, so an unrotated item of
    /// whole-pixel size has crisp edges.
    static func pixelAligned(_ x: Double, scale s: Double) -> Double {
        let whole = x.rounded(.down)
        return whole + (s * (x - whole)).rounded() / s
    }

    /// The smallest drawn size, in pixels, of an item that is drawn at all (see `draw`).
    static let smallestDrawnExtent = 1e-6

    /// Whether scaling the current transform by (sx, sy) leaves one Cairo can invert: its
    /// determinant, as Cairo computes it, finite and not 0.
    static func invertibleScale(_ sx: Double, _ sy: Double, _ cr: OpaquePointer) -> Bool {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let det = (m.xx * sx) * (m.yy * sy) - (m.yx * sx) * (m.xy * sy)
        return det.isFinite && det != 0
    }

    /// A view's angle as a device applies it: a multiple of 1/5000 rad [measured on UIKit].
    static func deviceAngle(_ angle: Double) -> Double { (angle * 5000).rounded() / 5000 }

    /// Whether any of `item` can land on the canvas: its outline and stroke lie within a
    /// circle of its reach about its center, and that circle, in pixels, comes within two
    /// pixels (antialiasing) of the surface. An item entirely off the canvas draws nothing,
    /// and must not be handed to Cairo: its paths are kept in 24.8 fixed point, and
    /// coordinates past 2^23 pixels wrap (a bar a million points long, off the canvas at
    /// --scale 8, was painted across it).
    /// `reach`: the item's `drawnReach`, which the caller has already measured.
    func mayReachCanvas(_ item: DrawItem, reach drawn: Double, pixelScale: Double) -> Bool {
        let reach = drawn + 2
        let x = item.center.x * pixelScale, y = item.center.y * pixelScale
        guard reach.isFinite else { return true }
        return x + reach >= 0 && x - reach <= Double(pixelWidth) && y + reach >= 0 && y - reach <= Double(pixelHeight)
    }

    /// Whether `item`'s box lands on the canvas: its bounds (or its path's vertices), with its
    /// stroke and a stroke's miters within five stroke widths of them (Cairo's miter limit of
    /// 10), turned and scaled as drawn, within two pixels (antialiasing) of the surface. A
    /// tighter test than `mayReachCanvas`'s circle, made only for items past
    /// `largestDrawnReach`: the circle of a bar a million points long and nowhere near the
    /// canvas reached it, and the frame failed for an item that draws nothing.
    func boxReachesCanvas(_ item: DrawItem, pixelScale: Double) -> Bool {
        var halfWidth = item.width / 2, halfHeight = item.height / 2
        if case .polygon(let vertices) = item.shape {
            for v in vertices { halfWidth = max(halfWidth, abs(v.x)); halfHeight = max(halfHeight, abs(v.y)) }
        }
        let margin = 5 * (item.stroke?.width ?? 0), s = abs(item.scale) * pixelScale
        halfWidth = (halfWidth + margin) * s
        halfHeight = (halfHeight + margin) * s
        let angle = Self.deviceAngle(item.angle), c = abs(cos(angle)), sine = abs(sin(angle))
        let ex = c * halfWidth + sine * halfHeight + 2, ey = sine * halfWidth + c * halfHeight + 2
        guard ex.isFinite, ey.isFinite else { return true }
        let x = item.center.x * pixelScale, y = item.center.y * pixelScale
        return x + ex >= 0 && x - ex <= Double(pixelWidth) && y + ey >= 0 && y - ey <= Double(pixelHeight)
    }

    /// The radius, in pixels, of a circle about the item's center that holds its outline and
    /// its stroke as drawn.
    func drawnReach(_ item: DrawItem, pixelScale: Double) -> Double {
        var reach = 0.5 * (item.width * item.width + item.height * item.height).squareRoot()
        if case .polygon(let vertices) = item.shape {
            for v in vertices { reach = max(reach, (v.x * v.x + v.y * v.y).squareRoot()) }
        }
        return (reach + (item.stroke?.width ?? 0)) * abs(item.scale) * pixelScale
    }

    /// The largest reach an item that lands on the canvas may be drawn with: 8,000,000
    /// pixels. Items reaching past `nativeCoordinateLimit` are drawn from an outline clipped
    /// to the canvas (FrameRenderer+LargeItems), whose curves at this reach flatten into some
    /// 20,000 pieces; past it they would take ever more (handed to Cairo whole, an item a
    /// million points wide, scaled 1,000 times, with a million-point stroke took 10 s a
    /// frame, and past 2^23 pixels Cairo's fixed-point coordinates wrap). An item of the
    /// largest size (1,000,000 pt) at the largest frame scale (8) is inside it at its own
    /// scale 1 without a stroke; a wide stroke, a larger `scale` or path vertices far outside
    /// the bounds can take an item past it.
    static let largestDrawnReach = 8_000_000.0

    func draw(_ item: DrawItem, index: Int, in cr: OpaquePointer, pixelScale: Double) throws {
        if let problem = item.drawingProblem {
            throw RenderError.invalidItem(index: index, reason: problem)
        }
        let opacity = min(item.alpha, 1)
        guard opacity > 0, item.scale != 0 else { return }
        // An item drawn smaller than a millionth of a pixel draws nothing; Cairo refuses the
        // transform outright (a scale of 1e-320 squared is 0: "invalid matrix", and the frame
        // failed), so it is passed over as a scale of 0 is.
        let extent = max(item.width, item.height) + (item.stroke?.width ?? 0)
        guard abs(item.scale) * extent * pixelScale >= Self.smallestDrawnExtent else { return }
        let fill: SceneColor? = item.fill.alpha > 0 ? item.fill : nil
        let stroke: DrawStroke? = item.stroke.flatMap { $0.width > 0 && $0.color.alpha > 0 ? $0 : nil }
        guard fill != nil || stroke != nil else { return }
        let reach = drawnReach(item, pixelScale: pixelScale)
        guard mayReachCanvas(item, reach: reach, pixelScale: pixelScale) else { return }
        if reach > Self.largestDrawnReach {
            guard boxReachesCanvas(item, pixelScale: pixelScale) else { return }
            throw RenderError.invalidItem(index: index, reason: "it would be drawn \(Int(min(reach, 1e18))) pixels about its center, "
                + "more than the \(Int(Self.largestDrawnReach)) an item may be drawn with; lower its size, scale or stroke (or the frames' scale)")
        }

        cairo_save(cr)
        defer { cairo_restore(cr) }
        cairo_translate(cr, Self.pixelAligned(item.center.x, scale: pixelScale), Self.pixelAligned(item.center.y, scale: pixelScale))
        let angle = Self.deviceAngle(item.angle)
        if angle != 0 { cairo_rotate(cr, angle) }
        if item.scale != 1 { cairo_scale(cr, item.scale, item.scale) }
        if needsClippedOutline(item, reach: reach, pixelScale: pixelScale) {
            drawClippedOutline(of: item, fill: fill, stroke: stroke, opacity: opacity, in: cr)
            return
        }
        guard addOutline(of: item, to: cr) else { return }

        if let fill, let stroke, opacity < 1 {
            clipToStrokedBox(lineWidth: stroke.width, cr)
            cairo_push_group(cr)
            addOutline(of: item, to: cr)
            setSource(fill, opacity: 1, cr)
            cairo_fill_preserve(cr)
            setSource(stroke.color, opacity: 1, cr)
            cairo_stroke(cr)
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, opacity)
            return
        }
        if let fill {
            setSource(fill, opacity: opacity, cr)
            if stroke == nil { cairo_fill(cr) } else { cairo_fill_preserve(cr) }
        }
        if let stroke {
            setSource(stroke.color, opacity: opacity, cr)
            cairo_set_line_width(cr, stroke.width)
            cairo_stroke(cr)
        }
    }

    /// Builds the item's outline, centered on the origin. Returns false when there is nothing
    /// to draw (a flat ellipse, a polygon of fewer than two vertices).
    @discardableResult
    func addOutline(of item: DrawItem, to cr: OpaquePointer) -> Bool {
        let width = item.width, height = item.height
        switch item.shape {
        case .rectangle(let cornerRadius):
            let radius = min(cornerRadius, width / 2, height / 2)
            let left = -width / 2, top = -height / 2
            guard radius > 0 else {
                cairo_rectangle(cr, left, top, width, height)
                return true
            }
            let right = left + width, bottom = top + height
            cairo_new_sub_path(cr)
            cairo_arc(cr, right - radius, top + radius, radius, -Double.pi / 2, 0)
            cairo_arc(cr, right - radius, bottom - radius, radius, 0, Double.pi / 2)
            cairo_arc(cr, left + radius, bottom - radius, radius, Double.pi / 2, Double.pi)
            cairo_arc(cr, left + radius, top + radius, radius, Double.pi, 3 * Double.pi / 2)
            cairo_close_path(cr)
            return true
        case .ellipse:
            // A side of no width (or too thin for Cairo's matrix to invert) has no outline.
            guard width > 0, height > 0, Self.invertibleScale(width / 2, height / 2, cr) else { return false }
            cairo_save(cr)
            cairo_scale(cr, width / 2, height / 2)
            cairo_new_sub_path(cr)
            cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
            cairo_close_path(cr)
            cairo_restore(cr)
            return true
        case .polygon(let vertices):
            guard vertices.count >= 2 else { return false }
            cairo_move_to(cr, vertices[0].x, vertices[0].y)
            for vertex in vertices.dropFirst() {
                cairo_line_to(cr, vertex.x, vertex.y)
            }
            cairo_close_path(cr)
            return true
        }
    }

    /// Replaces the current path by a clip to the pixel box its stroke covers.
    ///
    /// The extents are taken in device space so the box is tight even under rotation (Cairo's
    /// user-space extents of a rotated path are the back-projected device box, up to twice as
    /// wide). The current transform is always a similarity (uniform scales and a rotation), so
    /// stroking the device-space path with the width scaled by sqrt|det| gives the same outline.
    /// A pixel-aligned rectangle keeps the clip itself cheap.
    private func clipToStrokedBox(lineWidth: Double, _ cr: OpaquePointer) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let deviceScale = abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx).squareRoot()
        cairo_identity_matrix(cr)
        cairo_set_line_width(cr, lineWidth * deviceScale)
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_stroke_extents(cr, &x1, &y1, &x2, &y2)
        Self.clipToPixelBox(x1, y1, x2, y2, cr)
        cairo_set_matrix(cr, &matrix)
        cairo_set_line_width(cr, lineWidth)
    }

    /// Replaces the current path by a clip to the whole pixels around the device-space box
    /// (x1, y1)-(x2, y2), one more on every side (antialiasing).
    static func clipToPixelBox(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ cr: OpaquePointer) {
        cairo_new_path(cr)
        let left = x1.rounded(.down) - 1, top = y1.rounded(.down) - 1
        cairo_rectangle(cr, left, top, x2.rounded(.up) + 1 - left, y2.rounded(.up) + 1 - top)
        cairo_clip(cr)
    }

    @inline(__always)
    func setSource(_ color: SceneColor, opacity: Double, _ cr: OpaquePointer) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * opacity)
    }
}

extension DrawItem {
    /// Why the item cannot be drawn, or nil when it can. Zero sizes, scales and alphas are
    /// fine (they draw nothing); non-finite or negative values are not.
    var drawingProblem: String? {
        guard center.isFinite else { return "its center (\(center.x), \(center.y)) is not finite" }
        guard width.isFinite, height.isFinite, width >= 0, height >= 0 else {
            return "its size \(width) x \(height) must be finite and not negative"
        }
        guard angle.isFinite else { return "its angle \(angle) is not finite" }
        guard scale.isFinite else { return "its scale \(scale) is not finite" }
        guard alpha.isFinite else { return "its alpha \(alpha) is not finite" }
        guard fill.isFinite else { return "its fill color has a non-finite component" }
        if let stroke {
            guard stroke.width.isFinite, stroke.width >= 0 else {
                return "its stroke width \(stroke.width) must be finite and not negative"
            }
            guard stroke.color.isFinite else { return "its stroke color has a non-finite component" }
        }
        switch shape {
        case .rectangle(let cornerRadius):
            guard cornerRadius.isFinite, cornerRadius >= 0 else {
                return "its corner radius \(cornerRadius) must be finite and not negative"
            }
        case .ellipse:
            break
        case .polygon(let vertices):
            if let bad = vertices.firstIndex(where: { !$0.isFinite }) {
                return "its polygon vertex \(bad) is not finite"
            }
        }
        return nil
    }
}
