// Design note: the contact solver of Box2D v3's soft step (Catto, "Solver2D", 2024). Each
// touching contact becomes a constraint in one contiguous array, prepared once per step with
// anchors relative to the centers of mass. Inside a sub-step the current separation is
// recomputed from the bodies' position deltas instead of re-running collision, a soft
// (spring-damper) bias pushes overlap out at a capped speed, and a relax pass without bias
// removes the energy the bias added. Restitution runs once after the sub-steps using the
// approach speed stored at prepare time. Loops go through unsafe buffers: no retain, no
// bounds checks, no allocation.

struct ConstraintPoint {
    var anchorA = Vec2.zero
    var anchorB = Vec2.zero
    /// Separation at prepare time minus the anchors' normal offset (Box2D's adjustedSeparation).
    var baseSeparation = 0.0
    var normalImpulse = 0.0
    var tangentImpulse = 0.0
    var maxNormalImpulse = 0.0
    var normalMass = 0.0
    var tangentMass = 0.0
    var relativeVelocity = 0.0
}

/// Byte offsets of the two points inside a constraint, for in-place access by pointer.
let pointOffsets = (MemoryLayout<ContactConstraint>.offset(of: \ContactConstraint.p0)!,
                    MemoryLayout<ContactConstraint>.offset(of: \ContactConstraint.p1)!)

struct ContactConstraint {
    var bodyA = 0
    var bodyB = 0
    var contact = 0
    var normal = Vec2.zero
    var friction = 0.0
    var restitution = 0.0
    var invMassA = 0.0, invIA = 0.0, invMassB = 0.0, invIB = 0.0
    var softness = Softness()
    var count = 0
    var p0 = ConstraintPoint()
    var p1 = ConstraintPoint()
}

extension World {
    /// Builds constraints for touching contacts that involve an awake body.
    func prepareContacts(h: Double) {
        constraints.removeAll(keepingCapacity: true)
        let contactSoft = Softness(hertz: min(contactHertz, 0.25 / h), dampingRatio: contactDampingRatio, h: h)
        let staticSoft = Softness(hertz: 2 * min(contactHertz, 0.25 / h), dampingRatio: contactDampingRatio, h: h)
        for ci in contacts.indices {
            let c = contacts[ci]
            if c.manifold.count == 0 { continue }
            let bA = bodies[c.bodyA], bB = bodies[c.bodyB]
            let awakeA = bA.isAwake && bA.type != .staticBody, awakeB = bB.isAwake && bB.type != .staticBody
            if !awakeA && !awakeB { continue }
            var cc = ContactConstraint()
            cc.bodyA = c.bodyA; cc.bodyB = c.bodyB; cc.contact = ci
            cc.normal = c.manifold.normal
            cc.friction = c.friction
            cc.restitution = c.restitution
            let sA = states[c.bodyA], sB = states[c.bodyB]
            cc.invMassA = sA.invMass; cc.invIA = sA.invI; cc.invMassB = sB.invMass; cc.invIB = sB.invI
            cc.softness = (sA.invMass == 0 || sB.invMass == 0) ? staticSoft : contactSoft
            cc.count = c.manifold.count
            let n = cc.normal, t = n.rightPerp
            for k in 0..<c.manifold.count {
                let mp = c.manifold[k]
                var cp = ConstraintPoint()
                cp.normalImpulse = mp.normalImpulse
                cp.tangentImpulse = mp.tangentImpulse
                cp.anchorA = mp.point - bA.center
                cp.anchorB = mp.point - bB.center
                let rA = cp.anchorA, rB = cp.anchorB
                cp.baseSeparation = mp.separation - dot(rB - rA, n)
                let rnA = cross(rA, n), rnB = cross(rB, n)
                let kNormal = cc.invMassA + cc.invMassB + cc.invIA * rnA * rnA + cc.invIB * rnB * rnB
                cp.normalMass = kNormal > 0 ? 1 / kNormal : 0
                let rtA = cross(rA, t), rtB = cross(rB, t)
                let kTangent = cc.invMassA + cc.invMassB + cc.invIA * rtA * rtA + cc.invIB * rtB * rtB
                cp.tangentMass = kTangent > 0 ? 1 / kTangent : 0
                let vrA = sA.v + cross(sA.w, rA), vrB = sB.v + cross(sB.w, rB)
                cp.relativeVelocity = dot(n, vrB - vrA)
                if k == 0 { cc.p0 = cp } else { cc.p1 = cp }
            }
            constraints.append(cc)
        }
        colorConstraints()
    }

    /// Orders constraints by graph color (Box2D v3's constraint graph): within one color no
    /// two constraints share a dynamic body, so Gauss-Seidel sweeps the pile in layers instead
    /// of in creation order, which otherwise biases big stacks to one side. Colors are
    /// assigned greedily in creation order every step, so the order stays deterministic.
    func colorConstraints() {
        let count = constraints.count
        if solveOrder.count != count { solveOrder = [Int32](repeating: 0, count: count) }
        if count < 2 { for i in 0..<count { solveOrder[i] = Int32(i) }; return }
        let colorCount = 24
        let words = (bodies.count + 63) / 64
        if colorMasks.count < colorCount * words { colorMasks = [UInt64](repeating: 0, count: colorCount * words) }
        else { for k in 0..<(colorCount * words) { colorMasks[k] = 0 } }
        colorOf.removeAll(keepingCapacity: true)
        var perColor = [Int](repeating: 0, count: colorCount + 1)
        for c in constraints {
            let a = c.invMassA > 0 || c.invIA > 0 ? c.bodyA : -1
            let b = c.invMassB > 0 || c.invIB > 0 ? c.bodyB : -1
            var chosen = colorCount // overflow
            for color in 0..<colorCount {
                let base = color * words
                if a >= 0 && colorMasks[base + a >> 6] & (1 << UInt64(a & 63)) != 0 { continue }
                if b >= 0 && colorMasks[base + b >> 6] & (1 << UInt64(b & 63)) != 0 { continue }
                if a >= 0 { colorMasks[base + a >> 6] |= 1 << UInt64(a & 63) }
                if b >= 0 { colorMasks[base + b >> 6] |= 1 << UInt64(b & 63) }
                chosen = color
                break
            }
            colorOf.append(chosen)
            perColor[chosen] += 1
        }
        // Counting sort by color, stable, into the solve order (constraints stay in place).
        var start = [Int](repeating: 0, count: colorCount + 1)
        for k in 1...colorCount { start[k] = start[k - 1] + perColor[k - 1] }
        if solveOrder.count != count { solveOrder = [Int32](repeating: 0, count: count) }
        for i in 0..<count {
            solveOrder[start[colorOf[i]]] = Int32(i)
            start[colorOf[i]] += 1
        }
    }

    /// Applies last step's impulses at the start of each sub-step (Box2D v3 warm starts every
    /// sub-step because velocities are re-integrated in between).
    func warmStartContacts() {
        let count = constraints.count
        constraints.withUnsafeBufferPointer { cs in
            states.withUnsafeMutableBufferPointer { st in
                guard let sb = st.baseAddress else { return }
                for i in 0..<count {
                    let c = cs[i]
                    let pa = sb + c.bodyA, pb = sb + c.bodyB
                    var vA = pa.pointee.v, wA = pa.pointee.w, vB = pb.pointee.v, wB = pb.pointee.w
                    let n = c.normal, t = n.rightPerp
                    for k in 0..<c.count {
                        let cp = k == 0 ? c.p0 : c.p1
                        let P = cp.normalImpulse * n + cp.tangentImpulse * t
                        wA -= c.invIA * cross(cp.anchorA, P)
                        vA -= c.invMassA * P
                        wB += c.invIB * cross(cp.anchorB, P)
                        vB += c.invMassB * P
                    }
                    if c.invMassA > 0 || c.invIA > 0 { pa.pointee.v = vA; pa.pointee.w = wA }
                    if c.invMassB > 0 || c.invIB > 0 { pb.pointee.v = vB; pb.pointee.w = wB }
                }
            }
        }
    }

    /// One Gauss-Seidel pass; `useBias` false is the relax pass. Works in place through
    /// pointers: a constraint is ~300 bytes and copying it in and out cost more than the math.
    func solveContacts(h: Double, useBias: Bool) {
        let invH = 1 / h
        let maxBias = EngineConstants.contactPushMaxVelocity
        let count = constraints.count
        constraints.withUnsafeMutableBufferPointer { cs in
            states.withUnsafeMutableBufferPointer { st in
                solveOrder.withUnsafeBufferPointer { order in
                guard let base = cs.baseAddress, let sb = st.baseAddress else { return }
                for n in 0..<count {
                    let c = base + Int(order[n])
                    let pa = sb + c.pointee.bodyA, pb = sb + c.pointee.bodyB
                    var vA = pa.pointee.v, wA = pa.pointee.w, vB = pb.pointee.v, wB = pb.pointee.w
                    let dqA = pa.pointee.dq, dqB = pb.pointee.dq
                    let dp = pb.pointee.dp - pa.pointee.dp
                    let mA = c.pointee.invMassA, iA = c.pointee.invIA, mB = c.pointee.invMassB, iB = c.pointee.invIB
                    let n = c.pointee.normal
                    let soft = c.pointee.softness
                    let pointCount = c.pointee.count
                    do {
                        let raw = UnsafeMutableRawPointer(c)
                        let p0 = (raw + pointOffsets.0).assumingMemoryBound(to: ConstraintPoint.self)
                        let p1 = (raw + pointOffsets.1).assumingMemoryBound(to: ConstraintPoint.self)
                        // Non-penetration.
                        for k in 0..<pointCount {
                            let cp = k == 0 ? p0 : p1
                            let rA = cp.pointee.anchorA, rB = cp.pointee.anchorB
                            // Current separation from the position deltas of this step.
                            let d = dp + (dqB.apply(rB) - dqA.apply(rA))
                            let s = dot(d, n) + cp.pointee.baseSeparation
                            var bias = 0.0, massScale = 1.0, impulseScale = 0.0
                            if s > 0 {
                                bias = s * invH // speculative: allow closing the gap this sub-step
                            } else if useBias {
                                bias = max(soft.biasRate * s, -maxBias)
                                massScale = soft.massScale
                                impulseScale = soft.impulseScale
                            }
                            let vn = dot((vB + cross(wB, rB)) - (vA + cross(wA, rA)), n)
                            // Restitution wants the approach speed at impact, which gravity keeps
                            // raising through the sub-steps: record it in the sub-step that closes the gap.
                            if s + vn * h <= 0 && vn < cp.pointee.relativeVelocity { cp.pointee.relativeVelocity = vn }
                            let old = cp.pointee.normalImpulse
                            let newImpulse = max(old - cp.pointee.normalMass * massScale * (vn + bias) - impulseScale * old, 0)
                            let applied = newImpulse - old
                            cp.pointee.normalImpulse = newImpulse
                            if applied > cp.pointee.maxNormalImpulse { cp.pointee.maxNormalImpulse = applied }
                            let P = applied * n
                            vA -= mA * P; wA -= iA * cross(rA, P)
                            vB += mB * P; wB += iB * cross(rB, P)
                        }
                        // Friction.
                        let t = n.rightPerp
                        let friction = c.pointee.friction
                        for k in 0..<pointCount {
                            let cp = k == 0 ? p0 : p1
                            let rA = cp.pointee.anchorA, rB = cp.pointee.anchorB
                            let vt = dot((vB + cross(wB, rB)) - (vA + cross(wA, rA)), t)
                            let maxFriction = friction * cp.pointee.normalImpulse
                            let old = cp.pointee.tangentImpulse
                            let newImpulse = min(max(old - cp.pointee.tangentMass * vt, -maxFriction), maxFriction)
                            cp.pointee.tangentImpulse = newImpulse
                            let P = (newImpulse - old) * t
                            vA -= mA * P; wA -= iA * cross(rA, P)
                            vB += mB * P; wB += iB * cross(rB, P)
                        }
                    }
                    if mA > 0 || iA > 0 { pa.pointee.v = vA; pa.pointee.w = wA }
                    if mB > 0 || iB > 0 { pb.pointee.v = vB; pb.pointee.w = wB }
                }
                }
            }
        }
    }

    func applyRestitution() {
        let threshold = EngineConstants.restitutionThreshold
        let count = constraints.count
        constraints.withUnsafeMutableBufferPointer { cs in
            states.withUnsafeMutableBufferPointer { st in
                for i in 0..<count {
                    var c = cs[i]
                    if c.restitution == 0 { continue }
                    var a = st[c.bodyA], b = st[c.bodyB]
                    let n = c.normal
                    for k in 0..<c.count {
                        var cp = k == 0 ? c.p0 : c.p1
                        if cp.relativeVelocity > -threshold || cp.maxNormalImpulse == 0 { continue }
                        let rA = cp.anchorA, rB = cp.anchorB
                        let vn = dot((b.v + cross(b.w, rB)) - (a.v + cross(a.w, rA)), n)
                        let impulse = -cp.normalMass * (vn + c.restitution * cp.relativeVelocity)
                        let newImpulse = max(cp.normalImpulse + impulse, 0)
                        let applied = newImpulse - cp.normalImpulse
                        cp.normalImpulse = newImpulse
                        cp.maxNormalImpulse = max(cp.maxNormalImpulse, applied)
                        let P = applied * n
                        a.v -= c.invMassA * P; a.w -= c.invIA * cross(rA, P)
                        b.v += c.invMassB * P; b.w += c.invIB * cross(rB, P)
                        if k == 0 { c.p0 = cp } else { c.p1 = cp }
                    }
                    cs[i] = c
                    if c.invMassA > 0 || c.invIA > 0 { st[c.bodyA] = a }
                    if c.invMassB > 0 || c.invIB > 0 { st[c.bodyB] = b }
                }
            }
        }
    }

    /// Copies accumulated impulses back to the manifolds for next step's warm start.
    func storeImpulses() {
        constraints.withUnsafeBufferPointer { cs in
            contacts.withUnsafeMutableBufferPointer { ct in
                for c in cs {
                    let m = ct.baseAddress! + c.contact
                    m.pointee.manifold.p0.normalImpulse = c.p0.normalImpulse
                    m.pointee.manifold.p0.tangentImpulse = c.p0.tangentImpulse
                    m.pointee.manifold.p0.maxNormalImpulse = c.p0.maxNormalImpulse
                    if c.count > 1 {
                        m.pointee.manifold.p1.normalImpulse = c.p1.normalImpulse
                        m.pointee.manifold.p1.tangentImpulse = c.p1.tangentImpulse
                        m.pointee.manifold.p1.maxNormalImpulse = c.p1.maxNormalImpulse
                    }
                }
            }
        }
    }
}
