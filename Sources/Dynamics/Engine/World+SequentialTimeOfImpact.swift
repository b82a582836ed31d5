// Design note: continuous collision of the sequential step, Box2D 2.2's b2World::SolveTOI.
// After the discrete solve every contact between a moving dynamic body and a static or
// kinematic one gets a time of impact over the step's sweep (cached until a body of it moves);
// the earliest event is handled first: both bodies jump back to that time, the contact is
// re-collided, and a small island (the two bodies and their contacts with static geometry) is
// solved there: positions pushed out (Baumgarte 0.75, up to 20 passes), velocities solved from
// scratch (the bounce happens here), and the bodies moved on for the rest of the step. Then
// the next earliest event, until none is left; a contact takes at most 8 events a step. This
// is what makes an item dropped on a boundary stop, bounce and settle the way it does on iOS.
import Foundation

/// A contact that takes part in this step's continuous collision, with its bodies and its
/// impact state: the cached time of impact, the events it had this step, and whether it
/// turned out not to touch at its impact. Kept beside the contacts, not in them: each event
/// walks every candidate (for the earliest impact, and for the island's and the moved bodies'
/// contacts), and reading these from the contacts took a line of each, scattered across the
/// whole array, tens of times a step while a rain lands.
struct ImpactCandidate {
    let contact: Int
    let bodyA: Int
    let bodyB: Int
    var toi = 1.0
    var valid = false
    var count = 0
    var skip = false

    init(contact: Int, bodyA: Int, bodyB: Int) {
        self.contact = contact
        self.bodyA = bodyA
        self.bodyB = bodyB
    }

    @inline(__always) func involves(_ body: Int) -> Bool { bodyA == body || bodyB == body }
}

extension World {
    /// Box2D 2.2's TOI constants.
    private static let toiBaumgarte = 0.75
    private static let toiPositionIterations = 20
    private static let maxSubSteps = 8

    func solveSequentialTimeOfImpact(h: Double) {
        // Every awake body's sweep starts at 0 (set as the step stored the bodies).
        // Box2D finds the pairs of the step's new positions before its TOI phase.
        updatePairs()
        // Only contacts of a dynamic body with static or kinematic geometry take part; collect
        // them once (and the new ones each impact adds) instead of walking every contact.
        toiCandidates.removeAll(keepingCapacity: true)
        precondition(impactFlags.count == contacts.count, "a contact was added, removed or moved without its impact flag")
        var scanned = 0
        func collectCandidates() {
            contacts.withUnsafeBufferPointer { cp in
            impactFlags.withUnsafeBufferPointer { flags in
                Self.forEachSetFlag(flags, from: scanned) { k in
                    toiCandidates.append(ImpactCandidate(contact: k, bodyA: cp[k].bodyA, bodyB: cp[k].bodyB))
                }
            }
            }
            scanned = contacts.count
        }
        collectCandidates()
        while true {
            var minCandidate = -1
            var minAlpha = 1.0
            for j in toiCandidates.indices {
                guard !toiCandidates[j].skip, toiCandidates[j].count <= Self.maxSubSteps else { continue }
                var alpha = 1.0
                if toiCandidates[j].valid {
                    alpha = toiCandidates[j].toi
                } else {
                    guard let computed = impactTime(of: toiCandidates[j].contact) else { continue }
                    alpha = computed
                    toiCandidates[j].toi = alpha
                    toiCandidates[j].valid = true
                }
                if alpha < minAlpha { minCandidate = j; minAlpha = alpha }
            }
            if minCandidate < 0 || 1 - 10 * Double(Float.ulpOfOne) < minAlpha { break }
            handleImpact(candidate: minCandidate, alpha: minAlpha, h: h)
            collectCandidates()
        }
    }

    /// Calls `body` with the index of every true flag of `flags` from `start` on, in order.
    /// Eight flags are read as one word: in a pile most contacts are between two items and
    /// flagged false, and the walk over every contact's flag, one byte at a time, was a tenth
    /// of a landing rain's serial continuous collision and all of a resting one's.
    @inline(__always) static func forEachSetFlag(_ flags: UnsafeBufferPointer<Bool>, from start: Int, _ body: (Int) -> Void) {
        guard let base = flags.baseAddress, start < flags.count else { return }
        let raw = UnsafeRawPointer(base)
        var k = start
        while k + 8 <= flags.count {
            // A Bool is stored as the byte 0 or 1, so a true flag at byte j of a little-endian
            // word is bit 8 j.
            var word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: k, as: UInt64.self))
            while word != 0 {
                body(k + word.trailingZeroBitCount / 8)
                word &= word - 1
            }
            k += 8
        }
        while k < flags.count {
            if flags[k] { body(k) }
            k += 1
        }
    }

    /// The contact's time of impact as a fraction of the whole step, nil when it takes no part
    /// (no moving body).
    private func impactTime(of k: Int) -> Double? {
        let bodyA = contacts[k].bodyA, bodyB = contacts[k].bodyB
        let activeA = bodies[bodyA].isAwake && bodies[bodyA].type != .staticBody
        let activeB = bodies[bodyB].isAwake && bodies[bodyB].type != .staticBody
        if !activeA && !activeB { return nil }
        // Put both sweeps on the same interval.
        let alpha0 = max(bodies[bodyA].sweepAlpha0, bodies[bodyB].sweepAlpha0)
        if bodies[bodyA].sweepAlpha0 < alpha0 { advanceSweepStart(bodyA, to: alpha0) }
        if bodies[bodyB].sweepAlpha0 < alpha0 { advanceSweepStart(bodyB, to: alpha0) }
        let sweepA = sweep(bodyA), sweepB = sweep(bodyB)
        let shapeA = contacts[k].shapeA, shapeB = contacts[k].shapeB
        // A cheap exact shortcut: the separating-axis value at the sweep's start is a lower
        // bound of the core distance, and no point moves further than the sweep's travel, so
        // when even the closest approach stays beyond the target the root finder would report
        // "separated". Resting items take this path every step.
        let slop = SequentialConstants.linearSlop
        let radii = proxyRadius(shapeA) + proxyRadius(shapeB)
        let target = max(slop, radii - 3 * slop) + 0.25 * slop
        let travel = (sweepA.c - sweepA.c0).length + abs(sweepA.a - sweepA.a0) * bodies[bodyA].maxExtent
            + (sweepB.c - sweepB.c0).length + abs(sweepB.a - sweepB.a0) * bodies[bodyB].maxExtent
        // A pair that moves less than the root finder's tolerance in the step has nothing to
        // tunnel through: it is the discrete solver's. (Box2D 2.2 would report such a pair
        // "touching at the start" whenever it rests inside the target, as an item resting on a
        // boundary line of thicker skin does under load, and spend up to eight impact
        // sub-steps on it every step without moving it: in a pile of 1,000 items on the
        // canvas' edges that was 60 impacts a step, for ever.)
        if travel < 0.25 * slop { return 1 }
        let closest = separation(shapeA, sweepA.transform(at: 0), shapeB, sweepB.transform(at: 0))
            + circleRadius(shapeA) + circleRadius(shapeB) - travel
        if closest > target { return 1 }
        let result = timeOfImpact(distanceProxy(shapeA), sweepA, distanceProxy(shapeB), sweepB, linearSlop: slop)
        return result.state == .touching ? min(alpha0 + (1 - alpha0) * result.t, 1) : 1
    }

    private func handleImpact(candidate: Int, alpha: Double, h: Double) {
        let k = toiCandidates[candidate].contact
        let bA = toiCandidates[candidate].bodyA, bB = toiCandidates[candidate].bodyB
        let backupA = bodies[bA], backupB = bodies[bB]
        advanceBody(bA, to: alpha)
        advanceBody(bB, to: alpha)
        reevaluate(k)
        toiCandidates[candidate].valid = false
        toiCandidates[candidate].count += 1
        guard contacts[k].solid && contacts[k].touching else {
            // No contact there after all: undo, and leave this pair alone for the step.
            toiCandidates[candidate].skip = true
            restore(bA, backupA)
            restore(bB, backupB)
            return
        }
        wakeBody(bA)
        wakeBody(bB)
        // The island: the two bodies, this contact, and their other contacts with static or
        // kinematic bodies that touch at this time.
        var islandBodies = [bA, bB]
        var islandContacts = [k]
        for body in [bA, bB] where bodies[body].type == .dynamic {
            for j in toiCandidates.indices where toiCandidates[j].involves(body) {
                let other = toiCandidates[j].contact
                guard other != k && !islandContacts.contains(other) else { continue }
                let o = toiCandidates[j].bodyA == body ? toiCandidates[j].bodyB : toiCandidates[j].bodyA
                let backup = bodies[o]
                let inIsland = islandBodies.contains(o)
                if !inIsland { advanceBody(o, to: alpha) }
                reevaluate(other)
                guard contacts[other].touching else {
                    if !inIsland { restore(o, backup) }
                    continue
                }
                islandContacts.append(other)
                if !inIsland { islandBodies.append(o) }
            }
        }
        solveImpactIsland(bodies: islandBodies, contacts: islandContacts, movable: [bA, bB], h: (1 - alpha) * h)
        for body in islandBodies where bodies[body].type == .dynamic {
            for s in bodyShapes[body] where shapes[s].alive { updateProxy(s) }
            for j in toiCandidates.indices where toiCandidates[j].involves(body) { toiCandidates[j].valid = false }
        }
        updatePairs()
    }

    /// Box2D 2.2's b2Island::SolveTOI: push out, solve velocities afresh, move on by `h`.
    private func solveImpactIsland(bodies island: [Int], contacts islandContacts: [Int], movable: [Int], h: Double) {
        for i in island {
            let b = bodies[i]
            var s = SequentialBody()
            s.c = b.center; s.a = b.angle; s.localCenter = b.localCenter
            let dynamic = b.type == .dynamic
            s.invMass = dynamic ? b.invMass : 0
            s.invI = dynamic ? b.invI : 0
            s.v = b.type == .staticBody ? .zero : b.linearVelocity
            s.w = b.type == .staticBody || b.fixedRotation ? 0 : b.angularVelocity
            sequentialBodies[i] = s
        }
        // Positions: only the two bodies of the impact move.
        var constraints = islandContacts.map { makeSequentialContact($0, warmStart: false) }
        var positional = constraints.map(SequentialPositionConstraint.init)
        for k in positional.indices {
            if !movable.contains(Int(positional[k].bodyA)) { positional[k].mA = 0; positional[k].iA = 0 }
            if !movable.contains(Int(positional[k].bodyB)) { positional[k].mB = 0; positional[k].iB = 0 }
        }
        for _ in 0..<Self.toiPositionIterations {
            let minSeparation = correctPositions(positional, baumgarte: Self.toiBaumgarte)
            if minSeparation >= -1.5 * SequentialConstants.linearSlop { break }
        }
        // The pushed-out positions are the new start of the sweeps ("leap of faith").
        for i in movable {
            bodies[i].center0 = sequentialBodies[i].c
            bodies[i].angle0 = sequentialBodies[i].a
        }
        // Velocities from scratch: warm starting happened in the discrete solve, and the large
        // impulses of an impact are not kept for the next step.
        sequentialBodies.withUnsafeMutableBufferPointer { sb in
            constraints.withUnsafeMutableBufferPointer { cs in
                for _ in 0..<SequentialConstants.velocityIterations {
                    for k in cs.indices { solveVelocities(&cs[k], sb) }
                }
            }
        }
        for sc in constraints {
            // The impact's impulses pick the point a began callback reports.
            contacts[sc.contact].manifold.p0.maxNormalImpulse = sc.p0.normalImpulse
            if contacts[sc.contact].manifold.count == 2 { contacts[sc.contact].manifold.p1.maxNormalImpulse = sc.p1.normalImpulse }
        }
        for i in island where bodies[i].type != .staticBody {
            var s = sequentialBodies[i]
            integrate(&s, h: h)
            var b = bodies[i]
            b.center = s.c
            b.angle = s.a
            b.linearVelocity = s.v
            b.angularVelocity = b.fixedRotation ? 0 : s.w
            let q = Rot(angle: s.a)
            b.transform = Transform(p: s.c - q.apply(b.localCenter), q: q)
            bodies[i] = b
        }
    }

    // MARK: - Sweeps

    private func sweep(_ i: Int) -> Sweep {
        let b = bodies[i]
        return Sweep(localCenter: b.localCenter, c0: b.center0, c: b.center, a0: b.angle0, a: b.angle, alpha0: b.sweepAlpha0)
    }

    private func advanceSweepStart(_ i: Int, to alpha: Double) {
        guard bodies[i].type != .staticBody else { return }
        var s = sweep(i)
        s.advance(to: alpha)
        bodies[i].center0 = s.c0
        bodies[i].angle0 = s.a0
        bodies[i].sweepAlpha0 = alpha
    }

    /// Box2D's b2Body::Advance: the sweep starts at `alpha` and the body sits there.
    private func advanceBody(_ i: Int, to alpha: Double) {
        guard bodies[i].type != .staticBody else { return }
        advanceSweepStart(i, to: alpha)
        var b = bodies[i]
        b.center = b.center0
        b.angle = b.angle0
        let q = Rot(angle: b.angle)
        b.transform = Transform(p: b.center - q.apply(b.localCenter), q: q)
        bodies[i] = b
    }

    private func restore(_ i: Int, _ backup: Body) {
        bodies[i] = backup
    }

    private func reevaluate(_ k: Int) {
        vertexPool.withUnsafeBufferPointer { vp in
            normalPool.withUnsafeBufferPointer { np in
                let changed = shapes.withUnsafeBufferPointer { sp in
                    bodies.withUnsafeBufferPointer { bp in
                        // No travel: the bodies moved since the narrow phase measured it.
                        contacts.withUnsafeMutableBufferPointer { cp in
                            updateManifold(cp.baseAddress! + k, dt: lastStepDt, vp, np, sp, bp, travel: nil, turn: nil)
                        }
                    }
                }
                if changed { emitTouchingChange(k) }
            }
        }
    }

    /// A circle's radius (its core is its center), 0 for a polygon.
    private func circleRadius(_ s: Int) -> Double { shapes[s].isCircle ? shapes[s].radius : 0 }
    /// The radius GJK adds around the core shape.
    private func proxyRadius(_ s: Int) -> Double { shapes[s].skin + circleRadius(s) }

    /// The shape as GJK sees it: its vertices (a circle: its center) and its skin.
    private func distanceProxy(_ s: Int) -> DistanceProxy {
        let shape = shapes[s]
        if shape.isCircle { return DistanceProxy(vertices: [shape.circleCenter], radius: shape.radius + shape.skin) }
        return DistanceProxy(vertices: Array(vertexPool[shape.vertexStart..<(shape.vertexStart + shape.vertexCount)]), radius: shape.skin)
    }
}
