// Design note: the contact solver of Box2D v3's soft step (Catto, "Solver2D", 2024). Each
// touching contact becomes a constraint in one contiguous array, prepared once per step with
// anchors relative to the centers of mass. Inside a sub-step the current separation is
// recomputed from the bodies' position deltas instead of re-running collision, a soft
// (spring-damper) bias pushes overlap out at a capped speed, and a relax pass without bias
// removes the energy the bias added. Restitution runs once after the sub-steps using the
// approach speed stored at prepare time. Loops go through unsafe buffers: no retain, no
// bounds checks, no allocation.

/// A 2D vector stored in single precision: constraints are streamed through memory twelve
/// times a step, and halving their size matters more than the conversions it costs.
struct Vec2f {
    var x: Float
    var y: Float
    @inline(__always) init(_ v: Vec2) { x = Float(v.x); y = Float(v.y) }
    @inline(__always) var double: Vec2 { Vec2(Double(x), Double(y)) }
}

struct ConstraintPoint {
    var anchorA = Vec2f(.zero)
    var anchorB = Vec2f(.zero)
    /// Separation at prepare time minus the anchors' normal offset (Box2D's adjustedSeparation).
    var baseSeparation: Float = 0
    var normalImpulse: Float = 0
    var tangentImpulse: Float = 0
    var maxNormalImpulse: Float = 0
    var normalMass: Float = 0
    var tangentMass: Float = 0
    var relativeVelocity: Float = 0
}

/// Byte offsets of the two points inside a constraint, for in-place access by pointer.
let pointOffsets = (MemoryLayout<ContactConstraint>.offset(of: \ContactConstraint.p0)!,
                    MemoryLayout<ContactConstraint>.offset(of: \ContactConstraint.p1)!)

/// One contact constraint, ~120 bytes: single-precision solver data, double-precision bodies.
struct ContactConstraint {
    var bodyA: Int32 = 0
    var bodyB: Int32 = 0
    var contact: Int32 = 0
    var count: Int32 = 0
    var normal = Vec2f(.zero)
    var friction: Float = 0
    var restitution: Float = 0
    var invMassA: Float = 0, invIA: Float = 0, invMassB: Float = 0, invIB: Float = 0
    var biasRate: Float = 0, massScale: Float = 1, impulseScale: Float = 0
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
            // Field reads, not copies of the ~300-byte bodies.
            let awakeA = bodies[c.bodyA].isAwake && bodies[c.bodyA].type != .staticBody
            let awakeB = bodies[c.bodyB].isAwake && bodies[c.bodyB].type != .staticBody
            if !awakeA && !awakeB { continue }
            var cc = ContactConstraint()
            cc.bodyA = Int32(c.bodyA); cc.bodyB = Int32(c.bodyB); cc.contact = Int32(ci)
            let n = c.manifold.normal, t = n.rightPerp
            cc.normal = Vec2f(n)
            cc.friction = Float(c.friction)
            cc.restitution = Float(c.restitution)
            let sA = states[c.bodyA], sB = states[c.bodyB]
            cc.invMassA = Float(sA.invMass); cc.invIA = Float(sA.invI); cc.invMassB = Float(sB.invMass); cc.invIB = Float(sB.invI)
            let soft = (sA.invMass == 0 || sB.invMass == 0) ? staticSoft : contactSoft
            cc.biasRate = Float(soft.biasRate); cc.massScale = Float(soft.massScale); cc.impulseScale = Float(soft.impulseScale)
            cc.count = Int32(c.manifold.count)
            let mA = sA.invMass, iA = sA.invI, mB = sB.invMass, iB = sB.invI
            for k in 0..<c.manifold.count {
                let mp = c.manifold[k]
                var cp = ConstraintPoint()
                cp.normalImpulse = Float(mp.normalImpulse)
                cp.tangentImpulse = Float(mp.tangentImpulse)
                let rA = mp.point - bodies[c.bodyA].center, rB = mp.point - bodies[c.bodyB].center
                cp.anchorA = Vec2f(rA)
                cp.anchorB = Vec2f(rB)
                cp.baseSeparation = Float(mp.separation - dot(rB - rA, n))
                let rnA = cross(rA, n), rnB = cross(rB, n)
                let kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB
                cp.normalMass = kNormal > 0 ? Float(1 / kNormal) : 0
                let rtA = cross(rA, t), rtB = cross(rB, t)
                let kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB
                cp.tangentMass = kTangent > 0 ? Float(1 / kTangent) : 0
                let vrA = sA.v + cross(sA.w, rA), vrB = sB.v + cross(sB.w, rB)
                cp.relativeVelocity = Float(dot(n, vrB - vrA))
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
            let a = c.invMassA > 0 || c.invIA > 0 ? Int(c.bodyA) : -1
            let b = c.invMassB > 0 || c.invIB > 0 ? Int(c.bodyB) : -1
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
                    let pa = sb + Int(c.bodyA), pb = sb + Int(c.bodyB)
                    var vA = pa.pointee.v, wA = pa.pointee.w, vB = pb.pointee.v, wB = pb.pointee.w
                    let n = c.normal.double, t = n.rightPerp
                    let mA = Double(c.invMassA), iA = Double(c.invIA), mB = Double(c.invMassB), iB = Double(c.invIB)
                    for k in 0..<Int(c.count) {
                        let cp = k == 0 ? c.p0 : c.p1
                        let P = Double(cp.normalImpulse) * n + Double(cp.tangentImpulse) * t
                        wA -= iA * cross(cp.anchorA.double, P)
                        vA -= mA * P
                        wB += iB * cross(cp.anchorB.double, P)
                        vB += mB * P
                    }
                    if mA > 0 || iA > 0 { pa.pointee.v = vA; pa.pointee.w = wA }
                    if mB > 0 || iB > 0 { pb.pointee.v = vB; pb.pointee.w = wB }
                }
            }
        }
    }

    /// One Gauss-Seidel pass; `useBias` false is the relax pass. Works in place through
    /// pointers: a constraint is ~300 bytes and copying it in and out cost more than the math.
    func solveContacts(h: Double, useBias: Bool) {
        let invH = 1 / h
        let maxBias = EngineConstants.contactPushMaxVelocity
        let deepOverlap = 4 * EngineConstants.linearSlop
        let count = constraints.count
        constraints.withUnsafeMutableBufferPointer { cs in
            states.withUnsafeMutableBufferPointer { st in
                solveOrder.withUnsafeBufferPointer { order in
                guard let base = cs.baseAddress, let sb = st.baseAddress else { return }
                for n in 0..<count {
                    let c = base + Int(order[n])
                    let pa = sb + Int(c.pointee.bodyA), pb = sb + Int(c.pointee.bodyB)
                    var vA = pa.pointee.v, wA = pa.pointee.w, vB = pb.pointee.v, wB = pb.pointee.w
                    let dqA = pa.pointee.dq, dqB = pb.pointee.dq
                    let dp = pb.pointee.dp - pa.pointee.dp
                    let mA = Double(c.pointee.invMassA), iA = Double(c.pointee.invIA)
                    let mB = Double(c.pointee.invMassB), iB = Double(c.pointee.invIB)
                    let n = c.pointee.normal.double
                    let biasRate = Double(c.pointee.biasRate), softMass = Double(c.pointee.massScale)
                    let softImpulse = Double(c.pointee.impulseScale)
                    let pointCount = Int(c.pointee.count)
                    do {
                        let raw = UnsafeMutableRawPointer(c)
                        let p0 = (raw + pointOffsets.0).assumingMemoryBound(to: ConstraintPoint.self)
                        let p1 = (raw + pointOffsets.1).assumingMemoryBound(to: ConstraintPoint.self)
                        // Non-penetration.
                        for k in 0..<pointCount {
                            let cp = k == 0 ? p0 : p1
                            let rA = cp.pointee.anchorA.double, rB = cp.pointee.anchorB.double
                            // Current separation from the position deltas of this step.
                            let d = dp + (dqB.apply(rB) - dqA.apply(rA))
                            let s = dot(d, n) + Double(cp.pointee.baseSeparation)
                            var bias = 0.0, massScale = 1.0, impulseScale = 0.0
                            if s > 0 {
                                bias = s * invH // speculative: allow closing the gap this sub-step
                            } else if useBias {
                                // Box2D caps the push-out speed (3 m/s) so resting overlap resolves
                                // gently; past 2 pt of overlap the cap grows with the depth, so a body
                                // driven into a wall by extreme forces cannot sink without bound.
                                let deep = max(0, -s - deepOverlap)
                                bias = max(biasRate * s, -(maxBias + deep * 0.5 * invH))
                                // Deep overlap: rigid rows, so forces driving a body into a wall
                                // cannot leak through the soft constraint step after step.
                                if deep == 0 {
                                    massScale = softMass
                                    impulseScale = softImpulse
                                }
                            }
                            let vn = dot((vB + cross(wB, rB)) - (vA + cross(wA, rA)), n)
                            // Restitution wants the approach speed at impact, which gravity keeps
                            // raising through the sub-steps: record it in the sub-step that closes the gap.
                            if s + vn * h <= 0 && Float(vn) < cp.pointee.relativeVelocity { cp.pointee.relativeVelocity = Float(vn) }
                            let old = Double(cp.pointee.normalImpulse)
                            let newImpulse = max(old - Double(cp.pointee.normalMass) * massScale * (vn + bias) - impulseScale * old, 0)
                            let applied = newImpulse - old
                            cp.pointee.normalImpulse = Float(newImpulse)
                            if Float(applied) > cp.pointee.maxNormalImpulse { cp.pointee.maxNormalImpulse = Float(applied) }
                            let P = applied * n
                            vA -= mA * P; wA -= iA * cross(rA, P)
                            vB += mB * P; wB += iB * cross(rB, P)
                        }
                        // Friction.
                        let t = n.rightPerp
                        let friction = Double(c.pointee.friction)
                        for k in 0..<pointCount {
                            let cp = k == 0 ? p0 : p1
                            let rA = cp.pointee.anchorA.double, rB = cp.pointee.anchorB.double
                            let vt = dot((vB + cross(wB, rB)) - (vA + cross(wA, rA)), t)
                            let maxFriction = friction * Double(cp.pointee.normalImpulse)
                            let old = Double(cp.pointee.tangentImpulse)
                            let newImpulse = min(max(old - Double(cp.pointee.tangentMass) * vt, -maxFriction), maxFriction)
                            cp.pointee.tangentImpulse = Float(newImpulse)
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
                    let ia = Int(c.bodyA), ib = Int(c.bodyB)
                    var a = st[ia], b = st[ib]
                    let n = c.normal.double
                    let e = Double(c.restitution)
                    let mA = Double(c.invMassA), iA = Double(c.invIA), mB = Double(c.invMassB), iB = Double(c.invIB)
                    for k in 0..<Int(c.count) {
                        var cp = k == 0 ? c.p0 : c.p1
                        let rel = Double(cp.relativeVelocity)
                        if rel > -threshold || cp.maxNormalImpulse == 0 { continue }
                        let rA = cp.anchorA.double, rB = cp.anchorB.double
                        let vn = dot((b.v + cross(b.w, rB)) - (a.v + cross(a.w, rA)), n)
                        let old = Double(cp.normalImpulse)
                        let newImpulse = max(old - Double(cp.normalMass) * (vn + e * rel), 0)
                        let applied = newImpulse - old
                        cp.normalImpulse = Float(newImpulse)
                        cp.maxNormalImpulse = max(cp.maxNormalImpulse, Float(applied))
                        let P = applied * n
                        a.v -= mA * P; a.w -= iA * cross(rA, P)
                        b.v += mB * P; b.w += iB * cross(rB, P)
                        if k == 0 { c.p0 = cp } else { c.p1 = cp }
                    }
                    cs[i] = c
                    if mA > 0 || iA > 0 { st[ia] = a }
                    if mB > 0 || iB > 0 { st[ib] = b }
                }
            }
        }
    }

    /// Copies accumulated impulses back to the manifolds for next step's warm start.
    func storeImpulses() {
        constraints.withUnsafeBufferPointer { cs in
            contacts.withUnsafeMutableBufferPointer { ct in
                for c in cs {
                    let m = ct.baseAddress! + Int(c.contact)
                    m.pointee.manifold.p0.normalImpulse = Double(c.p0.normalImpulse)
                    m.pointee.manifold.p0.tangentImpulse = Double(c.p0.tangentImpulse)
                    m.pointee.manifold.p0.maxNormalImpulse = Double(c.p0.maxNormalImpulse)
                    if c.count > 1 {
                        m.pointee.manifold.p1.normalImpulse = Double(c.p1.normalImpulse)
                        m.pointee.manifold.p1.tangentImpulse = Double(c.p1.tangentImpulse)
                        m.pointee.manifold.p1.maxNormalImpulse = Double(c.p1.maxNormalImpulse)
                    }
                }
            }
        }
    }
}
