// Design note: iOS 9 field behaviors. Each step, for each item inside the field's region
// (relative to `position`), the field computes a force from the item's position, velocity,
// mass and charge and hands it to the engine. Scale [choice]: strength 1 of an acceleration
// field is 1000 pt/s^2 like GravityBehavior; charge-based fields are in UIKit newtons (1 N
// per unit). Attenuation [doc]: distances below `minimumRadius` count as `minimumRadius`,
// beyond it the force is scaled by distance^-falloff, with distance in metres (100 pt) [choice]
// so a falloff of 2 gives an inverse-square law around 1 m. Noise and turbulence sample seeded
// gradient noise over (x, y, time x animationSpeed): deterministic per scene seed.
import Foundation

/// A force field acting on its items (UIFieldBehavior). Create one with a factory.
public final class FieldBehavior: DynamicBehavior {
    public enum Kind: Sendable, Equatable {
        case linearGravity, radialGravity, velocity, noise, turbulence, spring, electric, magnetic, drag, vortex, custom
    }

    /// Custom evaluation: (field, position, velocity, mass, charge, deltaTime) -> force (UIKit newtons).
    public typealias EvaluationBlock = (FieldBehavior, CGPoint, CGVector, CGFloat, CGFloat, TimeInterval) -> CGVector

    public let kind: Kind
    private var list = ItemList()
    public var items: [DynamicItem] { list.items }
    /// Where the field is centered (reference coordinates). Default (0, 0).
    public var position: CGPoint = .zero { didSet { setNeedsUpdate() } }
    /// Area of effect relative to `position`. Default infinite.
    public var region: Region = .infinite { didSet { setNeedsUpdate() } }
    public var strength: CGFloat = 1 { didSet { setNeedsUpdate() } }
    public var falloff: CGFloat = 0 { didSet { setNeedsUpdate() } }
    /// Points; distances below count as this. Default tiny, non-zero.
    public var minimumRadius: CGFloat = 1e-4 { didSet { setNeedsUpdate() } }
    /// Linear gravity and velocity fields: the vector.
    public var direction = CGVector.zero { didSet { setNeedsUpdate() } }
    /// Noise and turbulence: 0 = noisiest, 1 = smoothest.
    public var smoothness: CGFloat = 0 { didSet { setNeedsUpdate() } }
    /// Noise and turbulence: how fast the pattern changes; 0 = frozen.
    public var animationSpeed: CGFloat = 0 { didSet { setNeedsUpdate() } }
    let evaluationBlock: EvaluationBlock?
    /// Seed offset so two noise fields of one scene differ; set by the animator on first use.
    var noise: GradientNoise?

    init(kind: Kind, block: EvaluationBlock? = nil) {
        self.kind = kind
        self.evaluationBlock = block
        super.init()
    }

    public static func linearGravityField(direction: CGVector) -> FieldBehavior {
        let f = FieldBehavior(kind: .linearGravity); f.direction = direction; return f
    }
    public static func radialGravityField(position: CGPoint) -> FieldBehavior {
        let f = FieldBehavior(kind: .radialGravity); f.position = position; return f
    }
    public static func velocityField(direction: CGVector) -> FieldBehavior {
        let f = FieldBehavior(kind: .velocity); f.direction = direction; return f
    }
    public static func noiseField(smoothness: CGFloat, animationSpeed: CGFloat) -> FieldBehavior {
        let f = FieldBehavior(kind: .noise); f.smoothness = smoothness; f.animationSpeed = animationSpeed; return f
    }
    public static func turbulenceField(smoothness: CGFloat, animationSpeed: CGFloat) -> FieldBehavior {
        let f = FieldBehavior(kind: .turbulence); f.smoothness = smoothness; f.animationSpeed = animationSpeed; return f
    }
    public static func springField() -> FieldBehavior { FieldBehavior(kind: .spring) }
    public static func electricField() -> FieldBehavior { FieldBehavior(kind: .electric) }
    public static func magneticField() -> FieldBehavior { FieldBehavior(kind: .magnetic) }
    public static func dragField() -> FieldBehavior { FieldBehavior(kind: .drag) }
    public static func vortexField() -> FieldBehavior { FieldBehavior(kind: .vortex) }
    public static func field(evaluationBlock: @escaping EvaluationBlock) -> FieldBehavior {
        FieldBehavior(kind: .custom, block: evaluationBlock)
    }

    public func addItem(_ item: DynamicItem) { if list.add(item) { setNeedsUpdate() } }
    public func removeItem(_ item: DynamicItem) { if list.remove(item) { setNeedsUpdate() } }

    override var ownItems: [DynamicItem] { list.items }

    /// Acceleration of gravity-like fields per unit strength (m/s^2): 1000 pt/s^2.
    static let unitAcceleration = 10.0

    /// Noise sampling scale in metres: 0.5 m at smoothness 0 to 8 m at smoothness 1.
    var noiseScale: Double { 0.5 + 7.5 * min(max(Double(smoothness), 0), 1) }

    /// The force field at a point, for an item of `mass` and `charge` moving at `velocity`
    /// (engine units: metres, m/s, kg; result in newtons). Nil outside the region.
    /// For the velocity field, returns nil and sets `velocityOverride` instead.
    func force(at p: Vec2, velocity v: Vec2, mass: Double, charge: Double, time: Double, dt: Double) -> (force: Vec2, velocity: Vec2?)? {
        let origin = Vec2(points: position)
        let rel = p - origin
        guard region.contains(rel.cgPoint) else { return nil }
        let s = Double(strength)
        // Attenuation by distance (metres) with the minimum radius floor.
        let dist = max(rel.length, Double(minimumRadius) / pointsPerMeter)
        let attenuation = falloff == 0 ? 1.0 : pow(dist, -Double(falloff))
        let toward = rel.length > 1e-12 ? -rel / rel.length : .zero
        let g = Self.unitAcceleration
        switch kind {
        case .linearGravity:
            return (mass * g * s * attenuation * Vec2(Double(direction.dx), Double(direction.dy)), nil)
        case .radialGravity:
            return (mass * g * s * attenuation * toward, nil)
        case .velocity:
            // Points of direction per second, 1 m/s per unit of direction x strength [choice].
            return (.zero, s * Vec2(Double(direction.dx), Double(direction.dy)))
        case .noise, .turbulence:
            let n = (noise ?? GradientNoise(seed: 0)).vector(p.x / noiseScale, p.y / noiseScale, time * Double(animationSpeed) * 0.25)
            if kind == .noise { return (mass * g * s * attenuation * 1.5 * n, nil) }
            return (mass * s * attenuation * 1.5 * v.length * n, nil)
        case .spring:
            return (-mass * g * s * attenuation * rel, nil)
        case .electric:
            return (-charge * g * s * attenuation * toward, nil)
        case .magnetic:
            // B out of the screen: a positive charge moving right turns up (counter-clockwise on screen).
            return (charge * s * attenuation * Vec2(v.y, -v.x), nil)
        case .drag:
            return (-s * attenuation * v, nil)
        case .vortex:
            let tangent = rel.length > 1e-12 ? Vec2(rel.y, -rel.x) / rel.length : .zero
            return (mass * g * s * attenuation * tangent, nil)
        case .custom:
            guard let block = evaluationBlock else { return nil }
            let f = block(self, p.cgPoint, v.cgVector, CGFloat(mass), CGFloat(charge), dt)
            return (Vec2(Double(f.dx), Double(f.dy)), nil)
        }
    }

    /// The field's effect at a point for a still 1 kg item of charge 1, in points/s^2 (velocity
    /// fields: the velocity they impose, in points/s); nil outside the region. For debug views.
    public func sample(at point: CGPoint, time: TimeInterval) -> CGVector? {
        if noise == nil && (kind == .noise || kind == .turbulence) { noise = GradientNoise(seed: 0) }
        guard let (f, v) = force(at: Vec2(points: point), velocity: .zero, mass: 1, charge: 1, time: time, dt: 1.0 / 60) else { return nil }
        return (v ?? f).cgVector
    }

    override func applyForces(_ animator: DynamicAnimator, dt: Double) {
        if noise == nil && (kind == .noise || kind == .turbulence) {
            noise = GradientNoise(seed: animator.seed &+ UInt64(animator.fieldSerial(self)) &* 0x9E3779B97F4A7C15)
        }
        let world = animator.world
        for item in list.items {
            guard let body = animator.body(for: item), world.bodyType(body) == .dynamic else { continue }
            let v = world.linearVelocity(body), mass = world.mass(body)
            // Sampled at the step's predicted midpoint: a force held for the whole step then acts
            // like the midpoint rule, so a spring field keeps its amplitude instead of growing.
            let p = world.worldCenter(body) + (0.5 * dt) * v
            if kind == .magnetic || kind == .drag {
                // Velocity-proportional fields are integrated exactly over the step as impulses: a
                // magnetic field turns the velocity without changing the speed, drag decays it.
                guard region.contains((world.worldCenter(body) - Vec2(points: position)).cgPoint) else { continue }
                let newV: Vec2
                if kind == .magnetic {
                    let omega = animator.charge(of: item) * Double(strength) / mass
                    let q = Rot(angle: -omega * dt)
                    newV = q.apply(v)
                } else {
                    newV = exp(-Double(strength) * dt / mass) * v
                }
                world.applyLinearImpulse(body, mass * (newV - v), at: world.worldCenter(body))
                continue
            }
            guard let (f, override) = force(at: p, velocity: v, mass: mass, charge: animator.charge(of: item),
                                            time: animator.elapsedTime, dt: dt) else { continue }
            if let velocity = override {
                // Sets the velocity and cancels the item's gravity and the forces of this step
                // (other fields, pushes: the animator applies velocity fields last), overriding
                // other accelerations inside the region [doc].
                world.setLinearVelocity(body, velocity)
                world.bodies[body.index].force = .zero
                world.applyForceToCenter(body, -world.mass(body) * animator.gravity(of: item))
            } else if f != .zero {
                world.applyForceToCenter(body, f)
            }
        }
    }
}
