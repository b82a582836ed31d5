// Design note: a shape attaches geometry and a material to a body. Its proxy in the broad
// phase holds a fat AABB. Geometry is local to the body origin. Which pairs may collide is
// decided by joints (collideConnected) and by the layer above's pair filter (UIKit: only
// items that share a collision behavior, in its mode). The filter is a call per pair, and a
// pair it turns down is never kept, so it is asked again each time either shape's proxy
// moves: the filter groups (Box2D's category and mask bits, folded into one set) let the
// broad phase pass over pairs that share no group without asking, and a shape in no group
// over every pair, without a query at all.

/// A handle to a shape in a world.
struct ShapeID: Hashable, Comparable, Sendable {
    let index: Int
    static func < (a: ShapeID, b: ShapeID) -> Bool { a.index < b.index }
}

/// Material of a new shape.
struct ShapeDef: Sendable {
    var density: Double = 1
    var friction: Double = 0.6
    var restitution: Double = 0
    /// Opaque value for the layer above (boundary or item index).
    var userData: Int = -1
    var enableContactEvents = true
    /// The filter groups the shape is in, one bit each: the broad phase offers a pair to the
    /// pair filter only when the two shapes share a bit, and a shape with none meets nothing.
    /// (All bits: every pair is offered.)
    var filterGroups: UInt64 = .max
    /// Skin (Box2D's shape radius) in metres: the sequential solver keeps shapes this far
    /// apart on top of their outlines, summed for a pair. Ignored by the soft step.
    var skinRadius: Double = 0
    /// Whether the shape stands for a Box2D 2.2 edge (a boundary segment or a face of a
    /// boundary loop): against a polygon its contacts begin at twice its skin, whatever the
    /// polygon's own skin, as Box2D 2.2's edge-polygon collider does. Sequential step only.
    var isEdge = false
    init() {}
}

/// The geometry of a shape.
enum ShapeGeometry: Sendable {
    case circle(center: Vec2, radius: Double)
    /// A convex polygon or (two vertices) a segment.
    case polygon(Polygon)
}

/// Hot shape data: plain values only (no references), so copying one is a memcpy and the
/// narrow phase never retains. Polygon vertices and normals live in the world's pools.
struct Shape {
    // What the narrow phase reads for every contact comes first, so that it shares one or
    // two cache lines (Swift lays stored properties out in declaration order): in a pile
    // the per-contact loads of these fields were the narrow phase's largest cost.
    var body: Int
    var isCircle = false
    var isEdge: Bool
    var alive = true
    var proxyIsStatic = false
    var skin: Double
    /// Bounding circle in body coordinates: a cheap reject before the separating-axis test.
    var boundCenter = Vec2.zero
    var boundRadius = 0.0
    var radius = 0.0
    var circleCenter = Vec2.zero
    /// Range of this polygon's vertices and normals in the world's pools.
    var vertexStart = 0
    var vertexCount = 0
    var fatAABB = AABB(lower: .zero, upper: .zero)
    var density: Double
    var friction: Double
    var restitution: Double
    var userData: Int
    var enableContactEvents: Bool
    var proxy = -1
    /// `ShapeDef.filterGroups`.
    var filterGroups: UInt64
    /// Area-weighted centroid, mass and inertia about the centroid at density 1.
    var unitMass = 0.0
    var centroid = Vec2.zero
    var unitInertia = 0.0

    init(body: Int, geometry: ShapeGeometry, def: ShapeDef, vertexStart: Int) {
        self.body = body
        density = def.density; friction = def.friction; restitution = def.restitution
        userData = def.userData; enableContactEvents = def.enableContactEvents
        filterGroups = def.filterGroups
        skin = max(0, def.skinRadius)
        isEdge = def.isEdge
        self.vertexStart = vertexStart
        switch geometry {
        case .circle(let c, let r):
            isCircle = true; circleCenter = c; radius = r
            unitMass = Double.pi * r * r; centroid = c; unitInertia = unitMass * 0.5 * r * r
            boundCenter = c; boundRadius = r
        case .polygon(let p):
            vertexCount = p.count
            let md = p.massData(density: 1)
            unitMass = md.mass; centroid = md.center; unitInertia = md.inertiaAboutCenter
            boundCenter = p.centroid
            boundRadius = p.vertices.map { ($0 - p.centroid).length }.max() ?? 0
        }
    }

    func massData() -> (mass: Double, center: Vec2, inertia: Double) {
        (density * unitMass, centroid, density * unitInertia)
    }
}

extension World {
    /// How close two shapes' outlines come before the sequential solver gives them contact
    /// points: their summed skins, or twice an edge's skin against a polygon [quirk: Box2D
    /// 2.2's edge-polygon collider hard-codes 2 x b2_polygonRadius].
    @inline(__always) func contactDistance(_ a: Shape, _ b: Shape) -> Double {
        if a.isEdge != b.isEdge {
            let (edge, other) = a.isEdge ? (a, b) : (b, a)
            if !other.isCircle { return 2 * edge.skin }
        }
        return a.skin + b.skin
    }

    /// The world AABB of a shape for a body transform.
    @inline(__always) func computeAABB(_ s: Int, _ xf: Transform) -> AABB {
        // Only the fields it needs: a whole Shape copied per shape per step added up.
        if shapes[s].isCircle {
            let c = xf.apply(shapes[s].circleCenter), r = shapes[s].radius
            return AABB(lower: Vec2(c.x - r, c.y - r), upper: Vec2(c.x + r, c.y + r))
        }
        let start = shapes[s].vertexStart, count = shapes[s].vertexCount
        return vertexPool.withUnsafeBufferPointer { vp in
            var lo = xf.apply(vp[start]), hi = lo
            for i in (start + 1)..<(start + count) {
                let v = xf.apply(vp[i])
                lo = minVec(lo, v); hi = maxVec(hi, v)
            }
            return AABB(lower: lo, upper: hi)
        }
    }

    /// Smallest and largest distance from `center` to the outline (for CCD and speed caps).
    func extents(_ s: Int, about center: Vec2) -> (min: Double, max: Double) {
        let shape = shapes[s]
        if shape.isCircle { return (shape.radius, (shape.circleCenter - center).length + shape.radius) }
        var minE = Double.infinity, maxE = 0.0
        for i in shape.vertexStart..<(shape.vertexStart + shape.vertexCount) {
            maxE = max(maxE, (vertexPool[i] - center).length)
            minE = min(minE, dot(normalPool[i], vertexPool[i] - center))
        }
        if shape.vertexCount == 2 { minE = 0 }
        return (max(minE, 0), maxE)
    }
}
