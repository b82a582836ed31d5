// Design note: the scene model uses its own tiny geometry values instead of the engine's, so
// that the Scenes layer can be read, validated and written without linking the physics. The
// runner converts them at the boundary (one line each).

/// A point in canvas points, y down. The scene file writes it `[x, y]` or `"center"`.
public struct ScenePoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = ScenePoint(x: 0, y: 0)

    public var description: String { "[\(formatNumber(x)), \(formatNumber(y))]" }

    /// The vector from `self` to `other`.
    public func vector(to other: ScenePoint) -> SceneVector {
        SceneVector(dx: other.x - x, dy: other.y - y)
    }

    /// `self` moved by `vector`.
    public func offset(by vector: SceneVector) -> ScenePoint {
        ScenePoint(x: x + vector.dx, y: y + vector.dy)
    }
}

/// A vector (a direction, a velocity, an offset). The scene file writes it `[dx, dy]`.
public struct SceneVector: Hashable, Sendable, CustomStringConvertible {
    public var dx: Double
    public var dy: Double

    public init(dx: Double, dy: Double) {
        self.dx = dx
        self.dy = dy
    }

    public static let zero = SceneVector(dx: 0, dy: 0)

    /// Euclidean length.
    public var length: Double { (dx * dx + dy * dy).squareRoot() }

    /// Angle in radians from +x, positive = clockwise on screen (y down); 0 for the zero vector.
    public var angle: Double { dx == 0 && dy == 0 ? 0 : atan2Double(dy, dx) }

    /// The vector of length `magnitude` at `angle` (radians, clockwise on screen).
    public init(angle: Double, magnitude: Double) {
        self.init(dx: magnitude * cosDouble(angle), dy: magnitude * sinDouble(angle))
    }

    public var description: String { "[\(formatNumber(dx)), \(formatNumber(dy))]" }
}

/// A size in points. The scene file writes it `[width, height]`.
public struct SceneSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public var description: String { "[\(formatNumber(width)), \(formatNumber(height))]" }
}

/// Edge insets in points, written `[top, left, bottom, right]` like `UIEdgeInsets`.
public struct SceneInsets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = SceneInsets(top: 0, left: 0, bottom: 0, right: 0)
}

/// Where a model node was written: its position in the file and its JSON path
/// (`behaviors[2].items[0]`). The runner uses it to locate problems it finds at run time;
/// `Scene.diagnostic(_:at:hint:)` turns it into a located message.
public struct SceneLocation: Hashable, Sendable, CustomStringConvertible {
    /// Line and column of the node's first character.
    public var position: SourcePosition
    /// JSON path from the document root; empty for the root itself.
    public var path: String

    public init(position: SourcePosition, path: String) {
        self.position = position
        self.path = path
    }

    /// A location for nodes made in code rather than read from a file.
    public static let none = SceneLocation(position: SourcePosition(line: 0, column: 0), path: "")

    public var description: String { path.isEmpty ? "\(position)" : "\(position) (\(path))" }
}
