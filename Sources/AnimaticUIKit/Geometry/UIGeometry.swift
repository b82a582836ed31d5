// Design note: UIKit's small geometry values. The dynamics API below them speaks CGVector
// offsets and tuple insets; these are the UIKit spellings, converted where they meet it.
import Dynamics
import Foundation

/// A horizontal and vertical offset (UIOffset), as UIKit's attachments and pushes take it.
public struct UIOffset: Equatable, Hashable, Sendable {
    /// Points along x.
    public var horizontal: CGFloat
    /// Points along y (down).
    public var vertical: CGFloat
    /// An offset of `horizontal`, `vertical` points.
    public init(horizontal: CGFloat, vertical: CGFloat) { self.horizontal = horizontal; self.vertical = vertical }
    /// No offset.
    public init() { self.init(horizontal: 0, vertical: 0) }
    /// No offset.
    public static let zero = UIOffset()

    /// The offset as the dynamics API's vector.
    var vector: CGVector { CGVector(dx: horizontal, dy: vertical) }
    init(_ v: CGVector) { self.init(horizontal: v.dx, vertical: v.dy) }
}

/// Insets of the four edges of a rectangle (UIEdgeInsets).
public struct UIEdgeInsets: Equatable, Hashable, Sendable {
    /// Points in from the top edge.
    public var top: CGFloat
    /// Points in from the left edge.
    public var left: CGFloat
    /// Points in from the bottom edge.
    public var bottom: CGFloat
    /// Points in from the right edge.
    public var right: CGFloat
    /// Insets of the four edges.
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    /// No insets.
    public init() { self.init(top: 0, left: 0, bottom: 0, right: 0) }
    /// No insets.
    public static let zero = UIEdgeInsets()
}

extension CGRect {
    /// The rectangle with its edges moved in by `insets` (UIKit's `inset(by:)`).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left, y: origin.y + insets.top,
               width: size.width - insets.left - insets.right, height: size.height - insets.top - insets.bottom)
    }
}

/// A range of values (UIFloatRange): attachment ranges.
public typealias UIFloatRange = FloatRange

extension FloatRange {
    /// The range containing 0 only.
    public static let zero = FloatRange(minimum: 0, maximum: 0)
}
