// Design note: gravity is per behavior in UIKit, so the animator gives each body its own
// gravity vector (the engine's per-body override) from the last gravity behavior that holds
// the item [obs]. Magnitude 1.0 is 1000 pt/s^2, independent of mass [doc].
import Foundation

/// Pulls its items in a direction (UIGravityBehavior).
public final class GravityBehavior: DynamicBehavior {
    private var list = ItemList()
    public var items: [DynamicItem] { list.items }
    /// Acceleration vector; (0, 1) = 1000 pt/s^2 down. Default (0, 1).
    public var gravityDirection = CGVector(dx: 0, dy: 1) { didSet { setNeedsUpdate() } }

    public init(items: [DynamicItem] = []) {
        super.init()
        for item in items { _ = list.add(item) }
    }

    public func addItem(_ item: DynamicItem) { if list.add(item) { setNeedsUpdate() } }
    public func removeItem(_ item: DynamicItem) { if list.remove(item) { setNeedsUpdate() } }

    /// Direction angle in radians (default pi/2, down).
    public var angle: CGFloat {
        get { gravityDirection.dx == 0 && gravityDirection.dy == 0 ? 0 : atan2(gravityDirection.dy, gravityDirection.dx) }
        set { let m = magnitude; gravityDirection = CGVector(dx: m * cos(newValue), dy: m * sin(newValue)) }
    }
    /// Strength (default 1.0). Setting 0 makes the vector (0, 0) and the angle 0.
    public var magnitude: CGFloat {
        get { gravityDirection.length }
        set {
            let a = angle
            gravityDirection = newValue == 0 ? .zero : CGVector(dx: newValue * cos(a), dy: newValue * sin(a))
        }
    }
    /// Sets angle and magnitude together.
    public func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        gravityDirection = magnitude == 0 ? .zero : CGVector(dx: magnitude * cos(angle), dy: magnitude * sin(angle))
    }

    override var ownItems: [DynamicItem] { list.items }

    /// Engine acceleration in m/s^2 (1.0 = 10 m/s^2 = 1000 pt/s^2).
    var acceleration: Vec2 { Vec2(Double(gravityDirection.dx) * 10, Double(gravityDirection.dy) * 10) }
}
