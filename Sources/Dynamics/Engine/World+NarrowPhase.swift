// Design note: the narrow phase, every step. On the workers each contact whose fat boxes
// separated is marked for removal and every other one with an awake body gets its manifold,
// a pure function of its own contact, shapes and bodies (recycled while the pair barely
// moves, as Box2D v3 does; in the sequential step, skipped for pairs surely apart and
// narrowed to the faces that surely still separate: World+ApartPairs,
// World+SeparatingFaces); then, in contact order on this thread, pairs are dropped and the
// began and ended events and the wakes follow, so the result and the events' order are the
// same for any worker count.
import CPUHints

extension World {
    /// Narrow phase: updates every contact's manifold, matches ids for warm starting and
    /// emits began/ended events. Two passes: on the worker pool, each contact whose fat boxes
    /// separated is marked for removal and each other one with an awake body gets its
    /// manifold (a pure function of its own contact, two shapes and bodies); then, in contact
    /// order on this thread, pairs are dropped and events and wakes follow. The result is the
    /// same for any worker count. The first pass also judges which contacts the solver takes:
    /// in the soft step the contact preparation's candidate scan, in the sequential step
    /// `sequentialTakes` (both fresh while `candidateScanFresh`).
    func collide(dt: Double) {
        if narrowPhaseOutcome.count < contacts.count {
            narrowPhaseOutcome = [NarrowPhaseOutcome](repeating: .unchanged, count: contacts.count)
        }
        // The soft step's candidate scan rides along: each contact is in cache here, and a
        // second walk over all of them was a visible share of the contact preparation.
        let scanning = stepMode != .sequentialImpulse && narrowPhaseScansCandidates
        if scanning && candidateScan.count < contacts.count {
            candidateScan.append(contentsOf: repeatElement(CandidateScan(), count: contacts.count - candidateScan.count))
        }
        // The sequential step's list, judged from what the loop below has in registers.
        let listing = stepMode == .sequentialImpulse && narrowPhaseScansCandidates
        if listing && sequentialTakes.count < contacts.count {
            sequentialTakes.append(contentsOf: repeatElement(false, count: contacts.count - sequentialTakes.count))
        }
        let skipping = stepMode == .sequentialImpulse && skipsApartPairs
        // The soft step's look-ahead reads the bodies' velocities (the prefetch asks for them).
        let readsVelocities = stepMode != .sequentialImpulse
        // When the pool takes the contacts, the bodies' travel is the first stage of the same
        // job (every body's travel is brought up to date before any contact reads it): on this
        // thread it was serial time, and a job of its own another hand-over.
        let travelStaged = skipping && workerPool != nil && contacts.count >= 2 * Self.narrowGrain
        if travelStaged { growApartTravel() } else if skipping { advanceApartTravel() }
        // Set by whichever thread records an outcome (a plain store to one byte from both
        // threads would be a data race to the compiler): a step that changes nothing skips
        // the walk over every contact's outcome below, on this thread alone.
        var anyOutcome: UInt8 = 0
        withUnsafeMutablePointer(to: &anyOutcome) { anyOutcome in
        vertexPool.withUnsafeBufferPointer { vp in
        normalPool.withUnsafeBufferPointer { np in
        shapes.withUnsafeBufferPointer { sp in
        bodies.withUnsafeBufferPointer { bp in
        contacts.withUnsafeMutableBufferPointer { cp in
        narrowPhaseOutcome.withUnsafeMutableBufferPointer { outcome in
        candidateScan.withUnsafeMutableBufferPointer { scan in
        sequentialTakes.withUnsafeMutableBufferPointer { takes in
        apartTravel.withUnsafeMutableBufferPointer { travel in
        apartTurn.withUnsafeMutableBufferPointer { turn in
        apartPoses.withUnsafeMutableBufferPointer { poses in
            let contactBase = cp.baseAddress!, outcomeBase = outcome.baseAddress!
            let travelBase = skipping ? UnsafePointer(travel.baseAddress) : nil
            let turnBase = skipping ? UnsafePointer(turn.baseAddress) : nil
            func narrow(_ range: Range<Int>) {
                for i in range {
                    // Asked for ahead (as the fill does): the contact's lines this loop reads
                    // eight contacts on, and four on the shapes and bodies it names.
                    if i + Self.narrowPrefetchAhead < range.upperBound {
                        Self.prefetchContactForNarrowPhase(contactBase + i + Self.narrowPrefetchAhead, whole: !skipping)
                    }
                    if i + Self.narrowPrefetchAhead / 2 < range.upperBound {
                        Self.prefetchReferencesForNarrowPhase(contactBase + i + Self.narrowPrefetchAhead / 2, sp, bp, velocities: readsVelocities)
                    }
                    let c = contactBase + i
                    if !sp[c.pointee.shapeA].fatAABB.overlaps(sp[c.pointee.shapeB].fatAABB) {
                        outcomeBase[i] = .separated
                        animatic_flag_set(anyOutcome)
                        continue
                    }
                    let bodyA = c.pointee.bodyA, bodyB = c.pointee.bodyB
                    if let t = travelBase, t[bodyA] + t[bodyB] < c.pointee.apartLimit {
                        // Still apart, untouched: what the test would find (see World+ApartPairs).
                        if listing { takes[i] = false }
                        if !c.pointee.apartSkippedLastStep { c.pointee.apartSkippedLastStep = true }
                        continue
                    }
                    if c.pointee.apartSkippedLastStep { c.pointee.apartSkippedLastStep = false }
                    let awakeA = bp[bodyA].isAwake && bp[bodyA].type != .staticBody
                    let awakeB = bp[bodyB].isAwake && bp[bodyB].type != .staticBody
                    if awakeA || awakeB, self.updateManifold(c, dt: dt, vp, np, sp, bp, travel: travelBase, turn: turnBase) {
                        outcomeBase[i] = .touchingChanged
                        animatic_flag_set(anyOutcome)
                    }
                    if scanning { scan[i] = self.scanCandidate(c, bp) }
                    // listSequentialContacts' test.
                    if listing { takes[i] = (awakeA || awakeB) && c.pointee.solid && c.pointee.touching && c.pointee.manifold.count > 0 }
                }
            }
            if travelStaged, let t = travel.baseAddress, let r = turn.baseAddress, let p = poses.baseAddress {
                beginStagePlan()
                planStage(0..<bp.count, grain: 128)
                planStage(0..<cp.count, grain: Self.narrowGrain)
                runStagePlan { stage, piece in
                    if stage == 0 { Self.advanceTravel(piece, bp, t, r, p) } else { narrow(piece) }
                }
            } else {
                parallelRanges(cp.count, grain: Self.narrowGrain, narrow)
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
        }
        }
        // Until a wake below (or anything else before the preparation) says otherwise.
        candidateScanFresh = scanning || listing
        // Removals, events and wakes in contact order.
        var removed = false
        var removedSoFar = 0
        if anyOutcome != 0 {
            for i in contacts.indices {
                switch narrowPhaseOutcome[i] {
                case .unchanged:
                    continue
                case .separated:
                    narrowPhaseOutcome[i] = .unchanged
                    pairs.remove(contacts[i].key)
                    // Marked, removed once after the pass.
                    contacts[i].key = UInt64.max
                    removed = true
                    removedSoFar += 1
                    if contacts[i].touching && contacts[i].enableEvents {
                        contactEndEvents.append(ContactEndEvent(shapeA: ShapeID(index: contacts[i].shapeA),
                                                                shapeB: ShapeID(index: contacts[i].shapeB)))
                    }
                case .touchingChanged:
                    narrowPhaseOutcome[i] = .unchanged
                    // (Where it will sit once the separated ones before it are gone.)
                    emitTouchingChange(i, settlingAt: i - removedSoFar)
                }
            }
        }
        if removed {
            // In order, each kept contact moved once (`removeAll(where:)` swaps elements to
            // their place, three copies of a 300-byte contact for each, all the way from the
            // first removed one to the end: 2.6% of a pile10000 step). The scan of the
            // contacts that stay moves with them, so it stays fresh: a pile whose contacts
            // come and go every step otherwise scanned all of them again in the preparation.
            // Removing a separated pair wakes nothing, so the other contacts' scans still hold.
            // Each run of kept contacts between two removed ones moves as one block (a copy per
            // contact, 360 bytes at a time, took 90 us a step while a rain of 1,000 landed:
            // 10-12 ms of its serial time).
            var kept = 0
            contacts.withUnsafeMutableBufferPointer { cp in
            candidateScan.withUnsafeMutableBufferPointer { scan in
            sequentialTakes.withUnsafeMutableBufferPointer { takes in
            impactFlags.withUnsafeMutableBufferPointer { flags in
                kept = Self.compactInRuns(cp.count, removed: { cp[$0].key == UInt64.max }) { from, to, count in
                    Self.moveBlock(cp, from: from, to: to, count: count)
                    Self.moveBlock(flags, from: from, to: to, count: count)
                    if scanning { Self.moveBlock(scan, from: from, to: to, count: count) }
                    if listing { Self.moveBlock(takes, from: from, to: to, count: count) }
                }
            }
            }
            }
            }
            contacts.removeLast(contacts.count - kept)
            impactFlags.removeLast(impactFlags.count - kept)
        }
    }

    /// Walks `0..<count` in order and calls `move(from, to, count)` for each run of kept items
    /// (not `removed`) that must slide down to close the gaps before it, so the kept items end
    /// up first, in their order; returns how many are kept.
    static func compactInRuns(_ count: Int, removed: (Int) -> Bool, _ move: (_ from: Int, _ to: Int, _ count: Int) -> Void) -> Int {
        var kept = 0, i = 0
        while i < count {
            if removed(i) { i += 1; continue }
            var end = i + 1
            while end < count && !removed(end) { end += 1 }
            if kept != i { move(i, kept, end - i) }
            kept += end - i
            i = end
        }
        return kept
    }

    /// Moves `count` items of `buffer` from index `from` down to `to` (the ranges may overlap)
    /// as raw bytes: only for plain values (no references to count).
    @inline(__always) static func moveBlock<T>(_ buffer: UnsafeMutableBufferPointer<T>, from: Int, to: Int, count: Int) {
        precondition(_isPOD(T.self) && from >= 0 && to >= 0 && from + count <= buffer.count && to + count <= buffer.count)
        // (copyMemory is a memmove: overlapping ranges are fine.)
        UnsafeMutableRawPointer(buffer.baseAddress! + to).copyMemory(from: buffer.baseAddress! + from, byteCount: count * MemoryLayout<T>.stride)
    }

    /// The least contacts a piece of the narrow phase takes on the pool.
    static let narrowGrain = 64
    /// How many contacts ahead the narrow phase asks for a contact's lines (and half as many
    /// for the shapes and bodies it names).
    static let narrowPrefetchAhead = 8
    /// Prefetches the lines of a contact the narrow phase reads. The sequential step skips
    /// most pairs of a heap on their indices (the first line) and skip state (`apartLimit`)
    /// alone. The soft step tests every pair and reads nearly all of it (the manifold, the
    /// recycling state, the flags some 250 bytes in): with the first and `apartLimit`'s lines
    /// only, a pile of 10,000 (62,000 contacts, 22 MB) waited on the others, and its narrow
    /// phase cost 1.7 times a pile of 1,000's per contact (asking for the whole contact:
    /// updateManifold 183 -> 114 ns per body-step).
    @inline(__always) static func prefetchContactForNarrowPhase(_ contact: UnsafePointer<Contact>, whole: Bool) {
        if whole {
            Prefetch.lines(UnsafeRawPointer(contact), bytes: MemoryLayout<Contact>.size)
            return
        }
        // (Offsets written out where they are used: the compiler folds them to constants.)
        animatic_prefetch(contact)
        animatic_prefetch(UnsafeRawPointer(contact) + MemoryLayout<Contact>.offset(of: \Contact.apartLimit)!)
    }

    /// Prefetches what the narrow phase reads of a contact's shapes (everything up to the end
    /// of the fat box: body, kind, skin, bounding circle, vertices' place) and bodies (type,
    /// awake, transform; with `velocities`, as the soft step's look-ahead reads them, on to
    /// the velocities and extent). The records are not aligned to cache lines, so each range
    /// is asked for line by line from its first byte to its last.
    @inline(__always) static func prefetchReferencesForNarrowPhase(_ contact: UnsafePointer<Contact>, _ shapes: UnsafeBufferPointer<Shape>,
                                                                  _ bodies: UnsafeBufferPointer<Body>, velocities: Bool) {
        // (Offsets written out where they are used: the compiler folds them to constants.)
        let shapeBytes = MemoryLayout<Shape>.offset(of: \Shape.fatAABB)! + MemoryLayout<AABB>.size
        Prefetch.lines(UnsafeRawPointer(shapes.baseAddress! + contact.pointee.shapeA), bytes: shapeBytes)
        Prefetch.lines(UnsafeRawPointer(shapes.baseAddress! + contact.pointee.shapeB), bytes: shapeBytes)
        let bodyBytes = velocities
            ? MemoryLayout<Body>.offset(of: \Body.maxExtent)! + MemoryLayout<Double>.size
            : MemoryLayout<Body>.offset(of: \Body.transform)! + MemoryLayout<Transform>.size
        Prefetch.lines(UnsafeRawPointer(bodies.baseAddress! + contact.pointee.bodyA), bytes: bodyBytes)
        Prefetch.lines(UnsafeRawPointer(bodies.baseAddress! + contact.pointee.bodyB), bytes: bodyBytes)
    }

    /// The began or ended event of contact `i`, whose touching state just changed, and the wake
    /// of a sleeping body it now touches. `settlingAt`: the contact's index once this step's
    /// narrow phase has dropped the separated ones (`i` if none).
    func emitTouchingChange(_ i: Int, settlingAt index: Int? = nil) {
        let c = contacts[i]
        let m = c.manifold
        if c.touching {
            if c.enableEvents {
                let p = m.count == 2 && m.p1.separation < EngineConstants.linearSlop
                    ? (m.p0.separation < EngineConstants.linearSlop ? 0.5 * (m.p0.point + m.p1.point) : m.p1.point)
                    : m.p0.point
                contactBeginEvents.append(ContactBeginEvent(shapeA: ShapeID(index: c.shapeA), shapeB: ShapeID(index: c.shapeB), point: p,
                                                            contact: index ?? i))
            }
            // An awake body touching a sleeping one wakes its island.
            if !(bodies[c.bodyA].isAwake || bodies[c.bodyA].type == .staticBody) { wakeBody(c.bodyA) }
            if !(bodies[c.bodyB].isAwake || bodies[c.bodyB].type == .staticBody) { wakeBody(c.bodyB) }
        } else if c.enableEvents {
            contactEndEvents.append(ContactEndEvent(shapeA: ShapeID(index: c.shapeA), shapeB: ShapeID(index: c.shapeB)))
        }
    }

    /// Runs the narrow phase for one contact at the bodies' current transforms and carries
    /// impulses over by feature id. Reads only the contact itself, its shapes and bodies
    /// (through the pointers the caller holds: no array access, and no retain, per contact);
    /// returns whether its touching state changed. With `travel` (the bodies' travel as of
    /// the transforms it tests at), a pair found apart records when it must be tested again.
    @inline(__always) func updateManifold(_ contact: UnsafeMutablePointer<Contact>, dt: Double,
                                          _ vp: UnsafeBufferPointer<Vec2>, _ np: UnsafeBufferPointer<Vec2>,
                                          _ sp: UnsafeBufferPointer<Shape>, _ bp: UnsafeBufferPointer<Body>,
                                          travel: UnsafePointer<Double>?, turn: UnsafePointer<Double>?) -> Bool {
        let sequential = stepMode == .sequentialImpulse
        let bodyA = contact.pointee.bodyA, bodyB = contact.pointee.bodyB
        let bodies = bp.baseAddress!
        let xfA = bodies[bodyA].transform, xfB = bodies[bodyB].transform
        do {
            if !sequential && contact.pointee.recyclable && contactRecycleDistance > 0
                && recycleManifold(contact, bodies + bodyA, bodies + bodyB, xfA.q, xfB.q) {
                // Touching still means a point closer than the slop: a bounce ends its contact
                // while the manifold is recycled.
                contact.pointee.recycledLastStep = true
                let touching = contact.pointee.manifold.minSeparation < EngineConstants.linearSlop
                guard touching != contact.pointee.touching else { return false }
                contact.pointee.touching = touching
                return true
            }
            let shapeA = sp.baseAddress! + contact.pointee.shapeA, shapeB = sp.baseAddress! + contact.pointee.shapeB
            // Box2D 2.2 makes points only within the contact distance (the skins); the soft
            // step looks ahead by how far the pair can close in one step, so a fast approach
            // gets its contact point before impact and lands exactly on the surface.
            let speculative: Double
            if sequential {
                speculative = contactDistance(shapeA.pointee, shapeB.pointee)
            } else {
                let reach = (bodies[bodyA].linearVelocity - bodies[bodyB].linearVelocity).length
                    + abs(bodies[bodyA].angularVelocity) * bodies[bodyA].maxExtent
                    + abs(bodies[bodyB].angularVelocity) * bodies[bodyB].maxExtent
                speculative = EngineConstants.speculativeDistance + dt * reach
            }
            let gap = (xfB.apply(shapeB.pointee.boundCenter) - xfA.apply(shapeA.pointee.boundCenter)).length
                - shapeA.pointee.boundRadius - shapeB.pointee.boundRadius
            var m: Manifold
            contact.pointee.apartLimit = -.infinity
            if gap > speculative {
                // Apart and staying apart: nothing to write. (A manifold's fields past its
                // count are never read, so an empty one need not be cleared again; skipping
                // the copy in and out of every nearby-but-apart pair is most of a pile's pairs.)
                if contact.pointee.manifold.count == 0 && !contact.pointee.touching {
                    // Its pose was not recorded: the recycled state describes another one.
                    if contact.pointee.recyclable { contact.pointee.recyclable = false; contact.pointee.recycledLastStep = false }
                    if let t = travel { contact.pointee.apartLimit = Self.apartLimit(t, bodyA, bodyB, margin: gap - speculative) }
                    return false
                }
                m = Manifold()
            } else if shapeA.pointee.isCircle {
                m = collideCircles(centerA: shapeA.pointee.circleCenter, radiusA: shapeA.pointee.radius, xfA,
                                   centerB: shapeB.pointee.circleCenter, radiusB: shapeB.pointee.radius, xfB, speculative: speculative)
            } else {
                let startA = shapeA.pointee.vertexStart, countA = shapeA.pointee.vertexCount
                let va = VertexBuffer(rebasing: vp[startA..<(startA + countA)])
                let na = VertexBuffer(rebasing: np[startA..<(startA + countA)])
                if shapeB.pointee.isCircle {
                    m = collidePolygonAndCircle(va, na, xfA, center: shapeB.pointee.circleCenter, radius: shapeB.pointee.radius, xfB,
                                                speculative: speculative)
                } else {
                    let startB = shapeB.pointee.vertexStart, countB = shapeB.pointee.vertexCount
                    let vb = VertexBuffer(rebasing: vp[startB..<(startB + countB)])
                    let nb = VertexBuffer(rebasing: np[startB..<(startB + countB)])
                    var apartBy = -Double.infinity
                    var faces = SeparatingFaces()
                    if let t = travel, let r = turn {
                        (faces.knownA, faces.knownB) = contact.pointee.separatingFaces.knownFaces(
                            travel: t[bodyA] + t[bodyB], turnA: r[bodyA], turnB: r[bodyB])
                    }
                    m = collidePolygons(va, na, xfA, vb, nb, xfB, speculative: speculative, apartBy: &apartBy, faces: &faces)
                    if let t = travel, let r = turn {
                        // Any point of one shape lies within the bounding circles' centre
                        // distance plus both radii of any point of the other.
                        let reach = gap + 2 * (shapeA.pointee.boundRadius + shapeB.pointee.boundRadius)
                        contact.pointee.separatingFaces.learn(faces, travel: t[bodyA] + t[bodyB], turnA: r[bodyA], turnB: r[bodyB],
                                                              reach: reach)
                    }
                    if let t = travel, apartBy > speculative {
                        // A separating axis keeps them apart (the manifold is left empty and
                        // not touching, as a skipped pair's stays).
                        contact.pointee.apartLimit = Self.apartLimit(t, bodyA, bodyB, margin: apartBy - speculative)
                    }
                }
            }
            if sequential { m.removeSkins(skinA: shapeA.pointee.skin, skinB: shapeB.pointee.skin) }
            // Warm starting: carry impulses to points with the same feature id.
            let old = contact.pointee.manifold
            for k in 0..<m.count {
                let id = m[k].id
                for o in 0..<old.count where old[o].id == id {
                    var p = m[k]
                    p.normalImpulse = old[o].normalImpulse
                    p.tangentImpulse = old[o].tangentImpulse
                    p.relativeVelocity = old[o].relativeVelocity
                    m[k] = p
                    break
                }
            }
            let touching = m.count > 0 && (sequential || m.minSeparation < EngineConstants.linearSlop)
            contact.pointee.manifold = m
            if !sequential {
                // The pose this manifold belongs to, for recycling it in later steps; its
                // points' anchors are measured from the centers of now.
                contact.pointee.recyclable = true
                contact.pointee.recycledLastStep = false
                contact.pointee.cachedRotationA = xfA.q
                contact.pointee.cachedRotationB = xfB.q
                contact.pointee.anchorCenterA = bodies[bodyA].center
                contact.pointee.anchorCenterB = bodies[bodyB].center
                contact.pointee.baseSeparation0 = m.p0.separation
                contact.pointee.baseSeparation1 = m.p1.separation
            }
            guard touching != contact.pointee.touching else { return false }
            contact.pointee.touching = touching
            return true
        }
    }

    /// Contact recycling (Box2D v3, Erin Catto; the idea of persistent manifolds, as in
    /// PhysX): while the two bodies have barely moved relative to each other since the pose
    /// the manifold was computed at, the manifold is kept (points, normal, ids, impulses) and
    /// only each point's separation follows the bodies, from its anchors turned with each
    /// body, exactly as the sub-steps follow it. Most contacts of a resting pile are
    /// recycled every step; the narrow phase was a fifth of the pyramid's step. The bound is
    /// Box2D's, from conservative advancement: the relative translation (of the centers,
    /// where Box2D takes the origins) plus the largest extent times the sine of the relative
    /// turn, under the recycle distance (under the speculative distance for a pair not
    /// touching, so no contact is found late), and neither body turned by more than about
    /// 11.5 degrees. `qA` and `qB` are the bodies' rotations now. Returns false to compute anew.
    /// (Box2D keeps a recycled contact's touching state; here touching follows the new
    /// separations, so a bounce still ends its contact.)
    @inline(__always) func recycleManifold(_ contact: UnsafeMutablePointer<Contact>,
                                           _ a: UnsafePointer<Body>, _ b: UnsafePointer<Body>, _ qA: Rot, _ qB: Rot) -> Bool {
        // An empty manifold is not kept: it was computed with a speculative distance grown by
        // the approach speed of then, and a pair apart is cheap to test anew.
        if contact.pointee.manifold.count == 0 { return false }
        let cachedA = contact.pointee.cachedRotationA, cachedB = contact.pointee.cachedRotationB
        // cos of each body's turn since then.
        let cosA = qA.c * cachedA.c + qA.s * cachedA.s
        let cosB = qB.c * cachedB.c + qB.s * cachedB.s
        if min(cosA, cosB) <= EngineConstants.contactRecycleCosAngle { return false }
        // B's center and rotation in A's frame, now and then (centers, not origins: the
        // extents the bound uses are measured from the centers).
        let originA = contact.pointee.anchorCenterA, originB = contact.pointee.anchorCenterB
        let centers = b.pointee.center - a.pointee.center
        let relative = qA.applyInverse(centers), cachedRelative = cachedA.applyInverse(originB - originA)
        let turn = qA.inverseCompose(qB).inverseCompose(cachedA.inverseCompose(cachedB))
        let extentA = a.pointee.type == .staticBody ? 0 : a.pointee.maxExtent
        let extentB = b.pointee.type == .staticBody ? 0 : b.pointee.maxExtent
        let tolerance = contact.pointee.touching
            ? contactRecycleDistance : min(contactRecycleDistance, EngineConstants.speculativeDistance)
        if (relative - cachedRelative).length + max(extentA, extentB) * abs(turn.s) >= tolerance { return false }
        let count = contact.pointee.manifold.count
        // Each body's turn since then, applied to the anchors of then.
        let dqA = qA.compose(Rot(c: cachedA.c, s: -cachedA.s)), dqB = qB.compose(Rot(c: cachedB.c, s: -cachedB.s))
        let normal = contact.pointee.manifold.normal
        // How far a point of then has moved along the normal with the two bodies.
        func moved(_ point: Vec2) -> Double {
            dot(centers + (dqB.apply(point - originB) - dqA.apply(point - originA)), normal)
        }
        contact.pointee.manifold.p0.separation = contact.pointee.baseSeparation0 + moved(contact.pointee.manifold.p0.point)
        if count > 1 {
            contact.pointee.manifold.p1.separation = contact.pointee.baseSeparation1 + moved(contact.pointee.manifold.p1.point)
        }
        return true
    }
}
