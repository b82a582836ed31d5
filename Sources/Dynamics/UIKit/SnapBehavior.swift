// Design note: a snap, as measured on Apple's framework: four 4 Hz soft distance joints of
// rest length 50 pt from two opposite corners of the item to a static anchor at the snap
// point. With hw, hh half the item's bounds, item-local (-hw, -hh) is tied to anchor-local
// (-hw - 50, -hh) and (-hw, -hh - 50), and (hw, hh) to (hw + 50, hh) and (hw, hh + 50), anchor
// offsets unrotated. At rest every spring is at its length with the item on the point at
// angle 0; on the way the springs pull the corners unevenly, so the item turns. The damping
// ratio is the snap's `damping` when the snap joins (a later change does not reach a live
// snap [measured]); moving `snapPoint` moves the anchor.
import Foundation

/// Moves an item to a point with a spring-like motion, ending upright (UISnapBehavior).
public final class SnapBehavior: DynamicBehavior {
    /// The item the snap moves.
    public let item: DynamicItem
    /// Where the item settles; changing it sets the item moving again.
    public var snapPoint: CGPoint { didSet { setNeedsUpdate() } }
    /// 0...1, 1 = least oscillation. Default 0.5. Read when the snap joins the animator.
    public var damping: CGFloat = 0.5 { didSet { setNeedsUpdate() } }
    var joints: [JointID] = []

    /// Stiffness of each spring in hertz, and its rest length in points [measured].
    static let hertz = 4.0
    static let springLength: CGFloat = 50

    /// Snaps `item` to `point` (reference coordinates, points) (UISnapBehavior(item:snapTo:));
    /// damping starts at 0.5.
    public init(item: DynamicItem, snapTo point: CGPoint) {
        self.item = item
        self.snapPoint = point
        super.init()
    }

    override var ownItems: [DynamicItem] { [item] }

    /// (item-local corner, anchor offset from the snap point) of the four springs.
    private var springs: [(CGVector, CGVector)] {
        let hw = item.bounds.width / 2, hh = item.bounds.height / 2, l = Self.springLength
        return [(CGVector(dx: -hw, dy: -hh), CGVector(dx: -hw - l, dy: -hh)),
                (CGVector(dx: -hw, dy: -hh), CGVector(dx: -hw, dy: -hh - l)),
                (CGVector(dx: hw, dy: hh), CGVector(dx: hw + l, dy: hh)),
                (CGVector(dx: hw, dy: hh), CGVector(dx: hw, dy: hh + l))]
    }

    override func synchronize(_ animator: DynamicAnimator) {
        guard let body = animator.body(for: item) else { return }
        let world = animator.world
        if joints.count == 4 && joints.allSatisfy({ world.isValid($0) }) {
            for (j, spring) in zip(joints, springs) { world.setJointTarget(j, Vec2(points: snapPoint + spring.1)) }
            return
        }
        teardown(animator)
        let xf = world.transform(body)
        for (corner, offset) in springs {
            var def = JointDef(kind: .distance, bodyA: world.groundBody, bodyB: body,
                               anchorA: Vec2(points: snapPoint + offset), anchorB: xf.apply(Vec2(points: corner)))
            def.length = Double(Self.springLength) / pointsPerMeter
            def.enableSpring = true
            def.hertz = Self.hertz
            def.dampingRatio = Double(damping)
            joints.append(world.createJoint(def))
        }
    }

    override func teardown(_ animator: DynamicAnimator) {
        for j in joints { animator.world.destroyJoint(j) }
        joints = []
    }

    override func forgetEngineState() { joints = [] }
}
