// Design note: a shape attaches geometry and a material to a body. Its proxy in the broad
// phase holds a fat AABB. Geometry is local to the body origin. Which pairs may collide is
// decided by the category/mask/group filter and, above it, by an optional predicate of the
// layer above (UIKit: only items that share a collision behavior).

/// A handle to a shape in a world.
public struct ShapeID: Hashable, Comparable, Sendable {
    public let index: Int
    public static func < (a: ShapeID, b: ShapeID) -> Bool { a.index < b.index }
}

/// Box2D-style collision filtering.
public struct CollisionFilter: Equatable, Sendable {
    public var categoryBits: UInt64 = 1
    public var maskBits: UInt64 = .max
    /// Shapes with the same positive group always collide, negative never.
    public var groupIndex: Int = 0
    public init() {}
    public init(categoryBits: UInt64, maskBits: UInt64, groupIndex: Int = 0) {
        self.categoryBits = categoryBits; self.maskBits = maskBits; self.groupIndex = groupIndex
    }
    func shouldCollide(with b: CollisionFilter) -> Bool {
        if groupIndex == b.groupIndex && groupIndex != 0 { return groupIndex > 0 }
        return (maskBits & b.categoryBits) != 0 && (categoryBits & b.maskBits) != 0
    }
}

/// Material and filtering for a new shape.
public struct ShapeDef: Sendable {
    public var density: Double = 1
    public var friction: Double = 0.6
    public var restitution: Double = 0
    public var filter = CollisionFilter()
    /// Opaque value for the layer above (boundary or item index).
    public var userData: Int = -1
    public var enableContactEvents = true
    public init() {}
}

/// The geometry of a shape.
public enum ShapeGeometry: Sendable {
    case circle(center: Vec2, radius: Double)
    /// A convex polygon or (two vertices) a segment.
    case polygon(Polygon)
}

struct Shape {
    var body: Int
    var geometry: ShapeGeometry
    var density: Double
    var friction: Double
    var restitution: Double
    var filter: CollisionFilter
    var userData: Int
    var enableContactEvents: Bool
    var proxy = -1
    var proxyIsStatic = false
    var fatAABB = AABB(lower: .zero, upper: .zero)
    var alive = true
    /// Vertex and normal storage for polygons; empty for circles.
    var vertices: [Vec2] = []
    var normals: [Vec2] = []
    var radius = 0.0
    var circleCenter = Vec2.zero
    var isCircle = false

    init(body: Int, geometry: ShapeGeometry, def: ShapeDef) {
        self.body = body; self.geometry = geometry
        density = def.density; friction = def.friction; restitution = def.restitution
        filter = def.filter; userData = def.userData; enableContactEvents = def.enableContactEvents
        switch geometry {
        case .circle(let c, let r): isCircle = true; circleCenter = c; radius = r
        case .polygon(let p): vertices = p.vertices; normals = p.normals
        }
    }

    func computeAABB(_ xf: Transform) -> AABB {
        if isCircle {
            let c = xf.apply(circleCenter)
            return AABB(lower: Vec2(c.x - radius, c.y - radius), upper: Vec2(c.x + radius, c.y + radius))
        }
        var lo = xf.apply(vertices[0]), hi = lo
        for i in 1..<vertices.count {
            let v = xf.apply(vertices[i])
            lo = minVec(lo, v); hi = maxVec(hi, v)
        }
        return AABB(lower: lo, upper: hi)
    }

    func massData() -> (mass: Double, center: Vec2, inertia: Double) {
        switch geometry {
        case .circle(let c, let r):
            let m = density * Double.pi * r * r
            return (m, c, m * 0.5 * r * r)
        case .polygon(let p):
            let md = p.massData(density: density)
            return (md.mass, md.center, md.inertiaAboutCenter)
        }
    }

    /// Smallest and largest distance from the centroid to the outline (for CCD and caps).
    func extents(about center: Vec2) -> (min: Double, max: Double) {
        if isCircle { return (radius, (circleCenter - center).length + radius) }
        var minE = Double.infinity, maxE = 0.0
        for i in 0..<vertices.count {
            maxE = max(maxE, (vertices[i] - center).length)
            minE = min(minE, dot(normals[i], vertices[i] - center))
        }
        if vertices.count == 2 { minE = 0 }
        return (max(minE, 0), maxE)
    }
}
