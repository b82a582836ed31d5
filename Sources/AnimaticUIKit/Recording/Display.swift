// Design note: the display is what UIKit's run loop, display link and Core Animation are to
// an app: the screen's bounds, the clock, the animators to step and the view animations to
// advance. There is one current display (UIKit code runs on one thread): a recorder makes its
// own current while it plays, and what the code under it creates (animators, animations)
// belongs to it. The clock counts physics steps of 1/60 s; `now` is the start of the step
// being run, which is when an animation begun in a callback of that step starts, exactly as
// in the scene player.
import Dynamics
import Foundation
import SceneFormat

/// The screen, clock, animators and running animations of a recording.
final class Display {
    /// The display that code running now belongs to.
    nonisolated(unsafe) static var current = Display(bounds: CGRect(x: 0, y: 0, width: 375, height: 667))
    /// The physics step, UIKit's display frame.
    static let stepInterval = 1.0 / 60

    /// The screen in points.
    let bounds: CGRect
    /// Physics steps run so far.
    var stepCount = 0
    /// Seconds since the recording started, at the start of the current step.
    var now: Double { Double(stepCount) * Display.stepInterval }

    private final class AnimatorRef {
        weak var animator: DynamicAnimator?
        init(_ a: DynamicAnimator) { animator = a }
    }
    private var animatorRefs: [AnimatorRef] = []
    private(set) var animations: [ViewAnimation] = []

    /// A contact a UIKit-style collision delegate was told about.
    struct Contact {
        let began: Bool
        let item: DynamicItem
        let other: DynamicItem?
        /// nil for item-item contacts; .some(nil) for the reference bounds.
        let boundary: String??
        let point: CGPoint
        let time: Double
    }
    /// Contacts since the recorder last took them.
    var contacts: [Contact] = []

    init(bounds: CGRect) { self.bounds = bounds }

    /// The animators made on this display that still exist, in the order they were made.
    var animators: [DynamicAnimator] { animatorRefs.compactMap(\.animator) }

    func register(_ animator: DynamicAnimator) {
        animatorRefs.removeAll { $0.animator == nil }
        animatorRefs.append(AnimatorRef(animator))
    }

    /// Whether an animator of this display moves `item` (holds it in a behavior).
    func animatorMoves(_ item: DynamicItem) -> Bool {
        animators.contains { $0.contains(item) }
    }

    func add(_ animation: ViewAnimation) { animations.append(animation) }

    func noteContact(began: Bool, behavior: CollisionBehavior, item: DynamicItem, other: DynamicItem?, boundary: String??, point: CGPoint) {
        contacts.append(Contact(began: began, item: item, other: other, boundary: boundary, point: point, time: now))
    }

    /// Advances the view animations to time `t` (the end of a step); those that finish call
    /// their completions, in the order they were started.
    func advanceAnimations(to t: Double) {
        var finished: [ViewAnimation] = []
        var k = 0
        while k < animations.count {
            let a = animations[k]
            if t < a.start { k += 1; continue }
            let f = a.duration > 0 ? min((t - a.start) / a.duration, 1) : 1
            a.apply(a.curve.value(f))
            if f >= 1 {
                finished.append(a)
                animations.remove(at: k)
            } else {
                k += 1
            }
        }
        for a in finished { a.completion?(true) }
    }
}
