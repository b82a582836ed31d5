// Design note: every joint kind shares one plain struct (kind tag + the union of their
// parameters and accumulated impulses) stored in one array, so the solver walks joints like
// contacts: prepare once per step, warm start and solve per sub-step with the bodies'
// position deltas, relax without bias. Rigid rows are soft at `jointHertz` (Box2D v3); the
// springs the UIKit layer needs (attachments with a frequency, snapping) use their own
// hertz and damping ratio. The per-kind math sits in one file per kind.

/// A handle to a joint.
struct JointID: Hashable, Sendable {
    let index: Int
}

/// The joint kinds the UIKit layer needs.
enum JointKind: Sendable {
    /// Keeps anchor distance between minLength and maxLength; optionally a spring to `length`.
    case distance
    /// A shared point; optional angle limits and friction torque.
    case revolute
    /// Translation along an axis only, no relative rotation; optional translation limits.
    case prismatic
    /// No relative motion.
    case weld
    /// Soft spring of body B's anchor to a world target, with rotation brought to 0.
    case snap
}

struct Joint {
    var kind: JointKind
    var bodyA: Int
    var bodyB: Int
    var localAnchorA: Vec2 = .zero
    var localAnchorB: Vec2 = .zero
    var alive = true
    var collideConnected = false

    // distance
    var length = 1.0
    var minLength = 0.0
    var maxLength = Double.greatestFiniteMagnitude
    var enableSpring = false
    var hertz = 0.0
    var dampingRatio = 0.0
    // revolute / prismatic / weld
    var referenceAngle = 0.0
    var enableLimit = false
    var lower = 0.0
    var upper = 0.0
    var maxMotorTorque = 0.0
    var localAxisA = Vec2(1, 0)
    // snap
    var target = Vec2.zero
    var angularHertz = 0.0
    var angularDampingRatio = 0.0

    // accumulated impulses
    var impulse = 0.0
    var lowerImpulse = 0.0
    var upperImpulse = 0.0
    var linearImpulse = Vec2.zero
    var angularImpulse = 0.0
    var motorImpulse = 0.0

    // per-step solver data
    var rA0 = Vec2.zero
    var rB0 = Vec2.zero
    var deltaCenter = Vec2.zero
    var qA0 = Rot.identity
    var qB0 = Rot.identity
    var mA = 0.0, mB = 0.0, iA = 0.0, iB = 0.0
    var axialMass = 0.0
    var softness = Softness()
    var springSoftness = Softness()
    var angularSoftness = Softness()
    var axisA0 = Vec2(1, 0)
    // sequential solver (Box2D 2.2): the third impulse of 3x3 blocks, limit state, spring terms
    var impulseZ = 0.0
    var limitState = LimitState.inactive
    var axis = Vec2.zero
    var gamma = 0.0
    var bias = 0.0
    var motorMass = 0.0
    var currentLength = 0.0

    /// A distance joint without a spring that only keeps its anchors from parting beyond
    /// `maxLength` (a limit attachment), as against a rod (both bounds at its length) or a
    /// spring.
    var isRope: Bool { !enableSpring && maxLength < .greatestFiniteMagnitude && minLength < maxLength - 1e-9 }
}

/// Which side of its limits a joint is on (Box2D 2.2's b2LimitState).
enum LimitState {
    case inactive, atLower, atUpper, equal
}

/// Parameters of a new joint. Anchors are in world coordinates (metres) at creation.
struct JointDef: Sendable {
    var kind: JointKind
    var bodyA: BodyID
    var bodyB: BodyID
    var anchorA: Vec2
    var anchorB: Vec2
    /// distance: rest length (defaults to the anchors' distance when nil).
    var length: Double?
    var minLength: Double = 0
    var maxLength: Double = .greatestFiniteMagnitude
    /// distance: spring on; snap: its stiffness.
    var enableSpring = false
    var hertz: Double = 0
    var dampingRatio: Double = 0
    /// revolute: angle limits (radians); prismatic: translation limits (metres).
    var enableLimit = false
    var lower: Double = 0
    var upper: Double = 0
    /// revolute: friction torque (N m).
    var frictionTorque: Double = 0
    /// prismatic: the sliding axis in world coordinates.
    var axis = Vec2(1, 0)
    /// Whether the two bodies still collide with each other (Box2D's collideConnected).
    var collideConnected = false

    init(kind: JointKind, bodyA: BodyID, bodyB: BodyID, anchorA: Vec2, anchorB: Vec2) {
        self.kind = kind; self.bodyA = bodyA; self.bodyB = bodyB; self.anchorA = anchorA; self.anchorB = anchorB
    }
}

extension World {
    /// A static body at the origin for anchoring joints to the world.
    var groundBody: BodyID {
        if let g = groundIndex { return BodyID(index: g) }
        var def = BodyDef()
        def.type = .staticBody
        let id = createBody(def)
        groundIndex = id.index
        return id
    }

    /// Creates a joint; bodies joined do not collide with each other.
    @discardableResult
    func createJoint(_ def: JointDef) -> JointID {
        let a = def.bodyA.index, b = def.bodyB.index
        var j = Joint(kind: def.kind, bodyA: a, bodyB: b)
        j.localAnchorA = bodies[a].transform.applyInverse(def.anchorA)
        j.localAnchorB = bodies[b].transform.applyInverse(def.anchorB)
        j.length = max(def.length ?? distance(def.anchorA, def.anchorB), EngineConstants.linearSlop)
        j.minLength = max(0, def.minLength)
        j.maxLength = max(j.minLength, def.maxLength)
        j.enableSpring = def.enableSpring
        j.hertz = def.hertz
        j.dampingRatio = def.dampingRatio
        j.referenceAngle = Rot.relativeAngle(bodies[b].transform.q, bodies[a].transform.q)
        j.enableLimit = def.enableLimit
        j.lower = min(def.lower, def.upper)
        j.upper = max(def.lower, def.upper)
        j.maxMotorTorque = def.frictionTorque
        j.localAxisA = bodies[a].transform.q.applyInverse(def.axis.normalized)
        j.target = def.anchorA
        j.angularHertz = def.hertz
        j.angularDampingRatio = def.dampingRatio
        j.collideConnected = def.collideConnected
        // Box2D 2.2 measures joint angles on the bodies' unwound angles.
        if stepMode == .sequentialImpulse { j.referenceAngle = bodies[b].angle - bodies[a].angle }
        joints.append(j)
        let id = joints.count - 1
        bodyJoints[a].append(id)
        bodyJoints[b].append(id)
        // Joined bodies stop colliding: drop their existing contact.
        for s in bodyShapes[a] where !def.collideConnected {
            for t in bodyShapes[b] where pairs.contains(pairKey(s, t)) {
                if let k = contacts.firstIndex(where: { $0.key == pairKey(s, t) }) { removeContact(at: k, reportEnd: true) }
            }
        }
        wakeBody(a); wakeBody(b)
        return JointID(index: id)
    }

    func destroyJoint(_ id: JointID) {
        guard id.index < joints.count, joints[id.index].alive else { return }
        let j = joints[id.index]
        joints[id.index].alive = false
        bodyJoints[j.bodyA].removeAll { $0 == id.index }
        bodyJoints[j.bodyB].removeAll { $0 == id.index }
        wakeBody(j.bodyA); wakeBody(j.bodyB)
        // Their shapes may collide again.
        for s in bodyShapes[j.bodyB] where shapes[s].alive && !shapes[s].proxyIsStatic { moveBuffer.append(s) }
    }

    func isValid(_ id: JointID) -> Bool { id.index < joints.count && joints[id.index].alive }

    /// Moves a snap joint's target, or the world anchor (body A ground) of any joint.
    func setJointTarget(_ id: JointID, _ point: Vec2) {
        if joints[id.index].kind == .snap { joints[id.index].target = point } else {
            joints[id.index].localAnchorA = bodies[joints[id.index].bodyA].transform.applyInverse(point)
        }
        wakeBody(joints[id.index].bodyB)
    }
    /// Sets a spring's stiffness; on a distance joint that is not a rope, hertz 0 makes it a
    /// rod of its length and hertz > 0 a spring to it (both bounds follow). A joint whose
    /// values do not change is not woken.
    func setJointSpring(_ id: JointID, hertz: Double, dampingRatio: Double) {
        var j = joints[id.index]
        let rope = j.kind == .distance && j.isRope
        j.hertz = hertz; j.dampingRatio = dampingRatio
        j.angularHertz = hertz; j.angularDampingRatio = dampingRatio
        j.enableSpring = hertz > 0
        if j.kind == .distance && !rope {
            (j.minLength, j.maxLength) = j.enableSpring ? (0, .greatestFiniteMagnitude) : (j.length, j.length)
        }
        let old = joints[id.index]
        guard j.hertz != old.hertz || j.dampingRatio != old.dampingRatio || j.minLength != old.minLength
            || j.maxLength != old.maxLength else { return }
        store(id, j)
    }
    /// A revolute joint's friction torque (its motor's maximum torque at speed 0, N m).
    func setJointFrictionTorque(_ id: JointID, _ torque: Double) {
        var j = joints[id.index]
        guard j.maxMotorTorque != torque else { return }
        j.maxMotorTorque = torque
        if torque <= 0 { j.motorImpulse = 0 }
        store(id, j)
    }
    /// A revolute (radians) or prismatic (metres) joint's limits, nil for none. Changed
    /// limits drop the limit's accumulated impulses (as Box2D's SetLimits).
    func setJointLimits(_ id: JointID, _ limits: ClosedRange<Double>?) {
        var j = joints[id.index]
        let enable = limits != nil
        let lower = limits?.lowerBound ?? 0, upper = limits?.upperBound ?? 0
        guard enable != j.enableLimit || (enable && (lower != j.lower || upper != j.upper)) else { return }
        (j.enableLimit, j.lower, j.upper) = (enable, lower, upper)
        (j.lowerImpulse, j.upperImpulse, j.impulseZ) = (0, 0, 0)
        j.limitState = .inactive
        store(id, j)
    }
    /// Stores a changed joint and wakes its bodies (the setters leave an unchanged one asleep).
    private func store(_ id: JointID, _ j: Joint) {
        joints[id.index] = j
        wakeBody(j.bodyA); wakeBody(j.bodyB)
    }
    /// Sets a distance joint's length: a rope's maximum, a rod's both bounds, a spring's rest
    /// length. (Its bodies are woken even when the length is the same.)
    func setJointLength(_ id: JointID, _ length: Double) {
        var j = joints[id.index]
        let rope = j.isRope, rod = !j.enableSpring && !rope && j.maxLength < .greatestFiniteMagnitude
        j.length = max(length, EngineConstants.linearSlop)
        if rope { j.maxLength = j.length } else if rod { (j.minLength, j.maxLength) = (j.length, j.length) }
        store(id, j)
    }
    /// The joint's anchors in world coordinates.
    func jointAnchors(_ id: JointID) -> (a: Vec2, b: Vec2) {
        let j = joints[id.index]
        if j.kind == .snap { return (j.target, bodies[j.bodyB].transform.apply(j.localAnchorB)) }
        return (bodies[j.bodyA].transform.apply(j.localAnchorA), bodies[j.bodyB].transform.apply(j.localAnchorB))
    }

    // MARK: - Solver dispatch

    func prepareJoints(h: Double) {
        activeJoints.removeAll(keepingCapacity: true)
        let rigid = Softness(hertz: jointHertz, dampingRatio: jointDampingRatio, h: h)
        for i in joints.indices where joints[i].alive {
            var j = joints[i]
            let a = bodies[j.bodyA], b = bodies[j.bodyB]
            let activeA = a.type != .staticBody && a.isAwake, activeB = b.type != .staticBody && b.isAwake
            if !activeA && !activeB { continue }
            j.mA = a.type == .dynamic ? a.invMass : 0; j.iA = a.type == .dynamic ? a.invI : 0
            j.mB = b.type == .dynamic ? b.invMass : 0; j.iB = b.type == .dynamic ? b.invI : 0
            j.qA0 = a.transform.q; j.qB0 = b.transform.q
            j.rA0 = a.transform.q.apply(j.localAnchorA - a.localCenter)
            j.rB0 = b.transform.q.apply(j.localAnchorB - b.localCenter)
            j.deltaCenter = b.center - a.center
            j.axisA0 = a.transform.q.apply(j.localAxisA)
            j.softness = rigid
            j.springSoftness = Softness(hertz: j.hertz, dampingRatio: j.dampingRatio, h: h)
            j.angularSoftness = Softness(hertz: j.angularHertz, dampingRatio: j.angularDampingRatio, h: h)
            switch j.kind {
            case .distance: prepareDistance(&j)
            case .revolute, .weld: j.axialMass = (j.iA + j.iB) > 0 ? 1 / (j.iA + j.iB) : 0
            case .prismatic: break
            case .snap:
                j.axialMass = j.iB > 0 ? 1 / j.iB : 0
                j.deltaCenter = b.center
            }
            joints[i] = j
            activeJoints.append(i)
        }
    }

    func warmStartJoints(initial: Bool) {
        if initial { return } // warm starting happens inside each sub-step, as for contacts
        for i in activeJoints {
            var j = joints[i]
            var sA = states[j.bodyA], sB = states[j.bodyB]
            let rA = sA.dq.apply(j.rA0), rB = sB.dq.apply(j.rB0)
            switch j.kind {
            case .distance:
                let d = currentSeparation(j, sA, sB)
                let axis = d.normalized
                let P = (j.impulse + j.lowerImpulse - j.upperImpulse) * axis
                applyLinear(&sA, &sB, j, rA, rB, P)
            case .revolute:
                applyLinear(&sA, &sB, j, rA, rB, j.linearImpulse)
                let axial = j.motorImpulse + j.lowerImpulse - j.upperImpulse
                sA.w -= j.iA * axial; sB.w += j.iB * axial
            case .weld:
                applyLinear(&sA, &sB, j, rA, rB, j.linearImpulse)
                sA.w -= j.iA * j.angularImpulse; sB.w += j.iB * j.angularImpulse
            case .prismatic:
                warmStartPrismatic(&j, &sA, &sB, rA, rB)
            case .snap:
                sB.v += j.mB * j.linearImpulse
                sB.w += j.iB * j.angularImpulse
            }
            writeBack(j, sA, sB)
            joints[i] = j
        }
    }

    func solveJoints(h: Double, useBias: Bool) {
        for i in activeJoints {
            var j = joints[i]
            var sA = states[j.bodyA], sB = states[j.bodyB]
            switch j.kind {
            case .distance: solveDistance(&j, &sA, &sB, h: h, useBias: useBias)
            case .revolute: solveRevolute(&j, &sA, &sB, h: h, useBias: useBias)
            case .prismatic: solvePrismatic(&j, &sA, &sB, h: h, useBias: useBias)
            case .weld: solveWeld(&j, &sA, &sB, h: h, useBias: useBias)
            case .snap: solveSnap(&j, &sB, h: h)
            }
            writeBack(j, sA, sB)
            joints[i] = j
        }
    }

    func storeJointImpulses() {}

    // MARK: - Shared helpers

    @inline(__always) func writeBack(_ j: Joint, _ sA: BodyState, _ sB: BodyState) {
        if j.mA > 0 || j.iA > 0 { states[j.bodyA] = sA }
        if j.mB > 0 || j.iB > 0 { states[j.bodyB] = sB }
    }

    /// Vector from anchor A to anchor B now (sub-step deltas included).
    @inline(__always) func currentSeparation(_ j: Joint, _ sA: BodyState, _ sB: BodyState) -> Vec2 {
        let rA = sA.dq.apply(j.rA0), rB = sB.dq.apply(j.rB0)
        return j.deltaCenter + (sB.dp - sA.dp) + (rB - rA)
    }

    @inline(__always) func applyLinear(_ sA: inout BodyState, _ sB: inout BodyState, _ j: Joint, _ rA: Vec2, _ rB: Vec2, _ P: Vec2) {
        sA.v -= j.mA * P; sA.w -= j.iA * cross(rA, P)
        sB.v += j.mB * P; sB.w += j.iB * cross(rB, P)
    }

    /// Solves a soft point-to-point constraint (revolute and weld share it).
    @inline(__always) func solvePoint(_ j: inout Joint, _ sA: inout BodyState, _ sB: inout BodyState, useBias: Bool, softness: Softness) {
        let rA = sA.dq.apply(j.rA0), rB = sB.dq.apply(j.rB0)
        let cdot = (sB.v + cross(sB.w, rB)) - (sA.v + cross(sA.w, rA))
        var bias = Vec2.zero, massScale = 1.0, impulseScale = 0.0
        if useBias {
            let sep = j.deltaCenter + (sB.dp - sA.dp) + (rB - rA)
            bias = softness.biasRate * sep
            massScale = softness.massScale
            impulseScale = softness.impulseScale
        }
        let k11 = j.mA + j.mB + rA.y * rA.y * j.iA + rB.y * rB.y * j.iB
        let k12 = -rA.y * rA.x * j.iA - rB.y * rB.x * j.iB
        let k22 = j.mA + j.mB + rA.x * rA.x * j.iA + rB.x * rB.x * j.iB
        let det = k11 * k22 - k12 * k12
        guard det != 0 else { return }
        let rhs = cdot + bias
        let b = Vec2((k22 * rhs.x - k12 * rhs.y) / det, (k11 * rhs.y - k12 * rhs.x) / det)
        let impulse = Vec2(-massScale * b.x - impulseScale * j.linearImpulse.x, -massScale * b.y - impulseScale * j.linearImpulse.y)
        j.linearImpulse += impulse
        applyLinear(&sA, &sB, j, rA, rB, impulse)
    }

    /// Current relative angle of B to A minus the reference angle.
    @inline(__always) func jointAngle(_ j: Joint, _ sA: BodyState, _ sB: BodyState) -> Double {
        Rot.relativeAngle(sB.dq.compose(j.qB0), sA.dq.compose(j.qA0)) - j.referenceAngle
    }

    /// A one-sided angular limit row (sign +1 lower, -1 upper).
    @inline(__always) func solveAngularLimit(_ accumulated: inout Double, C: Double, sign: Double, _ j: Joint,
                                             _ sA: inout BodyState, _ sB: inout BodyState, h: Double, useBias: Bool) {
        var bias = 0.0, massScale = 1.0, impulseScale = 0.0
        if C > 0 { bias = C / h } else if useBias {
            bias = j.softness.biasRate * C; massScale = j.softness.massScale; impulseScale = j.softness.impulseScale
        }
        let cdot = sign * (sB.w - sA.w)
        let impulse = -j.axialMass * massScale * (cdot + bias) - impulseScale * accumulated
        let newImpulse = max(accumulated + impulse, 0)
        let applied = newImpulse - accumulated
        accumulated = newImpulse
        sA.w -= j.iA * sign * applied
        sB.w += j.iB * sign * applied
    }
}
