// Design note: attachments map to engine joints as measured on Apple's framework. A plain
// attachment is a distance joint between body-local offsets (an offset turns with its item);
// `length` defaults to the distance when the attachment is made; frequency 0 is a rigid rod,
// frequency > 0 Box2D 2.2's soft spring (hertz = frequency, ratio = damping). Item-to-item
// attachments let their two items collide; an anchor attachment ties the item to a static body
// at the anchor, and a rigid one with no length set whose anchor lies within 1 pt of the attach
// point is a revolute joint. The iOS 9 factories: fixed = weld, pin = revolute (frictionTorque
// = a motor at speed 0 with that maximum torque, attachmentRange = angle limits), sliding =
// prismatic along the normalized axis (range in points), limit = rope whose maximum length is
// the anchors' distance when it joins, UIKit placing those anchors at center minus offset in
// the reference axes [quirk]. Factory joints never collide their bodies.
import Foundation

/// A range of values (UIFloatRange).
public struct FloatRange: Equatable, Sendable {
    /// The lower end of the range.
    public var minimum: CGFloat
    /// The upper end of the range.
    public var maximum: CGFloat
    /// Creates the range from `minimum` to `maximum` (UIFloatRange(minimum:maximum:)).
    public init(minimum: CGFloat, maximum: CGFloat) { self.minimum = minimum; self.maximum = maximum }
    /// From -infinity to +infinity (UIFloatRange.infinite): no limit.
    public static let infinite = FloatRange(minimum: -.infinity, maximum: .infinity)
    /// Whether the range is `infinite` (both ends infinite).
    public var isInfinite: Bool { minimum == -.infinity && maximum == .infinity }
}

/// Connects an item to an anchor point or to another item (UIAttachmentBehavior).
public final class AttachmentBehavior: DynamicBehavior {
    /// What an attachment ties its item to (UIAttachmentBehaviorType): `items`, a second item;
    /// `anchor`, a fixed anchor point.
    public enum AttachedType: Sendable { case items, anchor }
    enum Kind { case distance, fixed, pin, sliding, limit }

    /// Whether the attachment ties two items or an item to an anchor point, fixed at creation.
    public let attachedBehaviorType: AttachedType
    let kind: Kind
    /// The attached items in the order given: one for an anchor attachment, two for items.
    public let items: [DynamicItem]
    let offsetA: CGVector
    let offsetB: CGVector
    /// Anchor point in reference coordinates (anchor attachments; pin/fixed/sliding anchors).
    public var anchorPoint: CGPoint { didSet { setNeedsUpdate() } }
    /// Distance kept between the attachment points (distance and limit attachments). Unless
    /// set, the attachment points' distance when the attachment joins an animator [measured]
    /// (before that, their distance when it was made).
    public var length: CGFloat {
        get { measuredLength }
        set { measuredLength = newValue; lengthWasSet = true; setNeedsUpdate() }
    }
    private var measuredLength: CGFloat
    private var lengthWasSet = false
    /// Spring frequency in Hz; 0 = rigid. Default 0.
    public var frequency: CGFloat = 0 { didSet { setNeedsUpdate() } }
    /// Damping ratio of the spring; 1 = critical. Default 0.
    public var damping: CGFloat = 0 { didSet { setNeedsUpdate() } }
    /// Pin attachments: torque resisting rotation.
    public var frictionTorque: CGFloat = 0 { didSet { setNeedsUpdate() } }
    /// Pin: allowed angle range (radians); sliding: allowed translation (points). Must contain 0.
    public var attachmentRange: FloatRange = .infinite { didSet { setNeedsUpdate() } }
    let axis: CGVector
    var joint: JointID?
    /// Whether the joint was built as a revolute for a rod of no length (see `synchronize`).
    var builtAsPin = false

    init(kind: Kind, type: AttachedType, items: [DynamicItem], offsetA: CGVector, offsetB: CGVector,
         anchor: CGPoint, axis: CGVector = CGVector(dx: 1, dy: 0), length: CGFloat? = nil) {
        self.kind = kind
        self.attachedBehaviorType = type
        self.items = items
        self.offsetA = offsetA
        self.offsetB = offsetB
        self.anchorPoint = anchor
        self.axis = axis
        measuredLength = length ?? Self.attachedDistance(kind: kind, type: type, items: items, offsetA: offsetA, offsetB: offsetB,
                                                         anchor: anchor)
        lengthWasSet = length != nil
        super.init()
    }

    /// The distance between the attachment points as the items stand now.
    static func attachedDistance(kind: Kind, type: AttachedType, items: [DynamicItem], offsetA: CGVector, offsetB: CGVector,
                                 anchor: CGPoint) -> CGFloat {
        if kind == .limit {
            // [quirk] UIKit's limit anchors: center minus offset, in the reference axes.
            let pA = items[0].center - offsetA
            let pB = type == .anchor ? anchor : items[1].center - offsetB
            return (pA - pB).length
        }
        let pA = AttachmentBehavior.worldPoint(items[0], offsetA)
        let pB = type == .anchor ? anchor : AttachmentBehavior.worldPoint(items[1], offsetB)
        return (pA - pB).length
    }

    /// [measured] An unset length is the attachment points' distance when the attachment
    /// joins an animator, not when it was made: an attachment made, then added after its
    /// items moved, keeps them as they are when added.
    override func didJoin() {
        guard !lengthWasSet else { return }
        measuredLength = Self.attachedDistance(kind: kind, type: attachedBehaviorType, items: items, offsetA: offsetA,
                                               offsetB: offsetB, anchor: anchorPoint)
    }

    /// An item attached to an anchor point by a rod (or a spring with `frequency`). (Disfavored
    /// so that a layer spelling offsets its own way, as UIKit's UIOffset, wins for `.zero`.)
    @_disfavoredOverload
    public convenience init(item: DynamicItem, offsetFromCenter offset: CGVector = .zero, attachedToAnchor anchor: CGPoint) {
        self.init(kind: .distance, type: .anchor, items: [item], offsetA: offset, offsetB: .zero, anchor: anchor)
    }

    /// Two items attached by a rod (or spring) between points at offsets from their centers.
    @_disfavoredOverload
    public convenience init(item item1: DynamicItem, offsetFromCenter offset1: CGVector = .zero,
                            attachedTo item2: DynamicItem, offsetFromCenter offset2: CGVector = .zero) {
        self.init(kind: .distance, type: .items, items: [item1, item2], offsetA: offset1, offsetB: offset2, anchor: .zero)
    }

    /// Welds two items together at an anchor.
    public static func fixedAttachment(with item1: DynamicItem, attachedTo item2: DynamicItem, attachmentAnchor point: CGPoint) -> AttachmentBehavior {
        AttachmentBehavior(kind: .fixed, type: .items, items: [item1, item2], offsetA: .zero, offsetB: .zero, anchor: point)
    }
    /// Two items pinned at an anchor: they rotate about it, with friction torque and an angle range.
    public static func pinAttachment(with item1: DynamicItem, attachedTo item2: DynamicItem, attachmentAnchor point: CGPoint) -> AttachmentBehavior {
        AttachmentBehavior(kind: .pin, type: .items, items: [item1, item2], offsetA: .zero, offsetB: .zero, anchor: point)
    }
    /// An item pinned to a point of the reference view (an extension: UIKit pins two items).
    public static func pinAttachment(with item: DynamicItem, attachmentAnchor point: CGPoint) -> AttachmentBehavior {
        AttachmentBehavior(kind: .pin, type: .anchor, items: [item], offsetA: .zero, offsetB: .zero, anchor: point)
    }
    /// Two items sliding relative to each other along an axis, never rotating relative to each other.
    public static func slidingAttachment(with item1: DynamicItem, attachedTo item2: DynamicItem, attachmentAnchor point: CGPoint,
                                         axisOfTranslation axis: CGVector) -> AttachmentBehavior {
        AttachmentBehavior(kind: .sliding, type: .items, items: [item1, item2], offsetA: .zero, offsetB: .zero, anchor: point, axis: axis)
    }
    /// An item sliding along an axis through an anchor, never rotating.
    public static func slidingAttachment(with item: DynamicItem, attachmentAnchor point: CGPoint, axisOfTranslation axis: CGVector) -> AttachmentBehavior {
        AttachmentBehavior(kind: .sliding, type: .anchor, items: [item], offsetA: .zero, offsetB: .zero, anchor: point, axis: axis)
    }
    /// Two items tied by a rope: their distance never exceeds `length`.
    @_disfavoredOverload
    public static func limitAttachment(with item1: DynamicItem, offsetFromCenter offset1: CGVector, attachedTo item2: DynamicItem,
                                       offsetFromCenter offset2: CGVector) -> AttachmentBehavior {
        AttachmentBehavior(kind: .limit, type: .items, items: [item1, item2], offsetA: offset1, offsetB: offset2, anchor: .zero)
    }
    /// An item tied to an anchor by a rope (an extension for scenes).
    public static func limitAttachment(with item: DynamicItem, offsetFromCenter offset: CGVector, attachedToAnchor anchor: CGPoint) -> AttachmentBehavior {
        AttachmentBehavior(kind: .limit, type: .anchor, items: [item], offsetA: offset, offsetB: .zero, anchor: anchor)
    }

    static func worldPoint(_ item: DynamicItem, _ offset: CGVector) -> CGPoint {
        let c = cos(item.rotation), s = sin(item.rotation)
        return CGPoint(x: item.center.x + c * offset.dx - s * offset.dy, y: item.center.y + s * offset.dx + c * offset.dy)
    }

    override var ownItems: [DynamicItem] { items }

    override func synchronize(_ animator: DynamicAnimator) {
        let world = animator.world
        guard let bodyA = animator.body(for: items[0]) else { return }
        let bodyB: BodyID
        if attachedBehaviorType == .items {
            guard let b = animator.body(for: items[1]) else { return }
            bodyB = b
        } else {
            bodyB = world.groundBody
        }
        // A live joint is updated in place: rebuilding it would take its frame (a pin's pivot
        // on the second item, a slide's origin, the reference angle) from the items as they
        // are now, not as they were when it was made (a changed frictionTorque moved the
        // pivot; a changed range was measured from where the item had slid). Only a rod of no
        // length built as a revolute is rebuilt, as a distance joint, once it gets a length or
        // a frequency.
        if let j = joint, world.isValid(j), !(builtAsPin && (lengthWasSet || frequency > 0)) {
            if attachedBehaviorType == .anchor { world.setJointTarget(j, Vec2(points: anchorPoint)) }
            switch kind {
            case .distance where !builtAsPin:
                world.setJointSpring(j, hertz: Double(max(frequency, 0)), dampingRatio: Double(damping))
                world.setJointLength(j, Double(length) / pointsPerMeter)
            case .limit:
                world.setJointLength(j, Double(length) / pointsPerMeter)
            case .pin:
                world.setJointFrictionTorque(j, Double(frictionTorque))
                world.setJointLimits(j, angleLimits)
            case .sliding:
                world.setJointLimits(j, translationLimits)
            default: break
            }
            return
        }
        teardown(animator)
        // Engine body A is item 1 (or the ground for anchor attachments) and body B is item 2
        // (or the item), so a pin's angle range is item 2's rotation relative to item 1.
        let isAnchor = attachedBehaviorType == .anchor
        let engineA = isAnchor ? bodyB : bodyA
        let engineB = isAnchor ? bodyA : bodyB
        let anchor = Vec2(points: anchorPoint)
        var def: JointDef
        switch kind {
        case .distance:
            let pointA = isAnchor ? anchor : Vec2(points: world.transformPoint(bodyA, offset: offsetA))
            let pointB = isAnchor ? Vec2(points: world.transformPoint(bodyA, offset: offsetA)) : Vec2(points: world.transformPoint(bodyB, offset: offsetB))
            if isAnchor && frequency == 0 && !lengthWasSet && (pointA - pointB).length * pointsPerMeter < 1 {
                // A rod of no length: a pin at the anchor.
                def = JointDef(kind: .revolute, bodyA: engineA, bodyB: engineB, anchorA: anchor, anchorB: anchor)
                builtAsPin = true
                break
            }
            def = JointDef(kind: .distance, bodyA: engineA, bodyB: engineB, anchorA: pointA, anchorB: pointB)
            // (A rod's length is at least the engine's slop; one of 0 with its two bounds at 0
            // turned into a rope when given a length later.)
            def.length = max(Double(length) / pointsPerMeter, EngineConstants.linearSlop)
            if frequency > 0 {
                def.enableSpring = true; def.hertz = Double(frequency); def.dampingRatio = Double(damping)
            } else {
                def.minLength = def.length!; def.maxLength = def.length!
            }
            def.collideConnected = !isAnchor
        case .limit:
            let pointA = isAnchor ? anchor : Vec2(points: items[0].center - offsetA)
            let pointB = isAnchor ? Vec2(points: items[0].center - offsetA) : Vec2(points: items[1].center - offsetB)
            def = JointDef(kind: .distance, bodyA: engineA, bodyB: engineB, anchorA: pointA, anchorB: pointB)
            def.length = max(Double(length) / pointsPerMeter, EngineConstants.linearSlop)
            def.maxLength = def.length!
        case .fixed:
            def = JointDef(kind: .weld, bodyA: engineA, bodyB: engineB, anchorA: anchor, anchorB: anchor)
        case .pin:
            def = JointDef(kind: .revolute, bodyA: engineA, bodyB: engineB, anchorA: anchor, anchorB: anchor)
            def.frictionTorque = Double(frictionTorque)
            if let limits = angleLimits { (def.enableLimit, def.lower, def.upper) = (true, limits.lowerBound, limits.upperBound) }
        case .sliding:
            def = JointDef(kind: .prismatic, bodyA: engineA, bodyB: engineB, anchorA: anchor, anchorB: anchor)
            def.axis = Vec2(Double(axis.dx), Double(axis.dy))
            if let limits = translationLimits { (def.enableLimit, def.lower, def.upper) = (true, limits.lowerBound, limits.upperBound) }
        }
        joint = world.createJoint(def)
    }

    /// A pin's angle limits in radians (nil: none).
    var angleLimits: ClosedRange<Double>? {
        attachmentRange.isInfinite ? nil : Self.limits(attachmentRange, bound: 1e6, scale: 1)
    }

    /// A sliding attachment's translation limits in metres (nil: none).
    var translationLimits: ClosedRange<Double>? {
        attachmentRange.isInfinite ? nil : Self.limits(attachmentRange, bound: 1e8, scale: pointsPerMeter)
    }

    /// The range clamped to +-bound, in engine units, either way round; nil (no limits) for a
    /// NaN end, which no range can hold (a ClosedRange of NaN traps).
    static func limits(_ range: FloatRange, bound: Double, scale: Double) -> ClosedRange<Double>? {
        guard !range.minimum.isNaN, !range.maximum.isNaN else { return nil }
        let a = Double(max(range.minimum, -CGFloat(bound))) / scale, b = Double(min(range.maximum, CGFloat(bound))) / scale
        return min(a, b)...max(a, b)
    }

    override func teardown(_ animator: DynamicAnimator) {
        if let j = joint { animator.world.destroyJoint(j) }
        forgetEngineState()
    }

    override func forgetEngineState() {
        joint = nil
        builtAsPin = false
    }
}

extension World {
    /// A point at `offset` (points, in the body's rotated frame) from a body's origin, in points.
    func transformPoint(_ body: BodyID, offset: CGVector) -> CGPoint {
        transform(body).apply(Vec2(points: offset)).cgPoint
    }
}
