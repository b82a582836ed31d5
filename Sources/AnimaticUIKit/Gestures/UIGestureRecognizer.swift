// Design note: gesture recognizers without the Objective-C runtime. UIKit's target-action
// pair (`target: self, action: #selector(handleTap(_:))`) needs selectors; here the action is
// a method reference, `UITapGestureRecognizer(target: self, action: ViewController.handleTap)`,
// held with a weak target as UIKit holds its targets. Touches are scripted: the recorder hit-
// tests each scripted touch, finds the recognizers of the hit view and its ancestors, and
// drives the first one of the right kind through its states, calling its actions.
import Foundation

/// Recognizes a gesture and calls its actions (UIGestureRecognizer).
open class UIGestureRecognizer {
    /// The states of a recognizer (UIKit's, including `.recognized`, which is `.ended`).
    public enum State: Int, Sendable {
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture (a tap) was recognized.
        public static let recognized = State.ended
    }

    /// Where the gesture is now.
    public internal(set) var state: State = .possible
    /// The view the recognizer is attached to.
    public internal(set) weak var view: UIView?
    /// A disabled recognizer ignores touches.
    open var isEnabled = true
    /// The touch's position in the window (the canvas).
    var windowLocation = CGPoint.zero
    private var actions: [(UIGestureRecognizer) -> Void] = []

    /// A recognizer with no action yet.
    public init() {}

    /// Adds an action: a method of `target` taking no argument.
    public func addTarget<T: AnyObject>(_ target: T, action: @escaping (T) -> () -> Void) {
        actions.append { [weak target] _ in if let target { action(target)() } }
    }

    /// Adds an action: a method of `target` taking the recognizer (UIKit's `handle(_:)`
    /// form), called when this recognizer is of the type the method takes.
    public func addTarget<T: AnyObject, R: UIGestureRecognizer>(_ target: T, action: @escaping (T) -> (R) -> Void) {
        actions.append { [weak target] recognizer in
            if let target, let r = recognizer as? R { action(target)(r) }
        }
    }

    /// Adds an action that receives the recognizer.
    func addAction(_ action: @escaping (UIGestureRecognizer) -> Void) { actions.append(action) }

    /// Removes every action.
    public func removeAllTargets() { actions.removeAll() }

    /// The touch's position in `view`'s coordinates (the window's when nil).
    open func location(in view: UIView?) -> CGPoint {
        view?.localPoint(fromWindow: windowLocation) ?? windowLocation
    }

    /// Number of touches (scripted gestures use one finger).
    open var numberOfTouches: Int { state == .possible || state == .failed ? 0 : 1 }

    /// Moves to `state` at `location` (window coordinates) and calls the actions.
    func deliver(_ state: State, at location: CGPoint) {
        self.state = state
        windowLocation = location
        for action in actions { action(self) }
    }

    /// Makes `target`'s method `action` an action of `recognizer`, passing the recognizer as
    /// its concrete type.
    static func bind<R: UIGestureRecognizer, T: AnyObject>(_ recognizer: R, _ target: T, _ action: @escaping (T) -> (R) -> Void) {
        recognizer.addAction { [weak target, unowned recognizer] _ in
            if let target { action(target)(recognizer) }
        }
    }
}

/// Recognizes a tap (UITapGestureRecognizer): a discrete gesture, whose actions run once with
/// state `.ended`.
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// Kept for source compatibility; a scripted tap is one tap.
    open var numberOfTapsRequired = 1

    /// A tap recognizer calling `action` on `target` with the recognizer.
    public init<T: AnyObject>(target: T, action: @escaping (T) -> (UITapGestureRecognizer) -> Void) {
        super.init()
        UIGestureRecognizer.bind(self, target, action)
    }

    /// A tap recognizer calling `action` on `target`.
    public init<T: AnyObject>(target: T, action: @escaping (T) -> () -> Void) {
        super.init()
        addTarget(target, action: action)
    }

    /// A tap recognizer with no action yet.
    public override init() { super.init() }
}

/// Recognizes a pan (UIPanGestureRecognizer): `.began` when the finger goes down, `.changed`
/// as it moves, `.ended` when it lifts.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    /// Where the finger went down (window coordinates), moved by `setTranslation(_:in:)`.
    var startLocation = CGPoint.zero
    /// The finger's velocity in points per second (window axes).
    var windowVelocity = CGVector.zero

    /// A pan recognizer calling `action` on `target` with the recognizer.
    public init<T: AnyObject>(target: T, action: @escaping (T) -> (UIPanGestureRecognizer) -> Void) {
        super.init()
        UIGestureRecognizer.bind(self, target, action)
    }

    /// A pan recognizer calling `action` on `target`.
    public init<T: AnyObject>(target: T, action: @escaping (T) -> () -> Void) {
        super.init()
        addTarget(target, action: action)
    }

    /// A pan recognizer with no action yet.
    public override init() { super.init() }

    /// How far the finger has moved since it went down (or since `setTranslation(_:in:)`), in
    /// `view`'s coordinates.
    open func translation(in view: UIView?) -> CGPoint {
        let a = location(in: view)
        let b = view?.localPoint(fromWindow: startLocation) ?? startLocation
        return CGPoint(x: a.x - b.x, y: a.y - b.y)
    }

    /// Makes the current translation `translation` (in `view`'s coordinates).
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        let here = location(in: view)
        let start = CGPoint(x: here.x - translation.x, y: here.y - translation.y)
        startLocation = view?.windowPoint(start) ?? start
    }

    /// The finger's velocity in points per second, in `view`'s axes.
    open func velocity(in view: UIView?) -> CGPoint {
        let origin = location(in: view)
        let ahead = view?.localPoint(fromWindow: CGPoint(x: windowLocation.x + windowVelocity.dx, y: windowLocation.y + windowVelocity.dy))
            ?? CGPoint(x: windowLocation.x + windowVelocity.dx, y: windowLocation.y + windowVelocity.dy)
        return CGPoint(x: ahead.x - origin.x, y: ahead.y - origin.y)
    }
}
