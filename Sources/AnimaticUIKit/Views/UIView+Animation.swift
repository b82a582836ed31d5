// Design note: view animations as the scene player runs them, so that the same animation
// gives the same frames from a scene file and from Swift code. A `UIView.animate` block only
// records: each animatable property it sets changes the model at once and is animated in the
// presentation from the value on the screen when the block ran to the model's value. The
// animation starts at the display's current time plus the delay (the start of the physics
// step being run), advances after every step with the scene player's curves, and when it is
// done calls its completion with true; animations that finish in the same step complete in
// the order they were started. Rotation is not animated on a view the dynamic animator moves:
// the animator owns it. A new animation takes over the properties it animates from the
// animations still running on the same view (as UIKit, where the last animation leaves the
// view at its model value): an older one goes on with the others only, and still completes.
import Foundation
import SceneFormat
import ScenePlayer

/// Which presentation properties an animation moves.
struct AnimatedKeys: OptionSet {
    let rawValue: Int
    static let center = AnimatedKeys(rawValue: 1)
    static let alpha = AnimatedKeys(rawValue: 2)
    static let background = AnimatedKeys(rawValue: 4)
    static let scale = AnimatedKeys(rawValue: 8)
    static let rotation = AnimatedKeys(rawValue: 16)
    static let translation = AnimatedKeys(rawValue: 32)
}

/// The changes an animation block makes, collected while it runs.
final class AnimationTransaction {
    struct Entry {
        let view: UIView
        /// The presentation when the block first changed the view.
        let from: UIView.Look
        var keys: AnimatedKeys
    }

    private(set) var entries: [Entry] = []

    /// The block running now, innermost last.
    nonisolated(unsafe) static var stack: [AnimationTransaction] = []
    static var current: AnimationTransaction? { stack.last }

    func note(_ view: UIView, _ keys: AnimatedKeys) {
        if let k = entries.firstIndex(where: { $0.view === view }) {
            entries[k].keys.formUnion(keys)
        } else {
            entries.append(Entry(view: view, from: view.presented, keys: keys))
        }
    }
}

/// A running view animation.
struct ViewAnimation {
    struct Change {
        let view: UIView
        let from: UIView.Look
        let to: UIView.Look
        var keys: AnimatedKeys
    }

    let start: Double
    let duration: Double
    let curve: AnimateAction.Curve
    var changes: [Change]
    let completion: ((Bool) -> Void)?

    /// Gives up the properties `newer` animates on the same views (see the design note).
    mutating func yield(to newer: ViewAnimation) {
        for k in changes.indices {
            for c in newer.changes where c.view === changes[k].view { changes[k].keys.subtract(c.keys) }
        }
    }

    /// Puts the presentation `u` (eased progress) of the way from the old values to the new;
    /// at 1, exactly the new ones (a + 1 (b - a) can miss b by a rounding).
    func apply(_ u: Double) {
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { u >= 1 ? b : a + u * (b - a) }
        for c in changes {
            var p = c.view.presented
            if c.keys.contains(.center) { p.center = CGPoint(x: mix(c.from.center.x, c.to.center.x), y: mix(c.from.center.y, c.to.center.y)) }
            if c.keys.contains(.alpha) { p.alpha = mix(c.from.alpha, c.to.alpha) }
            if c.keys.contains(.background) {
                // The scene player's blend, component by component; no color counts as clear.
                let a = c.from.background ?? .clear, b = c.to.background ?? .clear
                let blend = u >= 1 ? b : SceneColor(red: a.red + u * (b.red - a.red), green: a.green + u * (b.green - a.green),
                                                    blue: a.blue + u * (b.blue - a.blue), alpha: a.alpha + u * (b.alpha - a.alpha))
                p.background = c.to.background == nil && u >= 1 ? nil : blend
            }
            if c.keys.contains(.scale) { p.scaleX = mix(c.from.scaleX, c.to.scaleX); p.scaleY = mix(c.from.scaleY, c.to.scaleY) }
            if c.keys.contains(.rotation) { p.angle = mix(c.from.angle, c.to.angle) }
            if c.keys.contains(.translation) {
                p.translation = CGPoint(x: mix(c.from.translation.x, c.to.translation.x), y: mix(c.from.translation.y, c.to.translation.y))
            }
            c.view.presented = p
        }
    }
}

extension UIView {
    /// Animation options (UIView.AnimationOptions): the timing curve; the other options are
    /// accepted and ignored.
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// Accepted; touches are scripted.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Accepted; an animation always starts from what is on the screen.
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Accepted and ignored: the animation runs once.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Accepted and ignored.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        /// Ease in and out (the default).
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        /// Ease in.
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        /// Ease out.
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        /// Constant speed.
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// The timing curve the options name (ease in and out by default).
        var curve: AnimateAction.Curve {
            switch (rawValue >> 16) & 3 {
            case 1: return .easeIn
            case 2: return .easeOut
            case 3: return .linear
            default: return .easeInOut
            }
        }
    }

    /// Animates the changes `animations` makes to views' center, transform, alpha and
    /// background color over `duration` seconds after `delay`, then calls `completion(true)`.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                              animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        let transaction = AnimationTransaction()
        AnimationTransaction.stack.append(transaction)
        animations()
        AnimationTransaction.stack.removeLast()
        let display = Display.current
        let changes = transaction.entries.map {
            ViewAnimation.Change(view: $0.view, from: $0.from, to: $0.view.model, keys: $0.keys)
        }
        display.add(ViewAnimation(start: display.now + max(delay, 0), duration: max(duration, 0), curve: options.curve,
                                  changes: changes, completion: completion))
    }

    /// `animate(withDuration:delay:options:animations:completion:)` with no delay and the
    /// default curve.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)?) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// `animate(withDuration:delay:options:animations:completion:)` with no delay, the default
    /// curve and no completion.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// Runs `actionsWithoutAnimation` with animations off: its changes show at once.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let saved = AnimationTransaction.stack
        AnimationTransaction.stack = []
        actionsWithoutAnimation()
        AnimationTransaction.stack = saved
    }
}
