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
import ScenePlayer

/// The screen, clock, animators and running animations of a recording.
final class Display {
    /// The display that code running now belongs to.
    nonisolated(unsafe) static var current = Display(bounds: CGRect(x: 0, y: 0, width: 375, height: 667))
    /// Physics steps a second, UIKit's display frames.
    static let stepsPerSecond = 60.0
    /// The physics step, UIKit's display frame.
    static let stepInterval = 1 / stepsPerSecond

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

    /// A contact a collision behavior reported.
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

    /// Steps `animator` with this display and notes every contact its collision behaviors
    /// report, delegate or not, as the scene player does for a scene's trace and sheet.
    func register(_ animator: DynamicAnimator) {
        animatorRefs.removeAll { $0.animator == nil }
        animatorRefs.append(AnimatorRef(animator))
        // (Weak: an animator may outlive the recording that stepped it, and be stepped by hand.)
        animator.contactObserver = { [weak self] r in
            // An ended contact is placed at the item's center, as the scene player places it.
            self?.noteContact(began: r.began, behavior: r.behavior, item: r.item, other: r.other, boundary: r.boundary,
                             point: r.point ?? r.item.center)
        }
    }

    /// Whether an animator of this display moves `item` (holds it in a behavior).
    func animatorMoves(_ item: DynamicItem) -> Bool {
        animators.contains { $0.contains(item) }
    }

    /// Starts an animation; those running yield it the properties it animates. (Left to run,
    /// an older animation wrote its own target over the newer one's every step, and left the
    /// view showing another value than its model's.)
    func add(_ animation: ViewAnimation) {
        for k in animations.indices { animations[k].yield(to: animation) }
        animations.append(animation)
    }

    func noteContact(began: Bool, behavior: CollisionBehavior, item: DynamicItem, other: DynamicItem?, boundary: String??, point: CGPoint) {
        // Divided, as the scene player times its events: to the last bit the time of the frame
        // the step starts at (`now` multiplies, an ulp off for some steps).
        contacts.append(Contact(began: began, item: item, other: other, boundary: boundary, point: point,
                                time: Double(stepCount) / Display.stepsPerSecond))
    }

    /// Advances the view animations to time `t` (the end of a step); those that finish call
    /// their completions, in the order they were started.
    func advanceAnimations(to t: Double) {
        var finished: [ViewAnimation] = []
        var k = 0
        while k < animations.count {
            let a = animations[k]
            // (Timed as the scene player's animations are.)
            guard let f = AnimateAction.fraction(at: t, start: a.start, duration: a.duration) else { k += 1; continue }
            let done = f == 1
            a.apply(done ? 1 : a.curve.value(f))
            if done {
                finished.append(a)
                animations.remove(at: k)
            } else {
                k += 1
            }
        }
        for a in finished { a.completion?(true) }
    }
}
