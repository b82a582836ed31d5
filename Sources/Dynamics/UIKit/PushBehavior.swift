// Design note: pushes are forces (continuous) or impulses (instantaneous) applied before each
// step. Magnitude 1.0 on a 100x100 pt item of density 1 (1 kg at 100 pt/m) gives 100 pt/s^2,
// i.e. one newton [doc]; an instantaneous push of 1.0 is an impulse of 1 N s (+100 pt/s on that
// item) [obs]. An instantaneous push fires once, sets `active` to false, and fires again when
// set active. Offsets from the center apply the force off-center and turn the item [doc].
import Foundation

/// Applies a continuous or instantaneous force to its items (UIPushBehavior).
public final class PushBehavior: DynamicBehavior {
    public enum Mode: Sendable { case continuous, instantaneous }

    public let mode: Mode
    private var list = ItemList()
    public var items: [DynamicItem] { list.items }
    /// Force vector in UIKit newtons. Default (0, 0).
    public var pushDirection = CGVector.zero {
        didSet {
            if pushDirection != .zero { zeroMagnitudeAngle = atan2(pushDirection.dy, pushDirection.dx) }
            setNeedsUpdate()
        }
    }
    /// The angle while the magnitude is 0: UIKit keeps angle and magnitude apart, so setting the
    /// angle first and the magnitude after (the recipes' order) pushes at that angle.
    private var zeroMagnitudeAngle: CGFloat = 0
    /// Whether the push acts. Instantaneous pushes turn it off after firing.
    public var active = true { didSet { if active && !oldValue { pendingImpulse = true }; setNeedsUpdate() } }
    private var pendingImpulse = true
    private var offsets: [ObjectIdentifier: CGVector] = [:]

    public init(items: [DynamicItem] = [], mode: Mode) {
        self.mode = mode
        super.init()
        for item in items { _ = list.add(item) }
    }

    public func addItem(_ item: DynamicItem) { if list.add(item) { setNeedsUpdate() } }
    public func removeItem(_ item: DynamicItem) { if list.remove(item) { setNeedsUpdate() } }

    public var angle: CGFloat {
        get { pushDirection.dx == 0 && pushDirection.dy == 0 ? zeroMagnitudeAngle : atan2(pushDirection.dy, pushDirection.dx) }
        set {
            zeroMagnitudeAngle = newValue
            let m = magnitude
            pushDirection = CGVector(dx: m * cos(newValue), dy: m * sin(newValue))
        }
    }
    public var magnitude: CGFloat {
        get { pushDirection.length }
        set { let a = angle; pushDirection = CGVector(dx: newValue * cos(a), dy: newValue * sin(a)) }
    }
    public func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        zeroMagnitudeAngle = angle
        pushDirection = CGVector(dx: magnitude * cos(angle), dy: magnitude * sin(angle))
    }
    /// Applies the push at `offset` from the item's center (in the item's rotated frame).
    public func setTargetOffsetFromCenter(_ offset: CGVector, for item: DynamicItem) {
        offsets[ObjectIdentifier(item)] = offset
        setNeedsUpdate()
    }
    public func targetOffsetFromCenter(for item: DynamicItem) -> CGVector { offsets[ObjectIdentifier(item)] ?? .zero }

    override var ownItems: [DynamicItem] { list.items }

    override func applyForces(_ animator: DynamicAnimator, dt: Double) {
        guard active else { return }
        let f = Vec2(Double(pushDirection.dx), Double(pushDirection.dy))
        switch mode {
        case .continuous:
            if f == .zero { return }
            for item in list.items { animator.applyForce(f, to: item, offset: targetOffsetFromCenter(for: item), impulse: false) }
        case .instantaneous:
            guard pendingImpulse else { return }
            pendingImpulse = false
            for item in list.items { animator.applyForce(f, to: item, offset: targetOffsetFromCenter(for: item), impulse: true) }
            // UIKit turns an instantaneous push off once it has fired.
            active = false
        }
    }
}
