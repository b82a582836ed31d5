// Design note: pushes [measured]. A continuous push is a force of magnitude x direction
// newtons (1.0 on a 1 kg item, 100x100 pt at density 1, is 100 pt/s^2) at the item's center
// plus the target offset, applied in every sub-step of an animator step; the offset is in the
// reference view's axes and does not turn with the item. An instantaneous push is one impulse
// of that size (+100 pt/s on 1 kg) at the next step, after which `active` becomes false;
// setting `active` to true fires it again. Direction = magnitude x (cos a, sin a), computed in
// single precision. Like UIKit, the push keeps the angle and the magnitude it was given apart
// from the vector, so setting the angle and then the magnitude (the recipes' order) pushes
// exactly as `setAngle(_:magnitude:)` with both; magnitude 0 keeps the angle.
import Foundation

/// Applies a continuous or instantaneous force to its items (UIPushBehavior).
public final class PushBehavior: DynamicBehavior {
    /// How a push acts (UIPushBehavior.Mode): `continuous`, a force in every sub-step while active;
    /// `instantaneous`, one impulse at the next step, after which `active` turns false.
    public enum Mode: Sendable { case continuous, instantaneous }

    /// The push's mode, fixed at creation.
    public let mode: Mode
    private var list = ItemList()
    /// The items pushed, in the order they were added.
    public var items: [DynamicItem] { list.items }
    /// Force vector in UIKit newtons. Default (0, 0).
    public var pushDirection = CGVector.zero {
        didSet {
            if !settingAngle {
                if pushDirection != .zero { storedAngle = atan2(pushDirection.dy, pushDirection.dx) }
                storedMagnitude = nil
            }
            setNeedsUpdate()
        }
    }
    /// The angle last given (or that of a `pushDirection` set directly), kept at magnitude 0 too.
    private var storedAngle: CGFloat = 0
    /// The magnitude last given; nil when `pushDirection` was set directly.
    private var storedMagnitude: CGFloat?
    private var settingAngle = false
    /// Whether the push acts. Instantaneous pushes turn it off after firing.
    public var active = true { didSet { if active && !oldValue { pendingImpulse = true }; setNeedsUpdate() } }
    private var pendingImpulse = true
    private var offsets: [ObjectIdentifier: CGVector] = [:]

    /// Creates a push on `items` in `mode` (UIPushBehavior(items:mode:)): active, with a zero
    /// `pushDirection` until one is set.
    public init(items: [DynamicItem] = [], mode: Mode) {
        self.mode = mode
        super.init()
        for item in items { _ = list.add(item) }
    }

    /// Adds an item (ignored if already there); takes effect at the next step.
    public func addItem(_ item: DynamicItem) { if list.add(item) { setNeedsUpdate() } }
    /// Removes an item (ignored if absent); takes effect at the next step.
    public func removeItem(_ item: DynamicItem) { if list.remove(item) { setNeedsUpdate() } }

    /// Direction of the push in radians from +x toward +y (clockwise on screen). Default 0; kept
    /// while the magnitude is 0. Setting it keeps `magnitude`.
    public var angle: CGFloat {
        get { storedAngle }
        set { setAngle(newValue, magnitude: magnitude) }
    }
    /// Size of the push in UIKit newtons: 1.0 accelerates a 100x100 pt item of density 1 at
    /// 100 pt/s^2. Default 0; setting it keeps `angle`.
    public var magnitude: CGFloat {
        get {
            if let storedMagnitude { return storedMagnitude }
            let dx = Float(pushDirection.dx), dy = Float(pushDirection.dy)
            return CGFloat((dx * dx + dy * dy).squareRoot())
        }
        set { setAngle(angle, magnitude: newValue) }
    }
    /// Sets angle (radians) and magnitude together: `pushDirection` becomes magnitude x
    /// (cos angle, sin angle), computed in single precision.
    public func setAngle(_ angle: CGFloat, magnitude: CGFloat) {
        storedAngle = angle
        storedMagnitude = magnitude
        let a = Float(angle), m = Float(magnitude)
        settingAngle = true
        pushDirection = CGVector(dx: CGFloat(m * cosf(a)), dy: CGFloat(m * sinf(a)))
        settingAngle = false
    }
    /// Applies the push at `offset` from the item's center, in the reference view's axes.
    @_disfavoredOverload
    public func setTargetOffsetFromCenter(_ offset: CGVector, for item: DynamicItem) {
        offsets[ObjectIdentifier(item)] = offset
        setNeedsUpdate()
    }
    /// Where the push applies on `item`: an offset from its center in points, reference axes. Default zero.
    public func targetOffsetFromCenter(for item: DynamicItem) -> CGVector { offsets[ObjectIdentifier(item)] ?? .zero }

    override var ownItems: [DynamicItem] { list.items }

    /// Applies this push for the coming sub-step: the force in every sub-step, the impulse at
    /// the first sub-step after it was (re)activated.
    func applyForces(_ animator: DynamicAnimator) {
        guard active else { return }
        let f = Vec2(Double(pushDirection.dx), Double(pushDirection.dy))
        switch mode {
        case .continuous:
            if f == .zero { return }
            for item in list.items { animator.push(item, f, offset: targetOffsetFromCenter(for: item), impulse: false) }
        case .instantaneous:
            guard pendingImpulse else { return }
            pendingImpulse = false
            for item in list.items { animator.push(item, f, offset: targetOffsetFromCenter(for: item), impulse: true) }
            // UIKit turns an instantaneous push off once it has fired.
            active = false
        }
    }
}
