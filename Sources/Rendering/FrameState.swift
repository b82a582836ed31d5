import Images
import SceneFormat
import Foundation

// Design note: the renderer's whole input. A frame state is a plain value describing what is
// visible at one instant (canvas, background, items in drawing order). It is produced by the
// scene runner from the animator's state and knows nothing of physics, so frames can be drawn
// on any thread, in any order, and byte-identically for any job count.

/// A point in canvas points (y down).
public struct DrawPoint: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
}

/// The outline of an item, centered on the item's center before rotation and scale.
public enum DrawShape: Equatable, Sendable {
    /// The item's bounds, with an optional drawn corner radius.
    case rectangle(cornerRadius: Double)
    /// The ellipse inscribed in the bounds.
    case ellipse
    /// A closed polygon, vertices relative to the center.
    case polygon([DrawPoint])
}

/// An outline stroke, centered on the outline. The width is in points and scales with the
/// item's visual scale, as a view's border does under its transform.
public struct DrawStroke: Equatable, Sendable {
    public var color: SceneColor
    public var width: Double
    public init(color: SceneColor, width: Double) { self.color = color; self.width = width }
}

/// One visible item at one instant.
public struct DrawItem: Equatable, Sendable {
    public var shape: DrawShape
    /// Bounds width and height in points.
    public var width: Double
    public var height: Double
    public var center: DrawPoint
    /// Rotation in radians, positive = clockwise on screen.
    public var angle: Double
    public var fill: SceneColor
    public var stroke: DrawStroke?
    /// Visual opacity multiplied into fill and stroke (a UIView's alpha).
    public var alpha: Double
    /// Visual scale about the center (a UIView's transform scale; not physics).
    public var scale: Double

    public init(shape: DrawShape, width: Double, height: Double, center: DrawPoint, angle: Double = 0,
                fill: SceneColor, stroke: DrawStroke? = nil, alpha: Double = 1, scale: Double = 1) {
        self.shape = shape; self.width = width; self.height = height; self.center = center
        self.angle = angle; self.fill = fill; self.stroke = stroke; self.alpha = alpha; self.scale = scale
    }
}

/// Overlay primitives drawn after the items (debug views): lines, arrows, dots.
public enum OverlayPrimitive: Equatable, Sendable {
    case line(from: DrawPoint, to: DrawPoint, color: SceneColor, width: Double)
    case arrow(from: DrawPoint, to: DrawPoint, color: SceneColor, width: Double)
    case dot(center: DrawPoint, radius: Double, color: SceneColor)
    case circle(center: DrawPoint, radius: Double, color: SceneColor, width: Double)
    case polyline(points: [DrawPoint], closed: Bool, color: SceneColor, width: Double)
}

/// Everything visible at one instant.
public struct FrameState: Equatable, Sendable {
    /// Canvas size in points.
    public var width: Double
    public var height: Double
    /// Pixels per point.
    public var scale: Double
    public var background: SceneColor
    /// Items in drawing order (later items on top).
    public var items: [DrawItem]
    /// Debug overlay drawn on top of the items.
    public var overlay: [OverlayPrimitive]

    public init(width: Double, height: Double, scale: Double = 1, background: SceneColor = .white,
                items: [DrawItem] = [], overlay: [OverlayPrimitive] = []) {
        self.width = width; self.height = height; self.scale = scale
        self.background = background; self.items = items; self.overlay = overlay
    }

    /// The pixel size: canvas x scale, rounded to whole pixels (at least one), exactly what a
    /// screenshot of such a view is. Video previews pad to even sizes themselves.
    public var pixelWidth: Int { FrameState.pixels(width * scale) }
    public var pixelHeight: Int { FrameState.pixels(height * scale) }

    static func pixels(_ value: Double) -> Int { max(1, Int(value.rounded())) }
}
