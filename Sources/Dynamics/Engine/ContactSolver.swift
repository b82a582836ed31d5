// Design note: the contact solver of Box2D v3's soft step (Catto, "Solver2D", 2024), solved
// four constraints at a time. Touching contacts are colored so that no two constraints of
// one color share a dynamic body (Box2D's constraint graph); each color is cut into batches
// of four, stored lane by lane in SIMD4<Float> (structure of arrays), so one pass gathers the
// eight bodies of a batch, solves four constraints with vector arithmetic and scatters the
// velocities back. Constraints that find no free color (the overflow) sit alone in a batch,
// so they are still solved one after another. Static and sleeping bodies map to a dummy
// state at rest after the last body, and empty lanes point at it with zero mass, so the
// loops carry no branches.
//
// Inside a sub-step the current separation is recomputed from the bodies' position deltas
// instead of re-running collision, a soft (spring-damper) bias pushes overlap out at a
// capped speed, and a relax pass without bias removes the energy the bias added; friction
// is solved in the relax pass only, as Box2D v3 does. While both points of a bouncing
// manifold close an open gap (a landing) their normal rows are solved as one 2x2 block, so
// neither corner takes more than its share. Restitution runs once after the sub-steps, in a
// few sweeps over each manifold's two points, using the approach speed recorded when the gap
// closed (or at the step's start for points already touching); contacts without restitution
// record nothing.

import CKernels
import CPUHints

typealias F4 = SIMD4<Float>
typealias I4 = SIMD4<Int32>

/// One manifold point of four constraints, lane by lane.
struct WidePoint {
    /// Anchors relative to the centers of mass, fixed at prepare time.
    var rAx = F4(), rAy = F4(), rBx = F4(), rBy = F4()
    /// Separation at prepare time minus the anchors' normal offset (Box2D's adjustedSeparation).
    var baseSeparation = F4()
    var normalImpulse = F4(), tangentImpulse = F4(), maxNormalImpulse = F4()
    var normalMass = F4(), tangentMass = F4()
    /// Lowest approach speed seen while the gap closes (restitution uses it).
    var relativeVelocity = F4()
    /// 1 where the gap was open at the step's start, so the sub-steps record the approach.
    var recordable = F4()
}

/// Four contact constraints of one color. Empty lanes: dummy bodies, zero masses.
struct ContactBatch {
    var bodyA: I4
    var bodyB: I4
    /// Index of the contact in `World.contacts`, -1 in an empty lane.
    var contact = I4(repeating: -1)
    var nx = F4(), ny = F4()
    var friction = F4(), restitution = F4()
    var mA = F4(), iA = F4(), mB = F4(), iB = F4()
    var biasRate = F4(), massScale = F4(repeating: 1), impulseScale = F4()
    /// Relative acceleration of B from A along the normal from gravity and the step's forces
    /// (m/s^2), so the recorded approach speed can be carried to the moment of impact.
    var accelN = F4()
    /// Inverse of the two normal rows' 2x2 mass matrix, where it is well conditioned (else
    /// `blockable` is 0 and the two points are solved one after the other).
    var invK11 = F4(), invK12 = F4(), invK22 = F4(), blockable = F4()
    var p0 = WidePoint()
    var p1 = WidePoint()

    init(dummy: Int32) {
        bodyA = I4(repeating: dummy)
        bodyB = I4(repeating: dummy)
    }
}

/// What the contact preparation reads of one body, gathered once per step: the lanes of a
/// color visit bodies out of memory order, and these fields (computed ones among them) cover
/// the first three cache lines of a 312-byte `Body` where this 64-byte record covers one or
/// two. (The anchors' centers come with each contact: those the manifold was computed at.)
struct PreparedBody {
    var velocity = Vec2.zero
    var angularVelocity = 0.0
    /// The solver's inverse mass and inertia (`solverMass(_:)`): zero unless dynamic and awake.
    var invMass = 0.0
    var invI = 0.0
    /// `freeAcceleration(_:)`.
    var acceleration = Vec2.zero
    /// `isMovingSolverBody(_:)`: massless but moving, so the solver reads its own state.
    var moving = false
}

/// The bodies of four lanes.
struct WideBody {
    var vx: F4, vy: F4, w: F4
    var dpx = F4(), dpy = F4(), qc = F4(repeating: 1), qs = F4()
}

extension World {
    /// What the contact preparation reads of every body, in one pass on this thread (it runs
    /// beside `chooseConstraints`, see the step). Reads only the bodies.
    func loadPreparedBodies() {
        if preparedBodies.count < bodies.count {
            preparedBodies.append(contentsOf: repeatElement(PreparedBody(), count: bodies.count - preparedBodies.count))
        }
        preparedBodies.withUnsafeMutableBufferPointer { pb in
            for i in bodies.indices {
                let (invMass, invI) = solverMass(i)
                pb[i] = PreparedBody(velocity: bodies[i].linearVelocity,
                                     angularVelocity: bodies[i].angularVelocity, invMass: invMass, invI: invI,
                                     acceleration: freeAcceleration(i), moving: isMovingSolverBody(i))
            }
        }
    }

    /// Fills the batches `chooseConstraints` laid out, from the contacts and `preparedBodies`:
    /// touching contacts that involve an awake body, colored, in solve order.
    ///
    /// Walked in contact order, each candidate writing its own lane (`candidateLanes`): the
    /// contacts are read front to back, where the hardware fetches ahead on its own, and the
    /// lanes written go forward in one run of batches per color (a color's lanes are in
    /// contact order), a few lines each, that stay in cache until full. Walked batch by batch,
    /// each color read the contacts scattered over the whole array, one wait for memory
    /// after another: 26% of a many_pyramids step (58,000 contacts, 21 MB; now 13.5%), where
    /// Box2D v3, whose contacts sit in their color's own array, spends 7%. A batch's lanes are
    /// no longer filled together, so every lane is written whole (each field it does not use
    /// with what an empty batch holds) and only the batches with empty lanes (a color's last,
    /// the overflow's) are reset first. A lane's values depend only on its contact and bodies,
    /// so neither the order nor the split changes them.
    func prepareContacts(h: Double) {
        let contactSoft = Softness(hertz: min(contactHertz, 0.25 / h), dampingRatio: contactDampingRatio, h: h)
        let staticSoft = Softness(hertz: 2 * min(contactHertz, 0.25 / h), dampingRatio: contactDampingRatio, h: h)
        let dummy = Int32(bodies.count)
        resetBatchesWithEmptyLanes(dummy: dummy)
        batches.withUnsafeMutableBufferPointer { bp in
            candidateLanes.withUnsafeBufferPointer { lanesOf in
            candidates.withUnsafeBufferPointer { cands in
            contacts.withUnsafeBufferPointer { ct in
            preparedBodies.withUnsafeBufferPointer { bs in
            let contactFields = (first: MemoryLayout<Contact>.offset(of: \Contact.bodyA)!,
                                 end: MemoryLayout<Contact>.offset(of: \Contact.touching)!)
            // Candidate j's lane, from its contact and bodies.
            @inline(__always) func prepare(_ j: Int) {
                let ci = cands[j]
                let batch = bp.baseAddress! + Int(lanesOf[j] >> 2), lane = Int(lanesOf[j] & 3)
                // Fields read in place: a copy of the whole contact went through the stack.
                let c = ct.baseAddress! + Int(ci)
                let bodyA = bs[c.pointee.bodyA], bodyB = bs[c.pointee.bodyB]
                let mA = bodyA.invMass, iA = bodyA.invI, mB = bodyB.invMass, iB = bodyB.invI
                // Static and sleeping bodies read the dummy state at rest.
                let stateA = mA > 0 || iA > 0 || bodyA.moving ? Int32(c.pointee.bodyA) : dummy
                let stateB = mB > 0 || iB > 0 || bodyB.moving ? Int32(c.pointee.bodyB) : dummy
                setLane(&batch.pointee.bodyA, lane, stateA)
                setLane(&batch.pointee.bodyB, lane, stateB)
                setLane(&batch.pointee.contact, lane, ci)
                let n = c.pointee.manifold.normal, t = n.rightPerp
                setLane(&batch.pointee.nx, lane, Float(n.x))
                setLane(&batch.pointee.ny, lane, Float(n.y))
                setLane(&batch.pointee.friction, lane, Float(c.pointee.friction))
                setLane(&batch.pointee.restitution, lane, Float(c.pointee.restitution))
                setLane(&batch.pointee.mA, lane, Float(mA)); setLane(&batch.pointee.iA, lane, Float(iA))
                setLane(&batch.pointee.mB, lane, Float(mB)); setLane(&batch.pointee.iB, lane, Float(iB))
                let soft = (mA == 0 || mB == 0) ? staticSoft : contactSoft
                setLane(&batch.pointee.biasRate, lane, Float(soft.biasRate))
                // What only restitution reads (the approach speeds and the acceleration that
                // carries them to the impact) stays zero for a contact that does not bounce:
                // its batches then skip the recording in every pass.
                let bounces = c.pointee.restitution > 0
                setLane(&batch.pointee.accelN, lane, bounces ? Float(dot(n, bodyB.acceleration - bodyA.acceleration)) : 0)
                setLane(&batch.pointee.massScale, lane, Float(soft.massScale))
                setLane(&batch.pointee.impulseScale, lane, Float(soft.impulseScale))
                // Anchors from the centers the manifold was computed at (the bodies' own centers
                // unless the manifold was recycled: then they stay where they were, as in Box2D).
                let centerA = c.pointee.anchorCenterA, centerB = c.pointee.anchorCenterB
                let vA = bodyA.velocity, wA = bodyA.angularVelocity
                let vB = bodyB.velocity, wB = bodyB.angularVelocity
                let count = c.pointee.manifold.count
                var rn = (Vec2.zero, Vec2.zero) // (rnA, rnB) of each point
                for k in 0..<2 {
                    let raw = UnsafeMutableRawPointer(batch)
                        + (k == 0 ? MemoryLayout<ContactBatch>.offset(of: \ContactBatch.p0)! : MemoryLayout<ContactBatch>.offset(of: \ContactBatch.p1)!)
                    let p = raw.assumingMemoryBound(to: WidePoint.self)
                    // A point past the manifold's count: what an empty batch holds (zeros).
                    guard k < count else { Self.clearPoint(p, lane: lane); continue }
                    // Through a pointer: the subscript's `k == 0 ? p0 : p1` loaded both points
                    // and kept them on the stack.
                    let mp = manifoldPoint(c, k)
                    let rA = mp.pointee.point - centerA, rB = mp.pointee.point - centerB
                    let rnA = cross(rA, n), rnB = cross(rB, n)
                    if k == 0 { rn.0 = Vec2(rnA, rnB) } else { rn.1 = Vec2(rnA, rnB) }
                    let kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB
                    let rtA = cross(rA, t), rtB = cross(rB, t)
                    let kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB
                    setLane(&p.pointee.rAx, lane, Float(rA.x)); setLane(&p.pointee.rAy, lane, Float(rA.y))
                    setLane(&p.pointee.rBx, lane, Float(rB.x)); setLane(&p.pointee.rBy, lane, Float(rB.y))
                    setLane(&p.pointee.baseSeparation, lane, Float(mp.pointee.separation - dot(rB - rA, n)))
                    setLane(&p.pointee.normalImpulse, lane, Float(mp.pointee.normalImpulse))
                    setLane(&p.pointee.tangentImpulse, lane, Float(mp.pointee.tangentImpulse))
                    setLane(&p.pointee.maxNormalImpulse, lane, 0)
                    setLane(&p.pointee.normalMass, lane, kNormal > 0 ? Float(1 / kNormal) : 0)
                    setLane(&p.pointee.tangentMass, lane, kTangent > 0 ? Float(1 / kTangent) : 0)
                    // A point already touching bounces at its approach speed at the step's
                    // start (Box2D), so a body resting on the floor does not hop when another
                    // lands on it. A gap still open records the speed it closes at during the
                    // sub-steps instead: the speed at the step's start is stale for a pair found
                    // ahead of time (chaotic scenes gained energy from it until they blew up).
                    // `relativeVelocity` is a speed recorded last step for a gap the last
                    // relax pass saw closing.
                    // (Without restitution relativeVelocity and recordable stay 0.)
                    var relativeVelocity: Float = 0, recordable: Float = 0
                    if bounces {
                        let pending = Float(mp.pointee.relativeVelocity)
                        if mp.pointee.separation <= EngineConstants.linearSlop {
                            let vn = Float(dot(n, (vB + cross(wB, rB)) - (vA + cross(wA, rA))))
                            relativeVelocity = min(pending, vn)
                        } else {
                            relativeVelocity = pending
                            recordable = 1
                        }
                    }
                    setLane(&p.pointee.relativeVelocity, lane, relativeVelocity)
                    setLane(&p.pointee.recordable, lane, recordable)
                }
                // Box2D 2.4's block solver condition: solve both normal rows at once unless
                // the 2x2 matrix is close to singular (a fixed-rotation body). Only where the
                // contact bounces: it is there for a flat landing's two corners to bounce
                // alike; without restitution Box2D v3's rows one after the other land the
                // same, and the pyramids skip the costlier path.
                var inverse = (Float(0), Float(0), Float(0)), blockable: Float = 0
                if count == 2 && bounces {
                    let k11 = mA + mB + iA * rn.0.x * rn.0.x + iB * rn.0.y * rn.0.y
                    let k22 = mA + mB + iA * rn.1.x * rn.1.x + iB * rn.1.y * rn.1.y
                    let k12 = mA + mB + iA * rn.0.x * rn.1.x + iB * rn.0.y * rn.1.y
                    let det = k11 * k22 - k12 * k12
                    if k11 * k11 < 1000 * det {
                        inverse = (Float(k22 / det), Float(-k12 / det), Float(k11 / det))
                        blockable = 1
                    }
                }
                setLane(&batch.pointee.invK11, lane, inverse.0)
                setLane(&batch.pointee.invK12, lane, inverse.1)
                setLane(&batch.pointee.invK22, lane, inverse.2)
                setLane(&batch.pointee.blockable, lane, blockable)
            }
            // The contacts come in memory order, with gaps: asked for a few ahead, and their
            // bodies (out of order) once those have arrived.
            @inline(__always) func prefetchContact(_ j: Int) {
                Prefetch.lines(UnsafeRawPointer(ct.baseAddress! + Int(cands[j])) + contactFields.first,
                               bytes: contactFields.end - contactFields.first)
            }
            @inline(__always) func prefetchBodies(_ j: Int) {
                let c = ct.baseAddress! + Int(cands[j])
                Prefetch.lines(UnsafeRawPointer(bs.baseAddress! + c.pointee.bodyA), bytes: MemoryLayout<PreparedBody>.stride)
                Prefetch.lines(UnsafeRawPointer(bs.baseAddress! + c.pointee.bodyB), bytes: MemoryLayout<PreparedBody>.stride)
            }
            let count = cands.count
            guard let pool = workerPool, count >= 512 else {
                for j in 0..<count {
                    if j + 8 < count { prefetchContact(j + 8) }
                    if j + 4 < count { prefetchBodies(j + 4) }
                    prepare(j)
                }
                return
            }
            // On the pool each thread prepares the candidates whose lanes lie in its own share
            // of their color's batches, the share the solve's stages give it first
            // (`solveShareBounds`): so it writes the batches it will solve, and a batch's lines
            // stay in one core's cache from the preparation on. Which candidates those are
            // depends only on the choice of constraints, so each thread's list of them is kept
            // while the choice is (`PreparationShares`). Each thread walked every candidate to
            // find its own, with three cursors (the candidates, and the two look-aheads), and
            // the second thread's are the later half: in large_pyramid on two workers the
            // preparation took 11% less with the lists (median of 10 alternated runs).
            let threads = pool.threadCount
            let choice = constraintChoiceCache.made
            let listed = preparationShares.holds(choice: choice, threads: threads, candidates: count)
            if !listed { preparationShares.reserve(threads: threads, candidates: count) }
            let bounds = listed ? [] : solveShareBounds(threads: threads, pool: pool)
            colorOf.withUnsafeBufferPointer { colors in
            bounds.withUnsafeBufferPointer { bounds in
            preparationShares.withLists { lists, counts in
                pool.run(chunks: threads) { slot in
                    let own = lists + slot * count
                    if !listed {
                        // This thread's candidates, in candidate order.
                        var n = 0
                        for j in 0..<count {
                            let b = Int(lanesOf[j] >> 2), at = Int(colors[j]) * (threads + 1) + slot
                            if b >= bounds[at] && b < bounds[at + 1] { own[n] = Int32(j); n += 1 }
                        }
                        counts[slot] = n
                    }
                    let n = counts[slot]
                    // Looked for ahead in this thread's list: eight on for the contacts, four
                    // for the bodies.
                    for k in 0..<min(8, n) { prefetchContact(Int(own[k])) }
                    for k in 0..<min(4, n) { prefetchBodies(Int(own[k])) }
                    for k in 0..<n {
                        if k + 8 < n { prefetchContact(Int(own[k + 8])) }
                        if k + 4 < n { prefetchBodies(Int(own[k + 4])) }
                        prepare(Int(own[k]))
                    }
                }
            }
            }
            }
            if !listed { preparationShares.record(choice: choice, threads: threads, candidates: count) }
            }
            }
            }
            }
        }
    }

    /// Lane `lane` of a batch point as an empty batch holds it: every field zero.
    @inline(__always) static func clearPoint(_ p: UnsafeMutablePointer<WidePoint>, lane: Int) {
        setLane(&p.pointee.rAx, lane, 0); setLane(&p.pointee.rAy, lane, 0)
        setLane(&p.pointee.rBx, lane, 0); setLane(&p.pointee.rBy, lane, 0)
        setLane(&p.pointee.baseSeparation, lane, 0)
        setLane(&p.pointee.normalImpulse, lane, 0); setLane(&p.pointee.tangentImpulse, lane, 0)
        setLane(&p.pointee.maxNormalImpulse, lane, 0)
        setLane(&p.pointee.normalMass, lane, 0); setLane(&p.pointee.tangentMass, lane, 0)
        setLane(&p.pointee.relativeVelocity, lane, 0); setLane(&p.pointee.recordable, lane, 0)
    }

    /// Resets, whole, every batch that has an empty lane (each color's last batch when its
    /// constraints are not a multiple of four, and every overflow batch, which holds one):
    /// `prepareContacts` writes only the lanes that take a constraint.
    private func resetBatchesWithEmptyLanes(dummy: Int32) {
        let starts = batchColorStarts
        guard starts.count >= 2 else { return }
        let overflow = starts.count - 2
        batches.withUnsafeMutableBufferPointer { bp in
        laneCandidates.withUnsafeBufferPointer { lanes in
            for color in 0...overflow where starts[color] < starts[color + 1] {
                // A color's lanes fill its batches in order, so only its last can have an
                // empty lane; the overflow's batches each hold one constraint.
                let first = color == overflow ? starts[color] : starts[color + 1] - 1
                for b in first..<starts[color + 1] where lanes[4 * b + 3] < 0 {
                    bp[b] = ContactBatch(dummy: dummy)
                }
            }
        }
        }
    }

    /// Manifold point `k` (0 or 1) of a contact, in place.
    @inline(__always) func manifoldPoint(_ c: UnsafePointer<Contact>, _ k: Int) -> UnsafePointer<ManifoldPoint> {
        let offset = k == 0 ? MemoryLayout<Contact>.offset(of: \Contact.manifold.p0)! : MemoryLayout<Contact>.offset(of: \Contact.manifold.p1)!
        return (UnsafeRawPointer(c) + offset).assumingMemoryBound(to: ManifoldPoint.self)
    }

    /// Inverse mass and inertia as the solver sees them: zero unless dynamic and awake.
    @inline(__always) func solverMass(_ i: Int) -> (Double, Double) {
        isSolverDynamic(i) ? (bodies[i].invMass, bodies[i].invI) : (0, 0)
    }

    /// Dynamic and awake: the bodies the solver moves (and that take a graph color).
    @inline(__always) func isSolverDynamic(_ i: Int) -> Bool {
        bodies[i].type == .dynamic && bodies[i].isAwake
    }

    /// Acceleration of a body free of contacts this step (gravity and applied forces): the
    /// velocity integration applies it, restitution carries approach speeds with it.
    @inline(__always) func freeAcceleration(_ i: Int) -> Vec2 {
        guard isSolverDynamic(i) else { return .zero }
        let g = bodies[i].gravityScale * gravity
        return g + bodies[i].invMass * bodies[i].force
    }

    /// Kinematic bodies have no mass but move: the solver must read their own state.
    @inline(__always) func isMovingSolverBody(_ i: Int) -> Bool {
        bodies[i].type == .kinematic && bodies[i].isAwake
    }

    /// Runs `body` over every soft-step batch with the body states at hand, color after color
    /// (`forEachColorRange`).
    @inline(__always) func forEachBatch(_ body: (UnsafeMutablePointer<ContactBatch>, UnsafeMutablePointer<BodyState>) -> Void) {
        let starts = batchColorStarts
        batches.withUnsafeMutableBufferPointer { bp in
            states.withUnsafeMutableBufferPointer { st in
                guard let base = bp.baseAddress, let sb = st.baseAddress else { return }
                forEachColorRange(starts, count: bp.count) { range in
                    for i in range { body(base + i, sb) }
                }
            }
        }
    }

    /// Applies last step's impulses at the start of each sub-step (Box2D v3 warm starts every
    /// sub-step because velocities are re-integrated in between).
    func warmStartContacts() {
        forEachBatch { warmStartBatch($0, $1) }
    }

    /// One solve of the batches `range` of one stage of a sub-step pass (`solveBatch`): with
    /// `pairsSoftBatches`, two batches at a time through the eight-lane kernel wherever it
    /// takes them (CKernels declines a pair with a kinematic body in both, or where a lane
    /// records its approach speed or lands), else one by one. A stage's range lies within one
    /// color, whose batches share no moving body, so a pair solved side by side gives what one
    /// after the other gives; the overflow's batches may share bodies, and the kernel's check
    /// sends such a pair one by one, in order. Returns how many pairs went through the kernel.
    @inline(__always) @discardableResult
    func solveBatches(_ range: Range<Int>, _ base: UnsafeMutablePointer<ContactBatch>, _ sb: UnsafeMutablePointer<BodyState>,
                      _ step: SubStepTerms, reversed: Bool) -> Int {
        guard pairsSoftBatches, range.count > 1 else {
            for i in range { solveBatch(base + i, sb, step, reversed: reversed) }
            return 0
        }
        let wide = UnsafeMutableRawPointer(base).assumingMemoryBound(to: ckernels_soft_batch.self)
        let pass = ckernels_soft_pass(inv_h: step.invH, h: step.h, max_bias: step.maxBias, deep_overlap: step.deepOverlap,
                                      use_bias: step.useBias ? 1 : 0)
        let dummy = Int32(bodies.count)
        return Self.inPairs(range) { i in
            ckernels_solve_soft_pair_avx2(wide + i, wide + i + 1, sb, dummy, pass, reversed ? 1 : 0) != 0
        } single: { i in
            solveBatch(base + i, sb, step, reversed: reversed)
        }
    }

    /// Walks `range` in order two batches at a time through an eight-lane kernel (`pair(i)`
    /// solves batches i and i + 1 and says whether it took them), one by one (`single(i)`)
    /// where it declines and for an odd last batch: the order of one batch after the other.
    /// Returns how many pairs the kernel took.
    @inline(__always) static func inPairs(_ range: Range<Int>, pair: (Int) -> Bool, single: (Int) -> Void) -> Int {
        var pairs = 0, i = range.lowerBound
        while i + 1 < range.upperBound {
            if pair(i) {
                i += 2
                pairs += 1
            } else {
                single(i)
                i += 1
            }
        }
        if i < range.upperBound { single(i) }
        return pairs
    }

    /// One Gauss-Seidel pass over the batches; `useBias` false is the relax pass.
    /// `reversed` solves each manifold's second friction point first (relax passes only,
    /// the only ones with friction), alternating between sub-steps so neither corner is
    /// favoured.
    func solveContacts(h: Double, useBias: Bool, reversed: Bool = false) {
        let step = SubStepTerms(h: h, useBias: useBias)
        let starts = batchColorStarts
        batches.withUnsafeMutableBufferPointer { bp in
            states.withUnsafeMutableBufferPointer { st in
                guard let base = bp.baseAddress, let sb = st.baseAddress else { return }
                forEachColorRange(starts, count: bp.count) { range in solveBatches(range, base, sb, step, reversed: reversed) }
            }
        }
    }

    /// Once after the sub-steps: points that were hit faster than the threshold and pushed
    /// get the normal velocity -e times the recorded approach speed.
    func applyRestitution() {
        let threshold = F4(repeating: -Float(EngineConstants.restitutionThreshold))
        let slop = F4(repeating: Float(EngineConstants.linearSlop))
        let zero = F4()
        forEachBatch { c, sb in
            if c.pointee.restitution == zero { return }
            let hit0 = (c.pointee.p0.relativeVelocity .< threshold) .& (c.pointee.p0.maxNormalImpulse .> zero)
            let hit1 = (c.pointee.p1.relativeVelocity .< threshold) .& (c.pointee.p1.maxNormalImpulse .> zero)
            // Most batches of a pile have nothing to bounce: skip their gather and scatter.
            if !any(hit0 .| hit1) { return }
            var A = gatherBodies(sb, c.pointee.bodyA), B = gatherBodies(sb, c.pointee.bodyB)
            let k = BatchTerms(c)
            // A point bounces once its gap has really closed by the end of the step. A gap
            // seen closing only by the last relax pass bounces next step, from the surface,
            // with the speed recorded now (carried in the manifold): bouncing now would leave
            // from mid-air (1.5 cm above the floor was measured).
            let active0 = hit0 .& (separationNow(c.pointee.p0, A, B, k) .<= slop)
            let active1 = hit1 .& (separationNow(c.pointee.p1, A, B, k) .<= slop)
            // A few Gauss-Seidel sweeps over the two points of each manifold: one sweep leaves
            // the two corners of a flat landing fighting (the second corner's impulse undoes
            // part of the first), which turned a 0.9 bounce into 0.65 of the drop height with a
            // spin. Sweeps stay inside a manifold: sweeping the whole pile let wedged bodies
            // whose targets conflict pump energy into each other.
            for _ in 0..<EngineConstants.restitutionSweeps {
                restitutePoint(&c.pointee.p0, active0, &A, &B, k)
                restitutePoint(&c.pointee.p1, active1, &A, &B, k)
            }
            // Spent: what bounced does not bounce again from the carried speed.
            c.pointee.p0.relativeVelocity = c.pointee.p0.relativeVelocity.replacing(with: 0, where: active0)
            c.pointee.p1.relativeVelocity = c.pointee.p1.relativeVelocity.replacing(with: 0, where: active1)
            scatterVelocities(sb, c.pointee.bodyA, A)
            scatterVelocities(sb, c.pointee.bodyB, B)
        }
    }

    /// Copies accumulated impulses back to the manifolds for next step's warm start.
    func storeImpulses() {
        batches.withUnsafeBufferPointer { bp in
            contacts.withUnsafeMutableBufferPointer { ct in
              // Each contact sits in one lane of one batch: batches write disjoint contacts.
              // Cut like the solve, so each thread reads the batches its last pass left in
              // its cache.
              let first = MemoryLayout<Contact>.offset(of: \Contact.manifold.p0.normalImpulse)!
              let last = MemoryLayout<Contact>.offset(of: \Contact.manifold.p1.relativeVelocity)!
              forEachColorRangeInOneJob(batchColorStarts, count: bp.count) { range in
                for b in range {
                    // The contacts of a color lie out of memory order: each store would wait
                    // for its line, so the lines are asked for a few batches ahead.
                    if b + 4 < range.upperBound {
                        for lane in 0..<4 where bp[b + 4].contact[lane] >= 0 {
                            let ahead = UnsafeRawPointer(ct.baseAddress! + Int(bp[b + 4].contact[lane]))
                            animatic_prefetch_write(ahead + first)
                            animatic_prefetch_write(ahead + (first + last) / 2)
                            animatic_prefetch_write(ahead + last)
                        }
                    }
                    let c = bp[b]
                    // No approach speed where nothing pushed: chosen for the four lanes at once
                    // (per lane it was a branch as good as random, a seventh of the mispredicted
                    // branches of a many_pyramids step).
                    let pushed0 = c.p0.maxNormalImpulse .> 0, pushed1 = c.p1.maxNormalImpulse .> 0
                    let approach0 = F4().replacing(with: c.p0.relativeVelocity, where: pushed0)
                    let approach1 = F4().replacing(with: c.p1.relativeVelocity, where: pushed1)
                    for lane in 0..<4 where c.contact[lane] >= 0 {
                        let m = ct.baseAddress! + Int(c.contact[lane])
                        m.pointee.manifold.p0.normalImpulse = Double(c.p0.normalImpulse[lane])
                        m.pointee.manifold.p0.tangentImpulse = Double(c.p0.tangentImpulse[lane])
                        m.pointee.manifold.p0.maxNormalImpulse = Double(c.p0.maxNormalImpulse[lane])
                        m.pointee.manifold.p0.relativeVelocity = Double(approach0[lane])
                        // The second point's lanes too, whatever the count: a manifold's points
                        // past its count are never read, and reading the count waited for the
                        // contact's line on every lane.
                        m.pointee.manifold.p1.normalImpulse = Double(c.p1.normalImpulse[lane])
                        m.pointee.manifold.p1.tangentImpulse = Double(c.p1.tangentImpulse[lane])
                        m.pointee.manifold.p1.maxNormalImpulse = Double(c.p1.maxNormalImpulse[lane])
                        m.pointee.manifold.p1.relativeVelocity = Double(approach1[lane])
                    }
                }
              }
            }
        }
    }
}
