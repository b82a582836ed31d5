// Design note: one fixed step of Box2D v3's soft step. Order: find new pairs -> narrow phase
// (events) -> force hooks -> prepare contacts and joints -> for each sub-step {integrate
// velocities, warm start, solve with bias, integrate positions, relax} -> restitution ->
// store impulses -> write back transforms and fat AABBs -> continuous collision for fast
// bodies -> islands and sleep. The awake-body list and the constraint arrays are reused
// between steps, so a step allocates nothing once the world has warmed up. With a worker
// pool, every per-body loop (state load, velocity and position integration, write-back) and
// the contact preparation split across the threads; each index writes only its own body or
// batch, and what must happen in order (non-finite freezes, broad-phase updates) runs after,
// on this thread, so the states are bit-identical for any worker count. The one long serial
// part, gathering and coloring the constraints, runs beside the two loads of the bodies it
// does not touch (`alongside`). Whether a step uses the pool at all is the WorkerTuner's
// call, made by the clock.
import Foundation
import CPUHints

extension World {
    /// Advances the world by `dt` seconds: the soft step runs `subStepCount` sub-steps of it
    /// (normally dt = 1/60), the sequential step one island solve (UIKit: dt = (float)1/120).
    func step(_ dt: Double) {
        guard dt > 0 else { return }
        guard let pool = ownPool, tunesWorkers else { stepOnce(dt); return }
        let pooled = workerTuner.beginStep()
        workerPool = pooled ? pool : nil
        if !pooled { pool.rest() }
        let start = DispatchTime.now().uptimeNanoseconds
        stepOnce(dt)
        workerTuner.endStep(nanoseconds: DispatchTime.now().uptimeNanoseconds - start)
        // What runs between steps on the world's pool (the animator's write-back of its
        // items) goes the way the tuner chose for the next step: between steps without the
        // pool a job each frame woke the resting worker, whose spin then took the core of
        // the lone thread on a machine another program kept busy.
        workerPool = workerTuner.pooled ? pool : nil
    }

    private func stepOnce(_ dt: Double) {
        if stepMode == .sequentialImpulse { stepSequential(dt); return }
        beginStep(dt)

        let h = dt / Double(max(subStepCount, 1))
        // Load the hot state.
        while states.count < bodies.count + 1 { states.append(BodyState()) }
        states[bodies.count] = BodyState() // the contact solver's dummy (static and sleeping bodies)
        // Velocities set from outside (an instantaneous push on a feather-light item, a user
        // call) enter within the solver's speed caps, like every integrated velocity: the
        // contact preparation records approach speeds from them, and restitution bouncing at an
        // uncapped approach speed would feed itself step after step (measured: 10^6 m/s).
        if integrationDelta.count < bodies.count { integrationDelta = [Vec2](repeating: .zero, count: bodies.count) }
        if constrained.count < bodies.count { constrained = [Bool](repeating: false, count: bodies.count) }
        forEachAwakeBody { i, at in
            let b = at.bodies + i
            let (v, w) = Self.cappedVelocity(b.pointee.linearVelocity, b.pointee.angularVelocity, h: h)
            b.pointee.linearVelocity = v
            b.pointee.angularVelocity = w
            at.states[i] = BodyState(v: v, w: w)
            at.deltas[i] = .zero
            at.held[i] = false
        }
        // Gathering and coloring the constraints runs in order on one thread; with a pool the
        // other thread meanwhile gathers what the velocity integration and the contact
        // preparation read of the bodies (neither side reads what the other writes), the
        // latter on whichever thread is free first: when the choice of constraints is kept
        // (`ConstraintChoiceCache`), this one, which otherwise waited for the worker.
        scanCandidates()
        alongside({ self.chooseConstraints() }, { self.prepareVelocityIntegration(h: h) },
                  then: { self.loadPreparedBodies() })
        prepareContacts(h: h)
        prepareJoints(h: h)
        for j in activeJoints { constrained[joints[j].bodyA] = true; constrained[joints[j].bodyB] = true }
        warmStartJoints(initial: true)

        if activeJoints.isEmpty {
            solveSubStepsStaged(h: h, count: max(subStepCount, 1))
        } else {
            for sub in 0..<max(subStepCount, 1) {
                integrateVelocities(h: h)
                warmStartContacts()
                warmStartJoints(initial: false)
                solveJoints(h: h, useBias: true)
                solveContacts(h: h, useBias: true)
                integratePositions(h: h)
                solveJoints(h: h, useBias: false)
                solveContacts(h: h, useBias: false, reversed: sub % 2 == 0)
            }
        }
        applyRestitution()
        storeImpulses()
        storeJointImpulses()
        finalizeBodies(dt: dt)
        if enableContinuous { solveContinuous() }
        updateSleep(dt: dt, clocksAdvanced: true)
    }

    /// An awake body resting on a sleeping one (or joined to it) wakes the sleeper's island,
    /// so the solver never sees a sleeping body in a constraint.
    func wakeTouchingSleepers() {
        // Nothing sleeps while sleeping is off (every body was woken when it was turned off).
        if !enableSleep { return }
        var changed = true
        while changed {
            changed = false
            for c in contacts where c.touching && c.solid {
                let a = bodies[c.bodyA], b = bodies[c.bodyB]
                let activeA = a.type != .staticBody && a.isAwake, activeB = b.type != .staticBody && b.isAwake
                if activeA && b.type == .dynamic && !b.isAwake { wakeBody(c.bodyB); changed = true }
                if activeB && a.type == .dynamic && !a.isAwake { wakeBody(c.bodyA); changed = true }
            }
            for j in joints where j.alive {
                let a = bodies[j.bodyA], b = bodies[j.bodyB]
                let activeA = a.type != .staticBody && a.isAwake, activeB = b.type != .staticBody && b.isAwake
                if activeA && b.type == .dynamic && !b.isAwake { wakeBody(j.bodyB); changed = true }
                if activeB && a.type == .dynamic && !a.isAwake { wakeBody(j.bodyA); changed = true }
            }
        }
    }

    /// Per awake body, what velocity integration needs each sub-step, gathered once per step
    /// so the sub-step loop reads 48 bytes per body instead of the whole cold `Body`.
    struct VelocityIntegration {
        var index: Int
        var dv: Vec2
        var dw: Double
        var linearDamping: Double
        var angularDamping: Double
    }

    /// One entry per awake body (index -1 for a kinematic one, which forces do not move), in
    /// one pass on this thread: it runs beside the constraints' coloring (see the step).
    private func prepareVelocityIntegration(h: Double) {
        let count = awakeBodies.count
        integration.removeAll(keepingCapacity: true)
        integration.append(contentsOf: repeatElement(VelocityIntegration(index: -1, dv: .zero, dw: 0, linearDamping: 1, angularDamping: 1),
                                                     count: count))
        integration.withUnsafeMutableBufferPointer { items in
        awakeBodies.withUnsafeBufferPointer { awake in
            for k in 0..<count {
                let i = awake[k]
                guard self.bodies[i].type == .dynamic else { continue }
                // Field reads, not copies of the ~300-byte bodies.
                items[k] = VelocityIntegration(index: i, dv: h * self.freeAcceleration(i),
                                               dw: h * self.bodies[i].invI * self.bodies[i].torque,
                                               linearDamping: 1 / (1 + h * self.bodies[i].linearDamping),
                                               angularDamping: 1 / (1 + h * self.bodies[i].angularDamping))
            }
        }
        }
    }

    private func integrateVelocities(h: Double) {
        integration.withUnsafeBufferPointer { items in
            states.withUnsafeMutableBufferPointer { st in
                integrationDelta.withUnsafeMutableBufferPointer { deltas in
                    parallelRanges(items.count, grain: 256) { range in
                        Self.integrateVelocities(items, range, st.baseAddress!, deltas.baseAddress!, h: h)
                    }
                }
            }
        }
    }

    /// The velocity integration of `items[range]`.
    @inline(__always) static func integrateVelocities(_ items: UnsafeBufferPointer<VelocityIntegration>, _ range: Range<Int>,
                                                      _ st: UnsafeMutablePointer<BodyState>, _ deltas: UnsafeMutablePointer<Vec2>, h: Double) {
        for item in items[range] where item.index >= 0 {
            let p = st + item.index
            // Damping after the forces (v /= 1 + h c): terminal speed a / c, so a huge
            // resistance really holds an item still against gravity (UIKit's recipe).
            let v0 = p.pointee.v
            let damped = item.linearDamping * (v0 + item.dv)
            deltas[item.index] = damped - v0
            let (v, w) = cappedVelocity(damped, item.angularDamping * (p.pointee.w + item.dw), h: h)
            p.pointee.v = v
            p.pointee.w = w
        }
    }

    /// The sub-steps when no joint is solved between their passes: every pass of every
    /// sub-step a stage (velocity integration, then per color the warm start, the biased
    /// solve, then position integration, then per color the relax pass), all in one staged
    /// job of the worker pool, a hand-over per stage where each pass and color was a pool
    /// job of its own (runStagePlan). The same passes in the same order as the loop with joints.
    private func solveSubStepsStaged(h: Double, count: Int) {
        let starts = batchColorStarts
        let biased = SubStepTerms(h: h, useBias: true), relaxed = SubStepTerms(h: h, useBias: false)
        integration.withUnsafeBufferPointer { items in
        states.withUnsafeMutableBufferPointer { st in
        integrationDelta.withUnsafeMutableBufferPointer { deltas in
        constrained.withUnsafeBufferPointer { held in
        awakeBodies.withUnsafeBufferPointer { awake in
        batches.withUnsafeMutableBufferPointer { bp in
            guard let sb = st.baseAddress else { return }
            let batchCount = bp.count
            beginStagePlan()
            var colors = 0
            for _ in 0..<count {
                planStage(0..<items.count, grain: 256)
                colors = planColorStages(starts, count: batchCount)
                planColorStages(starts, count: batchCount)
                planStage(0..<awake.count, grain: 256)
                planColorStages(starts, count: batchCount)
            }
            let perSubStep = 2 + 3 * colors
            let base = bp.baseAddress, dp = deltas.baseAddress!, hp = held.baseAddress!
            runStagePlan { stage, range in
                let sub = stage / perSubStep, r = stage % perSubStep
                if r == 0 {
                    Self.integrateVelocities(items, range, sb, dp, h: h)
                } else if r <= colors {
                    for i in range { warmStartBatch(base! + i, sb) }
                } else if r <= 2 * colors {
                    solveBatches(range, base!, sb, biased, reversed: false)
                } else if r == 2 * colors + 1 {
                    for i in awake[range] { Self.integratePosition(i, sb, dp, hp, h: h) }
                } else {
                    solveBatches(range, base!, sb, relaxed, reversed: sub % 2 == 0)
                }
            }
        }
        }
        }
        }
        }
        }
    }

    /// The soft step's per-body arrays in place (indexed like the bodies).
    struct AwakeBodyArrays {
        let bodies: UnsafeMutablePointer<Body>
        let states: UnsafeMutablePointer<BodyState>
        /// The velocity change the forces made this sub-step (integrateVelocities).
        let deltas: UnsafeMutablePointer<Vec2>
        /// Whether a contact or joint holds the body this step.
        let held: UnsafeMutablePointer<Bool>
    }

    /// Runs `first` and `second` at once when the step has the worker pool (this thread takes
    /// `first`, a worker `second`, or this thread both if none is free), else one after the
    /// other; `third`, if given, goes to whichever thread is free first (the pool hands the
    /// worker's second chunk to this thread once its own is done), else runs last. None may
    /// read what another writes, nor use the pool itself.
    func alongside(_ first: () -> Void, _ second: () -> Void, then third: () -> Void = {}) {
        guard let pool = workerPool else { first(); second(); third(); return }
        // With two threads this one's home range is chunk 0, the worker's chunks 1 and 2.
        pool.run(chunks: 3) { k in
            switch k {
            case 0: first()
            case 1: second()
            default: third()
            }
        }
    }

    /// Runs `body(i, arrays)` for every awake body i, split across the worker pool when there
    /// is one; each call writes only body i's entries, so the result is the same for any
    /// worker count. `integrationDelta` and `constrained` must already cover every body.
    @inline(__always) func forEachAwakeBody(_ body: (Int, AwakeBodyArrays) -> Void) {
        guard !awakeBodies.isEmpty else { return }
        bodies.withUnsafeMutableBufferPointer { bs in
            states.withUnsafeMutableBufferPointer { st in
                integrationDelta.withUnsafeMutableBufferPointer { deltas in
                    constrained.withUnsafeMutableBufferPointer { held in
                        awakeBodies.withUnsafeBufferPointer { awake in
                            let arrays = AwakeBodyArrays(bodies: bs.baseAddress!, states: st.baseAddress!,
                                                         deltas: deltas.baseAddress!, held: held.baseAddress!)
                            parallelRanges(awake.count, grain: 256) { range in
                                for i in awake[range] { body(i, arrays) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The speed caps of one sub-step h (Box2D's maximum linear speed and rotation per step).
    @inline(__always) static func cappedVelocity(_ v: Vec2, _ w: Double, h: Double) -> (Vec2, Double) {
        let maxSpeed = EngineConstants.maxLinearSpeed, maxAngular = EngineConstants.maxRotation / h
        let speed2 = v.lengthSquared
        let cappedV = speed2 > maxSpeed * maxSpeed ? (maxSpeed / speed2.squareRoot()) * v : v
        let cappedW = abs(w) > maxAngular ? (w > 0 ? maxAngular : -maxAngular) : w
        return (cappedV, cappedW)
    }

    /// Free bodies advance with the solved velocity minus half the sub-step's applied
    /// acceleration: exact for constant acceleration (x += v0 h + a h^2 / 2), where plain
    /// symplectic Euler drifts by v h per bounce and a restitution-1 ball would sink 1% a bounce.
    /// Bodies held by contacts or joints keep the plain update, so a resting body never creeps.
    private func integratePositions(h: Double) {
        forEachAwakeBody { i, at in Self.integratePosition(i, at.states, at.deltas, UnsafePointer(at.held), h: h) }
    }

    @inline(__always) static func integratePosition(_ i: Int, _ states: UnsafeMutablePointer<BodyState>, _ deltas: UnsafeMutablePointer<Vec2>,
                                                    _ held: UnsafePointer<Bool>, h: Double) {
        var s = states[i]
        s.dq = s.dq.integrated(by: h * s.w)
        if !held[i] {
            // Half the velocity change of the forces comes off: x += v0 h + a h^2 / 2.
            s.dp = s.dp + h * s.v - (0.5 * h) * deltas[i]
        } else {
            s.dp = s.dp + h * s.v
        }
        states[i] = s
    }

    /// Writes the step's deltas back to the bodies and refreshes their broad-phase boxes.
    /// The per-body tests of the passes after it (a non-finite state to freeze, a move long
    /// enough for continuous collision) and the sleep clocks are done here, on the pool, so
    /// those passes visit only the bodies that need them (each was a serial walk over every
    /// awake body: a third of a millisecond of many_pyramids' step). The broad phase's box
    /// pass rides along, as in the sequential step's store: each body's shapes are boxed
    /// right after it is written, while its lines are in this core's cache (a pass of its own
    /// read every body again, from whichever core had written it, and did not scale on two).
    private func finalizeBodies(dt: Double) {
        if finalizeFlags.count < bodies.count { finalizeFlags.append(contentsOf: repeatElement(0, count: bodies.count - finalizeFlags.count)) }
        let continuous = enableContinuous
        let clock = sleepClock(dt: dt)
        // Set by any thread that freezes a body (see storeSequentialBodies): the walk over
        // every awake body's flag below is made only when one did.
        var sawFreeze: UInt8 = 0
        withProxyBoxPass { boxPass in
        withUnsafeMutablePointer(to: &sawFreeze) { sawFreeze in
        finalizeFlags.withUnsafeMutableBufferPointer { flags in
        forEachAwakeBody { i, at in
            let s = at.states[i]
            let b = at.bodies + i
            b.pointee.center0 = b.pointee.center
            b.pointee.rotation0 = b.pointee.transform.q
            let fixed = b.pointee.fixedRotation
            b.pointee.linearVelocity = s.v
            b.pointee.angularVelocity = fixed ? 0 : s.w
            b.pointee.center += s.dp
            let q = fixed ? b.pointee.transform.q : s.dq.compose(b.pointee.transform.q)
            b.pointee.transform.q = q
            b.pointee.transform.p = b.pointee.center - q.apply(b.pointee.localCenter)
            b.pointee.force = .zero
            b.pointee.torque = 0
            let finite = b.pointee.center.isFinite && s.v.isFinite && s.w.isFinite
            if finite {
                // The test solveContinuous made of every body (a frozen one does not move).
                let sweeps = continuous && b.pointee.type == .dynamic
                    && (b.pointee.center - b.pointee.center0).length > 0.5 * b.pointee.minExtent
                    && !self.bodyShapes[i].isEmpty
                flags[i] = sweeps ? FinalizeFlag.sweep : 0
                self.refreshProxyBoxes(of: i, b, boxPass)
            } else {
                flags[i] = FinalizeFlag.freeze
                animatic_flag_set(sawFreeze)
                // The clock below reads the velocities the freeze leaves.
                b.pointee.linearVelocity = .zero
                b.pointee.angularVelocity = 0
            }
            clock.advance(b)
        }
        }
        }
        if sawFreeze != 0 {
            for i in awakeBodies where finalizeFlags[i] == FinalizeFlag.freeze {
                // Never let a non-finite state spread: freeze the body where it was (in body
                // order, on this thread, so the list reads the same for any worker count).
                let q0 = bodies[i].rotation0
                bodies[i].center = bodies[i].center0; bodies[i].transform.q = q0
                // (Its velocities were zeroed in the write-back.)
                bodies[i].transform.p = bodies[i].center0 - q0.apply(bodies[i].localCenter)
                nonFiniteBodies.append(i)
                // Boxed where it was frozen.
                bodies.withUnsafeBufferPointer { bp in refreshProxyBoxes(of: i, bp.baseAddress! + i, boxPass) }
            }
        }
        }
        refreshAwakeProxies()
    }

    /// What `finalizeBodies` found for one body (`finalizeFlags`).
    enum FinalizeFlag {
        /// A non-finite state: frozen where it was.
        static let freeze: UInt8 = 1
        /// Moved more than half its smallest extent: swept for continuous collision.
        static let sweep: UInt8 = 2
    }
}

extension World {
    /// What both step configurations do first: new pairs, narrow phase and contact events,
    /// waking sleepers that touch awake bodies, and the awake set.
    func beginStep(_ dt: Double) {
        stepIndex += 1
        lastStepDt = dt
        contactBeginEvents.removeAll(keepingCapacity: true)
        contactEndEvents.removeAll(keepingCapacity: true)
        updatePairs()
        collide(dt: dt)
        wakeTouchingSleepers()
        if !awakeListsCurrent { listAwakeBodies() }
        assert(awakeListsMatchBodies(), "a body's alive, type or isAwake changed without clearing awakeListsCurrent")
    }

    /// Lists the awake set (every live non-static awake body) and the rest. Listed only after
    /// a change (`awakeListsCurrent`): the walk reads one line of every `Body`, lines the
    /// contacts have pushed out of the cache by then, and in the 22,000 boxes of many_pyramids
    /// it took 2.6% of a two-worker step on one thread while the other waited.
    private func listAwakeBodies() {
        awakeBodies.removeAll(keepingCapacity: true)
        idleBodies.removeAll(keepingCapacity: true)
        for i in bodies.indices where bodies[i].alive {
            if Self.listsAsAwake(bodies[i]) { awakeBodies.append(i) } else { idleBodies.append(i) }
        }
        awakeListsCurrent = true
    }

    /// Whether a live body belongs to the awake set (else to the idle one): not static, awake.
    @inline(__always) private static func listsAsAwake(_ body: Body) -> Bool {
        body.type != .staticBody && body.isAwake
    }

    /// Whether the kept lists are what listing the bodies now gives (checked in debug builds).
    private func awakeListsMatchBodies() -> Bool {
        let live = bodies.indices.filter { bodies[$0].alive }
        return awakeBodies == live.filter { Self.listsAsAwake(bodies[$0]) }
            && idleBodies == live.filter { !Self.listsAsAwake(bodies[$0]) }
    }

    /// The first batch of each color, from each color's constraint count (the overflow's
    /// last), when each color's constraints are packed four to a batch and the overflow's one
    /// to a batch; the last entry is the total.
    func batchStarts(perColor: [Int]) -> [Int] {
        batchStarts(perColor: perColor, colorsPerGroup: perColor.count)
    }

    /// `batchStarts` of a layout in groups of `colorsPerGroup` colors, the last of each group
    /// its overflow (World+SequentialRegions).
    func batchStarts(perColor: [Int], colorsPerGroup: Int) -> [Int] {
        var firstBatch = [Int](repeating: 0, count: perColor.count + 1)
        for color in perColor.indices {
            let n = color % colorsPerGroup == colorsPerGroup - 1 ? perColor[color] : (perColor[color] + 3) / 4
            firstBatch[color + 1] = firstBatch[color] + n
        }
        return firstBatch
    }
}
