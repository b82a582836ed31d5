import CCairo
import Foundation
import SceneFormat

// Design note: items that reach far past the canvas. Cairo keeps a path in 24.8 fixed point
// and its rasterizer multiplies an edge's width by its height: once that product passes
// about 3.7e10 square pixels (an edge 190,000 px across at 45 degrees, measured) the edge
// is lost, and a long sloped bar is drawn as nothing or as a band in the wrong place, with
// no error. Horizontal and vertical edges and the short pieces of a curve never get there,
// so ellipses and unrotated items were drawn right; a rotated bar half a million points
// long was not. Such an item is therefore not handed to Cairo as it is: its outline is
// computed here in device pixels, in doubles (arcs flattened to Cairo's own tolerance of
// 0.1 px), and clipped to the canvas grown by two pixels (Sutherland-Hodgman: inside that
// box the clipped polygon is the outline, winding for winding) before Cairo fills it. Its
// stroke is built as what Cairo's stroker makes of a closed path, a quadrilateral per edge
// and a miter (or, past Cairo's miter limit of 10, a bevel) per corner, each clipped alike
// and filled together with the non-zero rule: their union. Every coordinate Cairo then sees
// lies within a few pixels of the canvas, whose sides are at most 32,766 px (16,384 from the
// command line).
//
// Items whose every drawn pixel lies within `nativeCoordinateLimit` of the canvas's origin
// are drawn by Cairo directly (the edges stay far below the product that fails), so no
// ordinary scene draws a pixel differently.

extension FrameRenderer {
    /// How far from the canvas's origin, in pixels, an item may reach and still be drawn by
    /// Cairo directly: edges no longer than twice this keep the rasterizer's product of an
    /// edge's width and height (at most 4.3e9) well below the 3.7e10 where it fails.
    static let nativeCoordinateLimit = 32_768.0

    /// Cairo's default flattening tolerance and miter limit, which the outline built here
    /// follows so a large item looks as Cairo would draw it.
    static let flatteningTolerance = 0.1
    static let miterLimit = 10.0

    /// Whether `item`, drawn `reach` pixels about its center, must be drawn through
    /// `drawClippedOutline` (it reaches past `nativeCoordinateLimit`).
    func needsClippedOutline(_ item: DrawItem, reach: Double, pixelScale: Double) -> Bool {
        let x = abs(item.center.x * pixelScale), y = abs(item.center.y * pixelScale)
        return max(x, y) + reach > Self.nativeCoordinateLimit
    }

    /// Draws `item` from its outline in device pixels, clipped to the canvas; the current
    /// transform of `cr` is the item's own (center, angle, visual scale already applied).
    /// Returns without drawing when the item has no outline (as `addOutline`).
    func drawClippedOutline(of item: DrawItem, fill: SceneColor?, stroke: DrawStroke?, opacity: Double,
                            in cr: OpaquePointer) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        let deviceScale = abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx).squareRoot()
        guard let local = Self.outlinePoints(of: item, deviceScale: deviceScale) else { return }
        var outline: [DevicePoint] = local.map { p in
            var x = p.x, y = p.y
            cairo_matrix_transform_point(&matrix, &x, &y)
            return DevicePoint(x: x, y: y)
        }
        outline = Self.withoutRepeats(outline)
        let box = ClipBox(left: -2, top: -2, right: Double(pixelWidth) + 2, bottom: Double(pixelHeight) + 2)
        let halfWidth = 0.5 * (stroke?.width ?? 0) * deviceScale
        cairo_identity_matrix(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        func addFill() { Self.addPolygon(box.clip(outline), to: cr) }
        func addStroke() {
            for piece in Self.strokePieces(outline, halfWidth: halfWidth) { Self.addPolygon(box.clip(piece), to: cr) }
        }
        if let fill, stroke != nil, opacity < 1 {
            // As `draw` does: fill and stroke opaque in a group, painted with the alpha, the
            // group kept to their pixel box (both: the stroke may lie wholly off the canvas
            // while the fill covers it).
            addFill()
            addStroke()
            var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
            cairo_fill_extents(cr, &x1, &y1, &x2, &y2)
            Self.clipToPixelBox(x1, y1, x2, y2, cr)
            cairo_push_group(cr)
            addFill()
            setSource(fill, opacity: 1, cr)
            cairo_fill(cr)
            addStroke()
            setSource(stroke!.color, opacity: 1, cr)
            cairo_fill(cr)
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, opacity)
            return
        }
        if let fill {
            addFill()
            setSource(fill, opacity: opacity, cr)
            cairo_fill(cr)
        }
        if let stroke {
            addStroke()
            setSource(stroke.color, opacity: opacity, cr)
            cairo_fill(cr)
        }
    }

    /// The item's outline in its own space (centered on the origin, before the transform),
    /// curves flattened to `flatteningTolerance` at `deviceScale` pixels per unit; nil when
    /// it has none (a flat ellipse, a polygon of fewer than two vertices).
    static func outlinePoints(of item: DrawItem, deviceScale: Double) -> [DevicePoint]? {
        let width = item.width, height = item.height
        /// Points of the arc about (cx, cy) of radii (rx, ry) from angle a0 through a quarter
        /// or whole turn `sweep`, clockwise on screen as Cairo's arcs, the first included.
        func arc(_ cx: Double, _ cy: Double, _ rx: Double, _ ry: Double, from a0: Double, sweep: Double,
                 into points: inout [DevicePoint]) {
            let radius = max(rx, ry) * deviceScale
            // A chord of angle t strays r (1 - cos(t / 2)) from its arc.
            let step = radius > flatteningTolerance ? 2 * acos(1 - flatteningTolerance / radius) : sweep
            let pieces = min(max(Int((sweep / step).rounded(.up)), 1), 100_000)
            for k in 0..<pieces {
                let a = a0 + sweep * Double(k) / Double(pieces)
                points.append(DevicePoint(x: cx + rx * cos(a), y: cy + ry * sin(a)))
            }
        }
        switch item.shape {
        case .rectangle(let cornerRadius):
            let r = min(cornerRadius, width / 2, height / 2)
            let left = -width / 2, top = -height / 2, right = width / 2, bottom = height / 2
            guard r > 0 else {
                return [DevicePoint(x: left, y: top), DevicePoint(x: right, y: top),
                        DevicePoint(x: right, y: bottom), DevicePoint(x: left, y: bottom)]
            }
            var points: [DevicePoint] = []
            let quarter = Double.pi / 2
            arc(right - r, top + r, r, r, from: -quarter, sweep: quarter, into: &points)
            points.append(DevicePoint(x: right, y: top + r))
            arc(right - r, bottom - r, r, r, from: 0, sweep: quarter, into: &points)
            points.append(DevicePoint(x: right - r, y: bottom))
            arc(left + r, bottom - r, r, r, from: quarter, sweep: quarter, into: &points)
            points.append(DevicePoint(x: left, y: bottom - r))
            arc(left + r, top + r, r, r, from: 2 * quarter, sweep: quarter, into: &points)
            points.append(DevicePoint(x: left + r, y: top))
            return points
        case .ellipse:
            guard width > 0, height > 0 else { return nil }
            var points: [DevicePoint] = []
            arc(0, 0, width / 2, height / 2, from: 0, sweep: 2 * Double.pi, into: &points)
            return points
        case .polygon(let vertices):
            guard vertices.count >= 2 else { return nil }
            return vertices.map { DevicePoint(x: $0.x, y: $0.y) }
        }
    }

    /// The outline without points closer than Cairo's 1/256 px to the one before (the last
    /// against the first too): an edge that short has no direction to stroke along but the
    /// rounding's (a miter in an arbitrary direction), and Cairo drops it alike.
    static func withoutRepeats(_ points: [DevicePoint]) -> [DevicePoint] {
        func near(_ a: DevicePoint, _ b: DevicePoint) -> Bool { abs(a.x - b.x) < 1.0 / 256 && abs(a.y - b.y) < 1.0 / 256 }
        var kept: [DevicePoint] = []
        for p in points where kept.last.map({ !near($0, p) }) ?? true { kept.append(p) }
        while kept.count > 1 && near(kept[0], kept[kept.count - 1]) { kept.removeLast() }
        return kept
    }

    /// What Cairo's stroker makes of a closed outline: per edge the quadrilateral `halfWidth` to either side, per corner the miter between the two
    /// edges' outer sides (a bevel past `miterLimit`), each wound the same way so that their
    /// non-zero fill is their union.
    static func strokePieces(_ outline: [DevicePoint], halfWidth h: Double) -> [[DevicePoint]] {
        let n = outline.count
        guard n >= 2, h > 0 else { return [] }
        var pieces: [[DevicePoint]] = []
        pieces.reserveCapacity(2 * n)
        func normal(_ k: Int) -> DevicePoint {
            let a = outline[k], b = outline[(k + 1) % n]
            let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
            return DevicePoint(x: -dy / length, y: dx / length)
        }
        for k in 0..<n {
            let a = outline[k], b = outline[(k + 1) % n], m = normal(k)
            pieces.append(positivelyWound([a + h * m, b + h * m, b - h * m, a - h * m]))
        }
        for k in 0..<n {
            // The corner at outline[k], between edge k - 1 (in) and edge k (out).
            let p = outline[k], n1 = normal((k + n - 1) % n), n2 = normal(k)
            let turn = n1.x * n2.y - n1.y * n2.x
            if turn == 0 && n1.x * n2.x + n1.y * n2.y > 0 { continue } // straight on
            // The outer side is the one the path turns away from.
            let side: Double = turn > 0 ? -1 : 1
            let o1 = p + (side * h) * n1, o2 = p + (side * h) * n2
            let dot = n1.x * n2.x + n1.y * n2.y
            // The miter's tip, where the two outer offset lines meet: (n1 + n2) / (1 + n1.n2)
            // from the corner, 1 / sin(theta / 2) half-widths away (theta the corner's angle).
            if dot > -1, 2 / (1 + dot) <= miterLimit * miterLimit {
                let tip = p + (side * h / (1 + dot)) * (n1 + n2)
                pieces.append(positivelyWound([p, o1, tip, o2]))
            } else {
                pieces.append(positivelyWound([p, o1, o2]))
            }
        }
        return pieces
    }

    /// The polygon wound with a positive area (reversed if it was not).
    static func positivelyWound(_ polygon: [DevicePoint]) -> [DevicePoint] {
        var twiceArea = 0.0
        for k in polygon.indices {
            let a = polygon[k], b = polygon[(k + 1) % polygon.count]
            twiceArea += a.x * b.y - b.x * a.y
        }
        return twiceArea < 0 ? polygon.reversed() : polygon
    }

    /// Adds a closed polygon (nothing for fewer than three points) to the current path.
    static func addPolygon(_ polygon: [DevicePoint], to cr: OpaquePointer) {
        guard polygon.count >= 3 else { return }
        cairo_move_to(cr, polygon[0].x, polygon[0].y)
        for p in polygon.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        cairo_close_path(cr)
    }
}

/// A point in device pixels.
struct DevicePoint: Equatable {
    var x: Double
    var y: Double

    static func + (a: DevicePoint, b: DevicePoint) -> DevicePoint { DevicePoint(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: DevicePoint, b: DevicePoint) -> DevicePoint { DevicePoint(x: a.x - b.x, y: a.y - b.y) }
    static func * (s: Double, p: DevicePoint) -> DevicePoint { DevicePoint(x: s * p.x, y: s * p.y) }
}

/// An axis-aligned box in device pixels that polygons are clipped to.
struct ClipBox {
    var left: Double, top: Double, right: Double, bottom: Double

    /// Whether `p` lies in the box (its sides included).
    func contains(_ p: DevicePoint) -> Bool { p.x >= left && p.x <= right && p.y >= top && p.y <= bottom }

    /// `polygon` clipped to the box (Sutherland-Hodgman, one side after another): inside the
    /// box it covers what the polygon covers, with the same winding; what it adds runs along
    /// the box's sides.
    func clip(_ polygon: [DevicePoint]) -> [DevicePoint] {
        var points = polygon
        // Each side: the distance inside it (>= 0 is kept) and the crossing of an edge.
        let sides: [(DevicePoint) -> Double] = [{ $0.x - left }, { right - $0.x }, { $0.y - top }, { bottom - $0.y }]
        if let first = polygon.first {
            // Wholly outside one side: nothing (most of a long outline's stroke pieces).
            var low = first, high = first
            for p in polygon { low = DevicePoint(x: min(low.x, p.x), y: min(low.y, p.y)); high = DevicePoint(x: max(high.x, p.x), y: max(high.y, p.y)) }
            if high.x < left || low.x > right || high.y < top || low.y > bottom { return [] }
        }
        for inside in sides {
            guard !points.isEmpty else { break }
            if points.allSatisfy({ inside($0) >= 0 }) { continue }
            var kept: [DevicePoint] = []
            kept.reserveCapacity(points.count + 4)
            var previous = points[points.count - 1]
            var previousInside = inside(previous)
            for p in points {
                let d = inside(p)
                if (d >= 0) != (previousInside >= 0) {
                    let t = previousInside / (previousInside - d)
                    kept.append(previous + t * (p - previous))
                }
                if d >= 0 { kept.append(p) }
                previous = p
                previousInside = d
            }
            points = kept
        }
        return points
    }
}
