// Design note: the sequential step's velocity iterations, four contacts at a time. The
// contacts are colored like the soft step's (no two contacts of one color share a dynamic
// body); each one's scalar constraint (SequentialContactSolver.swift) is made in contact order
// and goes straight into its lane of a SIMD4<Float> batch, its position part into the same
// lane's slot of `sequentialPositions` (the position passes go color by color too), and the
// impulses go from the batches back into the manifolds. The body velocities live in the soft
// step's 32-byte `states` for the duration of the velocity iterations (each at its body's
// velocity slot: World+SequentialRegions), gathered and scattered with the same 16-byte
// kernels. Each lane runs exactly Box2D 2.2's per-contact solve
// (friction rows first, then the normal rows: one point alone, or two as the 2x2 LCP by its
// four cases, dropped to one when ill conditioned), in single precision as Box2D does; only
// the order in which contacts meet differs from Box2D's list order (color by color). A
// color's one-point constraints take its first lanes, so most batches are of one kind, and a
// batch of one-point lanes only runs a kernel without the second point's rows (which add
// nothing but zeros there).
// Positions (in the same order), joints and the time-of-impact islands stay scalar in double
// precision.
import CPUHints
import CKernels

/// One point of four sequential constraints, lane by lane.
struct SequentialWidePoint {
    var rAx = F4(), rAy = F4(), rBx = F4(), rBy = F4()
    var normalImpulse = F4(), tangentImpulse = F4()
    var normalMass = F4(), tangentMass = F4(), velocityBias = F4()
}

/// Four sequential contact constraints of one color; empty lanes point at the dummy body.
struct SequentialBatch {
    var bodyA: I4
    var bodyB: I4
    /// Index of each lane's constraint in `World.sequentialWork`, -1 when empty.
    var constraint = I4(repeating: -1)
    var nx = F4(), ny = F4(), friction = F4()
    var mA = F4(), iA = F4(), mB = F4(), iB = F4()
    /// The normal rows' mass matrix and its inverse (two-point lanes).
    var k11 = F4(), k12 = F4(), k22 = F4(), inv11 = F4(), inv12 = F4(), inv22 = F4()
    /// 1 where the velocity solve has two points, 0 where it has one.
    var twoPoints = F4()
    var p0 = SequentialWidePoint()
    var p1 = SequentialWidePoint()

    init(dummy: Int32) {
        bodyA = I4(repeating: dummy)
        bodyB = I4(repeating: dummy)
    }
}

@inline(__always) private func relative(_ p: SequentialWidePoint, _ A: WideBody, _ B: WideBody, _ dx: F4, _ dy: F4) -> F4 {
    let dvx = (B.vx - B.w * p.rBy) - (A.vx - A.w * p.rAy)
    let dvy = (B.vy + B.w * p.rBx) - (A.vy + A.w * p.rAx)
    return dvx * dx + dvy * dy
}

@inline(__always) private func apply(_ px: F4, _ py: F4, _ p: SequentialWidePoint, _ A: inout WideBody, _ B: inout WideBody,
                                     _ c: UnsafeMutablePointer<SequentialBatch>) {
    A.vx -= c.pointee.mA * px; A.vy -= c.pointee.mA * py; A.w -= c.pointee.iA * (p.rAx * py - p.rAy * px)
    B.vx += c.pointee.mB * px; B.vy += c.pointee.mB * py; B.w += c.pointee.iB * (p.rBx * py - p.rBy * px)
}

/// Box2D 2.2's warm start of one batch: last step's impulses applied again.
@inline(__always) func warmStartSequentialBatch(_ c: UnsafeMutablePointer<SequentialBatch>, _ sb: UnsafeMutablePointer<BodyState>) {
    var A = gatherVelocities(sb, c.pointee.bodyA), B = gatherVelocities(sb, c.pointee.bodyB)
    let nx = c.pointee.nx, ny = c.pointee.ny, two = c.pointee.twoPoints
    let p0 = c.pointee.p0, p1 = c.pointee.p1
    // Tangent = rightPerp(normal) = (ny, -nx).
    apply(p0.normalImpulse * nx + p0.tangentImpulse * ny, p0.normalImpulse * ny - p0.tangentImpulse * nx, p0, &A, &B, c)
    // (A batch of one-point lanes would add only zeros here.)
    if any(two .> 0) {
        apply(two * (p1.normalImpulse * nx + p1.tangentImpulse * ny), two * (p1.normalImpulse * ny - p1.tangentImpulse * nx), p1, &A, &B, c)
    }
    scatterVelocities(sb, c.pointee.bodyA, A)
    scatterVelocities(sb, c.pointee.bodyB, B)
}

/// The first point's friction row of every lane (both kernels start with it).
@inline(__always) private func solveFirstPointFriction(_ c: UnsafeMutablePointer<SequentialBatch>, _ A: inout WideBody, _ B: inout WideBody,
                                                       _ tx: F4, _ ty: F4, _ friction: F4) {
    let vt = relative(c.pointee.p0, A, B, tx, ty)
    let maxFriction = friction * c.pointee.p0.normalImpulse
    let newImpulse = vmin(vmax(c.pointee.p0.tangentImpulse - c.pointee.p0.tangentMass * vt, -maxFriction), maxFriction)
    let lambda = newImpulse - c.pointee.p0.tangentImpulse
    c.pointee.p0.tangentImpulse = newImpulse
    apply(lambda * tx, lambda * ty, c.pointee.p0, &A, &B, c)
}

/// The first point's normal row solved alone (Box2D's one-point case): the change of its
/// accumulated impulse, clamped so the impulse stays non-negative.
@inline(__always) private func firstPointNormalDelta(_ c: UnsafeMutablePointer<SequentialBatch>, _ vn1: F4) -> F4 {
    vmax(c.pointee.p0.normalImpulse - c.pointee.p0.normalMass * (vn1 - c.pointee.p0.velocityBias), F4()) - c.pointee.p0.normalImpulse
}

/// One velocity iteration of one batch (b2ContactSolver::SolveVelocityConstraints per lane).
@inline(__always) func solveSequentialBatch(_ c: UnsafeMutablePointer<SequentialBatch>, _ sb: UnsafeMutablePointer<BodyState>) {
    if any(c.pointee.twoPoints .> 0) { solveSequentialMixedBatch(c, sb) } else { solveSequentialSinglePointBatch(c, sb) }
}

/// `solveSequentialBatch` of a batch whose lanes all solve one point: the second point's rows,
/// which add only zeros there, are left out. (The lanes of a color are laid out one-point
/// constraints first, so most batches are all of one kind: in the rain of 1,000 items 180 of
/// 491 batches had only one-point lanes even with the kinds mixed.)
@inline(__always) func solveSequentialSinglePointBatch(_ c: UnsafeMutablePointer<SequentialBatch>, _ sb: UnsafeMutablePointer<BodyState>) {
    var A = gatherVelocities(sb, c.pointee.bodyA), B = gatherVelocities(sb, c.pointee.bodyB)
    let nx = c.pointee.nx, ny = c.pointee.ny, tx = ny, ty = -nx
    let friction = c.pointee.friction
    solveFirstPointFriction(c, &A, &B, tx, ty, friction)
    let d1 = firstPointNormalDelta(c, relative(c.pointee.p0, A, B, nx, ny))
    c.pointee.p0.normalImpulse += d1
    apply(d1 * nx, d1 * ny, c.pointee.p0, &A, &B, c)
    scatterVelocities(sb, c.pointee.bodyA, A)
    scatterVelocities(sb, c.pointee.bodyB, B)
}

/// `solveSequentialBatch` of a batch with at least one two-point lane.
@inline(__always) func solveSequentialMixedBatch(_ c: UnsafeMutablePointer<SequentialBatch>, _ sb: UnsafeMutablePointer<BodyState>) {
    var A = gatherVelocities(sb, c.pointee.bodyA), B = gatherVelocities(sb, c.pointee.bodyB)
    let nx = c.pointee.nx, ny = c.pointee.ny, tx = ny, ty = -nx
    let two = c.pointee.twoPoints, friction = c.pointee.friction
    let zero = F4()
    // The points are read and written in place: copied out, their 18 vectors were spilled.

    // Friction first: non-penetration matters more, so it has the last word.
    solveFirstPointFriction(c, &A, &B, tx, ty, friction)
    do {
        let vt = relative(c.pointee.p1, A, B, tx, ty)
        let maxFriction = friction * c.pointee.p1.normalImpulse
        let newImpulse = vmin(vmax(c.pointee.p1.tangentImpulse - c.pointee.p1.tangentMass * vt, -maxFriction), maxFriction)
        let lambda = two * (newImpulse - c.pointee.p1.tangentImpulse)
        c.pointee.p1.tangentImpulse += lambda
        apply(lambda * tx, lambda * ty, c.pointee.p1, &A, &B, c)
    }

    // Normal rows, from the same velocities for both ways of solving them.
    let vn1 = relative(c.pointee.p0, A, B, nx, ny), vn2 = relative(c.pointee.p1, A, B, nx, ny)
    // One point.
    let single = firstPointNormalDelta(c, vn1)
    // Two points: x >= 0 with vn = K x + b >= 0 and x . vn = 0, trying Box2D's four cases in order.
    let a1 = c.pointee.p0.normalImpulse, a2 = c.pointee.p1.normalImpulse
    let k11 = c.pointee.k11, k12 = c.pointee.k12, k22 = c.pointee.k22
    let bx = vn1 - c.pointee.p0.velocityBias - (k11 * a1 + k12 * a2)
    let by = vn2 - c.pointee.p1.velocityBias - (k12 * a1 + k22 * a2)
    var x1 = -(c.pointee.inv11 * bx + c.pointee.inv12 * by)
    var x2 = -(c.pointee.inv12 * bx + c.pointee.inv22 * by)
    var solved = (x1 .>= zero) .& (x2 .>= zero)
    let y1 = -c.pointee.p0.normalMass * bx
    let case2 = .!solved .& (y1 .>= zero) .& (k12 * y1 + by .>= zero)
    x1.replace(with: y1, where: case2); x2.replace(with: zero, where: case2); solved = solved .| case2
    let y2 = -c.pointee.p1.normalMass * by
    let case3 = .!solved .& (y2 .>= zero) .& (k12 * y2 + bx .>= zero)
    x1.replace(with: zero, where: case3); x2.replace(with: y2, where: case3); solved = solved .| case3
    let case4 = .!solved .& (bx .>= zero) .& (by .>= zero)
    x1.replace(with: zero, where: case4); x2.replace(with: zero, where: case4); solved = solved .| case4
    x1.replace(with: a1, where: .!solved); x2.replace(with: a2, where: .!solved)
    let isTwo = two .> zero
    let d1 = single.replacing(with: x1 - a1, where: isTwo)
    let d2 = zero.replacing(with: x2 - a2, where: isTwo)
    c.pointee.p0.normalImpulse += d1
    c.pointee.p1.normalImpulse += d2
    apply(d1 * nx, d1 * ny, c.pointee.p0, &A, &B, c)
    apply(d2 * nx, d2 * ny, c.pointee.p1, &A, &B, c)

    scatterVelocities(sb, c.pointee.bodyA, A)
    scatterVelocities(sb, c.pointee.bodyB, B)
}

extension World {
    /// Colors the step's contacts (`sequentialWork`), lays them out four to a batch, makes
    /// their constraints straight into the batch lanes and the position constraints, and loads
    /// the velocities of their bodies into `states`. The layout runs in order on this thread;
    /// the constraints, each a function of its own contact, split across the worker pool by
    /// constraint, so the result is the same for any worker count.
    func buildSequentialBatches() {
        // Filled through pointers (appends checked each array's uniqueness per contact).
        let count = sequentialWork.count
        candidateBodies.removeAll(keepingCapacity: true)
        candidateBodies.append(contentsOf: repeatElement(ColoredPair(a: -1, b: -1), count: count))
        sequentialPointCounts.removeAll(keepingCapacity: true)
        sequentialPointCounts.append(contentsOf: repeatElement(0, count: count))
        if constrained.count < bodies.count { constrained = [Bool](repeating: false, count: bodies.count) }
        // Each constraint writes only its own entries, and a body's flag is only ever set, by
        // whichever constraint comes to it: split across the worker pool (on this thread alone
        // it was the longest serial part of a rain of 1,000 items' resting step).
        sequentialWork.withUnsafeBufferPointer { work in
        candidateBodies.withUnsafeMutableBufferPointer { pairs in
        sequentialPointCounts.withUnsafeMutableBufferPointer { points in
        contacts.withUnsafeBufferPointer { cp in
        sequentialBodies.withUnsafeBufferPointer { sb in
        constrained.withUnsafeMutableBufferPointer { marks in
            let flags = UnsafeMutableRawPointer(marks.baseAddress!).assumingMemoryBound(to: UInt8.self)
            parallelRanges(count, grain: 256) { range in
                for k in range {
                    if k + Prefetch.distance < range.upperBound {
                        let ahead = cp.baseAddress! + Int(work[k + Prefetch.distance])
                        animatic_prefetch(ahead); Prefetch.record(sb.baseAddress! + ahead.pointee.bodyA); Prefetch.record(sb.baseAddress! + ahead.pointee.bodyB)
                    }
                    let c = cp.baseAddress! + Int(work[k])
                    let a = c.pointee.bodyA, b = c.pointee.bodyB
                    pairs[k] = ColoredPair(a: sb[a].colored ? Int32(a) : -1, b: sb[b].colored ? Int32(b) : -1)
                    points[k] = UInt8(truncatingIfNeeded: c.pointee.manifold.count)
                    // (Looked at first: a flag already set is not stored again.)
                    if sb[a].moves && !animatic_flag_is_set(flags + a) { animatic_flag_set(flags + a) }
                    if sb[b].moves && !animatic_flag_is_set(flags + b) { animatic_flag_set(flags + b) }
                }
            }
        }
        }
        }
        }
        }
        }
        // The flagged bodies, in the order of the body loops (`regionOrderedBodies`, which
        // holds every awake body): where each sits in `states` is all the order decides.
        // Written through a pointer: an append per body checked the array's uniqueness each time.
        batchBodies.removeAll(keepingCapacity: true)
        batchBodies.append(contentsOf: repeatElement(0, count: regionOrderedBodies.count))
        var listed = 0
        regionOrderedBodies.withUnsafeBufferPointer { awake in
        constrained.withUnsafeBufferPointer { constrained in
        batchBodies.withUnsafeMutableBufferPointer { out in
            for i in awake where constrained[i] {
                out[listed] = i
                listed += 1
            }
        }
        }
        }
        batchBodies.removeLast(batchBodies.count - listed)
        let cut = cutSequentialRegions()
        let dummy: Int32, secondDummy: Int32
        if sequentialLayoutCache.holds(self, cut: cut) {
            // The same constraints between the same bodies, cut alike: last step's groups,
            // colors, slots and lanes are this step's (SequentialLayoutCache).
            (dummy, secondDummy) = sequentialLayoutCache.keep()
            clearVelocityDummies((dummy, secondDummy))
        } else {
            groupSequentialConstraints(cut: cut)
            (dummy, secondDummy) = assignVelocitySlots()
            (sequentialBatchColorStarts, sequentialColorCounts) = layOutSequentialLanes(colorCount: colorConstraints())
            sequentialLayoutCache.record(self, cut: cut, dummies: (dummy, secondDummy))
        }
        sequentialDummies = (dummy, secondDummy)
        let firstBatch = sequentialBatchColorStarts, perColor = sequentialColorCounts
        let batchCount = firstBatch[firstBatch.count - 1]
        // Every field of a lane that takes a constraint is written below; only the batches with
        // lanes left empty (a color's last batch, every overflow batch) are reset, here: the
        // reset of every batch (288 KB in the rain of 1,000, step after step) left their lines
        // in whichever core reset them, for the other to take back lane by lane.
        if sequentialBatches.count > batchCount { sequentialBatches.removeLast(sequentialBatches.count - batchCount) }
        if sequentialBatches.count < batchCount {
            sequentialBatches.append(contentsOf: repeatElement(SequentialBatch(dummy: dummy), count: batchCount - sequentialBatches.count))
        }
        let grouped = sequentialGroupCount > 1
        let colorsPerGroup = sequentialLayoutColorsPerGroup
        // The second region's batches point at their own dummy (World+SequentialRegions).
        let secondRegion = grouped ? firstBatch[colorsPerGroup]..<firstBatch[2 * colorsPerGroup] : 0..<0
        for color in perColor.indices {
            let batches = firstBatch[color]..<firstBatch[color + 1]
            // Every overflow batch holds one constraint; a color's last batch may hold fewer than four.
            let partial = isSequentialOverflow(color) ? batches : (perColor[color] % 4 == 0 ? batches.upperBound : batches.upperBound - 1)..<batches.upperBound
            for b in partial { sequentialBatches[b] = SequentialBatch(dummy: secondRegion.contains(b) ? secondDummy : dummy) }
        }
        // One slot per lane; the position passes read only the filled ones.
        if sequentialPositions.count > 4 * batchCount { sequentialPositions.removeLast(sequentialPositions.count - 4 * batchCount) }
        while sequentialPositions.count < 4 * batchCount {
            sequentialPositions.append(SequentialPositionConstraint(SequentialContact(contact: 0, bodyA: 0, bodyB: 0)))
        }
        // In contact order, which reads the contacts front to back; each lane is a store of its
        // own four bytes, so two threads filling lanes of one batch do not interfere.
        // A lane's body is the dummy unless the pass above marked it moving (`constrained`
        // is clear outside this step's batches, see finishSequentialBatches).
        withSolverInputs { cp, sp, bp, sb in
        sequentialWork.withUnsafeBufferPointer { work in
        sequentialLanes.withUnsafeBufferPointer { lanes in
        sequentialBatches.withUnsafeMutableBufferPointer { batches in
        sequentialPositions.withUnsafeMutableBufferPointer { positions in
        constrained.withUnsafeBufferPointer { moves in
        velocitySlots.withUnsafeBufferPointer { slots in
        sequentialGroupOf.withUnsafeBufferPointer { groupOf in
        batchBodies.withUnsafeBufferPointer { moving in
        states.withUnsafeMutableBufferPointer { st in
            func fill(_ range: Range<Int>) {
                for k in range {
                    // The loads of a constraint's contact, bodies and shapes (lines that other
                    // passes, and often the other core, wrote last) were a third of this loop:
                    // asked for ahead, the contact eight constraints on, what it points at four.
                    if k + Self.fillPrefetchAhead < range.upperBound {
                        Self.prefetchContactForFill(cp.baseAddress! + Int(work[k + Self.fillPrefetchAhead]))
                    }
                    if k + Self.fillPrefetchAhead / 2 < range.upperBound {
                        Self.prefetchReferencesForFill(cp.baseAddress! + Int(work[k + Self.fillPrefetchAhead / 2]), sp, bp, sb)
                    }
                    let ci = Int(work[k])
                    let sc = Self.makeSequentialContact(ci, cp.baseAddress! + ci, sp, bp, sb, warmStart: true)
                    positions[Int(lanes[k])] = SequentialPositionConstraint(sc)
                    let batch = batches.baseAddress! + Int(lanes[k] >> 2), lane = Int(lanes[k] & 3)
                    let still = grouped && groupOf[k] == 1 ? secondDummy : dummy
                    setLane(&batch.pointee.bodyA, lane, moves[sc.bodyA] ? slots[sc.bodyA] : still)
                    setLane(&batch.pointee.bodyB, lane, moves[sc.bodyB] ? slots[sc.bodyB] : still)
                    setLane(&batch.pointee.constraint, lane, Int32(k))
                    setLane(&batch.pointee.nx, lane, Float(sc.normal.x)); setLane(&batch.pointee.ny, lane, Float(sc.normal.y))
                    setLane(&batch.pointee.friction, lane, Float(sc.friction))
                    setLane(&batch.pointee.mA, lane, Float(sc.mA)); setLane(&batch.pointee.iA, lane, Float(sc.iA))
                    setLane(&batch.pointee.mB, lane, Float(sc.mB)); setLane(&batch.pointee.iB, lane, Float(sc.iB))
                    setLane(&batch.pointee.k11, lane, Float(sc.k11)); setLane(&batch.pointee.k12, lane, Float(sc.k12))
                    setLane(&batch.pointee.k22, lane, Float(sc.k22))
                    setLane(&batch.pointee.inv11, lane, Float(sc.inv11)); setLane(&batch.pointee.inv12, lane, Float(sc.inv12))
                    setLane(&batch.pointee.inv22, lane, Float(sc.inv22))
                    setLane(&batch.pointee.twoPoints, lane, sc.velocityCount == 2 ? 1 : 0)
                    Self.pack(sc.p0, into: &batch.pointee.p0, lane: lane)
                    // A one-point lane's second point: zeros, as a reset batch holds.
                    Self.pack(sc.velocityCount == 2 ? sc.p1 : SequentialPoint(), into: &batch.pointee.p1, lane: lane)
                }
            }
            // The velocity passes' states of the moving bodies, in the same job: the lanes
            // and the states share nothing.
            func loadStates(_ range: Range<Int>) {
                for i in moving[range] { st[Int(slots[i])] = BodyState(v: sb[i].v, w: sb[i].w) }
            }
            parallelRangesAndShares(count, grain: 64, fill, moving.count, grain: 64, loadStates)
        }
        }
        }
        }
        }
        }
        }
        }
        }
        }
    }

    /// How many constraints ahead the fill asks for a contact's lines (and half as many for
    /// the bodies and shapes it names).
    static let fillPrefetchAhead = 8

    /// Prefetches the part of a contact `makeSequentialContact` reads: from its start to its
    /// material (the bodies, shapes, manifold, friction and restitution). (Offsets written
    /// out where they are used: the compiler folds them to constants.)
    @inline(__always) static func prefetchContactForFill(_ contact: UnsafePointer<Contact>) {
        Prefetch.lines(UnsafeRawPointer(contact), bytes: MemoryLayout<Contact>.offset(of: \Contact.restitution)! + MemoryLayout<Double>.size)
    }

    /// Prefetches the two bodies' transforms, the solver bodies and the shapes a contact's
    /// constraint is made from.
    @inline(__always) static func prefetchReferencesForFill(_ contact: UnsafePointer<Contact>, _ shapes: UnsafeBufferPointer<Shape>,
                                                           _ bodies: UnsafeBufferPointer<Body>,
                                                           _ sequentialBodies: UnsafeBufferPointer<SequentialBody>) {
        let transform = MemoryLayout<Body>.offset(of: \Body.transform)!, transformEnd = transform + MemoryLayout<Transform>.size - 1
        @inline(__always) func prefetch(body: Int) {
            let b = UnsafeRawPointer(bodies.baseAddress! + body)
            animatic_prefetch(b + transform); animatic_prefetch(b + transformEnd)
            let s = UnsafeRawPointer(sequentialBodies.baseAddress! + body)
            animatic_prefetch(s); animatic_prefetch(s + MemoryLayout<SequentialBody>.stride - 1)
        }
        prefetch(body: contact.pointee.bodyA)
        prefetch(body: contact.pointee.bodyB)
        animatic_prefetch(shapes.baseAddress! + contact.pointee.shapeA)
        animatic_prefetch(shapes.baseAddress! + contact.pointee.shapeB)
    }

    /// Buckets of body indices the constraints of a color are ordered by.
    static let laneOrderBuckets = 64

    /// Per constraint, the lane it takes (batch * 4 + lane): each color's constraints four to a
    /// batch, its one-point constraints first (`sequentialPointCounts`; a batch of one-point
    /// lanes takes the shorter kernel), each kind in the order of its lower dynamic body, by
    /// buckets of body indices (in contact order within a bucket; in regions, in contact
    /// order); the overflow's one to a batch in contact order. Returns each
    /// color's first batch (`batchStarts`) and each color's constraint count (the overflow's
    /// last), counted from the same pass.
    ///
    /// The order inside a color changes nothing: its constraints share no moving body, and
    /// each lane computes alone. But with a pool each thread takes the same share of every
    /// color, and in contact order (the order pairs were found in) the two shares touched
    /// mostly the same bodies, whose lines then crossed between the cores color after color:
    /// in the rain of 1,000 items, 505 of the 896 bodies were solved from both threads; in
    /// body order (which follows where the items are, for most scenes) 100. The overflow
    /// constraints are solved one after another and may share bodies, so their order stays.
    private func layOutSequentialLanes(colorCount: Int) -> (firstBatch: [Int], perColor: [Int]) {
        let count = candidateBodies.count
        // The layout's colors: each group's colors and overflow after the previous group's
        // (World+SequentialRegions), one group unless the constraints were cut in regions. A
        // region's colors run on one thread, so there a color's constraints keep their order
        // (one bucket): the threads that fill the lanes, each a run of constraints in order,
        // then write mostly batches of their own, where lanes ordered by body had both threads
        // storing into the same batches' lines all through the fill.
        let grouped = sequentialGroupCount > 1
        let buckets = grouped ? 1 : Self.laneOrderBuckets
        let bodyCount = max(bodies.count, 1)
        sequentialLanes.removeAll(keepingCapacity: true)
        sequentialLanes.append(contentsOf: repeatElement(0, count: count))
        let layoutColors = sequentialGroupCount * (colorCount + 1)
        // next[(layout color * 2 + two points) * buckets + bucket]: the next slot of that
        // bucket within its layout color.
        let cellsPerColor = 2 * buckets
        var next = [Int](repeating: 0, count: layoutColors * cellsPerColor)
        var perColor = [Int](repeating: 0, count: layoutColors)
        var firstBatch: [Int] = []
        candidateBodies.withUnsafeBufferPointer { pairs in
        sequentialPointCounts.withUnsafeBufferPointer { points in
        colorOf.withUnsafeBufferPointer { colorOf in
        sequentialGroupOf.withUnsafeBufferPointer { groupOf in
        sequentialLanes.withUnsafeMutableBufferPointer { lanes in
        next.withUnsafeMutableBufferPointer { next in
            @inline(__always) func layoutColor(_ k: Int) -> Int {
                grouped ? Int(groupOf[k]) * (colorCount + 1) + Int(colorOf[k]) : Int(colorOf[k])
            }
            @inline(__always) func cell(_ k: Int) -> Int {
                let color = layoutColor(k)
                if Int(colorOf[k]) == colorCount { return color * cellsPerColor }
                let a = Int(pairs[k].a), b = Int(pairs[k].b)
                let key = a < 0 ? b : (b < 0 ? a : min(a, b))
                return color * cellsPerColor + Int(points[k] >> 1) * buckets + max(key, 0) * buckets / bodyCount
            }
            for k in 0..<count { next[cell(k)] += 1 }
            // Counts to first slots, color by color (each color's slots start at 0).
            for color in 0..<layoutColors {
                var slot = 0
                for c in (color * cellsPerColor)..<((color + 1) * cellsPerColor) {
                    let n = next[c]
                    next[c] = slot
                    slot += n
                }
                perColor[color] = slot
            }
            firstBatch = batchStarts(perColor: perColor, colorsPerGroup: colorCount + 1)
            for k in 0..<count {
                let color = layoutColor(k), c = cell(k)
                let slot = next[c]
                next[c] += 1
                lanes[k] = Int32(Int(colorOf[k]) == colorCount ? 4 * (firstBatch[color] + slot) : 4 * firstBatch[color] + slot)
            }
        }
        }
        }
        }
        }
        }
        return (firstBatch, perColor)
    }

    @inline(__always) private static func pack(_ p: SequentialPoint, into w: inout SequentialWidePoint, lane: Int) {
        setLane(&w.rAx, lane, Float(p.rA.x)); setLane(&w.rAy, lane, Float(p.rA.y))
        setLane(&w.rBx, lane, Float(p.rB.x)); setLane(&w.rBy, lane, Float(p.rB.y))
        setLane(&w.normalImpulse, lane, Float(p.normalImpulse)); setLane(&w.tangentImpulse, lane, Float(p.tangentImpulse))
        setLane(&w.normalMass, lane, Float(p.normalMass)); setLane(&w.tangentMass, lane, Float(p.tangentMass))
        setLane(&w.velocityBias, lane, Float(p.velocityBias))
    }

    func warmStartSequentialBatches() {
        forEachSequentialBatchRange { range, base, sb in
            for i in range { warmStartSequentialBatch(base + i, sb) }
        }
    }

    func solveSequentialBatches() {
        forEachSequentialBatchRange { range, base, sb in solveSequentialBatches(range, base, sb) }
    }

    /// One velocity iteration of the batches `range` (in solve order, within one stage of a
    /// pass): with `pairsSequentialBatches`, two batches of one color at a time through the
    /// eight-lane kernel wherever it takes them (CKernels declines a pair of different kinds
    /// or with a kinematic body in both), else one by one. The batches of a color share no
    /// moving body, so a pair solved side by side gives what one after the other gives; an
    /// overflow color's batches may share bodies and go one by one, in order.
    /// Returns how many pairs went through the eight-lane kernel.
    @inline(__always) @discardableResult
    func solveSequentialBatches(_ range: Range<Int>, _ base: UnsafeMutablePointer<SequentialBatch>,
                                _ sb: UnsafeMutablePointer<BodyState>) -> Int {
        guard pairsSequentialBatches, range.count > 1 else {
            for i in range { solveSequentialBatch(base + i, sb) }
            return 0
        }
        let (dummy, secondDummy) = sequentialDummies
        let wide = UnsafeMutableRawPointer(base).assumingMemoryBound(to: ckernels_sequential_batch.self)
        var pairs = 0
        sequentialBatchColorStarts.withUnsafeBufferPointer { starts in
            var color = 0, i = range.lowerBound
            while i < range.upperBound {
                while color + 2 < starts.count && starts[color + 1] <= i { color += 1 }
                let end = min(range.upperBound, starts[color + 1])
                if isSequentialOverflow(color) {
                    while i < end { solveSequentialBatch(base + i, sb); i += 1 }
                    continue
                }
                pairs += Self.inPairs(i..<end) { k in
                    ckernels_solve_sequential_pair_avx2(wide + k, wide + k + 1, sb, dummy, secondDummy) != 0
                } single: { k in
                    solveSequentialBatch(base + k, sb)
                }
                i = end
            }
        }
        return pairs
    }

    /// The warm start and then `iterations` velocity iterations, as one staged job of the pool
    /// (a step with no joint to solve between the iterations).
    func warmStartAndSolveSequentialBatches(iterations: Int) {
        sequentialBatches.withUnsafeMutableBufferPointer { bp in
            states.withUnsafeMutableBufferPointer { st in
                guard let base = bp.baseAddress, let sb = st.baseAddress else { return }
                let perPass = planVelocityPasses(iterations: iterations)
                runStagePlan { stage, piece in velocityStage(stage, perPass: perPass, piece, base, sb) }
            }
        }
    }

    /// Starts a stage plan with the warm start and `iterations` velocity iterations, a pass
    /// each (`planSequentialPass`); returns the stages a pass.
    private func planVelocityPasses(iterations: Int) -> Int {
        beginStagePlan()
        var perPass = 0
        for _ in 0...iterations { perPass = planSequentialPass() }
        return perPass
    }

    /// A piece of stage `stage` of the warm start and iterations planned as
    /// `warmStartAndSolveSequentialBatches` plans them (`perPass` stages a pass, the warm
    /// start's first).
    @inline(__always) private func velocityStage(_ stage: Int, perPass: Int, _ piece: Range<Int>,
                                                 _ base: UnsafeMutablePointer<SequentialBatch>, _ sb: UnsafeMutablePointer<BodyState>) {
        let warm = stage < perPass
        forEachBatchRange(stageInPass: stage % perPass, piece) { range in
            if warm {
                for i in range { warmStartSequentialBatch(base + i, sb) }
            } else {
                solveSequentialBatches(range, base, sb)
            }
        }
    }

    /// `warmStartAndSolveSequentialBatches`, `finishSequentialBatches` and the first pass of
    /// `solveSequentialContactPositions` as one job of the pool; returns what that pass
    /// returns. The finish's two loops are one stage, each loop in `finishPiecesPerThread`
    /// pieces a thread (`WorkerPool.pairedPiece`: each thread's home share holds its share of
    /// both), and the position pass's stages follow it (the smallest separation is taken over
    /// the whole job, every other stage counting as infinity). Two jobs less each step: the
    /// hand-overs of a job of its own cost more than one more stage's wait.
    func warmStartSolveFinishAndCorrectSequentialBatches(iterations: Int, h: Double) -> Bool {
        // No batches: only the finish and the pass.
        guard !sequentialBatches.isEmpty && !states.isEmpty && !sequentialBodies.isEmpty else {
            finishSequentialBatches(h: h)
            return solveSequentialContactPositions()
        }
        let threads = workerPool?.threadCount ?? 1
        let per = Self.finishPiecesPerThread
        var separation = Double.infinity
        sequentialBodies.withUnsafeMutableBufferPointer { bodies in
        states.withUnsafeMutableBufferPointer { st in
        sequentialBatches.withUnsafeMutableBufferPointer { bp in
            let base = bp.baseAddress!, sb = st.baseAddress!
            withFinishLoops(h: h, states: sb, batches: base, bodies: bodies.baseAddress!) { storeImpulses, finishBodies, contactCount, bodyCount in
            withPositionPass(bodies: bodies.baseAddress!) { planPositions, correct in
                let perPass = planVelocityPasses(iterations: iterations)
                let finishStage = (iterations + 1) * perPass
                // One chunk a piece.
                planStage(0..<(2 * per * threads), grain: 1)
                let firstPositionStage = finishStage + 1
                _ = planPositions()
                separation = minimumOverStagePlan { stage, piece in
                    if stage >= firstPositionStage { return correct(stage - firstPositionStage, piece) }
                    if stage == finishStage {
                        for k in piece {
                            let (ofImpulses, range) = WorkerPool.pairedPiece(k, perA: per, perB: per, threads: threads,
                                                                             0..<contactCount, 0..<bodyCount)
                            if range.isEmpty { continue }
                            if ofImpulses { storeImpulses(range) } else { finishBodies(range) }
                        }
                        return .infinity
                    }
                    velocityStage(stage, perPass: perPass, piece, base, sb)
                    return .infinity
                }
            }
            }
        }
        }
        }
        return Self.positionsOkay(separation)
    }

    /// Pieces of each finish loop a thread in `warmStartSolveFinishAndCorrectSequentialBatches`
    /// (a staged job cuts a stage into at most four pieces a thread: two of each loop).
    static let finishPiecesPerThread = 2

    /// Every batch in solve order, range by range, as one pass of `planSequentialPass` (color
    /// after color, or region by region and then the seam): the same result for any worker
    /// count.
    @inline(__always) func forEachSequentialBatchRange(
        _ body: (Range<Int>, UnsafeMutablePointer<SequentialBatch>, UnsafeMutablePointer<BodyState>) -> Void) {
        sequentialBatches.withUnsafeMutableBufferPointer { bp in
            states.withUnsafeMutableBufferPointer { st in
                guard let base = bp.baseAddress, let sb = st.baseAddress else { return }
                beginStagePlan()
                planSequentialPass()
                runStagePlan { stage, piece in
                    forEachBatchRange(stageInPass: stage, piece) { range in body(range, base, sb) }
                }
            }
        }
    }

    func copyBatchVelocities(toSolverBodies: Bool, _ indices: [Int]) {
        for i in indices where i < constrained.count && constrained[i] {
            if toSolverBodies {
                sequentialBodies[i].v = states[Int(velocitySlots[i])].v
                sequentialBodies[i].w = states[Int(velocitySlots[i])].w
            } else {
                states[Int(velocitySlots[i])] = BodyState(v: sequentialBodies[i].v, w: sequentialBodies[i].w)
            }
        }
    }

    /// Ends the velocity iterations: the impulses back into the manifolds (the next step's warm
    /// start, and what a began event's point is chosen by); then per awake body its velocities
    /// back into the solver body, its batch mark cleared, and its position integrated
    /// (x += h v, a += h w: riding along with the copy saves the pool a hand-over).
    func finishSequentialBatches(h: Double) {
        // (No solver body or no state: no body to finish and no constraint.)
        guard !sequentialBodies.isEmpty && !states.isEmpty else { return }
        sequentialBodies.withUnsafeMutableBufferPointer { sb in
        states.withUnsafeBufferPointer { st in
        sequentialBatches.withUnsafeBufferPointer { batches in
            // (No batches, no constraints: their pointer is not read.)
            let batchBase = batches.baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<SequentialBatch>.alignment)!
            withFinishLoops(h: h, states: st.baseAddress!, batches: batchBase, bodies: sb.baseAddress!) { storeImpulses, finishBodies, contactCount, bodyCount in
                parallelRangesAndShares(contactCount, grain: 64, storeImpulses, bodyCount, grain: 64, finishBodies)
            }
        }
        }
        }
    }

    /// The two loops of `finishSequentialBatches`, with their counts: the impulses' store
    /// over the step's constraints, the bodies' finish over `regionOrderedBodies`. Each
    /// constraint writes its own contact and each body its own records, so both loops split
    /// across the worker pool (run serially, they were a tenth of what the caller did alone
    /// in a two-worker step of the rain of 1,000 items), in one job: they share nothing. The
    /// contacts go in their own order, as the narrow phase and the constraints' making split
    /// them, and the bodies in the order of the other body loops.
    /// `st`, `batches` and `sb`: the states, the batches and the solver bodies, held by the
    /// caller (an access to an array inside another access to it that writes it copies it,
    /// and the finish read the copy left behind, with the warm start's impulses).
    @inline(__always) func withFinishLoops(h: Double, states st: UnsafePointer<BodyState>, batches: UnsafePointer<SequentialBatch>,
                                           bodies sb: UnsafeMutablePointer<SequentialBody>,
                                           _ run: (_ storeImpulses: (Range<Int>) -> Void, _ finishBodies: (Range<Int>) -> Void,
                                                   _ contactCount: Int, _ bodyCount: Int) -> Void) {
        contacts.withUnsafeMutableBufferPointer { cp in
        sequentialWork.withUnsafeBufferPointer { work in
        sequentialLanes.withUnsafeBufferPointer { lanes in
        regionOrderedBodies.withUnsafeBufferPointer { awake in
        velocitySlots.withUnsafeBufferPointer { slots in
        constrained.withUnsafeMutableBufferPointer { held in
          func storeImpulses(_ range: Range<Int>) {
            for k in range {
                if k + Prefetch.distance < range.upperBound {
                    // The manifold's impulses, written by this thread alone.
                    Prefetch.linesForWriting(UnsafeRawPointer(cp.baseAddress! + Int(work[k + Prefetch.distance]))
                                             + MemoryLayout<Contact>.offset(of: \Contact.manifold)!, bytes: MemoryLayout<Manifold>.size)
                }
                let b = batches + Int(lanes[k] >> 2), lane = Int(lanes[k] & 3)
                let m = cp.baseAddress! + Int(work[k])
                let normal0 = Double(b.pointee.p0.normalImpulse[lane])
                m.pointee.manifold.p0.normalImpulse = normal0
                m.pointee.manifold.p0.tangentImpulse = Double(b.pointee.p0.tangentImpulse[lane])
                m.pointee.manifold.p0.maxNormalImpulse = normal0
                guard m.pointee.manifold.count == 2 else { continue }
                if b.pointee.twoPoints[lane] > 0 {
                    m.pointee.manifold.p1.normalImpulse = Double(b.pointee.p1.normalImpulse[lane])
                    m.pointee.manifold.p1.tangentImpulse = Double(b.pointee.p1.tangentImpulse[lane])
                }
                // [quirk] a point left out of the velocity solve keeps last step's impulse
                // (its warm start), as Box2D 2.2 stores it.
                m.pointee.manifold.p1.maxNormalImpulse = m.pointee.manifold.p1.normalImpulse
            }
          }
          func finishBodies(_ range: Range<Int>) {
            Prefetch.walk(awake, range, ahead: { i in
                Prefetch.recordForWriting(sb + i)
                if held[i] { animatic_prefetch(st + Int(slots[i])) }
            }) { i in
                if held[i] {
                    if sb[i].invMass > 0 || sb[i].invI > 0 {
                        let slot = Int(slots[i])
                        sb[i].v = st[slot].v
                        sb[i].w = st[slot].w
                    }
                    held[i] = false
                }
                integrate(&sb[i], h: h)
            }
          }
          run(storeImpulses, finishBodies, work.count, awake.count)
        }
        }
        }
        }
        }
        }
    }
}
