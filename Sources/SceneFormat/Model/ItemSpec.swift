/// One item (a view) of the scene.
public struct ItemSpec: Equatable, Sendable {
    /// The collision bounds type (and the drawn outline).
    public enum Shape: Equatable, Sendable {
        /// The bounds rectangle (default).
        case rectangle
        /// The ellipse inscribed in the bounds.
        case ellipse
        /// A convex polygon, vertices relative to the center, as written in the file (either
        /// winding; validation guarantees 3...`SceneLimits.maximumPathVertices` vertices,
        /// non-zero area, convex and not self-intersecting).
        case path([ScenePoint])

        /// The file's name for it: `rectangle`, `ellipse` or `path`.
        public var name: String {
            switch self {
            case .rectangle: return "rectangle"
            case .ellipse: return "ellipse"
            case .path: return "path"
            }
        }
    }

    /// A drawn outline.
    public struct Stroke: Equatable, Sendable {
        /// Default black.
        public var color: SceneColor
        /// In points; default 1.
        public var width: Double

        public init(color: SceneColor = .black, width: Double = 1) {
            self.color = color
            self.width = width
        }
    }

    /// Unique among the scene's items.
    public var id: String
    /// Default `.rectangle`.
    public var shape: Shape
    /// Bounds size in points (both > 0).
    public var size: SceneSize
    /// Initial center.
    public var center: ScenePoint
    /// Initial rotation in radians (clockwise on screen); default 0.
    public var angle: Double
    /// Fill; default gray.
    public var color: SceneColor
    /// Outline; default none.
    public var stroke: Stroke?
    /// Drawn corner radius of a rectangle (visual only); default 0.
    public var cornerRadius: Double
    /// Visual opacity 0...1 (not physics); default 1.
    public var alpha: Double
    /// Visual scale about the center (not physics); default 1.
    public var scale: Double
    /// Where the item was written (`items[3]`).
    public var location: SceneLocation

    public init(id: String, shape: Shape = .rectangle, size: SceneSize, center: ScenePoint, angle: Double = 0,
                color: SceneColor = .gray, stroke: Stroke? = nil, cornerRadius: Double = 0,
                alpha: Double = 1, scale: Double = 1, location: SceneLocation = .none) {
        self.id = id
        self.shape = shape
        self.size = size
        self.center = center
        self.angle = angle
        self.color = color
        self.stroke = stroke
        self.cornerRadius = cornerRadius
        self.alpha = alpha
        self.scale = scale
        self.location = location
    }
}
