// Design note: what the animator moves. Like UIKit, an item is an object the animator reads
// once when it joins (center, bounds, rotation, collision shape) and writes back after every
// step (center and rotation only: visual scale is not physics). `DynamicView` is a ready item
// for the scene runner and for users; `DynamicItemGroup` makes several items one rigid body.
import Foundation

/// The collision shape of an item (UIDynamicItemCollisionBoundsType).
public enum DynamicItemCollisionBoundsType: Sendable, Equatable {
    /// The bounds rectangle (default).
    case rectangle
    /// The ellipse inscribed in the bounds.
    case ellipse
    /// `collisionBoundingPath`: a convex polygon relative to the center.
    case path
}

/// An object the animator can move (UIDynamicItem).
public protocol DynamicItem: AnyObject {
    /// Center in the reference coordinate system (points).
    var center: CGPoint { get set }
    /// Size of the item (only `size` matters).
    var bounds: CGRect { get }
    /// Rotation in radians (UIKit's transform rotation; positive = clockwise on screen).
    var rotation: CGFloat { get set }
    /// The collision shape (default `.rectangle`).
    var collisionBoundsType: DynamicItemCollisionBoundsType { get }
    /// Convex polygon relative to the center for `.path` (either winding).
    var collisionBoundingPath: [CGPoint] { get }
}

extension DynamicItem {
    /// Default: `.rectangle`.
    public var collisionBoundsType: DynamicItemCollisionBoundsType { .rectangle }
    /// Default: no path.
    public var collisionBoundingPath: [CGPoint] { [] }
}

/// A ready-made dynamic item: a named view-like object with a center, a size and a rotation.
public final class DynamicView: DynamicItem, CustomStringConvertible {
    /// A label for the item (not UIKit API), shown in `description`.
    public let name: String
    /// Center in the reference coordinate system (points); the animator writes it after every step.
    public var center: CGPoint
    /// Origin zero, size as given (points).
    public var bounds: CGRect
    /// Rotation in radians (positive = clockwise on screen); the animator writes it after every step.
    public var rotation: CGFloat
    /// The collision shape. Default `.rectangle`.
    public var collisionBoundsType: DynamicItemCollisionBoundsType
    /// Convex polygon relative to the center for `.path` (the initializer's `path`). Default empty.
    public var collisionBoundingPath: [CGPoint]

    /// Creates an item of `size` at `center`.
    public init(name: String = "", center: CGPoint, size: CGSize, rotation: CGFloat = 0,
                collisionBoundsType: DynamicItemCollisionBoundsType = .rectangle, path: [CGPoint] = []) {
        self.name = name
        self.center = center
        self.bounds = CGRect(origin: .zero, size: size)
        self.rotation = rotation
        self.collisionBoundsType = collisionBoundsType
        self.collisionBoundingPath = path
    }

    public var description: String { "DynamicView(\(name))" }
}

/// Several items moving as one rigid body (UIDynamicItemGroup). Members keep their own
/// shapes, so a group can be concave. Groups cannot nest, and members must not also be
/// added to behaviors on their own.
public final class DynamicItemGroup: DynamicItem {
    /// The member items, in the order given.
    public let items: [DynamicItem]
    /// Members' centers and rotations relative to the group at creation.
    let offsets: [CGVector]
    let memberRotations: [CGFloat]
    /// Starts at the center of the members' enclosing box (points); setting it, as the animator
    /// does after every step, moves every member along with the group.
    public var center: CGPoint {
        didSet { writeBackMembers() }
    }
    /// The group's rotation in radians, 0 at creation; setting it turns every member about the
    /// group's center.
    public var rotation: CGFloat = 0 {
        didSet { writeBackMembers() }
    }
    /// The box enclosing the members' bounds at creation (member rotations ignored), origin zero.
    public let bounds: CGRect

    /// Makes one rigid item of `items` (UIDynamicItemGroup(items:)). Precondition: groups cannot
    /// contain groups; a member that is a `DynamicItemGroup` traps.
    public init(items: [DynamicItem]) {
        precondition(!items.contains { $0 is DynamicItemGroup }, "DynamicItemGroup cannot contain groups")
        self.items = items
        var minX = CGFloat.infinity, minY = CGFloat.infinity, maxX = -CGFloat.infinity, maxY = -CGFloat.infinity
        for item in items {
            let s = item.bounds.size
            minX = min(minX, item.center.x - s.width / 2); maxX = max(maxX, item.center.x + s.width / 2)
            minY = min(minY, item.center.y - s.height / 2); maxY = max(maxY, item.center.y + s.height / 2)
        }
        if items.isEmpty { minX = 0; minY = 0; maxX = 0; maxY = 0 }
        let c = CGPoint(x: (minX + maxX) / 2, y: (minY + maxY) / 2)
        center = c
        bounds = CGRect(x: 0, y: 0, width: maxX - minX, height: maxY - minY)
        offsets = items.map { $0.center - c }
        memberRotations = items.map { $0.rotation }
    }

    private func writeBackMembers() {
        let cs = cos(rotation), sn = sin(rotation)
        for (k, item) in items.enumerated() {
            let o = offsets[k]
            item.center = CGPoint(x: center.x + cs * o.dx - sn * o.dy, y: center.y + sn * o.dx + cs * o.dy)
            item.rotation = memberRotations[k] + rotation
        }
    }
}
