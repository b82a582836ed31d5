// Design note: one step of Box2D 2.2's island solver, the solver UIKit's PhysicsKit runs
// (see StepMode.sequentialImpulse). Order, as in b2World::Step and b2Island::Solve: find new
// pairs -> narrow phase (events) -> integrate velocities (gravity, forces, a velocity field's
// override, then damping 1 / (1 + h c)) -> contact constraints from the skin manifolds, warm
// started -> joint constraints, warm started -> 8 velocity iterations (joints, then contacts)
// -> store impulses -> integrate positions (capped at 2 m and pi/2 per step) -> up to 3
// position iterations (contacts, then rigid joints; stop when both are within tolerance) ->
// write back, refresh the broad phase -> continuous collision against static geometry ->
// islands and sleep. Unlike the soft step there is no sub-stepping inside: the caller steps
// at the sub-step length (UIKit: (float)1/120 s) and keeps its own accumulator.
//
// On a worker pool each job costs its hand-overs beyond any wait for the slower thread, so
// without joints the warm start, the iterations, the impulses' store with the positions'
// integration and the first position pass are the stages of one job, and loops that share
// nothing go together (`parallelRangesAndShares`): the order of every operation on a body is
// the one above, whatever the worker count.
//
// The solver works on one compact record per body (`SequentialBody`: center, unwound angle,
// velocities, inverse mass), indexed like the bodies, so that contacts and joints read and
// write about a hundred bytes per body instead of the cold 300-byte `Body`.
import Foundation
import CPUHints

/// Box2D 2.2's tuning constants (metres, seconds), which PhysicsKit keeps.
enum SequentialConstants {
    static let velocityIterations = 8
    static let positionIterations = 3
    static let linearSlop = 0.005
    static let angularSlop = 2.0 / 180 * Double.pi
    /// Fraction of the overlap the position iterations remove each pass.
    static let baumgarte = 0.2
    static let maxLinearCorrection = 0.2
    static let maxAngularCorrection = 8.0 / 180 * Double.pi
    /// Approach speed below which contacts do not bounce (1 m/s = 100 pt/s).
    static let velocityThreshold = 1.0
    /// Per-step caps on motion (b2_maxTranslation, b2_maxRotation).
    static let maxTranslation = 2.0
    static let maxRotation = 0.5 * Double.pi
    /// A two-point manifold is block-solved only while its 2x2 mass matrix is this well conditioned.
    static let maxConditionNumber = 1000.0
    /// Sleep: below 1 pt/s and 2 degrees/s for half a second.
    static let linearSleepTolerance = 0.01
    static let angularSleepTolerance = 2.0 / 180 * Double.pi
}

/// Solver state of one body during a sequential step (Box2D 2.2's b2Position + b2Velocity).
struct SequentialBody {
    // What a position pass writes comes first and together (`position`), so that it stores
    // 48 bytes and no more; the two halves of a pile are corrected side by side, and each
    // half stored whole records across the lines of its neighbours in the array.
    var c = Vec2.zero
    var a = 0.0
    /// cos and sin of `rotationAngle`: recomputed only when `a` has moved on, since most
    /// position passes leave most angles alone.
    var cachedRotation = Rot.identity
    var rotationAngle = Double.nan
    var localCenter = Vec2.zero
    var v = Vec2.zero
    var w = 0.0
    var invMass = 0.0
    var invI = 0.0
    /// Dynamic and awake: a body the graph coloring counts (`World.isSolverDynamic`).
    var colored = false
    /// Whether its velocity takes part in the velocity passes: moving with mass, or a
    /// kinematic body moving on its own. (Both read here, where the constraints' making
    /// reads the rest of the record, not in the cold `Body`: a line apiece, two per
    /// constraint, were most of the time of the pass that lists the step's bodies.)
    var moves = false

    /// The rotation for the current angle.
    @inline(__always) mutating func rotation() -> Rot {
        if rotationAngle != a {
            cachedRotation = Rot(angle: a)
            rotationAngle = a
        }
        return cachedRotation
    }

    /// The body-origin transform for the current center and angle.
    @inline(__always) mutating func transform() -> Transform {
        let q = rotation()
        return Transform(p: c - q.apply(localCenter), q: q)
    }
}

extension World {
    /// One Box2D 2.2 step of `h` seconds.
    func stepSequential(_ h: Double) {
        beginStep(h)
        orderAwakeBodiesByRegion()
        loadSequentialBodies(h: h)
        listSequentialContacts()
        buildSequentialBatches()
        // The first position pass's verdict on the contacts, when it ran in the velocity
        // passes' job.
        var firstContactPass: Bool?
        if !joints.contains(where: \.alive) {
            // Nothing to interleave: the warm start, every iteration, the finish and the first
            // position pass in one pool job.
            prepareSequentialJoints(h: h)
            if finishesInSolveJob {
                firstContactPass = warmStartSolveFinishAndCorrectSequentialBatches(iterations: SequentialConstants.velocityIterations, h: h)
            } else {
                warmStartAndSolveSequentialBatches(iterations: SequentialConstants.velocityIterations)
                finishSequentialBatches(h: h)
            }
        } else {
            warmStartSequentialBatches()
            // Joints work on the double-precision solver bodies; the bodies they share with
            // contacts hand their velocities over around each joint pass.
            let jointBodies = joints.filter(\.alive).flatMap { [$0.bodyA, $0.bodyB] }
            copyBatchVelocities(toSolverBodies: true, jointBodies)
            prepareSequentialJoints(h: h)
            copyBatchVelocities(toSolverBodies: false, jointBodies)
            for _ in 0..<SequentialConstants.velocityIterations {
                if !activeJoints.isEmpty {
                    copyBatchVelocities(toSolverBodies: true, jointBodies)
                    solveSequentialJointVelocities(h: h)
                    copyBatchVelocities(toSolverBodies: false, jointBodies)
                }
                solveSequentialBatches()
            }
            finishSequentialBatches(h: h)
        }
        positionsSolved = false
        for _ in 0..<SequentialConstants.positionIterations {
            let contactsOkay = firstContactPass ?? solveSequentialContactPositions()
            firstContactPass = nil
            let jointsOkay = solveSequentialJointPositions()
            if contactsOkay && jointsOkay { positionsSolved = true; break }
        }
        storeSequentialBodies()
        pointBeganEventsAtLargestImpulse()
        if enableContinuous { solveSequentialTimeOfImpact(h: h) }
        updateSleep(dt: h)
    }

    /// Copies every live body into the solver array and integrates the awake dynamic ones'
    /// velocities: v += h (g + F / m), w += h T / I, then damping (Box2D 2.3's 1 / (1 + h c)).
    private func loadSequentialBodies(h: Double) {
        if sequentialBodies.count < bodies.count {
            sequentialBodies.append(contentsOf: repeatElement(SequentialBody(), count: bodies.count - sequentialBodies.count))
        }
        bodies.withUnsafeMutableBufferPointer { bs in
            sequentialBodies.withUnsafeMutableBufferPointer { sb in
              @inline(__always) func load(_ i: Int) {
                let b = bs[i]
                let moving = b.type != .staticBody && b.isAwake
                let dynamic = moving && b.type == .dynamic
                var s = SequentialBody()
                s.c = b.center
                s.a = b.angle
                // A body at angle +0 turned by the identity (the static body of a scene's
                // boundaries) starts with that rotation cached: Rot(angle: +0) is (1, +0) bit
                // for bit, and a body without mass never stores its cache back, so the
                // position passes computed it anew for every point of every constraint on it.
                if b.angle.bitPattern == 0 && b.transform.q.c == 1 && b.transform.q.s.bitPattern == 0 {
                    s.cachedRotation = .identity
                    s.rotationAngle = 0
                }
                s.localCenter = b.localCenter
                s.invMass = dynamic ? b.invMass : 0
                s.invI = dynamic ? b.invI : 0
                s.colored = dynamic
                s.moves = s.invMass > 0 || s.invI > 0 || (moving && b.type == .kinematic)
                if moving {
                    s.v = b.linearVelocity
                    s.w = b.fixedRotation ? 0 : b.angularVelocity
                    bs[i].center0 = b.center
                    bs[i].angle0 = b.angle
                    bs[i].rotation0 = b.transform.q
                }
                if dynamic {
                    if b.hasVelocityOverride {
                        // A velocity field replaces the velocity: gravity, fields and forces
                        // do nothing to the body in this step.
                        s.v = b.velocityOverride
                    } else {
                        s.v += h * (b.gravityScale * gravity + b.invMass * b.force)
                        s.w += h * b.invI * b.torque
                    }
                    s.v = (1 / (1 + h * b.linearDamping)) * s.v
                    s.w *= 1 / (1 + h * b.angularDamping)
                }
                sb[i] = s
              }
              // Each body writes only its own records: split across the worker pool, each
              // thread the bodies of its region (World+SequentialRegions), then the others
              // (static or asleep: their centers and angles, for the position passes).
              regionOrderedBodies.withUnsafeBufferPointer { order in
                parallelShares(order.count, grain: 64) { range in
                  Prefetch.walk(order, range, ahead: { i in
                      Prefetch.recordForWriting(bs.baseAddress! + i)
                      Prefetch.recordForWriting(sb.baseAddress! + i)
                  }, load)
                }
              }
              idleBodies.withUnsafeBufferPointer { idle in
                parallelRanges(idle.count, grain: 256) { range in
                  for i in idle[range] { load(i) }
                }
              }
            }
        }
    }

    /// x += h v, a += h w, with Box2D's per-step caps on translation and rotation.
    @inline(__always) func integrate(_ s: inout SequentialBody, h: Double) {
        let translation = h * s.v
        if translation.lengthSquared > SequentialConstants.maxTranslation * SequentialConstants.maxTranslation {
            s.v = (SequentialConstants.maxTranslation / translation.length) * s.v
        }
        let rotation = h * s.w
        if rotation * rotation > SequentialConstants.maxRotation * SequentialConstants.maxRotation {
            s.w *= SequentialConstants.maxRotation / abs(rotation)
        }
        s.c += h * s.v
        s.a += h * s.w
    }

    /// Writes centers, angles and velocities back, clears forces and overrides, and moves
    /// the broad-phase boxes. A non-finite body is frozen where the step found it.
    private func storeSequentialBodies() {
        // Set by any thread that meets a non-finite body (a plain store to one byte from
        // both threads would be a data race to the compiler), so that the list below is only
        // made when there is something to list: a walk over every body on this thread after
        // the store had split them, their lines in the other core's cache.
        var sawNonFinite: UInt8 = 0
        // The broad phase's box pass rides along (`refreshProxyBoxes`): each body's shapes
        // boxed right after the body is stored, while its lines are in this core's cache (a
        // second pass over the bodies read them again, from whichever core had stored them).
        withProxyBoxPass { boxPass in
        withUnsafeMutablePointer(to: &sawNonFinite) { nonFinite in
        bodies.withUnsafeMutableBufferPointer { bs in
            sequentialBodies.withUnsafeBufferPointer { sb in
            regionOrderedBodies.withUnsafeBufferPointer { awake in
              parallelShares(awake.count, grain: 64) { range in
                Prefetch.walk(awake, range, ahead: { i in
                    Prefetch.recordForWriting(bs.baseAddress! + i)
                    Prefetch.record(sb.baseAddress! + i)
                }) { i in
                    let s = sb[i]
                    let b = bs.baseAddress! + i
                    // The continuous collision that follows starts every sweep at the step's start.
                    b.pointee.sweepAlpha0 = 0
                    b.pointee.force = .zero
                    b.pointee.torque = 0
                    b.pointee.hasVelocityOverride = false
                    if s.c.isFinite && s.a.isFinite && s.v.isFinite && s.w.isFinite {
                        b.pointee.center = s.c
                        b.pointee.angle = s.a
                        b.pointee.linearVelocity = s.v
                        b.pointee.angularVelocity = b.pointee.fixedRotation ? 0 : s.w
                        var solved = s
                        b.pointee.transform = solved.transform()
                    } else {
                        b.pointee.linearVelocity = .zero
                        b.pointee.angularVelocity = 0
                        animatic_flag_set(nonFinite)
                    }
                    refreshProxyBoxes(of: i, b, boxPass)
                }
              }
            }
            }
        }
        }
        }
        if sawNonFinite != 0 {
            for i in awakeBodies {
                // Listed here, in body order, so the list is the same for any worker count.
                let s = sequentialBodies[i]
                if !(s.c.isFinite && s.a.isFinite && s.v.isFinite && s.w.isFinite) { nonFiniteBodies.append(i) }
            }
        }
        refreshAwakeProxies()
    }

    /// A began event reports the point that took the largest normal impulse in the solve that
    /// followed it (UIKit's callbacks do), the first point when nothing pushed (a sensor).
    private func pointBeganEventsAtLargestImpulse() {
        guard !contactBeginEvents.isEmpty else { return }
        // Through a pointer (comparing fields, not copying contacts out); a pair has one
        // contact. An event knows where its contact sat when it was made, and the contacts
        // have not moved since (a dictionary of the events by pair, looked up for every
        // contact, was 6% of a rain of 1,000 items landing); one that does not is looked for.
        contacts.withUnsafeBufferPointer { cp in
            for k in contactBeginEvents.indices {
                let e = contactBeginEvents[k]
                @inline(__always) func matches(_ i: Int) -> Bool { cp[i].shapeA == e.shapeA.index && cp[i].shapeB == e.shapeB.index }
                guard let i = e.contact >= 0 && e.contact < cp.count && matches(e.contact) ? e.contact : cp.indices.first(where: matches)
                else { continue }
                let m = cp[i].manifold
                guard m.count == 2, m.p1.maxNormalImpulse > m.p0.maxNormalImpulse else { continue }
                contactBeginEvents[k].point = m.p1.point
            }
        }
    }
}
