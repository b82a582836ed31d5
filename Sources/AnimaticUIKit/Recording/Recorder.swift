// Design note: the recorder plays a view controller like a device and like the scene player,
// so that its frames can be compared with a scene's byte for byte. It puts the controller's
// view on a screen of its own (loadView, viewDidLoad, viewWillAppear, viewDidAppear: frame 0
// is the state after that), then frame k shows time k / fps. The physics advances in steps of
// 1/60 s; before each step the scripted taps and pans due by then are delivered to the views'
// gesture recognizers and scripted code due by then runs, then the finger of the current pan
// moves (`.changed`, and `.ended` when its time is up); then every animator of the display
// steps, in the order they were made (their delegates and collision callbacks run inside the
// step), and the view animations advance to the end of the step. The frames are built from
// the view tree (see Recorder+Frames.swift) and written by the render pipeline of the scene
// player: same files, same manifest, same previews.
import Dynamics
import Foundation
import FrameFiles
import Rendering
import SceneFormat
import ScenePlayer

/// A failure of a recording: bad settings, or a simulation that went non-finite.
public struct RecorderError: Error, CustomStringConvertible {
    /// What went wrong, naming the recording.
    public let message: String
    public var description: String { message }
}

/// Records a view controller driven by a gesture script into frames, as `animatic render`
/// renders a scene.
///
/// ```swift
/// let recorder = try Recorder(id: "push", duration: 10,
///                             gestures: [.tap(at: 0.5, CGPoint(x: 360, y: 15))]) { PushViewController() }
/// let result = try recorder.render(RenderSettings(outputFolder: "output/recipes"))
/// print(result.summary)   // push: 600 frames 750x1334 in 3.10 s -> output/recipes/push
/// ```
public final class Recorder: FramePlayer {
    /// The id of the recording: the name of its output folder.
    public let id: String
    /// The title written in the manifest.
    public let title: String
    /// The screen's size in points.
    public let size: CGSize
    /// Pixels per point.
    public let scale: Double
    /// Frames per second of the display clock (the physics always steps at 60 Hz).
    public let framesPerSecond: Int
    /// Seconds recorded.
    public let duration: TimeInterval
    /// The script.
    public let gestures: [Gesture]
    /// The view controller on the screen.
    public let viewController: UIViewController

    let display: Display
    var inputQueue: [Gesture]
    var calls: [Gesture]
    var activePan: ActivePan?
    /// Every view seen in the tree, in the order first seen (trace ids and velocity arrows).
    var knownViews: [UIView] = []
    var frameContacts: [Display.Contact] = []
    var contactFrames: [Int] = []
    /// The frame currently shown.
    public private(set) var frameIndex = 0

    /// A pan in progress.
    struct ActivePan {
        let gesture: Gesture
        let path: [ScenePoint]
        let duration: TimeInterval
        let recognizer: UIPanGestureRecognizer?
        var finger: FingerMotion
    }

    /// Puts the view controller `make` returns on a screen of `size` points (at `scale` pixels
    /// per point) and brings it to its first frame. Throws ``RecorderError`` for settings a
    /// scene file could not have (fps outside 1...240, a duration outside 0...600 s, more than
    /// 36,000 frames, a pan without points).
    public init(id: String, title: String? = nil, size: CGSize = CGSize(width: 375, height: 667), scale: Double = 2,
                fps: Int = 60, duration: TimeInterval = 5, gestures: [Gesture] = [],
                viewController make: () -> UIViewController) throws {
        guard !id.isEmpty, !id.contains("/") else { throw RecorderError(message: "recording id '\(id)' must be a file name") }
        guard SceneLimits.fpsRange.contains(fps) else { throw RecorderError(message: "\(id): fps must be in 1...240, not \(fps)") }
        guard duration > 0, duration <= SceneLimits.maximumDuration else {
            throw RecorderError(message: "\(id): duration must be more than 0 and at most 600 s, not \(duration)")
        }
        let frames = Int((duration * Double(fps)).rounded())
        guard (1...SceneLimits.maximumFrameCount).contains(frames) else {
            throw RecorderError(message: "\(id): \(frames) frames; a recording has 1 to 36,000")
        }
        guard size.width > 0, size.height > 0, SceneLimits.scaleRange.contains(scale) else {
            throw RecorderError(message: "\(id): the screen needs a positive size and a scale in 0.1...8")
        }
        for g in gestures {
            if case .pan(let path, let d) = g.action, path.isEmpty || !(d > 0) {
                throw RecorderError(message: "\(id): the pan at \(g.time) s needs at least one point and a positive duration")
            }
        }
        self.id = id
        self.title = title ?? id
        self.size = size
        self.scale = scale
        framesPerSecond = fps
        self.duration = duration
        self.gestures = gestures
        inputQueue = gestures.filter { if case .run = $0.action { return false }; return true }.sorted { $0.time < $1.time }
        calls = gestures.filter { if case .run = $0.action { return true }; return false }.sorted { $0.time < $1.time }
        display = Display(bounds: CGRect(origin: .zero, size: size))
        Display.current = display
        viewController = make()
        viewController.loadViewIfNeeded()
        if viewController.view.frame != display.bounds { viewController.view.frame = display.bounds }
        viewController.viewWillAppear(false)
        viewController.viewDidAppear(false)
        takeContacts()
    }

    /// Frames of the whole recording: round(duration x fps).
    public var frameCount: Int { Int((duration * Double(framesPerSecond)).rounded()) }
    /// Time of the current frame.
    public var time: Double { Double(frameIndex) / Double(framesPerSecond) }
    /// Physics steps run so far.
    public var stepCount: Int { display.stepCount }

    /// Advances to the next frame: every physics step due before its time.
    public func advanceFrame() throws {
        Display.current = display
        frameContacts.removeAll()
        frameIndex += 1
        let target = FrameSteps.steps(beforeFrame: frameIndex, fps: framesPerSecond, stepsPerSecond: Int(Display.stepsPerSecond))
        while display.stepCount < target { try stepOnce() }
    }

    /// One physics step with the script, the animators and the view animations around it.
    func stepOnce() throws {
        let t = display.now
        deliverInput(upTo: t)
        while let next = calls.first, next.time <= t + 1e-9 {
            calls.removeFirst()
            if case .run(let body) = next.action { body() }
        }
        updatePan(at: t)
        for animator in display.animators { animator.step(Display.stepInterval) }
        display.stepCount += 1
        takeContacts()
        display.advanceAnimations(to: display.now)
        try checkFinite()
    }

    /// Moves the contacts the display was told about into this frame's.
    func takeContacts() {
        for c in display.contacts {
            frameContacts.append(c)
            if c.began && contactFrames.last != frameIndex { contactFrames.append(frameIndex) }
        }
        display.contacts.removeAll()
    }

    /// A non-finite state stops the recording with a message naming the view and the time,
    /// and the code as its cause when the animator was given the state already non-finite.
    func checkFinite() throws {
        for animator in display.animators where animator.contactLimitReached {
            throw RecorderError(message: "\(id): more than 1,000,000 pairs of views touch at "
                + "t = \(String(format: "%.3f", display.now)) s, the most the engine holds; hint: spread the views out")
        }
        for animator in display.animators {
            for item in animator.nonFiniteItems {
                if animator.wasGivenNonFiniteState(item) {
                    // (The step that took it in started 1/60 s before now.)
                    let start = Double(display.stepCount - 1) / Display.stepsPerSecond
                    throw RecorderError(message: "\(id): \(item) was given a non-finite center (\(item.center.x), \(item.center.y)) "
                        + "or transform before t = \(String(format: "%.3f", start)) s; hint: check the code that sets it "
                        + "(and call updateItem(usingCurrentState:) only with finite values)")
                }
                throw RecorderError(message: "\(id): the simulation went non-finite at t = \(String(format: "%.3f", display.now)) s "
                    + "for \(item); hint: lower extreme strengths, frequencies or velocities")
            }
        }
    }

    /// What the manifest says about the recording. With no scene file, `sceneSHA256` hashes
    /// the recording's description (id, screen, fps, duration, script).
    public var metadata: FrameSequenceMetadata {
        let description = (["recording \(id)", "screen \(size.width) \(size.height) \(scale)", "fps \(framesPerSecond)",
                            "duration \(duration)"] + gestures.map(\.summary)).joined(separator: "\n")
        return FrameSequenceMetadata(sceneID: id, title: title, fps: Double(framesPerSecond), frameCount: frameCount,
                                     sceneSHA256: SHA256.hexDigest(of: Data(description.utf8)), toolVersion: FramePipeline.toolVersion)
    }

    /// Plays the recording from its first frame and writes it as `animatic render` writes a
    /// scene: `settings.outputFolder/ID/` with the frames, `manifest.json` and whatever the
    /// settings ask for (trace, previews, sheet, poster). A recorder renders once.
    @discardableResult
    public func render(_ settings: RenderSettings = RenderSettings()) throws -> RenderResult {
        if let problem = SceneLimits.drawnPixelProblem(width: Double(size.width), height: Double(size.height), scale: scale) {
            throw RecorderError(message: "\(id) would be drawn as \(problem); hint: lower the scale or the screen size")
        }
        guard frameIndex == 0 else { throw RecorderError(message: "\(id): a recorder renders once, from its first frame") }
        return try FramePipeline.render(self, metadata: metadata, settings: settings)
    }

    /// Frames whose interval saw a contact begin (reported by any collision behavior, whether
    /// or not it has a delegate: the frames a contact sheet marks).
    public var framesWithContacts: [Int] { contactFrames }
}
