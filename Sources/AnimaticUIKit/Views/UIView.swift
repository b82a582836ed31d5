// Design note: a view is a dynamic item with a look. Its geometry (center, bounds, transform)
// and its animatable look (alpha, background color) exist twice, as in Core Animation: the
// model, which code reads and writes, and the presentation, which the frame shows and which a
// running `UIView.animate` moves from its old values to the model's. The transform is kept
// as scale, rotation and translation: the dynamic animator writes the rotation (and the
// center) after every step, and leaves the scale, which is visual only, as in the scene
// player. A view draws its background (with the layer's corner radius and border), then what
// its `draw(_:)` fills and strokes, then its subviews in order.
import Dynamics
import Foundation
import SceneFormat

/// A rectangular view on the screen and a dynamic item (UIView).
open class UIView: UIDynamicItem, CustomStringConvertible {
    /// The animatable state, in the model and in the presentation.
    struct Look: Equatable {
        var center: CGPoint
        var alpha: CGFloat = 1
        var background: SceneColor?
        var scaleX: CGFloat = 1
        var scaleY: CGFloat = 1
        var angle: CGFloat = 0
        var translation = CGPoint.zero
    }

    var model: Look
    var presented: Look
    private var storedBounds: CGRect
    /// What `draw(_:)` recorded, until `setNeedsDisplay()` or a size change.
    private var drawing: [DrawOperation]?

    /// The view's layer: corner radius and border.
    public let layer = CALayer()
    /// The view this view is a subview of.
    public private(set) weak var superview: UIView?
    /// The subviews, back to front.
    public private(set) var subviews: [UIView] = []
    /// The gesture recognizers attached to the view.
    public private(set) var gestureRecognizers: [UIGestureRecognizer]?
    /// Hidden views are not drawn and not hit by touches.
    open var isHidden = false
    /// Whether touches reach the view and its gesture recognizers (default true).
    open var isUserInteractionEnabled = true
    /// A number to find the view by (`viewWithTag(_:)`).
    open var tag = 0
    /// A name for the view in traces.
    open var accessibilityIdentifier: String?

    /// A view with the given frame.
    public init(frame: CGRect) {
        storedBounds = CGRect(origin: .zero, size: frame.size)
        model = Look(center: CGPoint(x: frame.origin.x + frame.size.width / 2, y: frame.origin.y + frame.size.height / 2))
        presented = model
        layer.owner = self
    }

    /// A view from an archive. There are no storyboards here: the view starts with a zero frame.
    public required init?(coder: NSCoder) {
        storedBounds = .zero
        model = Look(center: .zero)
        presented = model
        layer.owner = self
    }

    /// A view with a zero frame.
    public convenience init() { self.init(frame: .zero) }

    // MARK: Geometry

    /// The center in the superview's coordinates (animatable).
    open var center: CGPoint {
        get { model.center }
        set { change([.center]) { $0.center = newValue } }
    }

    /// The view's own coordinate system: its size, and the origin its subviews are placed from.
    open var bounds: CGRect {
        get { storedBounds }
        set {
            if newValue.size != storedBounds.size { drawing = nil }
            storedBounds = newValue
        }
    }

    /// The rectangle in the superview's coordinates (the untransformed box around the center).
    open var frame: CGRect {
        get {
            CGRect(x: model.center.x - storedBounds.width / 2, y: model.center.y - storedBounds.height / 2,
                   width: storedBounds.width, height: storedBounds.height)
        }
        set {
            bounds = CGRect(origin: storedBounds.origin, size: newValue.size)
            center = CGPoint(x: newValue.origin.x + newValue.size.width / 2, y: newValue.origin.y + newValue.size.height / 2)
        }
    }

    /// The transform about the center (animatable). While a dynamic animator moves the view it
    /// owns the rotation: an animated transform then changes only scale and translation.
    open var transform: CGAffineTransform {
        get {
            CGAffineTransform(parts: CGAffineTransform.Parts(scaleX: model.scaleX, scaleY: model.scaleY, angle: model.angle),
                              tx: model.translation.x, ty: model.translation.y)
        }
        set {
            let p = newValue.decomposed
            let keepsAngle = AnimationTransaction.current != nil && Display.current.animatorMoves(self)
            change(keepsAngle ? [.scale, .translation] : [.scale, .rotation, .translation]) {
                $0.scaleX = p.scaleX; $0.scaleY = p.scaleY
                if !keepsAngle { $0.angle = p.angle }
                $0.translation = CGPoint(x: newValue.tx, y: newValue.ty)
            }
        }
    }

    /// The rotation of the transform in radians (what the dynamic animator reads when the view
    /// joins it and writes after every step; positive = clockwise on screen).
    public var rotation: CGFloat {
        get { model.angle }
        set { model.angle = newValue; presented.angle = newValue }
    }

    // MARK: Look

    /// Opacity 0...1 (animatable; default 1).
    open var alpha: CGFloat {
        get { model.alpha }
        set { change([.alpha]) { $0.alpha = newValue } }
    }

    /// The background color (animatable; default none).
    open var backgroundColor: UIColor? {
        get { model.background.map(UIColor.init(sceneColor:)) }
        set { change([.background]) { $0.background = newValue?.sceneColor } }
    }

    /// Sets model values; inside a `UIView.animate` block it also animates the presentation to
    /// them, otherwise the presentation takes them at once.
    func change(_ keys: AnimatedKeys, _ update: (inout Look) -> Void) {
        if let transaction = AnimationTransaction.current {
            transaction.note(self, keys)
            update(&model)
        } else {
            update(&model)
            update(&presented)
        }
    }

    // MARK: Drawing

    /// Draws the view's content in its own coordinates; override it and fill or stroke
    /// UIBezierPaths (UIKit calls it once and again after `setNeedsDisplay()`).
    open func draw(_ rect: CGRect) {}

    /// Asks for `draw(_:)` to run again before the next frame.
    open func setNeedsDisplay() { drawing = nil }

    /// What `draw(_:)` fills and strokes, recorded once.
    var drawnOperations: [DrawOperation] {
        if let drawing { return drawing }
        let context = CGContext()
        CGContext.stack.append(context)
        draw(bounds)
        CGContext.stack.removeLast()
        drawing = context.operations
        return context.operations
    }

    // MARK: Layout (nothing is laid out automatically; these exist for source compatibility)

    /// Lays out subviews: nothing by default.
    open func layoutSubviews() {}
    /// Asks for a layout: nothing happens.
    open func setNeedsLayout() {}
    /// Lays out now: nothing happens.
    open func layoutIfNeeded() {}

    // MARK: Hierarchy

    /// Adds a view on top of the subviews (moving it from its old superview).
    open func addSubview(_ view: UIView) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
    }

    /// Inserts a view at `index` of the subviews.
    open func insertSubview(_ view: UIView, at index: Int) {
        view.removeFromSuperview()
        subviews.insert(view, at: min(max(index, 0), subviews.count))
        view.superview = self
    }

    /// Moves a subview to the front.
    open func bringSubviewToFront(_ view: UIView) {
        guard let k = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.append(subviews.remove(at: k))
    }

    /// Moves a subview to the back.
    open func sendSubviewToBack(_ view: UIView) {
        guard let k = subviews.firstIndex(where: { $0 === view }) else { return }
        subviews.insert(subviews.remove(at: k), at: 0)
    }

    /// Takes the view out of its superview: it is no longer drawn (it stays in its behaviors).
    open func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Whether `view` is this view or one of its descendants.
    open func isDescendant(of view: UIView) -> Bool {
        var v: UIView? = self
        while let current = v {
            if current === view { return true }
            v = current.superview
        }
        return false
    }

    /// The view or a descendant with `tag`.
    open func viewWithTag(_ tag: Int) -> UIView? {
        if self.tag == tag { return self }
        for v in subviews { if let found = v.viewWithTag(tag) { return found } }
        return nil
    }

    // MARK: Touches

    /// Whether a point of the view's coordinates lies in its bounds, edges included.
    open func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        point.x >= bounds.minX && point.x <= bounds.maxX && point.y >= bounds.minY && point.y <= bounds.maxY
    }

    /// The frontmost descendant (or the view itself) under a point of the view's coordinates
    /// that takes touches; nil when the view is hidden, transparent (alpha < 0.01), does not
    /// take touches or the point is outside it. Uses what is on the screen (the presentation).
    open func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        guard !isHidden, isUserInteractionEnabled, presented.alpha >= 0.01, self.point(inside: point, with: event) else { return nil }
        for view in subviews.reversed() {
            if let hit = view.hitTest(view.pointFromSuperview(point), with: event) { return hit }
        }
        return self
    }

    // MARK: Gesture recognizers

    /// Attaches a gesture recognizer: touches that begin on the view (or a subview) reach it.
    open func addGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        recognizer.view?.removeGestureRecognizer(recognizer)
        gestureRecognizers = (gestureRecognizers ?? []) + [recognizer]
        recognizer.view = self
    }

    /// Detaches a gesture recognizer.
    open func removeGestureRecognizer(_ recognizer: UIGestureRecognizer) {
        gestureRecognizers?.removeAll { $0 === recognizer }
        if recognizer.view === self { recognizer.view = nil }
    }

    // MARK: Dynamics

    /// The collision shape the dynamic animator gives the view (default `.rectangle`).
    open var collisionBoundsType: UIDynamicItemCollisionBoundsType { .rectangle }

    /// For `.path`: a convex polygon relative to the view's center (curves are flattened).
    open var collisionBoundingPath: UIBezierPath {
        UIBezierPath(rect: CGRect(x: -bounds.width / 2, y: -bounds.height / 2, width: bounds.width, height: bounds.height))
    }

    open var description: String {
        "<\(type(of: self)): frame = \(frame)\(accessibilityIdentifier.map { "; id = \($0)" } ?? "")>"
    }
}

/// An event (UIEvent); touches are scripted, so it carries nothing.
open class UIEvent {
    /// An event.
    public init() {}
}
