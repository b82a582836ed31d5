// Design note: the joints of the sequential step, as Box2D 2.2 solves them (b2DistanceJoint,
// b2RopeJoint, b2RevoluteJoint, b2PrismaticJoint, b2WeldJoint). Each joint is prepared once
// per step from the bodies' current state (anchors, effective masses, limit states, spring
// coefficients), warm started with last step's impulses, solved in the velocity iterations,
// and, when rigid, corrected in the position iterations directly on the bodies' centers and
// angles. A soft distance joint (frequency > 0) is Box2D 2.2's implicit spring: with m the
// effective mass, omega = 2 pi f, d = 2 m zeta omega, k = m omega^2, gamma = 1 / (h (d + h k)),
// bias = C h k gamma; it takes no position correction. Angles are the bodies' unwound angles.
import Foundation

/// A 3x3 symmetric system (Box2D's b2Mat33 restricted to what joints need).
private struct Symmetric3 {
    var k11 = 0.0, k12 = 0.0, k13 = 0.0, k22 = 0.0, k23 = 0.0, k33 = 0.0

    /// Solves K x = b (zero when singular).
    func solve(_ b: (Double, Double, Double)) -> (Double, Double, Double) {
        // Cramer's rule with the columns (k11 k12 k13), (k12 k22 k23), (k13 k23 k33).
        let c1 = (k22 * k33 - k23 * k23, k13 * k23 - k12 * k33, k12 * k23 - k13 * k22)
        var det = k11 * c1.0 + k12 * c1.1 + k13 * c1.2
        if det != 0 { det = 1 / det }
        let x = det * (b.0 * c1.0 + b.1 * c1.1 + b.2 * c1.2)
        let y = det * (k11 * (b.1 * k33 - k23 * b.2) - k12 * (b.0 * k33 - k13 * b.2) + k13 * (b.0 * k23 - k13 * b.1))
        let z = det * (k11 * (k22 * b.2 - b.1 * k23) - k12 * (k12 * b.2 - b.0 * k23) + k13 * (k12 * b.1 - b.0 * k22))
        return (x, y, z)
    }

    /// Solves the upper-left 2x2 block (zero when singular).
    func solve2(_ b: Vec2) -> Vec2 {
        var det = k11 * k22 - k12 * k12
        if det != 0 { det = 1 / det }
        return Vec2(det * (k22 * b.x - k12 * b.y), det * (k11 * b.y - k12 * b.x))
    }
}

extension World {
    /// Prepares and warm starts every joint that touches an awake body.
    func prepareSequentialJoints(h: Double) {
        activeJoints.removeAll(keepingCapacity: true)
        for i in joints.indices where joints[i].alive {
            let a = bodies[joints[i].bodyA], b = bodies[joints[i].bodyB]
            let activeA = a.type != .staticBody && a.isAwake, activeB = b.type != .staticBody && b.isAwake
            if !activeA && !activeB { continue }
            var j = joints[i]
            let sA = sequentialBodies[j.bodyA], sB = sequentialBodies[j.bodyB]
            j.mA = sA.invMass; j.iA = sA.invI; j.mB = sB.invMass; j.iB = sB.invI
            j.rA0 = Rot(angle: sA.a).apply(j.localAnchorA - sA.localCenter)
            j.rB0 = Rot(angle: sB.a).apply(j.localAnchorB - sB.localCenter)
            switch j.kind {
            case .distance: prepareSequentialDistance(&j, sA, sB, h: h)
            case .revolute: prepareSequentialRevolute(&j, sA, sB)
            case .prismatic: prepareSequentialPrismatic(&j, sA, sB)
            case .weld: break
            case .snap: continue // the soft step's joint; the UIKit layer builds snaps from distance joints
            }
            joints[i] = j
            activeJoints.append(i)
            warmStartSequentialJoint(i)
        }
    }

    func solveSequentialJointVelocities(h: Double) {
        for i in activeJoints {
            var j = joints[i]
            var sA = sequentialBodies[j.bodyA], sB = sequentialBodies[j.bodyB]
            switch j.kind {
            case .distance: solveSequentialDistanceVelocity(&j, &sA, &sB, h: h)
            case .revolute: solveSequentialRevoluteVelocity(&j, &sA, &sB, h: h)
            case .prismatic: solveSequentialPrismaticVelocity(&j, &sA, &sB)
            case .weld: solveSequentialWeldVelocity(&j, &sA, &sB)
            case .snap: break
            }
            joints[i] = j
            storeSequential(j, sA, sB)
        }
    }

    /// One position pass over the rigid joints; true when all are within tolerance.
    func solveSequentialJointPositions() -> Bool {
        var okay = true
        for i in activeJoints {
            let j = joints[i]
            var sA = sequentialBodies[j.bodyA], sB = sequentialBodies[j.bodyB]
            let done: Bool
            switch j.kind {
            case .distance: done = solveSequentialDistancePosition(j, &sA, &sB)
            case .revolute: done = solveSequentialRevolutePosition(j, &sA, &sB)
            case .prismatic: done = solveSequentialPrismaticPosition(j, &sA, &sB)
            case .weld: done = solveSequentialWeldPosition(j, &sA, &sB)
            case .snap: done = true
            }
            okay = okay && done
            storeSequential(j, sA, sB)
        }
        return okay
    }

    @inline(__always) private func storeSequential(_ j: Joint, _ sA: SequentialBody, _ sB: SequentialBody) {
        if j.mA > 0 || j.iA > 0 { sequentialBodies[j.bodyA] = sA }
        if j.mB > 0 || j.iB > 0 { sequentialBodies[j.bodyB] = sB }
    }

    @inline(__always) private func applyPoint(_ j: Joint, _ sA: inout SequentialBody, _ sB: inout SequentialBody,
                                              _ P: Vec2, angular: Double = 0) {
        sA.v -= j.mA * P; sA.w -= j.iA * (cross(j.rA0, P) + angular)
        sB.v += j.mB * P; sB.w += j.iB * (cross(j.rB0, P) + angular)
    }

    private func warmStartSequentialJoint(_ i: Int) {
        let j = joints[i]
        var sA = sequentialBodies[j.bodyA], sB = sequentialBodies[j.bodyB]
        switch j.kind {
        case .distance:
            applyPoint(j, &sA, &sB, j.impulse * j.axis)
        case .revolute:
            applyPoint(j, &sA, &sB, j.linearImpulse, angular: j.motorImpulse + j.impulseZ)
        case .weld:
            applyPoint(j, &sA, &sB, j.linearImpulse, angular: j.impulseZ)
        case .prismatic:
            let x = prismaticFrame(j, sA, sB)
            let axial = j.motorImpulse + j.impulseZ
            let P = j.linearImpulse.x * x.perp + axial * x.axis
            sA.v -= j.mA * P; sA.w -= j.iA * (j.linearImpulse.x * x.s1 + j.linearImpulse.y + axial * x.a1)
            sB.v += j.mB * P; sB.w += j.iB * (j.linearImpulse.x * x.s2 + j.linearImpulse.y + axial * x.a2)
        case .snap:
            return
        }
        storeSequential(j, sA, sB)
    }

    /// The 2x2 point-to-point mass matrix (and the angular row, for 3x3 joints).
    private func pointMass(_ j: Joint, rA: Vec2, rB: Vec2) -> Symmetric3 {
        let mA = j.mA, mB = j.mB, iA = j.iA, iB = j.iB
        var K = Symmetric3()
        K.k11 = mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB
        K.k12 = -rA.y * rA.x * iA - rB.y * rB.x * iB
        K.k13 = -rA.y * iA - rB.y * iB
        K.k22 = mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB
        K.k23 = rA.x * iA + rB.x * iB
        K.k33 = iA + iB
        return K
    }

    // MARK: - Distance (rigid rod, spring) and rope

    /// Rope: only a maximum length (limitAttachment).

    private func prepareSequentialDistance(_ j: inout Joint, _ sA: SequentialBody, _ sB: SequentialBody, h: Double) {
        var u = sB.c + j.rB0 - sA.c - j.rA0
        let length = u.length
        j.currentLength = length
        u = length > SequentialConstants.linearSlop ? u / length : .zero
        j.axis = u
        let crA = cross(j.rA0, u), crB = cross(j.rB0, u)
        var invMass = j.mA + j.iA * crA * crA + j.mB + j.iB * crB * crB
        j.gamma = 0
        j.bias = 0
        if j.isRope {
            j.limitState = length - j.maxLength > 0 ? .atUpper : .inactive
            if u == .zero { j.axialMass = 0; j.impulse = 0; return }
            j.axialMass = invMass != 0 ? 1 / invMass : 0
            return
        }
        j.axialMass = invMass != 0 ? 1 / invMass : 0
        if j.enableSpring && j.hertz > 0 {
            let C = length - j.length
            let omega = 2 * Double.pi * j.hertz
            let d = 2 * j.axialMass * j.dampingRatio * omega
            let k = j.axialMass * omega * omega
            j.gamma = h * (d + h * k)
            j.gamma = j.gamma != 0 ? 1 / j.gamma : 0
            j.bias = C * h * k * j.gamma
            invMass += j.gamma
            j.axialMass = invMass != 0 ? 1 / invMass : 0
        }
    }

    private func solveSequentialDistanceVelocity(_ j: inout Joint, _ sA: inout SequentialBody, _ sB: inout SequentialBody, h: Double) {
        let vpA = sA.v + cross(sA.w, j.rA0), vpB = sB.v + cross(sB.w, j.rB0)
        var cdot = dot(j.axis, vpB - vpA)
        if j.isRope {
            // Predictive: a slack rope lets the gap close by exactly what remains.
            let C = j.currentLength - j.maxLength
            if C < 0 { cdot += C / h }
            let old = j.impulse
            j.impulse = min(0, j.impulse - j.axialMass * cdot)
            applyPoint(j, &sA, &sB, (j.impulse - old) * j.axis)
            return
        }
        let impulse = -j.axialMass * (cdot + j.bias + j.gamma * j.impulse)
        j.impulse += impulse
        applyPoint(j, &sA, &sB, impulse * j.axis)
    }

    private func solveSequentialDistancePosition(_ j: Joint, _ sA: inout SequentialBody, _ sB: inout SequentialBody) -> Bool {
        if j.enableSpring && j.hertz > 0 { return true }
        let rA = Rot(angle: sA.a).apply(j.localAnchorA - sA.localCenter)
        let rB = Rot(angle: sB.a).apply(j.localAnchorB - sB.localCenter)
        var u = sB.c + rB - sA.c - rA
        let length = u.length
        u = length > 1e-12 ? u / length : .zero
        let C: Double
        if j.isRope {
            C = min(max(length - j.maxLength, 0), SequentialConstants.maxLinearCorrection)
        } else {
            C = min(max(length - j.length, -SequentialConstants.maxLinearCorrection), SequentialConstants.maxLinearCorrection)
        }
        let crA = cross(rA, u), crB = cross(rB, u)
        let k = j.mA + j.iA * crA * crA + j.mB + j.iB * crB * crB
        let P = (k > 0 ? -C / k : 0) * u
        sA.c -= j.mA * P; sA.a -= j.iA * cross(rA, P)
        sB.c += j.mB * P; sB.a += j.iB * cross(rB, P)
        return j.isRope ? length - j.maxLength < SequentialConstants.linearSlop : abs(C) < SequentialConstants.linearSlop
    }

    // MARK: - Revolute (pin) with friction motor and angle limits

    private func prepareSequentialRevolute(_ j: inout Joint, _ sA: SequentialBody, _ sB: SequentialBody) {
        let fixedRotation = j.iA + j.iB == 0
        j.motorMass = j.iA + j.iB > 0 ? 1 / (j.iA + j.iB) : 0
        if j.maxMotorTorque <= 0 || fixedRotation { j.motorImpulse = 0 }
        guard j.enableLimit && !fixedRotation else { j.limitState = .inactive; j.impulseZ = 0; return }
        let angle = sB.a - sA.a - j.referenceAngle
        if abs(j.upper - j.lower) < 2 * SequentialConstants.angularSlop {
            j.limitState = .equal
        } else if angle <= j.lower {
            if j.limitState != .atLower { j.impulseZ = 0 }
            j.limitState = .atLower
        } else if angle >= j.upper {
            if j.limitState != .atUpper { j.impulseZ = 0 }
            j.limitState = .atUpper
        } else {
            j.limitState = .inactive
            j.impulseZ = 0
        }
    }

    private func solveSequentialRevoluteVelocity(_ j: inout Joint, _ sA: inout SequentialBody, _ sB: inout SequentialBody, h: Double) {
        let fixedRotation = j.iA + j.iB == 0
        // Friction torque: a motor at speed 0 whose torque is capped.
        if j.maxMotorTorque > 0 && j.limitState != .equal && !fixedRotation {
            let cdot = sB.w - sA.w
            let old = j.motorImpulse
            let maxImpulse = h * j.maxMotorTorque
            j.motorImpulse = min(max(old - j.motorMass * cdot, -maxImpulse), maxImpulse)
            let impulse = j.motorImpulse - old
            sA.w -= j.iA * impulse
            sB.w += j.iB * impulse
        }
        let K = pointMass(j, rA: j.rA0, rB: j.rB0)
        let cdot1 = sB.v + cross(sB.w, j.rB0) - sA.v - cross(sA.w, j.rA0)
        if j.enableLimit && j.limitState != .inactive && !fixedRotation {
            let cdot2 = sB.w - sA.w
            let s = K.solve((cdot1.x, cdot1.y, cdot2))
            var impulse = (-s.0, -s.1, -s.2)
            switch j.limitState {
            case .equal:
                j.linearImpulse += Vec2(impulse.0, impulse.1); j.impulseZ += impulse.2
            case .atLower, .atUpper:
                let newImpulse = j.impulseZ + impulse.2
                if (j.limitState == .atLower && newImpulse < 0) || (j.limitState == .atUpper && newImpulse > 0) {
                    let rhs = -cdot1 + j.impulseZ * Vec2(K.k13, K.k23)
                    let reduced = K.solve2(rhs)
                    impulse = (reduced.x, reduced.y, -j.impulseZ)
                    j.linearImpulse += reduced
                    j.impulseZ = 0
                } else {
                    j.linearImpulse += Vec2(impulse.0, impulse.1); j.impulseZ += impulse.2
                }
            case .inactive:
                break
            }
            applyPoint(j, &sA, &sB, Vec2(impulse.0, impulse.1), angular: impulse.2)
        } else {
            let impulse = K.solve2(-cdot1)
            j.linearImpulse += impulse
            applyPoint(j, &sA, &sB, impulse)
        }
    }

    private func solveSequentialRevolutePosition(_ j: Joint, _ sA: inout SequentialBody, _ sB: inout SequentialBody) -> Bool {
        var angularError = 0.0
        let fixedRotation = j.iA + j.iB == 0
        if j.enableLimit && j.limitState != .inactive && !fixedRotation {
            let angle = sB.a - sA.a - j.referenceAngle
            var limitImpulse = 0.0
            let maxCorrection = SequentialConstants.maxAngularCorrection, slop = SequentialConstants.angularSlop
            switch j.limitState {
            case .equal:
                let C = min(max(angle - j.lower, -maxCorrection), maxCorrection)
                limitImpulse = -j.motorMass * C
                angularError = abs(C)
            case .atLower:
                let C = angle - j.lower
                angularError = -C
                limitImpulse = -j.motorMass * min(max(C + slop, -maxCorrection), 0)
            case .atUpper:
                let C = angle - j.upper
                angularError = C
                limitImpulse = -j.motorMass * min(max(C - slop, 0), maxCorrection)
            case .inactive:
                break
            }
            sA.a -= j.iA * limitImpulse
            sB.a += j.iB * limitImpulse
        }
        let rA = Rot(angle: sA.a).apply(j.localAnchorA - sA.localCenter)
        let rB = Rot(angle: sB.a).apply(j.localAnchorB - sB.localCenter)
        let error = sB.c + rB - sA.c - rA
        let C = clampedCorrection(error)
        let impulse = -pointMass(j, rA: rA, rB: rB).solve2(C)
        sA.c -= j.mA * impulse; sA.a -= j.iA * cross(rA, impulse)
        sB.c += j.mB * impulse; sB.a += j.iB * cross(rB, impulse)
        return error.length <= SequentialConstants.linearSlop && angularError <= SequentialConstants.angularSlop
    }

    /// A point joint's position error, cut to the largest correction of one pass. Box2D 2.2
    /// leaves it uncapped, so a joint torn apart by extreme forces snaps its bodies together
    /// in one pass, through whatever lies between; capped, like contacts, it cannot drag an
    /// item through a boundary faster than the boundary pushes back [choice: "do better"].
    @inline(__always) private func clampedCorrection(_ error: Vec2) -> Vec2 {
        let length = error.length, maxCorrection = SequentialConstants.maxLinearCorrection
        return length > maxCorrection ? (maxCorrection / length) * error : error
    }

    // MARK: - Prismatic (sliding) with translation limits

    private struct PrismaticFrame {
        var axis: Vec2, perp: Vec2, a1: Double, a2: Double, s1: Double, s2: Double, d: Vec2
    }

    private func prismaticFrame(_ j: Joint, _ sA: SequentialBody, _ sB: SequentialBody,
                                rA: Vec2? = nil, rB: Vec2? = nil) -> PrismaticFrame {
        let rA = rA ?? j.rA0, rB = rB ?? j.rB0
        let d = sB.c + rB - sA.c - rA
        let axis = Rot(angle: sA.a).apply(j.localAxisA)
        let perp = axis.leftPerp
        return PrismaticFrame(axis: axis, perp: perp, a1: cross(d + rA, axis), a2: cross(rB, axis),
                              s1: cross(d + rA, perp), s2: cross(rB, perp), d: d)
    }

    private func prismaticMass(_ j: Joint, _ x: PrismaticFrame) -> Symmetric3 {
        let mA = j.mA, mB = j.mB, iA = j.iA, iB = j.iB
        var K = Symmetric3()
        K.k11 = mA + mB + iA * x.s1 * x.s1 + iB * x.s2 * x.s2
        K.k12 = iA * x.s1 + iB * x.s2
        K.k13 = iA * x.s1 * x.a1 + iB * x.s2 * x.a2
        K.k22 = iA + iB
        // Both bodies fixed in rotation: keep the angular row solvable.
        if K.k22 == 0 { K.k22 = 1 }
        K.k23 = iA * x.a1 + iB * x.a2
        K.k33 = mA + mB + iA * x.a1 * x.a1 + iB * x.a2 * x.a2
        return K
    }

    private func prepareSequentialPrismatic(_ j: inout Joint, _ sA: SequentialBody, _ sB: SequentialBody) {
        let x = prismaticFrame(j, sA, sB)
        let k = j.mA + j.mB + j.iA * x.a1 * x.a1 + j.iB * x.a2 * x.a2
        j.motorMass = k > 0 ? 1 / k : 0
        j.motorImpulse = 0
        guard j.enableLimit else { j.limitState = .inactive; j.impulseZ = 0; return }
        let translation = dot(x.axis, x.d)
        if abs(j.upper - j.lower) < 2 * SequentialConstants.linearSlop {
            j.limitState = .equal
        } else if translation <= j.lower {
            if j.limitState != .atLower { j.impulseZ = 0 }
            j.limitState = .atLower
        } else if translation >= j.upper {
            if j.limitState != .atUpper { j.impulseZ = 0 }
            j.limitState = .atUpper
        } else {
            j.limitState = .inactive
            j.impulseZ = 0
        }
    }

    private func solveSequentialPrismaticVelocity(_ j: inout Joint, _ sA: inout SequentialBody, _ sB: inout SequentialBody) {
        let x = prismaticFrame(j, sA, sB)
        let K = prismaticMass(j, x)
        let cdot1 = Vec2(dot(x.perp, sB.v - sA.v) + x.s2 * sB.w - x.s1 * sA.w, sB.w - sA.w)
        var df: (Double, Double, Double)
        if j.enableLimit && j.limitState != .inactive {
            let cdot2 = dot(x.axis, sB.v - sA.v) + x.a2 * sB.w - x.a1 * sA.w
            let f1 = (j.linearImpulse.x, j.linearImpulse.y, j.impulseZ)
            let s = K.solve((-cdot1.x, -cdot1.y, -cdot2))
            var f2 = (f1.0 + s.0, f1.1 + s.1, f1.2 + s.2)
            if j.limitState == .atLower { f2.2 = max(f2.2, 0) } else if j.limitState == .atUpper { f2.2 = min(f2.2, 0) }
            // The first two rows again, with the clamped third impulse moved to the right side.
            let b = -cdot1 - (f2.2 - f1.2) * Vec2(K.k13, K.k23)
            let reduced = K.solve2(b) + Vec2(f1.0, f1.1)
            f2.0 = reduced.x; f2.1 = reduced.y
            df = (f2.0 - f1.0, f2.1 - f1.1, f2.2 - f1.2)
            j.linearImpulse = Vec2(f2.0, f2.1); j.impulseZ = f2.2
        } else {
            let s = K.solve2(-cdot1)
            j.linearImpulse += s
            df = (s.x, s.y, 0)
        }
        let P = df.0 * x.perp + df.2 * x.axis
        sA.v -= j.mA * P; sA.w -= j.iA * (df.0 * x.s1 + df.1 + df.2 * x.a1)
        sB.v += j.mB * P; sB.w += j.iB * (df.0 * x.s2 + df.1 + df.2 * x.a2)
    }

    private func solveSequentialPrismaticPosition(_ j: Joint, _ sA: inout SequentialBody, _ sB: inout SequentialBody) -> Bool {
        let rA = Rot(angle: sA.a).apply(j.localAnchorA - sA.localCenter)
        let rB = Rot(angle: sB.a).apply(j.localAnchorB - sB.localCenter)
        let x = prismaticFrame(j, sA, sB, rA: rA, rB: rB)
        let offset = dot(x.perp, x.d)
        let C1 = Vec2(min(max(offset, -SequentialConstants.maxLinearCorrection), SequentialConstants.maxLinearCorrection),
                      sB.a - sA.a - j.referenceAngle)
        var linearError = abs(offset)
        let angularError = abs(C1.y)
        var active = false
        var C2 = 0.0
        let slop = SequentialConstants.linearSlop, maxCorrection = SequentialConstants.maxLinearCorrection
        if j.enableLimit {
            let translation = dot(x.axis, x.d)
            if abs(j.upper - j.lower) < 2 * slop {
                C2 = min(max(translation, -maxCorrection), maxCorrection)
                linearError = max(linearError, abs(translation))
                active = true
            } else if translation <= j.lower {
                C2 = min(max(translation - j.lower + slop, -maxCorrection), 0)
                linearError = max(linearError, j.lower - translation)
                active = true
            } else if translation >= j.upper {
                C2 = min(max(translation - j.upper - slop, 0), maxCorrection)
                linearError = max(linearError, translation - j.upper)
                active = true
            }
        }
        let K = prismaticMass(j, x)
        let impulse: (Double, Double, Double)
        if active {
            let s = K.solve((C1.x, C1.y, C2))
            impulse = (-s.0, -s.1, -s.2)
        } else {
            let s = K.solve2(C1)
            impulse = (-s.x, -s.y, 0)
        }
        let P = impulse.0 * x.perp + impulse.2 * x.axis
        sA.c -= j.mA * P; sA.a -= j.iA * (impulse.0 * x.s1 + impulse.1 + impulse.2 * x.a1)
        sB.c += j.mB * P; sB.a += j.iB * (impulse.0 * x.s2 + impulse.1 + impulse.2 * x.a2)
        return linearError <= slop && angularError <= SequentialConstants.angularSlop
    }

    // MARK: - Weld (fixed)

    private func solveSequentialWeldVelocity(_ j: inout Joint, _ sA: inout SequentialBody, _ sB: inout SequentialBody) {
        let K = pointMass(j, rA: j.rA0, rB: j.rB0)
        let cdot1 = sB.v + cross(sB.w, j.rB0) - sA.v - cross(sA.w, j.rA0)
        if K.k33 == 0 {
            let impulse = K.solve2(-cdot1)
            j.linearImpulse += impulse
            applyPoint(j, &sA, &sB, impulse)
            return
        }
        let s = K.solve((cdot1.x, cdot1.y, sB.w - sA.w))
        j.linearImpulse += Vec2(-s.0, -s.1)
        j.impulseZ -= s.2
        applyPoint(j, &sA, &sB, Vec2(-s.0, -s.1), angular: -s.2)
    }

    private func solveSequentialWeldPosition(_ j: Joint, _ sA: inout SequentialBody, _ sB: inout SequentialBody) -> Bool {
        let rA = Rot(angle: sA.a).apply(j.localAnchorA - sA.localCenter)
        let rB = Rot(angle: sB.a).apply(j.localAnchorB - sB.localCenter)
        let K = pointMass(j, rA: rA, rB: rB)
        let error = sB.c + rB - sA.c - rA
        let C1 = clampedCorrection(error)
        let C2 = sB.a - sA.a - j.referenceAngle
        let impulse: (Double, Double, Double)
        if K.k33 == 0 {
            let s = K.solve2(C1)
            impulse = (-s.x, -s.y, 0)
        } else {
            let s = K.solve((C1.x, C1.y, C2))
            impulse = (-s.0, -s.1, -s.2)
        }
        let P = Vec2(impulse.0, impulse.1)
        sA.c -= j.mA * P; sA.a -= j.iA * (cross(rA, P) + impulse.2)
        sB.c += j.mB * P; sB.a += j.iB * (cross(rB, P) + impulse.2)
        return error.length <= SequentialConstants.linearSlop && abs(C2) <= SequentialConstants.angularSlop
    }
}
