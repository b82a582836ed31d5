// Design note: island sleeping. After each step a union-find over the awake dynamic bodies,
// linked by touching contacts and joints (never through static or kinematic bodies), forms
// islands; an island whose every body has rested for `timeToSleep` goes to sleep as a unit
// and is remembered as a list, so that anything touching or changing one of its bodies wakes
// the whole island at once. Rebuilding islands per step costs O(bodies + contacts) and keeps
// the bookkeeping trivially correct under removal.

extension World {
    /// Wakes a body and its sleeping island.
    func wake(_ id: BodyID) { wakeBody(id.index) }

    /// True when no dynamic body is awake (the animator's pause test).
    var isAtRest: Bool {
        for i in bodies.indices where bodies[i].alive && bodies[i].type != .staticBody && bodies[i].isAwake {
            if bodies[i].type == .kinematic && bodies[i].linearVelocity == .zero && bodies[i].angularVelocity == 0 { continue }
            return false
        }
        return true
    }

    /// Box2D's `SetAwake(true)`: a sleeping body wakes with its island and its rest timer at
    /// zero; an awake one is left alone, its rest timer included. (Resetting the timer of an
    /// awake body kept a settled pile awake for ever: every time-of-impact event and every
    /// removed contact restarted the half second its bodies must rest.)
    func wakeBody(_ i: Int) {
        guard bodies[i].alive, bodies[i].type != .staticBody else { return }
        guard !bodies[i].isAwake || bodies[i].islandSleeping >= 0 else { return }
        candidateScanFresh = false
        awakeListsCurrent = false
        let island = bodies[i].islandSleeping
        if island >= 0 {
            for b in sleepingIslands[island] where bodies[b].islandSleeping == island {
                bodies[b].isAwake = true
                bodies[b].sleepTime = 0
                bodies[b].islandSleeping = -1
            }
            sleepingIslands[island] = []
        }
        bodies[i].isAwake = true
        bodies[i].sleepTime = 0
        bodies[i].islandSleeping = -1
    }

    /// What a body's sleep clock is measured against this step (read once per pass).
    struct SleepClock {
        /// Whether bodies may sleep at all.
        var enabled: Bool
        var linearTolerance2: Double
        var angularTolerance: Double
        var dt: Double

        /// A body's time at rest, given the velocities it ends the step with: reset while it
        /// moves faster than the tolerances (or may not sleep), advanced by `dt` otherwise.
        @inline(__always) func advance(_ b: UnsafeMutablePointer<Body>) {
            if !enabled || !b.pointee.allowSleep || b.pointee.linearVelocity.lengthSquared > linearTolerance2
                || abs(b.pointee.angularVelocity) > angularTolerance {
                b.pointee.sleepTime = 0
            } else {
                b.pointee.sleepTime += dt
            }
        }
    }

    /// The sleep clock of this configuration's tolerances for a step of `dt`.
    func sleepClock(dt: Double) -> SleepClock {
        let sequential = stepMode == .sequentialImpulse
        let linTol = sequential ? SequentialConstants.linearSleepTolerance : EngineConstants.linearSleepTolerance
        let angTol = sequential ? SequentialConstants.angularSleepTolerance : EngineConstants.angularSleepTolerance
        return SleepClock(enabled: enableSleep, linearTolerance2: linTol * linTol, angularTolerance: angTol, dt: dt)
    }

    /// `clocksAdvanced`: the step already advanced every awake body's sleep clock (the soft
    /// step's parallel write-back does, with `sleepClock(dt:)`).
    func updateSleep(dt: Double, clocksAdvanced: Bool = false) {
        let sequential = stepMode == .sequentialImpulse
        // With sleeping off every clock is held at zero; once they all are, and until sleeping
        // is turned on, there is nothing to write (the pass wrote a line of every awake body
        // on this thread, step after step, lines the other core had just stored).
        if !clocksAdvanced && !(sleepClocksAtZero && !enableSleep) {
            let clock = sleepClock(dt: dt)
            bodies.withUnsafeMutableBufferPointer { bs in
                for i in awakeBodies { clock.advance(bs.baseAddress! + i) }
            }
        }
        sleepClocksAtZero = !enableSleep
        // Box2D 2.2 lets islands sleep only after a step whose position pass converged.
        guard enableSleep, !sequential || positionsSolved else { return }

        // Union-find over awake dynamic bodies.
        var parent = [Int](repeating: -1, count: bodies.count)
        for i in awakeBodies where bodies[i].type == .dynamic { parent[i] = i }
        func find(_ x: Int) -> Int {
            var r = x
            while parent[r] != r { r = parent[r] }
            var y = x
            while parent[y] != r { let next = parent[y]; parent[y] = r; y = next }
            return r
        }
        func union(_ a: Int, _ b: Int) {
            guard parent[a] >= 0, parent[b] >= 0 else { return }
            let ra = find(a), rb = find(b)
            if ra != rb { if ra < rb { parent[rb] = ra } else { parent[ra] = rb } }
        }
        for c in contacts where c.touching && c.solid { union(c.bodyA, c.bodyB) }
        for j in joints where j.alive { union(j.bodyA, j.bodyB) }
        // A kinematic body that moves keeps everything it touches awake.
        var blocked = Set<Int>()
        for c in contacts where c.touching {
            for (k, o) in [(c.bodyA, c.bodyB), (c.bodyB, c.bodyA)] where bodies[k].type == .kinematic && bodies[k].isAwake {
                if parent[o] >= 0 && (bodies[k].linearVelocity != .zero || bodies[k].angularVelocity != 0) { blocked.insert(find(o)) }
            }
        }
        var minSleep = [Double](repeating: .infinity, count: bodies.count)
        for i in awakeBodies where parent[i] >= 0 {
            let r = find(i)
            minSleep[r] = min(minSleep[r], bodies[i].sleepTime)
        }
        var members: [Int: [Int]] = [:]
        var roots: [Int] = []
        for i in awakeBodies where parent[i] >= 0 {
            let r = find(i)
            if minSleep[r] >= EngineConstants.timeToSleep && !blocked.contains(r) {
                if members[r] == nil { roots.append(r) }
                members[r, default: []].append(i)
            }
        }
        for r in roots {
            let list = members[r]!
            let island = sleepingIslands.count
            sleepingIslands.append(list)
            candidateScanFresh = false
            awakeListsCurrent = false
            for i in list {
                bodies[i].isAwake = false
                bodies[i].islandSleeping = island
                bodies[i].linearVelocity = .zero
                bodies[i].angularVelocity = 0
            }
        }
    }
}
