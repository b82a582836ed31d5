// Design note: a region is a value describing an area relative to a field's position (UIKit's
// UIRegion), tested in field-local points with the edge rules measured on Apple's framework:
// a circle contains its edge (x^2 + y^2 <= R^2, a negative radius acting as its absolute
// value), a rectangle centered on the origin does not (|x| < w/2 and |y| < h/2; negative sizes
// contain nothing). The inverse is the plain complement; the infinite region's inverse is empty.
import Foundation

/// An area of effect for fields (UIRegion).
public indirect enum Region: Equatable, Sendable {
    /// Every point (UIRegion.infinite).
    case infinite
    /// No point.
    case empty
    /// A circle of `radius` points around the origin.
    case radius(CGFloat)
    /// A rectangle of `size` centered on the origin.
    case size(CGSize)
    /// Every point the region does not contain (see `inverse()`).
    case inverse(Region)
    /// Points in either region.
    case union(Region, Region)
    /// Points in both regions (see `contains` for the rectangle-edge quirk).
    case intersection(Region, Region)
    /// Points in the first region and not in the second.
    case difference(Region, Region)

    /// A circle of `radius` points around the origin, its edge included (UIRegion(radius:)).
    public init(radius: CGFloat) { self = .radius(radius) }
    /// A rectangle of `size` points centered on the origin, its edge excluded (UIRegion(size:)).
    public init(size: CGSize) { self = .size(size) }

    /// Everything the region does not contain.
    public func inverse() -> Region {
        switch self {
        case .infinite: return .empty
        case .empty: return .infinite
        default: return .inverse(self)
        }
    }
    /// Points in either region.
    public func byUnion(with other: Region) -> Region { .union(self, other) }
    /// Points in both regions (see `contains` for the rectangle-edge quirk).
    public func byIntersection(with other: Region) -> Region { .intersection(self, other) }
    /// Points in this region and not in `other`.
    public func byDifference(from other: Region) -> Region { .difference(self, other) }

    /// Whether a point (relative to the region's origin) is inside.
    public func contains(_ p: CGPoint) -> Bool {
        switch self {
        case .infinite: return true
        case .empty: return false
        case .radius(let r): return p.x * p.x + p.y * p.y <= r * r
        case .size(let s):
            guard s.width >= 0 && s.height >= 0 else { return false }
            return abs(p.x) < s.width / 2 && abs(p.y) < s.height / 2
        case .inverse(let r): return !r.contains(p)
        case .union(let a, let b): return a.contains(p) || b.contains(p)
        case .intersection(let a, let b):
            // [quirk] UIKit intersects as "a and not inverse(b)", and its inverse of a rectangle
            // leaves the rectangle's own edge out, so the intersection takes that edge in.
            return a.contains(p) && !b.containsOutside(p)
        case .difference(let a, let b): return a.contains(p) && !b.contains(p)
        }
    }

    /// UIKit's inverse test used inside intersections: like `!contains` except that a
    /// rectangle's edge counts as inside neither the rectangle nor this.
    private func containsOutside(_ p: CGPoint) -> Bool {
        switch self {
        case .size(let s):
            guard s.width >= 0 && s.height >= 0 else { return true }
            return abs(p.x) > s.width / 2 || abs(p.y) > s.height / 2
        default:
            return !contains(p)
        }
    }
}
