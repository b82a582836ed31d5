// Design note: collisions. Items collide only with items that share a collision behavior, and
// with that behavior's boundaries, as the mode allows; the animator answers the engine's pair
// filter from these memberships (a pair the mode excludes is still tracked as a sensor, so its
// callbacks fire [measured]). Boundaries are static: segments are edges, paths chains of
// edges (two-sided: a closed path is as often an obstacle items fall onto as a container),
// and the reference bounds are solid walls whose faces are the loop's edges (items are always
// inside them: an item squeezed hard against a wall is pushed back in, never out, the "do
// better" of UIKit's squeezed-view pitfall); all have friction 0.2, restitution 0.2 and the
// skin of a Box2D 2.2 edge [measured]. The
// reference bounds boundary is the bounds inset by the insets, then grown by 1 pt on every
// side [measured]. Began/ended callbacks fire once per pair per touch: each behavior counts
// the touching shape pairs of an item pair and reports the first and the last.
import Foundation

/// One contact a collision behavior reported, as ``DynamicAnimator/contactObserver`` sees it:
/// the same facts its delegate is given.
public struct ContactReport {
    /// Began (true) or ended.
    public let began: Bool
    /// The collision behavior that reported the contact.
    public let behavior: CollisionBehavior
    /// The item in contact; of two items, the one that joined the animator first.
    public let item: DynamicItem
    /// The other item of an item-item contact; nil against a boundary.
    public let other: DynamicItem?
    /// The boundary's identifier against a boundary (`.some(nil)`: the reference bounds);
    /// nil for an item-item contact.
    public let boundary: String??
    /// Where it began; nil for an ended contact (delegates get no point then).
    public let point: CGPoint?
}

/// Receives contact callbacks (UICollisionBehaviorDelegate).
public protocol CollisionBehaviorDelegate: AnyObject {
    /// Two items of the behavior began touching at `point` (reference coordinates, points); told once
    /// per touch, whatever the collision mode, `item1` being the one that joined the animator first.
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem, at point: CGPoint)
    /// Two items of the behavior stopped touching (no point is given), in the same order as began.
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem)
    /// `identifier` is nil for the reference bounds boundary.
    func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem, withBoundaryIdentifier identifier: String?, at point: CGPoint)
    /// An item stopped touching a boundary; `identifier` is nil for the reference bounds boundary.
    func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem, withBoundaryIdentifier identifier: String?)
}

extension CollisionBehaviorDelegate {
    /// Does nothing by default.
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item1: DynamicItem, with item2: DynamicItem, at point: CGPoint) {}
    /// Does nothing by default.
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item1: DynamicItem, with item2: DynamicItem) {}
    /// Does nothing by default.
    public func collisionBehavior(_ behavior: CollisionBehavior, beganContactFor item: DynamicItem, withBoundaryIdentifier identifier: String?, at point: CGPoint) {}
    /// Does nothing by default.
    public func collisionBehavior(_ behavior: CollisionBehavior, endedContactFor item: DynamicItem, withBoundaryIdentifier identifier: String?) {}
}

/// Makes items collide with each other and with boundaries (UICollisionBehavior).
public final class CollisionBehavior: DynamicBehavior {
    /// What the items collide with (UICollisionBehavior.Mode). A contact the mode leaves out is still
    /// reported to the delegate; the shapes just pass through each other.
    public struct Mode: OptionSet, Sendable {
        /// The option bits: 1 = items, 2 = boundaries.
        public let rawValue: Int
        /// Creates a mode from its option bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// The behavior's items collide with each other.
        public static let items = Mode(rawValue: 1)
        /// The behavior's items collide with its boundaries.
        public static let boundaries = Mode(rawValue: 2)
        /// Items and boundaries both (the default).
        public static let everything: Mode = [.items, .boundaries]
    }

    enum Boundary {
        case segment(CGPoint, CGPoint)
        case path([CGPoint], closed: Bool)
    }

    private var list = ItemList()
    /// The items this behavior makes collide, in the order they were added.
    public var items: [DynamicItem] { list.items }
    /// Whether `item` is one of ``items`` (a set lookup).
    func holds(_ item: DynamicItem) -> Bool { list.contains(item) }
    /// What the items collide with (UICollisionBehavior.collisionMode). Default `.everything`; a
    /// change takes effect at the next step.
    public var collisionMode: Mode = .everything { didSet { setNeedsUpdate() } }
    /// Receives this behavior's contact callbacks (UICollisionBehavior.collisionDelegate); held weakly.
    public weak var collisionDelegate: CollisionBehaviorDelegate?
    /// Turns the animator's reference bounds (inset) into a boundary with a nil identifier.
    public var translatesReferenceBoundsIntoBoundary = false { didSet { setNeedsUpdate() } }
    /// Insets of the reference bounds boundary (top, left, bottom, right).
    public private(set) var referenceBoundsInsets: (top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) = (0, 0, 0, 0)
    /// Boundary friction and restitution [measured].
    static let boundaryFriction = 0.2
    static let boundaryRestitution = 0.2
    /// The reference bounds boundary lies this far outside the (inset) bounds [measured].
    static let referenceOutset: CGFloat = 1
    private(set) var boundaries: [(id: String, shape: Boundary)] = []
    /// Engine bodies of the boundaries (index 0 = reference bounds when on); rebuilt on change.
    var boundaryBodies: [BodyID] = []
    var boundaryRevision = 0
    var builtRevision = -1
    /// Touching shape-pair counts per item pair (or item + boundary) for once-per-touch callbacks.
    var touchCounts: [TouchKey: Int] = [:]
    /// The mode the engine's pair filter last saw (a change re-filters the items).
    var filteredMode: Mode?
    /// The engine filter group of its items and boundaries (0 until an animator gives one,
    /// `DynamicAnimator.filterGroup(of:)`).
    var filterGroup: UInt64 = 0

    /// Creates a collision behavior for `items` (UICollisionBehavior(items:)); an item listed twice
    /// is added once. Mode `.everything`, no boundaries.
    public init(items: [DynamicItem] = []) {
        super.init()
        for item in items { _ = list.add(item) }
    }

    /// Adds an item (ignored if already there); takes effect at the next step.
    public func addItem(_ item: DynamicItem) { if list.add(item) { setNeedsUpdate() } }
    /// Removes an item (ignored if absent); takes effect at the next step.
    public func removeItem(_ item: DynamicItem) { if list.remove(item) { setNeedsUpdate() } }

    /// Turns on the reference bounds boundary, inset by `insets` (points), as UIKit's
    /// `setTranslatesReferenceBoundsIntoBoundary(with:)` does; takes effect at the next step.
    public func setTranslatesReferenceBoundsIntoBoundary(with insets: (top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat)) {
        referenceBoundsInsets = insets
        translatesReferenceBoundsIntoBoundary = true
        boundaryRevision += 1
    }

    /// Adds a segment boundary. [quirk] An identifier already in use keeps its old boundary.
    public func addBoundary(withIdentifier identifier: String, from p1: CGPoint, to p2: CGPoint) {
        guard !boundaries.contains(where: { $0.id == identifier }) else { return }
        boundaries.append((identifier, .segment(p1, p2)))
        boundaryRevision += 1
        setNeedsUpdate()
    }

    /// Adds a polyline boundary (closed when `closed`). [quirk] An identifier already in use
    /// keeps its old boundary.
    public func addBoundary(withIdentifier identifier: String, for path: [CGPoint], closed: Bool = true) {
        guard !boundaries.contains(where: { $0.id == identifier }) else { return }
        boundaries.append((identifier, .path(path, closed: closed)))
        boundaryRevision += 1
        setNeedsUpdate()
    }

    /// The points of the boundary with this identifier (a segment's two ends), nil if none.
    public func boundary(withIdentifier identifier: String) -> (points: [CGPoint], closed: Bool)? {
        guard let b = boundaries.first(where: { $0.id == identifier }) else { return nil }
        switch b.shape {
        case .segment(let p, let q): return ([p, q], false)
        case .path(let points, let closed): return (points, closed)
        }
    }

    /// Removes the boundary with this identifier, if any; takes effect at the next step.
    public func removeBoundary(withIdentifier identifier: String) {
        boundaries.removeAll { $0.id == identifier }
        boundaryRevision += 1
        setNeedsUpdate()
    }

    /// Removes every identified boundary; the reference bounds boundary stays as
    /// `translatesReferenceBoundsIntoBoundary` says. Takes effect at the next step.
    public func removeAllBoundaries() {
        boundaries.removeAll()
        boundaryRevision += 1
        setNeedsUpdate()
    }

    /// Identifiers of the added boundaries, in the order they were added (the reference bounds
    /// boundary has none).
    public var boundaryIdentifiers: [String] { boundaries.map(\.id) }

    override var ownItems: [DynamicItem] { list.items }

    override func synchronize(_ animator: DynamicAnimator) {
        let wantsReference = translatesReferenceBoundsIntoBoundary
        let signature = boundaryRevision * 2 + (wantsReference ? 1 : 0)
        guard signature != builtRevision else { return }
        teardown(animator)
        builtRevision = signature
        let world = animator.world
        var def = BodyDef(); def.type = .staticBody
        let body = world.createBody(def)
        boundaryBodies = [body]
        var sd = ShapeDef()
        sd.friction = Self.boundaryFriction
        sd.restitution = Self.boundaryRestitution
        sd.skinRadius = DynamicAnimator.boundarySkin
        sd.isEdge = true
        sd.filterGroups = animator.filterGroup(of: self)
        if wantsReference {
            let r = animator.referenceBounds
            let i = referenceBoundsInsets, out = Self.referenceOutset
            let x0 = r.minX + i.left - out, x1 = r.maxX - i.right + out, y0 = r.minY + i.top - out, y1 = r.maxY - i.bottom + out
            sd.userData = animator.registerBoundary(self, identifier: nil)
            let corners = [CGPoint(x: x0, y: y0), CGPoint(x: x1, y: y0), CGPoint(x: x1, y: y1), CGPoint(x: x0, y: y1)]
            Self.addSolidLoop(corners, to: body, world: world, def: sd)
        }
        for b in boundaries {
            sd.userData = animator.registerBoundary(self, identifier: b.id)
            switch b.shape {
            case .segment(let p, let q):
                world.createChain(body, points: [Vec2(points: p), Vec2(points: q)], closed: false, sd)
            case .path(let pts, let closed):
                // Edges, never solid walls: walls reaching 2,000 pt outward of a closed path
                // swallowed the items outside it (a box boundary around an obstacle view drew
                // an item falling onto it inside).
                world.createChain(body, points: pts.map { Vec2(points: $0) }, closed: closed, sd)
            }
        }
    }

    /// The boundaries as described (not as the engine builds them): the reference bounds
    /// when on, inset and 1 point outside as they collide, then each boundary in order.
    func boundaryOutlines(referenceBounds r: CGRect) -> [DebugOutline] {
        var outlines: [DebugOutline] = []
        if translatesReferenceBoundsIntoBoundary {
            let i = referenceBoundsInsets, out = Self.referenceOutset
            let x0 = r.minX + i.left - out, x1 = r.maxX - i.right + out, y0 = r.minY + i.top - out, y1 = r.maxY - i.bottom + out
            outlines.append(.path([CGPoint(x: x0, y: y0), CGPoint(x: x1, y: y0), CGPoint(x: x1, y: y1), CGPoint(x: x0, y: y1)],
                                  closed: true))
        }
        for b in boundaries {
            switch b.shape {
            case .segment(let p, let q): outlines.append(.path([p, q], closed: false))
            case .path(let points, let closed): outlines.append(.path(points, closed: closed))
            }
        }
        return outlines
    }

    /// How far solid walls reach outward (points).
    static let wallThickness: CGFloat = 2000

    /// A closed convex loop that always holds the items (the reference bounds) as solid walls:
    /// one thick quad outward of each edge. Thin two-sided segments let an item that is
    /// squeezed past an edge's middle be pushed out on the far side; a solid wall always pushes
    /// it back in [choice: "do better" than iOS].
    static func addSolidLoop(_ points: [CGPoint], to body: BodyID, world: World, def: ShapeDef) {
        var area: CGFloat = 0
        for k in points.indices {
            let a = points[k], b = points[(k + 1) % points.count]
            area += a.x * b.y - b.x * a.y
        }
        let sign: CGFloat = area > 0 ? 1 : -1
        for k in points.indices {
            let a = points[k], b = points[(k + 1) % points.count]
            let dx = b.x - a.x, dy = b.y - a.y
            let len = (dx * dx + dy * dy).squareRoot()
            guard len > 1e-6 else { continue }
            // Outward normal: to the right of the edge for a positive-area loop (y down).
            let nx = sign * dy / len * wallThickness, ny = -sign * dx / len * wallThickness
            // Extended along the edge so the walls also fill the corners; for a convex loop the
            // strip beyond an edge's supporting line never reaches inside.
            let ex = dx / len * wallThickness, ey = dy / len * wallThickness
            let a2 = CGPoint(x: a.x - ex, y: a.y - ey), b2 = CGPoint(x: b.x + ex, y: b.y + ey)
            let quad = [a2, b2, CGPoint(x: b2.x + nx, y: b2.y + ny), CGPoint(x: a2.x + nx, y: a2.y + ny)].map { Vec2(points: $0) }
            if let polygon = try? Polygon(points: quad) {
                world.createShape(body, .polygon(polygon), def)
            } else {
                world.createChain(body, points: [Vec2(points: a), Vec2(points: b)], closed: false, def)
            }
        }
    }

    override func teardown(_ animator: DynamicAnimator) {
        for b in boundaryBodies { animator.world.destroyBody(b) }
        boundaryBodies = []
        builtRevision = -1
        animator.releaseBoundaries(of: self)
    }

    override func forgetEngineState() {
        boundaryBodies = []
        builtRevision = -1
        touchCounts = [:]
        filteredMode = nil
        filterGroup = 0
    }

    /// Counts one more touching shape pair for a key; true for the first (a began callback).
    func countTouch(_ key: TouchKey) -> Bool {
        // One lookup: the count is changed in place.
        @inline(__always) func bump(_ n: inout Int) -> Bool { n += 1; return n == 1 }
        return bump(&touchCounts[key, default: 0])
    }

    /// Counts one touching shape pair less; true when the last one ended (an ended callback).
    func releaseTouch(_ key: TouchKey) -> Bool {
        guard let n = touchCounts[key] else { return false }
        if n <= 1 { touchCounts[key] = nil; return true }
        touchCounts[key] = n - 1
        return false
    }
}

/// What a collision behavior counts touches of: two items (their serials, the earlier-joined
/// first) or an item and a boundary (nil: the reference-bounds boundary). A value key rather
/// than a formatted string: a pile landing reports thousands of touches a step.
enum TouchKey: Hashable {
    case items(Int, Int)
    case boundary(item: Int, identifier: String?)

    /// A fixed order: item pairs by serials, then boundaries by item and identifier (nil first).
    static func precedes(_ x: TouchKey, _ y: TouchKey) -> Bool {
        switch (x, y) {
        case let (.items(a, b), .items(c, d)): return (a, b) < (c, d)
        case (.items, .boundary): return true
        case (.boundary, .items): return false
        case let (.boundary(a, i), .boundary(b, j)):
            return a != b ? a < b : (i == nil ? j != nil : j.map { i! < $0 } ?? false)
        }
    }
}
