// Design note: UIKit's collision API names boundaries with NSCopying identifiers, takes
// UIBezierPaths and UIEdgeInsets, and calls a delegate with UIDynamicItems and NSCopying.
// The Dynamics module names boundaries with strings; identifiers are converted at the border
// (an NSString is its string, any other identifier its description) and the delegate
// protocol refines the Dynamics one: its default implementations of the Dynamics callbacks
// forward to the UIKit-spelled ones, so one collision behavior serves both.
import Dynamics
import Foundation

/// Receives contact callbacks with UIKit's signatures (UICollisionBehaviorDelegate). Every
/// method is optional.
public protocol UICollisionBehaviorDelegate: CollisionBehaviorDelegate {
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem, with item2: UIDynamicItem, at p: CGPoint)
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem, with item2: UIDynamicItem)
    /// `identifier` is nil for the reference bounds boundary.
    func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem, withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint)
    func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem, withBoundaryIdentifier identifier: NSCopying?)
}

extension UICollisionBehaviorDelegate {
    /// Does nothing unless implemented.
    public func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item1: UIDynamicItem, with item2: UIDynamicItem, at p: CGPoint) {}
    /// Does nothing unless implemented.
    public func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item1: UIDynamicItem, with item2: UIDynamicItem) {}
    /// Does nothing unless implemented.
    public func collisionBehavior(_ behavior: UICollisionBehavior, beganContactFor item: UIDynamicItem, withBoundaryIdentifier identifier: NSCopying?, at p: CGPoint) {}
    /// Does nothing unless implemented.
    public func collisionBehavior(_ behavior: UICollisionBehavior, endedContactFor item: UIDynamicItem, withBoundaryIdentifier identifier: NSCopying?) {}

    // The Dynamics callbacks, forwarded (items that are not UIDynamicItems are not reported).

    /// The Dynamics callback, forwarded to the UIKit-spelled one.
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem, at point: CGPoint) {
        guard let a = item1 as? UIDynamicItem, let b = item2 as? UIDynamicItem else { return }
        collisionBehavior(behavior, beganContactFor: a, with: b, at: point)
    }
    /// The Dynamics callback, forwarded to the UIKit-spelled one.
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem) {
        guard let a = item1 as? UIDynamicItem, let b = item2 as? UIDynamicItem else { return }
        collisionBehavior(behavior, endedContactFor: a, with: b)
    }
    /// The Dynamics callback, forwarded with the identifier as an NSString.
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem, withBoundaryIdentifier identifier: String?, at point: CGPoint) {
        guard let a = item as? UIDynamicItem else { return }
        collisionBehavior(behavior, beganContactFor: a, withBoundaryIdentifier: identifier.map { NSString(string: $0) }, at: point)
    }
    /// The Dynamics callback, forwarded with the identifier as an NSString.
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem, withBoundaryIdentifier identifier: String?) {
        guard let a = item as? UIDynamicItem else { return }
        collisionBehavior(behavior, endedContactFor: a, withBoundaryIdentifier: identifier.map { NSString(string: $0) })
    }
}

/// The string the Dynamics module names a boundary by: an NSString's text, or the identifier's
/// description.
func boundaryName(_ identifier: NSCopying) -> String {
    if let s = identifier as? NSString { return String(describing: s) }
    return String(describing: identifier)
}

extension CollisionBehavior {
    /// Adds a segment boundary named by an NSCopying identifier (UIKit's signature).
    public func addBoundary(withIdentifier identifier: NSCopying, from p1: CGPoint, to p2: CGPoint) {
        addBoundary(withIdentifier: boundaryName(identifier), from: p1, to: p2)
    }

    /// Adds a boundary along a path: its first subpath (curves flattened), always as a closed
    /// loop (UIKit's `addBoundary(withIdentifier:for:)` [measured]: an open path is closed
    /// from its last point back to its first), a segment when it has two points.
    public func addBoundary(withIdentifier identifier: NSCopying, for bezierPath: UIBezierPath) {
        addBoundary(withIdentifier: boundaryName(identifier), for: bezierPath)
    }

    /// Adds a boundary along a path, named by a string.
    public func addBoundary(withIdentifier identifier: String, for bezierPath: UIBezierPath) {
        guard let points = bezierPath.polygons.first else { return }
        if points.count == 2 {
            addBoundary(withIdentifier: identifier, from: points[0], to: points[1])
        } else {
            addBoundary(withIdentifier: identifier, for: points, closed: true)
        }
    }

    /// The boundary with this identifier as a path (a segment's two ends, or the polyline),
    /// nil if there is none (UIKit's `boundary(withIdentifier:)`).
    public func boundary(withIdentifier identifier: NSCopying) -> UIBezierPath? {
        guard let b = boundary(withIdentifier: boundaryName(identifier)) as (points: [CGPoint], closed: Bool)?,
              let first = b.points.first else { return nil }
        let path = UIBezierPath()
        path.move(to: first)
        for p in b.points.dropFirst() { path.addLine(to: p) }
        if b.closed { path.close() }
        return path
    }

    /// Removes the boundary with this identifier.
    public func removeBoundary(withIdentifier identifier: NSCopying) {
        removeBoundary(withIdentifier: boundaryName(identifier))
    }

    /// Turns the reference bounds, inset by `insets`, into a boundary.
    public func setTranslatesReferenceBoundsIntoBoundary(with insets: UIEdgeInsets) {
        setTranslatesReferenceBoundsIntoBoundary(with: (top: insets.top, left: insets.left, bottom: insets.bottom, right: insets.right))
    }
}
