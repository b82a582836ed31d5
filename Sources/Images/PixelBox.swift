// Design note: a rectangle of whole pixels in an image's own grid ((0, 0) top-left, y down),
// as x, y, width, height so it can be drawn (CSS, Cairo) or cropped without off-by-one
// arithmetic at the call site: the box of every differing pixel in a comparison, the changed
// rectangle of a GIF frame. It is Codable for the JSON summary.

/// A rectangle of whole pixels.
public struct PixelBox: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Number of columns (at least 1 for a box that holds a pixel).
    public var width: Int
    /// Number of rows.
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// Whether pixel (`x`, `y`) lies in the box.
    public func contains(x pixelX: Int, y pixelY: Int) -> Bool {
        pixelX >= x && pixelX < x + width && pixelY >= y && pixelY < y + height
    }

    /// The smallest box holding both boxes (the box of a folder is the union of its frames').
    public func union(_ other: PixelBox) -> PixelBox {
        let left = min(x, other.x), top = min(y, other.y)
        let right = max(x + width, other.x + other.width), bottom = max(y + height, other.y + other.height)
        return PixelBox(x: left, y: top, width: right - left, height: bottom - top)
    }

    public var description: String { "\(width) x \(height) at (\(x), \(y))" }
}
