// Design note: gravity. Magnitude 1.0 is 1000 pt/s^2, independent of mass [doc]. An animator
// has one gravity vector, felt only by the items of its gravity behaviors [measured]; with
// several gravity behaviors the vector set last wins for all of them, and removing any gravity
// behavior sets it to zero [quirk, reproduced]. Angle and magnitude are computed in single
// precision, as UIKit does, from the direction vector.
import Foundation

/// Pulls its items in a direction (UIGravityBehavior).
public final class GravityBehavior: DynamicBehavior {
    private var list = ItemList()
    /// The items that feel gravity, in the order they were added.
    public var items: [DynamicItem] { list.items }
    /// Acceleration vector; (0, 1) = 1000 pt/s^2 down. Default (0, 1).
    public var gravityDirection = CGVector(dx: 0, dy: 1) {
        didSet { dynamicAnimator?.gravityChanged(to: acceleration) }
    }

    /// Creates a gravity behavior for `items` (UIGravityBehavior(items:)), pulling down at
    /// 1000 pt/s^2 (direction (0, 1)).
    public init(items: [DynamicItem] = []) {
        super.init()
        for item in items { _ = list.add(item) }
    }

    /// Adds an item (ignored if already there); takes effect at the next step.
    public func addItem(_ item: DynamicItem) { if list.add(item) { setNeedsUpdate() } }
    /// Removes an item (ignored if absent); takes effect at the next step.
    public func removeItem(_ item: DynamicItem) { if list.remove(item) { setNeedsUpdate() } }

    /// Direction angle in radians (default pi/2, down); 0 while the magnitude is 0.
    public var angle: CGFloat {
        get {
            let dx = Float(gravityDirection.dx), dy = Float(gravityDirection.dy)
            return dx == 0 && dy == 0 ? 0 : CGFloat(atan2f(dy, dx))
        }
        set { setAngle(newValue, magnitude: magnitude) }
    }
    /// Strength (default 1.0). Setting 0 makes the vector (0, 0) and the angle 0.
    public var magnitude: CGFloat {
        get {
            let dx = Float(gravityDirection.dx), dy = Float(gravityDirection.dy)
            return CGFloat((dx * dx + dy * dy).squareRoot())
        }
        set { setAngle(angle, magnitude: newValue) }
    }
    /// Sets angle and magnitude together.
    public func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        let a = Float(angle), m = Float(magnitude)
        gravityDirection = m == 0 ? .zero : CGVector(dx: CGFloat(m * cosf(a)), dy: CGFloat(m * sinf(a)))
    }

    override var ownItems: [DynamicItem] { list.items }

    /// Engine acceleration in m/s^2 (1.0 = 10 m/s^2 = 1000 pt/s^2).
    var acceleration: Vec2 { Vec2(Double(gravityDirection.dx) * 10, Double(gravityDirection.dy) * 10) }

    /// Joining an animator sets its one gravity vector to this behavior's; leaving sets it to
    /// zero [quirk, as UIKit's one gravity vector per animator].
    public override func willMove(to dynamicAnimator: DynamicAnimator?) {
        if let animator = dynamicAnimator {
            // Joining sets the animator's vector to this behavior's.
            animator.gravityChanged(to: acceleration)
        } else if let old = self.dynamicAnimator {
            old.gravityChanged(to: .zero)
        }
    }
}
