/// `UIRegion`: where a field acts, relative to the field's position.
///
/// Written `"infinite"`, `{radius: R}`, `{size: [w, h]}`, `{inverse: REGION}`,
/// `{union: [REGION, REGION]}`, `{intersection: [REGION, REGION]}` or
/// `{difference: [REGION, REGION]}` (the first minus the second).
public indirect enum RegionSpec: Equatable, Sendable {
    /// Everywhere (the default).
    case infinite
    /// A circle of this radius (> 0) around the position.
    case radius(Double)
    /// A rectangle of this size centered on the position.
    case size(SceneSize)
    /// Everything outside the region (the inverse of infinite is empty).
    case inverse(RegionSpec)
    case union(RegionSpec, RegionSpec)
    case intersection(RegionSpec, RegionSpec)
    /// The first region without the second.
    case difference(RegionSpec, RegionSpec)

    /// Whether a point at `offset` from the field's position lies in the region. Points on
    /// the edge of a circle or rectangle count as inside.
    public func contains(_ offset: SceneVector) -> Bool {
        switch self {
        case .infinite:
            return true
        case .radius(let r):
            return offset.dx * offset.dx + offset.dy * offset.dy <= r * r
        case .size(let s):
            return abs(offset.dx) <= s.width / 2 && abs(offset.dy) <= s.height / 2
        case .inverse(let r):
            return !r.contains(offset)
        case .union(let a, let b):
            return a.contains(offset) || b.contains(offset)
        case .intersection(let a, let b):
            return a.contains(offset) && b.contains(offset)
        case .difference(let a, let b):
            return a.contains(offset) && !b.contains(offset)
        }
    }

    /// Nesting depth: 1 for a leaf region.
    public var depth: Int {
        switch self {
        case .infinite, .radius, .size: return 1
        case .inverse(let r): return 1 + r.depth
        case .union(let a, let b), .intersection(let a, let b), .difference(let a, let b):
            return 1 + max(a.depth, b.depth)
        }
    }
}
