// Design note: coordinates follow the presentation, what is on the screen, as the scene
// player's hit test does. A point of a view's coordinates goes to its superview's through the
// view's transform about its center: scale, then rotation, then translation. The view without
// a superview (a view controller's root view) is placed in the window, whose coordinates are
// the recording's canvas.
import Foundation

extension UIView {
    /// A point of this view's coordinates in its superview's.
    func pointInSuperview(_ p: CGPoint) -> CGPoint {
        let l = presented
        if l.scaleX == 1 && l.scaleY == 1 && l.angle == 0 && l.translation == .zero {
            // Untransformed (a root view): exact, with no round trip through the center.
            return CGPoint(x: p.x - bounds.origin.x + (l.center.x - bounds.width / 2), y: p.y - bounds.origin.y + (l.center.y - bounds.height / 2))
        }
        let dx = (p.x - (bounds.origin.x + bounds.width / 2)) * l.scaleX
        let dy = (p.y - (bounds.origin.y + bounds.height / 2)) * l.scaleY
        let c = cos(l.angle), s = sin(l.angle)
        return CGPoint(x: l.center.x + l.translation.x + c * dx - s * dy, y: l.center.y + l.translation.y + s * dx + c * dy)
    }

    /// A point of the superview's coordinates in this view's.
    func pointFromSuperview(_ q: CGPoint) -> CGPoint {
        let l = presented
        if l.scaleX == 1 && l.scaleY == 1 && l.angle == 0 && l.translation == .zero {
            return CGPoint(x: q.x - (l.center.x - bounds.width / 2) + bounds.origin.x, y: q.y - (l.center.y - bounds.height / 2) + bounds.origin.y)
        }
        let x = q.x - l.center.x - l.translation.x, y = q.y - l.center.y - l.translation.y
        let c = cos(l.angle), s = sin(l.angle)
        let dx = c * x + s * y, dy = -s * x + c * y
        return CGPoint(x: (l.scaleX != 0 ? dx / l.scaleX : 0) + bounds.origin.x + bounds.width / 2,
                       y: (l.scaleY != 0 ? dy / l.scaleY : 0) + bounds.origin.y + bounds.height / 2)
    }

    /// A point of this view's coordinates in the window's.
    func windowPoint(_ p: CGPoint) -> CGPoint {
        var q = pointInSuperview(p)
        var v = superview
        while let view = v {
            q = view.pointInSuperview(q)
            v = view.superview
        }
        return q
    }

    /// A point of the window's coordinates in this view's.
    func localPoint(fromWindow p: CGPoint) -> CGPoint {
        var chain: [UIView] = []
        var v: UIView? = self
        while let view = v { chain.append(view); v = view.superview }
        var q = p
        for view in chain.reversed() { q = view.pointFromSuperview(q) }
        return q
    }

    /// A point of this view's coordinates in `view`'s (the window's when nil).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        let w = windowPoint(point)
        return view?.localPoint(fromWindow: w) ?? w
    }

    /// A point of `view`'s coordinates (the window's when nil) in this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        localPoint(fromWindow: view?.windowPoint(point) ?? point)
    }
}
