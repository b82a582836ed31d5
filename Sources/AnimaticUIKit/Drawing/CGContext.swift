// Design note: drawing is recorded, not rasterized. While a view's `draw(_:)` runs, the
// current context collects what it fills and strokes (paths in the view's coordinates with
// their colors and widths); the recorder turns those operations into the frame's drawn
// items, which Cairo then draws like every other item. A fill or stroke with a clear color
// records nothing: in UIKit's normal blend mode it changes no pixel.
import Foundation
import SceneFormat

/// One fill or stroke of a view's drawing.
struct DrawOperation {
    let path: UIBezierPath
    /// The fill color, or nil for a stroke.
    let fill: SceneColor?
    /// The stroke color and width, or nil for a fill.
    let stroke: (color: SceneColor, width: CGFloat)?
}

/// A drawing context (Core Graphics' CGContext) that records fills and strokes.
public final class CGContext {
    var fillColor = SceneColor.black
    var strokeColor = SceneColor.black
    var lineWidth: CGFloat = 1
    private(set) var operations: [DrawOperation] = []

    init() {}

    /// Sets the fill color.
    public func setFillColor(_ color: CGColor) { fillColor = color.sceneColor }
    /// Sets the stroke color.
    public func setStrokeColor(_ color: CGColor) { strokeColor = color.sceneColor }
    /// Sets the stroke width in points.
    public func setLineWidth(_ width: CGFloat) { lineWidth = width }

    /// Fills a rectangle with the fill color.
    public func fill(_ rect: CGRect) { record(UIBezierPath(rect: rect), fill: true) }
    /// Strokes a rectangle with the stroke color and line width.
    public func stroke(_ rect: CGRect) { record(UIBezierPath(rect: rect), fill: false, width: lineWidth) }
    /// Fills the ellipse inscribed in a rectangle.
    public func fillEllipse(in rect: CGRect) { record(UIBezierPath(ovalIn: rect), fill: true) }
    /// Strokes the ellipse inscribed in a rectangle.
    public func strokeEllipse(in rect: CGRect) { record(UIBezierPath(ovalIn: rect), fill: false, width: lineWidth) }

    func record(_ path: UIBezierPath, fill: Bool, width: CGFloat? = nil) {
        let copy = path.copy() as! UIBezierPath
        if fill {
            guard fillColor.alpha > 0 else { return }
            operations.append(DrawOperation(path: copy, fill: fillColor, stroke: nil))
        } else {
            let w = width ?? path.lineWidth
            guard strokeColor.alpha > 0, w > 0 else { return }
            operations.append(DrawOperation(path: copy, fill: nil, stroke: (strokeColor, w)))
        }
    }

    /// The contexts of the drawings in progress, innermost last.
    nonisolated(unsafe) static var stack: [CGContext] = []
}

/// The context of the drawing in progress (inside a view's `draw(_:)`), nil outside one.
public func UIGraphicsGetCurrentContext() -> CGContext? { CGContext.stack.last }

/// Fills a rectangle of the current context with its fill color.
public func UIRectFill(_ rect: CGRect) { UIGraphicsGetCurrentContext()?.fill(rect) }
