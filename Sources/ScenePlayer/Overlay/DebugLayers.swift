// Design note: the overlay's layers as an option set with the names the command line and the
// scene player share; parsing is strict so a typo is reported, never silently ignored.
import SceneFormat

/// Which debug layers to draw.
public struct DebugLayers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let fields = DebugLayers(rawValue: 1)
    public static let shapes = DebugLayers(rawValue: 2)
    public static let boundaries = DebugLayers(rawValue: 4)
    public static let joints = DebugLayers(rawValue: 8)
    public static let velocity = DebugLayers(rawValue: 16)
    public static let contacts = DebugLayers(rawValue: 32)
    public static let all: DebugLayers = [.fields, .shapes, .boundaries, .joints, .velocity, .contacts]
    static let names: [(String, DebugLayers)] = [("fields", .fields), ("shapes", .shapes), ("boundaries", .boundaries),
                                                 ("joints", .joints), ("velocity", .velocity), ("contacts", .contacts), ("all", .all)]

    /// Parses "fields,shapes" or "all"; an unknown name throws `UnknownNameError` (with a
    /// suggestion when it is a near miss), and so does an empty name (an empty list, or a
    /// stray comma: `--debug ""` drew nothing where it meant to draw something).
    public init(parsing text: String) throws {
        var layers: DebugLayers = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let match = Self.names.first(where: { $0.0 == part }) else {
                throw UnknownNameError(kind: "debug layer", name: String(part), known: Self.names.map(\.0))
            }
            layers.insert(match.1)
        }
        self = layers
    }

    /// Whether `text` is a list of layer names ("fields,shapes", "all"): every name known.
    public static func isLayerList(_ text: String) -> Bool {
        (try? DebugLayers(parsing: text)) != nil
    }
}
