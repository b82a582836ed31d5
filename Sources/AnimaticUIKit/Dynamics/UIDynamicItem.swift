// Design note: UIKit's dynamic item speaks `transform` and a UIBezierPath where the Dynamics
// module's item speaks `rotation` and a polygon; UIDynamicItem refines DynamicItem and maps
// one onto the other, so every view (and any type adopting UIDynamicItem) is an item of the
// same animator. A path's curves are flattened as PhysicsKit flattens them.
import Dynamics
import Foundation

/// An object a dynamic animator can move (UIDynamicItem): center, bounds, transform and,
/// optionally, a collision shape.
public protocol UIDynamicItem: DynamicItem {
    /// The transform about the center; the animator reads and writes its rotation.
    var transform: CGAffineTransform { get set }
    /// For `.path` collision bounds: a convex polygon relative to the center.
    var collisionBoundingPath: UIBezierPath { get }
}

extension UIDynamicItem {
    /// The rotation of `transform`; setting it keeps the transform's scale and translation.
    public var rotation: CGFloat {
        get { transform.decomposed.angle }
        set {
            var p = transform.decomposed
            p.angle = newValue
            transform = CGAffineTransform(parts: p, tx: transform.tx, ty: transform.ty)
        }
    }

    /// `collisionBoundingPath` as the polygon the animator builds the collision shape from
    /// (its first subpath, curves flattened).
    public var collisionBoundingPath: [CGPoint] {
        (collisionBoundingPath as UIBezierPath).polygons.first ?? []
    }
}

extension DynamicItem where Self: UIDynamicItem {
    /// No path by default (UIKit's default when `collisionBoundsType` is not `.path`).
    public var collisionBoundingPath: UIBezierPath { UIBezierPath() }
}

/// A group is a dynamic item in UIKit (UIDynamicItemGroup adopts UIDynamicItem): it can be
/// typed as one, given a push's target offset, and reported to a collision delegate.
extension DynamicItemGroup: UIDynamicItem {
    /// The group's rotation as a transform (a group has no scale or translation of its own).
    public var transform: CGAffineTransform {
        get { CGAffineTransform(rotationAngle: rotation) }
        set { rotation = newValue.decomposed.angle }
    }
}
