// Design note: a region is a value describing an area relative to a field's position (UIKit's
// UIRegion): circles, rectangles centered on the origin, the infinite region, and boolean
// combinations. The inverse of the infinite region is empty [doc].
import Foundation

/// An area of effect for fields (UIRegion).
public indirect enum Region: Equatable, Sendable {
    case infinite
    case empty
    /// A circle of `radius` points around the origin.
    case radius(CGFloat)
    /// A rectangle of `size` centered on the origin.
    case size(CGSize)
    case inverse(Region)
    case union(Region, Region)
    case intersection(Region, Region)
    case difference(Region, Region)

    public init(radius: CGFloat) { self = .radius(radius) }
    public init(size: CGSize) { self = .size(size) }

    public func inverse() -> Region {
        switch self {
        case .infinite: return .empty
        case .empty: return .infinite
        default: return .inverse(self)
        }
    }
    public func union(with other: Region) -> Region { .union(self, other) }
    public func intersection(with other: Region) -> Region { .intersection(self, other) }
    public func difference(from other: Region) -> Region { .difference(self, other) }

    /// Whether a point (relative to the region's origin) is inside.
    public func contains(_ p: CGPoint) -> Bool {
        switch self {
        case .infinite: return true
        case .empty: return false
        case .radius(let r): return p.x * p.x + p.y * p.y <= r * r
        case .size(let s): return abs(p.x) <= s.width / 2 && abs(p.y) <= s.height / 2
        case .inverse(let r): return !r.contains(p)
        case .union(let a, let b): return a.contains(p) || b.contains(p)
        case .intersection(let a, let b): return a.contains(p) && b.contains(p)
        case .difference(let a, let b): return a.contains(p) && !b.contains(p)
        }
    }
}
