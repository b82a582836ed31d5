// Design note: the vector kernels of the contact solver (ContactSolver.swift). A batch's
// eight bodies are gathered with 16-byte loads and a 4x4 transpose, every row is solved for
// four lanes at once with SIMD4<Float> arithmetic, masks and blends instead of branches, and
// the velocities are scattered back. The kernels are free functions with every input passed
// in: nested functions that captured the gathered bodies made Swift box them on the heap
// once per batch.

import CPUHints

// pointwiseMin/Max are not inlined by the standard library; a compare and a blend are.
@inline(__always) func vmax(_ a: F4, _ b: F4) -> F4 { a.replacing(with: b, where: b .> a) }
@inline(__always) func vmin(_ a: F4, _ b: F4) -> F4 { a.replacing(with: b, where: b .< a) }

/// Four bodies' first (velocity) or second (position delta) halves, transposed into lanes.
/// Loading whole 16-byte halves and shuffling beats 16 single-float inserts (unaligned loads:
/// the array gives no alignment promise beyond Float's, and movups costs the same).
@inline(__always) func transpose(_ a: F4, _ b: F4, _ c: F4, _ d: F4) -> (F4, F4, F4, F4) {
    let t = animatic_transpose4(a, b, c, d)
    return (t.x, t.y, t.z, t.w)
}

/// The (vx, vy, w, pad) half of a body state as one vector.
@inline(__always) func velocityHalf(_ sb: UnsafeMutablePointer<BodyState>, _ i: Int32) -> F4 {
    UnsafeMutableRawPointer(sb + Int(i)).loadUnaligned(as: F4.self)
}

/// The (dpx, dpy, qc, qs) half of a body state as one vector.
@inline(__always) func deltaHalf(_ sb: UnsafeMutablePointer<BodyState>, _ i: Int32) -> F4 {
    UnsafeMutableRawPointer(sb + Int(i)).loadUnaligned(fromByteOffset: 16, as: F4.self)
}

@inline(__always) func gatherVelocities(_ sb: UnsafeMutablePointer<BodyState>, _ idx: I4) -> WideBody {
    let (vx, vy, w, _) = transpose(velocityHalf(sb, idx[0]), velocityHalf(sb, idx[1]),
                                   velocityHalf(sb, idx[2]), velocityHalf(sb, idx[3]))
    return WideBody(vx: vx, vy: vy, w: w)
}

@inline(__always) func gatherBodies(_ sb: UnsafeMutablePointer<BodyState>, _ idx: I4) -> WideBody {
    var body = gatherVelocities(sb, idx)
    (body.dpx, body.dpy, body.qc, body.qs) = transpose(deltaHalf(sb, idx[0]), deltaHalf(sb, idx[1]),
                                                      deltaHalf(sb, idx[2]), deltaHalf(sb, idx[3]))
    return body
}

/// Writes the lanes' velocities back (the unused fourth float with them). Lanes of one batch
/// never share a dynamic body; a shared static, kinematic or dummy body gets its unchanged
/// velocity written twice.
@inline(__always) func scatterVelocities(_ sb: UnsafeMutablePointer<BodyState>, _ idx: I4, _ b: WideBody) {
    let (s0, s1, s2, s3) = transpose(b.vx, b.vy, b.w, F4())
    UnsafeMutableRawPointer(sb + Int(idx[0])).storeBytes(of: s0, as: F4.self)
    UnsafeMutableRawPointer(sb + Int(idx[1])).storeBytes(of: s1, as: F4.self)
    UnsafeMutableRawPointer(sb + Int(idx[2])).storeBytes(of: s2, as: F4.self)
    UnsafeMutableRawPointer(sb + Int(idx[3])).storeBytes(of: s3, as: F4.self)
}

/// Writes one lane of a vector stored in memory. `vector[lane] = x` with a lane known only at
/// run time compiles to a 4-byte store into a stack copy of the vector and a 16-byte reload
/// of it, which the processor cannot forward from the smaller store (a stall of a dozen
/// cycles; a third of the contact preparation's time). A 4-byte store in place has none.
@inline(__always) func setLane<V: SIMD>(_ vector: inout V, _ lane: Int, _ value: V.Scalar) {
    withUnsafeMutablePointer(to: &vector) {
        UnsafeMutableRawPointer($0).storeBytes(of: value, toByteOffset: lane &* MemoryLayout<V.Scalar>.stride, as: V.Scalar.self)
    }
}

/// What every point of a batch shares, read from the batch where it is used: copied out up
/// front, these sixteen vectors outlived the processor's sixteen registers and were spilled
/// to the stack and read back, where reading them from the batch costs only the read.
struct BatchTerms {
    let c: UnsafeMutablePointer<ContactBatch>
    @inline(__always) init(_ c: UnsafeMutablePointer<ContactBatch>) { self.c = c }
    var nx: F4 { @inline(__always) get { c.pointee.nx } }
    var ny: F4 { @inline(__always) get { c.pointee.ny } }
    var mA: F4 { @inline(__always) get { c.pointee.mA } }
    var iA: F4 { @inline(__always) get { c.pointee.iA } }
    var mB: F4 { @inline(__always) get { c.pointee.mB } }
    var iB: F4 { @inline(__always) get { c.pointee.iB } }
    var friction: F4 { @inline(__always) get { c.pointee.friction } }
    var restitution: F4 { @inline(__always) get { c.pointee.restitution } }
    var biasRate: F4 { @inline(__always) get { c.pointee.biasRate } }
    var softMass: F4 { @inline(__always) get { c.pointee.massScale } }
    var softImpulse: F4 { @inline(__always) get { c.pointee.impulseScale } }
    var accelN: F4 { @inline(__always) get { c.pointee.accelN } }
    var invK11: F4 { @inline(__always) get { c.pointee.invK11 } }
    var invK12: F4 { @inline(__always) get { c.pointee.invK12 } }
    var invK22: F4 { @inline(__always) get { c.pointee.invK22 } }
    var blockable: F4 { @inline(__always) get { c.pointee.blockable } }
}

/// What every batch of one pass shares.
struct SubStepTerms {
    var invH: Float, h: Float, maxBias: Float, deepOverlap: Float, useBias: Bool
    init(h: Double, useBias: Bool) {
        invH = Float(1 / h); self.h = Float(h)
        maxBias = Float(EngineConstants.contactPushMaxVelocity)
        deepOverlap = Float(4 * EngineConstants.linearSlop)
        self.useBias = useBias
    }
}

@inline(__always) func applyImpulse(_ px: F4, _ py: F4, _ p: WidePoint, _ A: inout WideBody, _ B: inout WideBody, _ k: BatchTerms) {
    A.vx -= k.mA * px; A.vy -= k.mA * py; A.w -= k.iA * (p.rAx * py - p.rAy * px)
    B.vx += k.mB * px; B.vy += k.mB * py; B.w += k.iB * (p.rBx * py - p.rBy * px)
}

/// Relative velocity of B's anchor with respect to A's, projected on (dx, dy).
@inline(__always) func relativeSpeed(_ p: WidePoint, _ A: WideBody, _ B: WideBody, _ dx: F4, _ dy: F4) -> F4 {
    let dvx = (B.vx - B.w * p.rBy) - (A.vx - A.w * p.rAy)
    let dvy = (B.vy + B.w * p.rBx) - (A.vy + A.w * p.rAx)
    return dvx * dx + dvy * dy
}

@inline(__always) func warmStartPoint(_ p: WidePoint, _ A: inout WideBody, _ B: inout WideBody, _ k: BatchTerms) {
    // Tangent = rightPerp(normal) = (ny, -nx).
    let px = p.normalImpulse * k.nx + p.tangentImpulse * k.ny
    let py = p.normalImpulse * k.ny - p.tangentImpulse * k.nx
    applyImpulse(px, py, p, &A, &B, k)
}

/// Current separation of a point from the position deltas of this step (no collision rerun).
@inline(__always) func separationNow(_ p: WidePoint, _ A: WideBody, _ B: WideBody, _ k: BatchTerms) -> F4 {
    let qrBx = B.qc * p.rBx - B.qs * p.rBy, qrBy = B.qs * p.rBx + B.qc * p.rBy
    let qrAx = A.qc * p.rAx - A.qs * p.rAy, qrAy = A.qs * p.rAx + A.qc * p.rAy
    let dx = (B.dpx - A.dpx) + (qrBx - qrAx), dy = (B.dpy - A.dpy) + (qrBy - qrAy)
    return dx * k.nx + dy * k.ny + p.baseSeparation
}

/// Restitution wants the approach speed at impact, which gravity keeps raising through the
/// sub-steps: record it in the sub-step that closes the gap. A speculative point closes
/// before the surfaces meet, so the speed is carried over the remaining gap s under the
/// pair's free acceleration (v_impact^2 = vn^2 - 2 a s): without it a perfectly elastic box
/// lost 1.3% of its bounce height per bounce.
@inline(__always) func recordApproach(_ p: inout WidePoint, _ s: F4, _ A: WideBody, _ B: WideBody,
                                      _ k: BatchTerms, _ step: SubStepTerms) {
    let zero = F4()
    let vn = relativeSpeed(p, A, B, k.nx, k.ny)
    let gap = vmax(s, zero)
    let impact = -animatic_sqrt4(vmax(vn * vn - 2 * k.accelN * gap, zero))
    let approach = vn.replacing(with: vmin(impact, vn), where: vn .< zero)
    let closing = (s + vn * step.h .<= zero) .& (approach .< p.relativeVelocity) .& (p.recordable .> zero)
    p.relativeVelocity = p.relativeVelocity.replacing(with: approach, where: closing)
}

/// `recordApproach` for both points of a batch, out of line: only batches with a gap that was
/// open at the step's start take it, and inlined it cost the common path its registers.
@inline(never) func recordApproaches(_ c: UnsafeMutablePointer<ContactBatch>, _ s0: F4, _ s1: F4, _ A: WideBody, _ B: WideBody,
                                     _ k: BatchTerms, _ step: SubStepTerms) {
    recordApproach(&c.pointee.p0, s0, A, B, k, step)
    recordApproach(&c.pointee.p1, s1, A, B, k, step)
}

/// Bias, mass scale and impulse scale of one normal row (Box2D v3's soft contact).
@_transparent func normalRowTerms(_ s: F4, _ k: BatchTerms, _ step: SubStepTerms) -> (bias: F4, massScale: F4, impulseScale: F4) {
    let zero = F4()
    let speculative = s .> zero
    var bias = s * step.invH // speculative: allow closing the gap this sub-step
    var massScale = F4(repeating: 1), impulseScale = zero
    if step.useBias {
        // Box2D caps the push-out speed (3 m/s) so resting overlap resolves gently; past
        // 2 pt of overlap the cap grows with the depth, so a body driven into a wall by
        // extreme forces cannot sink without bound.
        let deep = vmax(zero, -s - step.deepOverlap)
        let soft = vmax(k.biasRate * s, -(step.maxBias + deep * (0.5 * step.invH)))
        // Deep overlap: rigid rows, so forces driving a body into a wall cannot leak
        // through the soft constraint step after step.
        let shallow = (deep .== zero) .& .!speculative
        bias = bias.replacing(with: soft, where: .!speculative)
        massScale = massScale.replacing(with: k.softMass, where: shallow)
        impulseScale = impulseScale.replacing(with: k.softImpulse, where: shallow)
    } else {
        bias = bias.replacing(with: 0, where: .!speculative)
    }
    return (bias, massScale, impulseScale)
}

/// One normal row solved on the velocities as they are (Box2D v3's sequential rows).
@inline(__always) func solveNormalRow(_ p: inout WidePoint, _ r: (bias: F4, massScale: F4, impulseScale: F4),
                                      _ A: inout WideBody, _ B: inout WideBody, _ k: BatchTerms) {
    let old = p.normalImpulse
    let vn = relativeSpeed(p, A, B, k.nx, k.ny)
    let new = vmax(old - p.normalMass * r.massScale * (vn + r.bias) - r.impulseScale * old, F4())
    let applied = new - old
    p.normalImpulse = new
    p.maxNormalImpulse = vmax(p.maxNormalImpulse, applied)
    applyImpulse(applied * k.nx, applied * k.ny, p, &A, &B, k)
}

/// The two normal rows of a manifold. While both points of a bouncing contact close an open
/// gap and the 2x2 system is well conditioned they are solved at once (Box2D 2.4's block
/// solver; `blockable` is set at preparation only for contacts with restitution): one after
/// the other, the first point took more than its share and a box landing flat tipped by
/// 0.2 degrees a bounce, then spun on the tilted landings. Otherwise (touching, a negative
/// block impulse) the points are solved one after the other as in Box2D v3.
/// (`@_transparent` here and on `normalRowTerms`: the optimizer did not honour
/// `@inline(__always)` for them, and the solve pass called both once per batch.)
@_transparent func solveNormalPair(_ p0: inout WidePoint, _ p1: inout WidePoint, _ s0: F4, _ s1: F4,
                                   _ A: inout WideBody, _ B: inout WideBody, _ k: BatchTerms, _ step: SubStepTerms) {
    let zero = F4()
    let r0 = normalRowTerms(s0, k, step), r1 = normalRowTerms(s1, k, step)
    let landing = (k.blockable .> zero) .& (s0 .> zero) .& (s1 .> zero)
    if any(landing) {
        solveLandingPair(&p0, &p1, r0, r1, landing, &A, &B, k)
    } else {
        // No lane lands (most batches of a pile): the two rows one after the other, straight
        // on the velocities. The same arithmetic in the same order as the landing path.
        solveNormalRow(&p0, r0, &A, &B, k)
        solveNormalRow(&p1, r1, &A, &B, k)
    }
}

/// `solveNormalPair` for a batch where some lane lands. Kept out of line: the common path
/// above stays small enough for the solver pass to keep its bodies in registers.
@inline(never) func solveLandingPair(_ p0: inout WidePoint, _ p1: inout WidePoint,
                                     _ r0: (bias: F4, massScale: F4, impulseScale: F4),
                                     _ r1: (bias: F4, massScale: F4, impulseScale: F4), _ landing: SIMDMask<I4>,
                                     _ A: inout WideBody, _ B: inout WideBody, _ k: BatchTerms) {
    let zero = F4()
    let old0 = p0.normalImpulse, old1 = p1.normalImpulse
    let vn0 = relativeSpeed(p0, A, B, k.nx, k.ny), vn1 = relativeSpeed(p1, A, B, k.nx, k.ny)

    // One after the other (on a copy of the velocities).
    var sA = A, sB = B
    let seq0 = vmax(old0 - p0.normalMass * r0.massScale * (vn0 + r0.bias) - r0.impulseScale * old0, zero)
    applyImpulse((seq0 - old0) * k.nx, (seq0 - old0) * k.ny, p0, &sA, &sB, k)
    let vn1After = relativeSpeed(p1, sA, sB, k.nx, k.ny)
    let seq1 = vmax(old1 - p1.normalMass * r1.massScale * (vn1After + r1.bias) - r1.impulseScale * old1, zero)

    // Both at once, only while both points approach an open gap (a landing): the block solve
    // of touching rows made the 5,050-box pyramid sink 110 pt instead of 73 (Box2D v3: 73)
    // and pressed random-scene items deeper into walls, so touching contacts stay one after
    // the other, as in Box2D v3.
    let rhs0 = vn0 + r0.bias, rhs1 = vn1 + r1.bias
    let block0 = old0 - r0.massScale * (k.invK11 * rhs0 + k.invK12 * rhs1) - r0.impulseScale * old0
    let block1 = old1 - r1.massScale * (k.invK12 * rhs0 + k.invK22 * rhs1) - r1.impulseScale * old1
    let useBlock = landing .& (block0 .>= zero) .& (block1 .>= zero)
    let new0 = seq0.replacing(with: block0, where: useBlock)
    let new1 = seq1.replacing(with: block1, where: useBlock)

    let applied0 = new0 - old0, applied1 = new1 - old1
    p0.normalImpulse = new0
    p1.normalImpulse = new1
    p0.maxNormalImpulse = vmax(p0.maxNormalImpulse, applied0)
    p1.maxNormalImpulse = vmax(p1.maxNormalImpulse, applied1)
    applyImpulse(applied0 * k.nx, applied0 * k.ny, p0, &A, &B, k)
    applyImpulse(applied1 * k.nx, applied1 * k.ny, p1, &A, &B, k)
}

@inline(__always) func solveFrictionPoint(_ p: inout WidePoint, _ A: inout WideBody, _ B: inout WideBody, _ k: BatchTerms) {
    let tx = k.ny, ty = -k.nx
    let vt = relativeSpeed(p, A, B, tx, ty)
    let maxFriction = k.friction * p.normalImpulse
    let old = p.tangentImpulse
    let newImpulse = vmin(vmax(old - p.tangentMass * vt, -maxFriction), maxFriction)
    p.tangentImpulse = newImpulse
    let applied = newImpulse - old
    applyImpulse(applied * tx, applied * ty, p, &A, &B, k)
}

@inline(__always) func restitutePoint(_ p: inout WidePoint, _ active: SIMDMask<I4>, _ A: inout WideBody, _ B: inout WideBody,
                                      _ k: BatchTerms) {
    let vn = relativeSpeed(p, A, B, k.nx, k.ny)
    let old = p.normalImpulse
    let newImpulse = vmax(old - p.normalMass * (vn + k.restitution * p.relativeVelocity), F4())
    let applied = (newImpulse - old).replacing(with: 0, where: .!active)
    p.normalImpulse = old + applied
    p.maxNormalImpulse = vmax(p.maxNormalImpulse, applied)
    applyImpulse(applied * k.nx, applied * k.ny, p, &A, &B, k)
}

/// The warm start of one batch: last sub-step's impulses applied again.
@inline(__always) func warmStartBatch(_ c: UnsafeMutablePointer<ContactBatch>, _ sb: UnsafeMutablePointer<BodyState>) {
    var A = gatherVelocities(sb, c.pointee.bodyA), B = gatherVelocities(sb, c.pointee.bodyB)
    let k = BatchTerms(c)
    warmStartPoint(c.pointee.p0, &A, &B, k)
    warmStartPoint(c.pointee.p1, &A, &B, k)
    scatterVelocities(sb, c.pointee.bodyA, A)
    scatterVelocities(sb, c.pointee.bodyB, B)
}

/// One solve of one batch in a sub-step's biased pass or its relax pass (`step.useBias`
/// false, the only one with friction; `reversed`: the second point's friction first).
@inline(__always) func solveBatch(_ c: UnsafeMutablePointer<ContactBatch>, _ sb: UnsafeMutablePointer<BodyState>,
                                  _ step: SubStepTerms, reversed: Bool) {
    var A = gatherBodies(sb, c.pointee.bodyA), B = gatherBodies(sb, c.pointee.bodyB)
    let k = BatchTerms(c)
    let s0 = separationNow(c.pointee.p0, A, B, k), s1 = separationNow(c.pointee.p1, A, B, k)
    // Both points record their approach speed before either pushes: a flat landing
    // must see the same speed at both corners, or restitution makes it spin. Only
    // points whose gap was open at the step's start record; in a resting pile none is.
    if any((c.pointee.p0.recordable .> 0) .| (c.pointee.p1.recordable .> 0)) {
        recordApproaches(c, s0, s1, A, B, k, step)
    }
    solveNormalPair(&c.pointee.p0, &c.pointee.p1, s0, s1, &A, &B, k, step)
    // Friction only in the relax pass, as Box2D v3 does since its April 2026
    // optimizations ("the bias stage no longer applies friction"): the relax pass
    // after it sets the tangent velocities anyway, and a sub-step solves half the rows.
    if !step.useBias {
        if reversed {
            solveFrictionPoint(&c.pointee.p1, &A, &B, k)
            solveFrictionPoint(&c.pointee.p0, &A, &B, k)
        } else {
            solveFrictionPoint(&c.pointee.p0, &A, &B, k)
            solveFrictionPoint(&c.pointee.p1, &A, &B, k)
        }
    }
    scatterVelocities(sb, c.pointee.bodyA, A)
    scatterVelocities(sb, c.pointee.bodyB, B)
}
