// Design note: iOS 9 field behaviors, with the force laws measured on Apple's framework. In
// every sub-step, before the solve, each field evaluates a force (newtons) for each of its
// items inside its region, from the item's position relative to the field in metres (p, r = |p|,
// p^ = p / r), its velocity (m/s), mass (kg) and charge; the attenuation is
// fall = max(r, minimumRadius)^-falloff (1 when |falloff| < 2^-15). A field whose strength
// times its scale (the mass, the charge or 1) is below 2^-15 does nothing. The velocity field
// is different: it replaces the velocity of an item inside it (see `DynamicAnimator`), and
// only the first velocity field holding the item counts.
import Foundation

/// A force field acting on its items (UIFieldBehavior). Create one with a factory.
public final class FieldBehavior: DynamicBehavior {
    /// Which field this is, set by the factory that made it: `linearGravity`, `radialGravity`,
    /// `velocity`, `noise`, `turbulence`, `spring`, `electric`, `magnetic`, `drag`, `vortex`, or
    /// `custom` (`field(evaluationBlock:)`).
    public enum Kind: Sendable, Equatable {
        case linearGravity, radialGravity, velocity, noise, turbulence, spring, electric, magnetic, drag, vortex, custom
    }

    /// Custom evaluation: (field, position relative to the field in points, velocity in m/s,
    /// mass in kg, charge, time in seconds) -> force in newtons. Not scaled by `strength` or
    /// attenuated; strength 0 turns it off.
    public typealias EvaluationBlock = (FieldBehavior, CGPoint, CGVector, CGFloat, CGFloat, TimeInterval) -> CGVector

    /// The kind of field, fixed at creation.
    public let kind: Kind
    private var list = ItemList()
    /// The items the field acts on, in the order they were added.
    public var items: [DynamicItem] { list.items }
    /// Where the field is centered (reference coordinates). Default (0, 0).
    public var position: CGPoint = .zero { didSet { setNeedsUpdate() } }
    /// Area of effect relative to `position`. Default infinite.
    public var region: Region = .infinite { didSet { setNeedsUpdate() } }
    /// Default 1.
    public var strength: CGFloat = 1 { didSet { setNeedsUpdate() } }
    /// Exponent of the distance attenuation. Defaults: 2 for radial gravity, -1 for spring,
    /// 1 for electric and magnetic, 0 for the others.
    public var falloff: CGFloat { didSet { setNeedsUpdate() } }
    /// Points; distances below count as this. Default 2^-15 m (0.00305 pt).
    public var minimumRadius: CGFloat = FieldBehavior.defaultMinimumRadius { didSet { setNeedsUpdate() } }
    /// Linear gravity: the acceleration in m/s^2 per unit strength; velocity field: the velocity
    /// in m/s; drag: the medium's velocity in m/s. A plain vector, not scaled to points.
    public var direction = CGVector.zero { didSet { setNeedsUpdate() } }
    /// Noise and turbulence: 0 = finest pattern, 1 = smoothest.
    public var smoothness: CGFloat = 0 { didSet { setNeedsUpdate() } }
    /// Noise and turbulence: how fast the pattern changes; 0 = frozen.
    public var animationSpeed: CGFloat = 0 { didSet { setNeedsUpdate() } }
    let evaluationBlock: EvaluationBlock?

    /// 2^-15 m in points.
    public static let defaultMinimumRadius = CGFloat(pointsPerMeter / 32768)
    /// Below this, a distance, an exponent or a strength counts as zero [measured].
    static let epsilon = 1.0 / 32768

    init(kind: Kind, block: EvaluationBlock? = nil) {
        self.kind = kind
        self.evaluationBlock = block
        switch kind {
        case .radialGravity: falloff = 2
        case .spring: falloff = -1
        case .electric, .magnetic: falloff = 1
        default: falloff = 0
        }
        super.init()
    }

    /// Accelerates its items along `direction` (m/s^2 per unit strength) whatever their mass
    /// (UIFieldBehavior.linearGravityField(direction:)).
    public static func linearGravityField(direction: CGVector) -> FieldBehavior {
        let f = FieldBehavior(kind: .linearGravity); f.direction = direction; return f
    }
    /// Pulls its items toward `position` (points) with a force proportional to their mass; falloff
    /// defaults to 2 (UIFieldBehavior.radialGravityField(position:)).
    public static func radialGravityField(position: CGPoint) -> FieldBehavior {
        let f = FieldBehavior(kind: .radialGravity); f.position = position; return f
    }
    /// Sets the velocity of items inside it to `direction` (m/s) instead of applying a force; the
    /// first velocity field an item is inside wins (UIFieldBehavior.velocityField(direction:)).
    public static func velocityField(direction: CGVector) -> FieldBehavior {
        let f = FieldBehavior(kind: .velocity); f.direction = direction; return f
    }
    /// Pushes its items with forces from a noise pattern: `smoothness` 0 (finest) to 1 (smoothest),
    /// `animationSpeed` 0 = frozen (UIFieldBehavior.noiseField(smoothness:animationSpeed:)).
    public static func noiseField(smoothness: CGFloat, animationSpeed: CGFloat) -> FieldBehavior {
        let f = FieldBehavior(kind: .noise); f.smoothness = smoothness; f.animationSpeed = animationSpeed; return f
    }
    /// A noise field whose force is scaled by the item's mass and squared speed, so still items
    /// feel nothing (UIFieldBehavior.turbulenceField(smoothness:animationSpeed:)).
    public static func turbulenceField(smoothness: CGFloat, animationSpeed: CGFloat) -> FieldBehavior {
        let f = FieldBehavior(kind: .turbulence); f.smoothness = smoothness; f.animationSpeed = animationSpeed; return f
    }
    /// Pulls its items toward `position` like a spring (Hooke's law at the default falloff -1),
    /// not scaled by mass (UIFieldBehavior.springField()).
    public static func springField() -> FieldBehavior { FieldBehavior(kind: .spring) }
    /// Pushes charged items away from `position` (pulls negative charges), scaled by the item's
    /// `charge`; falloff defaults to 1 (UIFieldBehavior.electricField()).
    public static func electricField() -> FieldBehavior { FieldBehavior(kind: .electric) }
    /// Deflects moving charged items at right angles to their velocity; any non-zero charge acts
    /// the same; falloff defaults to 1 (UIFieldBehavior.magneticField()).
    public static func magneticField() -> FieldBehavior { FieldBehavior(kind: .magnetic) }
    /// Slows its items relative to `direction` (the medium's velocity, m/s; default zero) with a
    /// force growing as the square of the relative speed (UIFieldBehavior.dragField()).
    public static func dragField() -> FieldBehavior { FieldBehavior(kind: .drag) }
    /// Swirls its items around `position` with a force at right angles to their offset from it,
    /// divided by the item's mass [quirk] (UIFieldBehavior.vortexField()).
    public static func vortexField() -> FieldBehavior { FieldBehavior(kind: .vortex) }
    /// A custom field: `evaluationBlock` gives the force (newtons) on each item inside the region
    /// (UIFieldBehavior.field(evaluationBlock:)); see `EvaluationBlock`.
    public static func field(evaluationBlock: @escaping EvaluationBlock) -> FieldBehavior {
        FieldBehavior(kind: .custom, block: evaluationBlock)
    }

    /// Adds an item (ignored if already there); takes effect at the next step.
    public func addItem(_ item: DynamicItem) { if list.add(item) { setNeedsUpdate() } }
    /// Removes an item (ignored if absent); takes effect at the next step.
    public func removeItem(_ item: DynamicItem) { if list.remove(item) { setNeedsUpdate() } }

    override var ownItems: [DynamicItem] { list.items }

    /// Whether a point (reference coordinates, points) is inside the field's region.
    public func contains(_ point: CGPoint) -> Bool {
        region.contains(CGPoint(x: point.x - position.x, y: point.y - position.y))
    }

    /// Noise frequency in cycles per metre: 14 at smoothness 0, 0.154 at 1 [measured].
    var noiseFrequency: Double { 1.25 / (max(Double(smoothness), 0) + 1.0 / 12) - 1 }

    /// The force (newtons) on an item at `point` (metres) moving at `velocity` (m/s), nil
    /// outside the region. The velocity field answers nil: it is not a force.
    func force(at point: Vec2, velocity v: Vec2, mass m: Double, charge q: Double, time: Double,
               noise: SimplexNoise) -> Vec2? {
        let origin = Vec2(points: position)
        let p = point - origin
        guard region.contains(p.cgPoint) else { return nil }
        let S = Double(strength)
        let k = Double(falloff)
        let r = p.length
        let fall = abs(k) < Self.epsilon ? 1 : pow(max(r, Double(minimumRadius) / pointsPerMeter), -k)
        let unit = r > 0 ? p / r : .zero
        @inline(__always) func weak(_ scale: Double) -> Bool { abs(S * scale) < Self.epsilon }
        switch kind {
        case .linearGravity:
            if weak(m) { return .zero }
            return (S * m * fall) * Vec2(Double(direction.dx), Double(direction.dy))
        case .radialGravity:
            if weak(m) || r * r < 1e-5 { return .zero }
            return (-S * m * fall) * unit
        case .electric:
            if weak(q) { return .zero }
            return (S * q * fall) * unit
        case .magnetic:
            // [quirk] The charge's sign and size do not matter, only that it is not zero.
            if weak(q) { return .zero }
            return (S * fall) * Vec2(v.y, -v.x)
        case .spring:
            // With the default falloff -1 this is Hooke's -S p, not scaled by the mass.
            if weak(1) || r < 1e-5 { return .zero }
            return (-S * fall) * unit
        case .vortex:
            // [quirk] Divided by the mass once more than a force would be.
            if weak(m) || m <= 0 { return .zero }
            return (S * fall / m) * Vec2(-unit.y, unit.x)
        case .drag:
            if weak(1) { return .zero }
            let u = v - Vec2(Double(direction.dx), Double(direction.dy))
            return (-S * u.length * fall) * u
        case .noise, .turbulence:
            if weak(1) { return .zero }
            let n = noiseForce(at: p, time: time, noise: noise)
            if kind == .noise { return (S * fall) * n }
            // Turbulence: the noise force times the mass and the squared speed (still items feel nothing).
            return (S * fall * m * v.lengthSquared) * n
        case .velocity:
            return nil
        case .custom:
            guard let block = evaluationBlock, S != 0 else { return .zero }
            let f = block(self, p.cgPoint, CGVector(dx: v.x, dy: v.y), CGFloat(m), CGFloat(q), time)
            return Vec2(Double(f.dx), Double(f.dy))
        }
    }

    /// n (g.x, g.y) of srdnoise3 sampled at fr (p.x + T, p.y + T, T) with gradient angle T,
    /// T = time x animationSpeed [measured].
    func noiseForce(at p: Vec2, time: Double, noise: SimplexNoise) -> Vec2 {
        let fr = noiseFrequency
        let T = time * Double(animationSpeed)
        let s = noise.sample(fr * (p.x + T), fr * (p.y + T), fr * T, angle: T)
        return s.value * Vec2(s.dx, s.dy)
    }

    /// The field's effect at a point on a still 1 kg item of charge 1, in points/s^2 (a
    /// velocity field: the velocity it imposes, in points/s); nil outside the region. Reads
    /// nothing of the simulation and changes nothing (debug views).
    public func sample(at point: CGPoint, time: TimeInterval) -> CGVector? {
        if kind == .velocity {
            guard contains(point) else { return nil }
            return Vec2(Double(direction.dx), Double(direction.dy)).cgVector
        }
        let noise = dynamicAnimator?.noise ?? SimplexNoise()
        guard let f = force(at: Vec2(points: point), velocity: .zero, mass: 1, charge: 1, time: time, noise: noise) else { return nil }
        return f.cgVector
    }
}
