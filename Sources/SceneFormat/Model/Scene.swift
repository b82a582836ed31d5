// Design note: `Scene` is the fully-resolved scene file: every default applied, every color
// and point turned into numbers, every reference checked. The runner never has to look at the
// JSON again. Nodes it may need to blame at run time carry a `SceneLocation`.

/// One scene file, loaded and validated. See `Scene.load(path:)` and
/// `docs/scene-format.md` for the file format.
///
/// ```swift
/// let scene = try Scene.load(path: "scenes/push.json")
/// print(scene.title, scene.frameCount)        // "Push on tap" 360
/// ```
public struct Scene: Equatable, Sendable {
    /// The file's stem: `scenes/push.json` -> `push`.
    public var id: String
    /// The path or file name the scene was loaded from, as given to the loader (used in messages).
    public var sourceFile: String
    /// Human title; defaults to `id`.
    public var title: String
    /// The reference view: its size is the reference bounds of the animator.
    public var canvas: SceneCanvas
    /// Frames per second of the output, 1...240; default 60.
    public var fps: Int
    /// Seconds of simulation, default 5. `frameCount` = round(duration x fps).
    public var duration: Double
    /// Seed of the noise and turbulence fields; default 0.
    public var seed: UInt64
    /// false keeps every body awake (benchmarks); default true.
    public var sleeping: Bool
    /// The items (views), in drawing order (later ones on top). Never empty.
    public var items: [ItemSpec]
    /// The animator's top-level behaviors, in order.
    public var behaviors: [BehaviorSpec]
    /// Reactions to triggers (time, contacts, gestures, pause), in file order.
    public var events: [EventSpec]
    /// Scripted gestures, in file order (not necessarily sorted by time).
    public var input: [InputSpec]

    public init(id: String, sourceFile: String, title: String, canvas: SceneCanvas, fps: Int,
                duration: Double, seed: UInt64, sleeping: Bool, items: [ItemSpec],
                behaviors: [BehaviorSpec], events: [EventSpec], input: [InputSpec]) {
        self.id = id
        self.sourceFile = sourceFile
        self.title = title
        self.canvas = canvas
        self.fps = fps
        self.duration = duration
        self.seed = seed
        self.sleeping = sleeping
        self.items = items
        self.behaviors = behaviors
        self.events = events
        self.input = input
    }

    /// Number of frames rendered: round(duration x fps). Frame k shows time k / fps.
    public var frameCount: Int { Int((duration * Double(fps)).rounded()) }

    /// The item with this id.
    public func item(withID id: String) -> ItemSpec? {
        items.first(where: { $0.id == id })
    }

    /// Every behavior of the initial tree, depth first (a group before its children).
    public var allBehaviors: [BehaviorSpec] {
        behaviors.flatMap { $0.flattened }
    }

    /// Behaviors that events add later (`addBehavior`), depth first, in file order.
    public var behaviorsAddedByEvents: [BehaviorSpec] {
        func collect(_ actions: [ActionSpec]) -> [BehaviorSpec] {
            actions.flatMap { action -> [BehaviorSpec] in
                switch action {
                case .addBehavior(let add): return add.behavior.flattened
                case .animate(let animate): return collect(animate.then)
                default: return []
                }
            }
        }
        return events.flatMap { collect($0.actions) }
    }

    /// The behavior with this id, in the initial tree or added by an event.
    public func behavior(withID id: String) -> BehaviorSpec? {
        allBehaviors.first(where: { $0.id == id }) ?? behaviorsAddedByEvents.first(where: { $0.id == id })
    }

    /// A located diagnostic about this scene, in the same format as the loader's, for
    /// problems found while running it.
    public func diagnostic(_ message: String, at location: SceneLocation, hint: String? = nil,
                           severity: SceneDiagnostic.Severity = .error) -> SceneDiagnostic {
        SceneDiagnostic(severity: severity, file: sourceFile,
                        position: location.position.line > 0 ? location.position : nil,
                        path: location.path, message: message, hint: hint)
    }
}

/// The canvas: the reference view's size in points, the pixel scale, and the background.
public struct SceneCanvas: Equatable, Sendable {
    /// Width in points; default 375 (an iPhone 8's portrait width).
    public var width: Double
    /// Height in points; default 667.
    public var height: Double
    /// Pixels per point, 0.1...8; default 2.
    public var scale: Double
    /// Fill of the whole canvas; default white.
    public var background: SceneColor

    public init(width: Double = 375, height: Double = 667, scale: Double = 2, background: SceneColor = .white) {
        self.width = width
        self.height = height
        self.scale = scale
        self.background = background
    }

    /// The size in points.
    public var size: SceneSize { SceneSize(width: width, height: height) }

    /// The point written `"center"` in a scene file.
    public var center: ScenePoint { ScenePoint(x: width / 2, y: height / 2) }
}
