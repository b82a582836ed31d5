// Design note: a snap is the engine's snap joint: an implicit spring from the item's center
// to the snap point plus an angular spring to rotation 0. [choice] Apple's model is four 4 Hz
// distance springs [obs]; one 4 Hz spring with damping ratio = `damping` (floored at 0.1 so
// damping 0 still settles, as on iOS) gives the documented settle time: a 60x60 view 250 pt
// away stops visibly within about 0.5 s at the default damping 0.5.
import Foundation

/// Moves an item to a point with a spring-like motion, ending upright (UISnapBehavior).
public final class SnapBehavior: DynamicBehavior {
    public let item: DynamicItem
    /// Where the item settles; changing it sets the item moving again.
    public var snapPoint: CGPoint { didSet { setNeedsUpdate() } }
    /// 0...1, 1 = least oscillation. Default 0.5.
    public var damping: CGFloat = 0.5 { didSet { setNeedsUpdate() } }
    var joint: JointID?

    /// Stiffness of the snap spring in hertz.
    static let hertz = 4.0

    public init(item: DynamicItem, snapTo point: CGPoint) {
        self.item = item
        self.snapPoint = point
        super.init()
    }

    override var ownItems: [DynamicItem] { [item] }

    var dampingRatio: Double { max(0.1, min(Double(damping), 1)) }

    override func synchronize(_ animator: DynamicAnimator) {
        guard let body = animator.body(for: item) else { return }
        let world = animator.world
        let target = Vec2(points: snapPoint)
        if let j = joint, world.isValid(j) {
            world.setJointTarget(j, target)
            world.setJointSpring(j, hertz: Self.hertz, dampingRatio: dampingRatio)
        } else {
            var def = JointDef(kind: .snap, bodyA: world.groundBody, bodyB: body, anchorA: target, anchorB: world.position(body))
            def.hertz = Self.hertz
            def.dampingRatio = dampingRatio
            joint = world.createJoint(def)
        }
    }

    override func teardown(_ animator: DynamicAnimator) {
        if let j = joint { animator.world.destroyJoint(j) }
        joint = nil
    }
}
