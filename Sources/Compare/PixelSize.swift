// Design note: the size half of a size-mismatch error and of the JSON summary; a named type
// rather than a tuple so that it is Equatable, Codable and prints as "1280 x 720".

/// Width and height of an image in pixels.
public struct PixelSize: Equatable, Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width; self.height = height
    }

    public var description: String { "\(width) x \(height)" }
}
