// Design note: Box2D 2.2's contact solver (b2ContactSolver), used by the sequential step.
// Velocity constraints: per point a normal row (clamped to push only) and a friction row
// (clamped by friction x normal impulse), friction first; restitution enters as a velocity
// bias fixed at preparation, from the approach speed after velocity integration and only
// above 1 m/s. A two-point manifold's normal rows are solved together (the 2x2 LCP by
// enumeration of its four cases) when their mass matrix is well conditioned; otherwise Box2D
// 2.2 drops the second point from the velocity solve [quirk, reproduced]. Impulses carry over
// between steps by feature id (warm starting).
//
// Position constraints: the velocity solve does not remove overlap. After positions are
// integrated, up to three passes move the bodies apart directly (Baumgarte 0.2, overlap up to
// the 0.5 cm slop allowed, 20 cm at most per pass; graph color after color, as the velocity
// iterations go), re-measuring each point from the body positions: the reference face rides
// with its body, the incident point with the other. With AVX2, four constraints of a color
// (they share no moving body) are corrected at once by CKernels' position kernel, each lane
// exactly as `correctPosition` corrects its constraint.
// Because of the skins (shape radii), resting shapes keep a gap of about their summed skins.
import Foundation
import CPUHints
import CKernels

/// One point of a sequential contact constraint.
struct SequentialPoint {
    /// Anchors of the point relative to each center of mass (velocity rows).
    var rA = Vec2.zero
    var rB = Vec2.zero
    var normalImpulse = 0.0
    var tangentImpulse = 0.0
    var normalMass = 0.0
    var tangentMass = 0.0
    /// Restitution's target approach speed.
    var velocityBias = 0.0
    /// The incident point in its own body's frame (a circle: its center).
    var localPoint = Vec2.zero
}

/// How the position pass re-measures a manifold (Box2D 2.2's b2Manifold::Type).
enum SequentialManifoldKind {
    /// Two centers (circle against circle); the normal follows the line between them.
    case circles
    /// A's face is the reference; the points ride on B.
    case faceA
    /// B's face is the reference; the points ride on A.
    case faceB
}

/// A contact as the sequential solver sees it for one step.
struct SequentialContact {
    var contact: Int
    var bodyA: Int
    var bodyB: Int
    var normal = Vec2.zero
    var friction = 0.0
    var restitution = 0.0
    var mA = 0.0, iA = 0.0, mB = 0.0, iB = 0.0
    /// Points in the velocity solve (a badly conditioned pair keeps one) and in the position solve.
    var velocityCount = 0
    var positionCount = 0
    var p0 = SequentialPoint()
    var p1 = SequentialPoint()
    /// The two normal rows' mass matrix and its inverse (two-point block solve).
    var k11 = 0.0, k12 = 0.0, k22 = 0.0
    var inv11 = 0.0, inv12 = 0.0, inv22 = 0.0
    var kind = SequentialManifoldKind.faceA
    /// The reference face's normal and a point on it in its body's frame (circles: A's center).
    var localNormal = Vec2.zero
    var localPlanePoint = Vec2.zero
    /// Summed into the separation: skins, plus the radius of a circle measured at its center.
    var radiusA = 0.0
    var radiusB = 0.0
}

/// What the position passes read of a contact constraint, apart from its velocity rows
/// (which go straight into the batches): made with the constraint, kept for the step. About
/// two cache lines where the whole 384-byte `SequentialContact` spans six (the passes' time
/// did not measurably change with it: they wait on their own arithmetic, body after body).
struct SequentialPositionConstraint {
    var bodyA: Int32
    var bodyB: Int32
    var kind: SequentialManifoldKind
    var count: Int32
    var mA: Double, iA: Double, mB: Double, iB: Double
    var localNormal: Vec2
    var localPlanePoint: Vec2
    var localPoint0: Vec2
    var localPoint1: Vec2
    var radiusA: Double
    var radiusB: Double

    @inline(__always) init(_ sc: SequentialContact) {
        bodyA = Int32(sc.bodyA); bodyB = Int32(sc.bodyB)
        kind = sc.kind
        count = Int32(sc.positionCount)
        mA = sc.mA; iA = sc.iA; mB = sc.mB; iB = sc.iB
        localNormal = sc.localNormal
        localPlanePoint = sc.localPlanePoint
        localPoint0 = sc.p0.localPoint
        localPoint1 = sc.p1.localPoint
        radiusA = sc.radiusA
        radiusB = sc.radiusB
    }
}

extension World {
    /// Lists the contacts the solver takes this step, in contact order: touching solid contacts
    /// that involve an awake body. Their constraints are made where the batches are filled
    /// (`buildSequentialBatches`).
    func listSequentialContacts() {
        sequentialWork.removeAll(keepingCapacity: true)
        // Usually this step's narrow phase has judged every contact already, on the workers
        // (`sequentialTakes`, fresh unless a wake or a new contact came since): a byte per
        // contact read here instead of the 336-byte contact and its two bodies.
        if candidateScanFresh && sequentialTakes.count >= contacts.count {
            candidateScanFresh = false
            // Without a branch per contact: every index is written, and the count moves on
            // only for those taken (a contact's verdict is as good as random in a pile, and a
            // mispredicted branch costs more than the store).
            let count = contacts.count
            sequentialWork.append(contentsOf: repeatElement(0, count: count))
            var taken = 0
            sequentialTakes.withUnsafeBufferPointer { takes in
            sequentialWork.withUnsafeMutableBufferPointer { work in
                for ci in 0..<count {
                    work[taken] = Int32(ci)
                    taken &+= Int(unsafeBitCast(takes[ci], to: UInt8.self))
                }
            }
            }
            sequentialWork.removeLast(count - taken)
            return
        }
        candidateScanFresh = false
        // Through pointers: copying each contact out of the array was a visible part of the step.
        withSolverInputs { cp, sp, bp, sb in
            for ci in 0..<cp.count {
                let c = cp.baseAddress! + ci
                guard c.pointee.solid, c.pointee.touching, c.pointee.manifold.count > 0 else { continue }
                let a = c.pointee.bodyA, b = c.pointee.bodyB
                let activeA = bp[a].isAwake && bp[a].type != .staticBody
                let activeB = bp[b].isAwake && bp[b].type != .staticBody
                if !activeA && !activeB { continue }
                sequentialWork.append(Int32(ci))
            }
        }
    }

    /// Calls `body` with the contacts, shapes, bodies and solver bodies in place.
    @inline(__always) func withSolverInputs<Result>(_ body: (UnsafeBufferPointer<Contact>, UnsafeBufferPointer<Shape>,
                                                                    UnsafeBufferPointer<Body>, UnsafeBufferPointer<SequentialBody>) -> Result) -> Result {
        contacts.withUnsafeBufferPointer { cp in
            shapes.withUnsafeBufferPointer { sp in
                bodies.withUnsafeBufferPointer { bp in
                    sequentialBodies.withUnsafeBufferPointer { sb in body(cp, sp, bp, sb) }
                }
            }
        }
    }

    /// The constraint of contact `ci` from its manifold and the solver's body state; without
    /// warm starting its impulses start at zero.
    func makeSequentialContact(_ ci: Int, warmStart: Bool) -> SequentialContact {
        withSolverInputs { cp, sp, bp, sb in Self.makeSequentialContact(ci, cp.baseAddress! + ci, sp, bp, sb, warmStart: warmStart) }
    }

    @inline(__always) static func makeSequentialContact(_ ci: Int, _ contact: UnsafePointer<Contact>, _ shapes: UnsafeBufferPointer<Shape>,
                                                                _ bodies: UnsafeBufferPointer<Body>,
                                                                _ sequentialBodies: UnsafeBufferPointer<SequentialBody>,
                                                                warmStart: Bool) -> SequentialContact {
        // Fields read in place, through pointers: copies of the contact, its manifold, two
        // shapes and two bodies went through the stack first.
        let bodyIndexA = contact.pointee.bodyA, bodyIndexB = contact.pointee.bodyB
        let m = UnsafeRawPointer(contact).advanced(by: MemoryLayout<Contact>.offset(of: \Contact.manifold)!)
            .assumingMemoryBound(to: Manifold.self)
        let bA = sequentialBodies.baseAddress! + bodyIndexA, bB = sequentialBodies.baseAddress! + bodyIndexB
        var sc = SequentialContact(contact: ci, bodyA: bodyIndexA, bodyB: bodyIndexB)
        let normal = m.pointee.normal, count = m.pointee.count
        sc.normal = normal
        sc.friction = contact.pointee.friction
        sc.restitution = contact.pointee.restitution
        sc.mA = bA.pointee.invMass; sc.iA = bA.pointee.invI; sc.mB = bB.pointee.invMass; sc.iB = bB.pointee.invI
        sc.positionCount = count
        sc.velocityCount = count
        let shapeA = shapes.baseAddress! + contact.pointee.shapeA, shapeB = shapes.baseAddress! + contact.pointee.shapeB
        let xfA = bodies[bodyIndexA].transform, xfB = bodies[bodyIndexB].transform
        let tangent = normal.rightPerp

        // Position form of the manifold, from the world points of this step's narrow phase.
        if shapeA.pointee.isCircle && shapeB.pointee.isCircle {
            sc.kind = .circles
            sc.localPlanePoint = shapeA.pointee.circleCenter
            sc.p0.localPoint = shapeB.pointee.circleCenter
            sc.radiusA = shapeA.pointee.radius + shapeA.pointee.skin
            sc.radiusB = shapeB.pointee.radius + shapeB.pointee.skin
        } else if shapeB.pointee.isCircle {
            sc.kind = .faceA
            sc.localNormal = xfA.q.applyInverse(normal)
            let center = xfB.apply(shapeB.pointee.circleCenter)
            // The face through the polygon's surface point, normal fixed to A.
            let outline = m.pointee.p0.separation + shapeA.pointee.skin + shapeB.pointee.skin
            sc.localPlanePoint = xfA.applyInverse(center - (outline + shapeB.pointee.radius) * normal)
            sc.p0.localPoint = shapeB.pointee.circleCenter
            sc.radiusA = shapeA.pointee.skin
            sc.radiusB = shapeB.pointee.skin + shapeB.pointee.radius
        } else {
            let referenceIsB = m.pointee.referenceIsB
            sc.kind = referenceIsB ? .faceB : .faceA
            let nRef = referenceIsB ? -normal : normal
            let (xfRef, xfInc) = referenceIsB ? (xfB, xfA) : (xfA, xfB)
            let skinRef = referenceIsB ? shapeB.pointee.skin : shapeA.pointee.skin, skinInc = referenceIsB ? shapeA.pointee.skin : shapeB.pointee.skin
            sc.localNormal = xfRef.q.applyInverse(nRef)
            for k in 0..<count {
                let mp = (k == 0 ? m.pointee.p0 : m.pointee.p1)
                let outline = mp.separation + shapeA.pointee.skin + shapeB.pointee.skin
                // The point lies midway between the skins; the incident outline point is half
                // the outline gap and the skin difference away from it.
                let incident = mp.point - (0.5 * (skinRef - skinInc - outline)) * nRef
                if k == 0 { sc.localPlanePoint = xfRef.applyInverse(incident - outline * nRef) }
                if k == 0 { sc.p0.localPoint = xfInc.applyInverse(incident) } else { sc.p1.localPoint = xfInc.applyInverse(incident) }
            }
            sc.radiusA = shapeA.pointee.skin
            sc.radiusB = shapeB.pointee.skin
        }

        // Velocity rows.
        for k in 0..<count {
            let mp = (k == 0 ? m.pointee.p0 : m.pointee.p1)
            var p = k == 0 ? sc.p0 : sc.p1
            p.rA = mp.point - bA.pointee.c
            p.rB = mp.point - bB.pointee.c
            p.normalImpulse = warmStart ? mp.normalImpulse : 0
            p.tangentImpulse = warmStart ? mp.tangentImpulse : 0
            let rnA = cross(p.rA, normal), rnB = cross(p.rB, normal)
            let kNormal = sc.mA + sc.mB + sc.iA * rnA * rnA + sc.iB * rnB * rnB
            p.normalMass = kNormal > 0 ? 1 / kNormal : 0
            let rtA = cross(p.rA, tangent), rtB = cross(p.rB, tangent)
            let kTangent = sc.mA + sc.mB + sc.iA * rtA * rtA + sc.iB * rtB * rtB
            p.tangentMass = kTangent > 0 ? 1 / kTangent : 0
            let vRel = dot(normal, bB.pointee.v + cross(bB.pointee.w, p.rB) - bA.pointee.v - cross(bA.pointee.w, p.rA))
            if vRel < -SequentialConstants.velocityThreshold { p.velocityBias = -sc.restitution * vRel }
            if k == 0 { sc.p0 = p } else { sc.p1 = p }
        }
        if count == 2 {
            let rn1A = cross(sc.p0.rA, normal), rn1B = cross(sc.p0.rB, normal)
            let rn2A = cross(sc.p1.rA, normal), rn2B = cross(sc.p1.rB, normal)
            let k11 = sc.mA + sc.mB + sc.iA * rn1A * rn1A + sc.iB * rn1B * rn1B
            let k22 = sc.mA + sc.mB + sc.iA * rn2A * rn2A + sc.iB * rn2B * rn2B
            let k12 = sc.mA + sc.mB + sc.iA * rn1A * rn2A + sc.iB * rn1B * rn2B
            let det = k11 * k22 - k12 * k12
            if k11 * k11 < SequentialConstants.maxConditionNumber * det {
                sc.k11 = k11; sc.k12 = k12; sc.k22 = k22
                let inv = 1 / det
                sc.inv11 = inv * k22; sc.inv12 = -inv * k12; sc.inv22 = inv * k11
            } else {
                // [quirk] Box2D 2.2 solves only the first point's velocity rows here.
                sc.velocityCount = 1
            }
        }
        return sc
    }

    @inline(__always) func solveVelocities(_ sc: inout SequentialContact, _ sb: UnsafeMutableBufferPointer<SequentialBody>) {
        var vA = sb[sc.bodyA].v, wA = sb[sc.bodyA].w, vB = sb[sc.bodyB].v, wB = sb[sc.bodyB].w
        let mA = sc.mA, iA = sc.iA, mB = sc.mB, iB = sc.iB
        let n = sc.normal, t = n.rightPerp
        @inline(__always) func relative(_ p: SequentialPoint) -> Vec2 { vB + cross(wB, p.rB) - vA - cross(wA, p.rA) }
        @inline(__always) func apply(_ p: SequentialPoint, _ P: Vec2) {
            vA -= mA * P; wA -= iA * cross(p.rA, P)
            vB += mB * P; wB += iB * cross(p.rB, P)
        }
        // Friction first: non-penetration matters more, so it has the last word.
        for k in 0..<sc.velocityCount {
            var p = k == 0 ? sc.p0 : sc.p1
            let vt = dot(relative(p), t)
            let maxFriction = sc.friction * p.normalImpulse
            let newImpulse = min(max(p.tangentImpulse - p.tangentMass * vt, -maxFriction), maxFriction)
            let lambda = newImpulse - p.tangentImpulse
            p.tangentImpulse = newImpulse
            apply(p, lambda * t)
            if k == 0 { sc.p0 = p } else { sc.p1 = p }
        }
        if sc.velocityCount == 1 {
            var p = sc.p0
            let vn = dot(relative(p), n)
            let newImpulse = max(p.normalImpulse - p.normalMass * (vn - p.velocityBias), 0)
            let lambda = newImpulse - p.normalImpulse
            p.normalImpulse = newImpulse
            apply(p, lambda * n)
            sc.p0 = p
        } else {
            // Block solve of the two normal rows: find x >= 0 with vn = K x + b >= 0 and
            // x . vn = 0 by trying the four cases in order (Box2D 2.2's enumeration).
            let a1 = sc.p0.normalImpulse, a2 = sc.p1.normalImpulse
            let vn1 = dot(relative(sc.p0), n), vn2 = dot(relative(sc.p1), n)
            let bx = vn1 - sc.p0.velocityBias - (sc.k11 * a1 + sc.k12 * a2)
            let by = vn2 - sc.p1.velocityBias - (sc.k12 * a1 + sc.k22 * a2)
            var x1 = -(sc.inv11 * bx + sc.inv12 * by), x2 = -(sc.inv12 * bx + sc.inv22 * by)
            var solved = x1 >= 0 && x2 >= 0
            if !solved {
                x1 = -sc.p0.normalMass * bx; x2 = 0
                solved = x1 >= 0 && sc.k12 * x1 + by >= 0
            }
            if !solved {
                x1 = 0; x2 = -sc.p1.normalMass * by
                solved = x2 >= 0 && sc.k12 * x2 + bx >= 0
            }
            if !solved {
                x1 = 0; x2 = 0
                solved = bx >= 0 && by >= 0
            }
            if solved {
                let P1 = (x1 - a1) * n, P2 = (x2 - a2) * n
                vA -= mA * (P1 + P2); wA -= iA * (cross(sc.p0.rA, P1) + cross(sc.p1.rA, P2))
                vB += mB * (P1 + P2); wB += iB * (cross(sc.p0.rB, P1) + cross(sc.p1.rB, P2))
                sc.p0.normalImpulse = x1
                sc.p1.normalImpulse = x2
            }
        }
        if mA > 0 || iA > 0 { sb[sc.bodyA].v = vA; sb[sc.bodyA].w = wA }
        if mB > 0 || iB > 0 { sb[sc.bodyB].v = vB; sb[sc.bodyB].w = wB }
    }

    /// One pass of position correction; true when no point overlaps by more than 3 slops.
    /// Color after color, as the velocity iterations go (`sequentialPositions` is laid out by
    /// batch lane): a color's constraints share no moving body, so each color splits across
    /// the worker pool and the result is the same for any worker count; then the overflow,
    /// one constraint after another. Constraints in regions (World+SequentialRegions) go
    /// region by region, side by side, then the seam. (In contact order the three passes were
    /// the longest part of the step that ran on one thread: 125 us of a 930 us rain sub-step on
    /// two.)
    func solveSequentialContactPositions() -> Bool {
        var okay = true
        sequentialBodies.withUnsafeMutableBufferPointer { sb in
            // (No body, no constraint.)
            guard let bodies = sb.baseAddress else { return }
            withPositionPass(bodies: bodies) { planPass, correct in
                beginStagePlan()
                _ = planPass()
                okay = Self.positionsOkay(minimumOverStagePlan { stage, piece in correct(stage, piece) })
            }
        }
        return okay
    }

    /// Whether a position pass whose smallest separation was `separation` (infinity for no
    /// constraint) leaves no point overlapping by more than 3 slops.
    @inline(__always) static func positionsOkay(_ separation: Double) -> Bool {
        min(0.0, separation) >= -3 * SequentialConstants.linearSlop
    }

    /// One pass of position correction as stages of the caller's plan: `planPass()` adds the
    /// pass's stages to the plan (and returns how many), and `correct(stage in the pass,
    /// piece)` corrects a piece of one and returns the smallest separation it saw. `bodies`:
    /// the solver bodies, held by the caller. No pass (nothing laid out): no stage.
    @inline(__always) func withPositionPass(bodies: UnsafeMutablePointer<SequentialBody>,
                                            _ run: (_ planPass: () -> Int, _ correct: (Int, Range<Int>) -> Double) -> Void) {
        let starts = sequentialBatchColorStarts, counts = sequentialColorCounts
        guard counts.count >= 1, starts.count == counts.count + 1 else {
            run({ 0 }, { _, _ in .infinity })
            return
        }
        let overflow = counts.count - 1
        let baumgarte = SequentialConstants.baumgarte
        let colorsPerGroup = sequentialLayoutColorsPerGroup
        sequentialPositions.withUnsafeBufferPointer { cs in
            let constraints = cs.baseAddress!
            let inFours = correctsPositionsInFours
            // Constraints `range` of layout color `color`, in order: four at a time where the
            // AVX kernel takes them (a color's constraints lie one after another, and four of
            // them share no moving body: side by side is one after the other), else one by one.
            @inline(__always) func correct(color: Int, _ range: Range<Int>) -> Double {
                var m = 0.0
                let fours = inFours && !isSequentialOverflow(color)
                var i = range.lowerBound
                while i < range.upperBound {
                    // The solver bodies four constraints on asked for ahead (their lines were
                    // last written by the other core as often as not).
                    if fours && i + 4 <= range.upperBound {
                        for ahead in (i + 4)..<min(i + 8, range.upperBound) {
                            Self.prefetchBodies(of: constraints + sequentialLane(color: color, ahead), bodies)
                        }
                        var least = 0.0
                        let first = UnsafeRawPointer(constraints + sequentialLane(color: color, i)).assumingMemoryBound(to: ckernels_position_constraint.self)
                        if ckernels_correct_positions_four_avx2(first, bodies, MemoryLayout<SequentialBody>.stride, baumgarte,
                                                                SequentialConstants.linearSlop, SequentialConstants.maxLinearCorrection, &least) != 0 {
                            m = min(m, least)
                            i += 4
                            continue
                        }
                    }
                    if i + Prefetch.distance < range.upperBound { Self.prefetchBodies(of: constraints + sequentialLane(color: color, i + Prefetch.distance), bodies) }
                    m = min(m, Self.correctPosition(constraints + sequentialLane(color: color, i), bodies, baumgarte: baumgarte))
                    i += 1
                }
                return m
            }
            // Every constraint of the layout colors of `group`, color after color.
            @inline(__always) func correct(group: Int) -> Double {
                var m = 0.0
                for color in (group * colorsPerGroup)..<((group + 1) * colorsPerGroup) { m = min(m, correct(color: color, 0..<counts[color])) }
                return m
            }
            if sequentialGroupCount == 3 {
                // The velocity passes' stages: both regions side by side, each on one thread,
                // then the seam (World+SequentialRegions).
                run({ planSequentialPass() }, { stage, piece in
                    if stage == 1 { return correct(group: 2) }
                    return piece.reduce(0.0) { min($0, correct(group: $1)) }
                })
            } else {
                // A stage per color, split across the threads, then the overflow in one piece.
                run({
                    for color in 0..<overflow { planStage(0..<counts[color], grain: 64) }
                    planStage(0..<counts[overflow], grain: .max)
                    return overflow + 1
                }, { stage, range in correct(color: stage, range) })
            }
        }
    }

    /// Prefetches a position constraint's two solver bodies (for reading: a static body's
    /// line is shared by both threads' constraints).
    @inline(__always) static func prefetchBodies(of constraint: UnsafePointer<SequentialPositionConstraint>,
                                                 _ sb: UnsafeMutablePointer<SequentialBody>) {
        Prefetch.record(sb + Int(constraint.pointee.bodyA))
        Prefetch.record(sb + Int(constraint.pointee.bodyB))
    }

    /// Moves the bodies of `constraints` apart by `baumgarte` of each point's overlap beyond the
    /// slop (at most the maximum correction), one after another; returns the smallest
    /// separation seen.
    func correctPositions(_ constraints: [SequentialPositionConstraint], baumgarte: Double) -> Double {
        var minSeparation = 0.0
        sequentialBodies.withUnsafeMutableBufferPointer { sb in
        constraints.withUnsafeBufferPointer { cs in
            for i in 0..<cs.count {
                minSeparation = min(minSeparation, Self.correctPosition(cs.baseAddress! + i, sb.baseAddress!, baumgarte: baumgarte))
            }
        }
        }
        return minSeparation
    }

    /// Box2D 2.2's position correction of one constraint (read in place: copying constraints
    /// out of the array, every pass, was visible); returns its smallest separation (0 when
    /// none is below).
    @inline(__always) static func correctPosition(_ constraint: UnsafePointer<SequentialPositionConstraint>,
                                                  _ sb: UnsafeMutablePointer<SequentialBody>, baumgarte: Double) -> Double {
        var minSeparation = 0.0
        let bodyA = Int(constraint.pointee.bodyA), bodyB = Int(constraint.pointee.bodyB)
        var a = sb[bodyA], b = sb[bodyB]
        let mA = constraint.pointee.mA, iA = constraint.pointee.iA, mB = constraint.pointee.mB, iB = constraint.pointee.iB
        for k in 0..<Int(constraint.pointee.count) {
            let (normal, point, separation) = measure(constraint.pointee, k, a.transform(), b.transform())
            let rA = point - a.c, rB = point - b.c
            minSeparation = min(minSeparation, separation)
            let C = min(max(baumgarte * (separation + SequentialConstants.linearSlop),
                            -SequentialConstants.maxLinearCorrection), 0)
            let rnA = cross(rA, normal), rnB = cross(rB, normal)
            let K = mA + mB + iA * rnA * rnA + iB * rnB * rnB
            let impulse = K > 0 ? -C / K : 0
            let P = impulse * normal
            a.c -= mA * P; a.a -= iA * cross(rA, P)
            b.c += mB * P; b.a += iB * cross(rB, P)
        }
        if mA > 0 || iA > 0 { storePosition(a, into: sb + bodyA) }
        if mB > 0 || iB > 0 { storePosition(b, into: sb + bodyB) }
        return minSeparation
    }

    /// Writes what a position pass changes of a solver body (its centre, angle and cached
    /// rotation, the first 48 bytes of the record) and nothing else.
    @inline(__always) private static func storePosition(_ body: SequentialBody, into target: UnsafeMutablePointer<SequentialBody>) {
        target.pointee.c = body.c
        target.pointee.a = body.a
        target.pointee.cachedRotation = body.cachedRotation
        target.pointee.rotationAngle = body.rotationAngle
    }

    /// The normal (A to B), point and skin separation of point k at the given transforms
    /// (Box2D 2.2's b2PositionSolverManifold).
    @inline(__always) private static func measure(_ sc: SequentialPositionConstraint, _ k: Int, _ xfA: Transform, _ xfB: Transform)
        -> (normal: Vec2, point: Vec2, separation: Double) {
        let local = k == 0 ? sc.localPoint0 : sc.localPoint1
        switch sc.kind {
        case .circles:
            let pA = xfA.apply(sc.localPlanePoint), pB = xfB.apply(local)
            let d = pB - pA
            let normal = d.lengthSquared > 1e-24 ? d.normalized : Vec2(1, 0)
            return (normal, 0.5 * (pA + pB), dot(d, normal) - sc.radiusA - sc.radiusB)
        case .faceA:
            let normal = xfA.q.apply(sc.localNormal)
            let plane = xfA.apply(sc.localPlanePoint), clip = xfB.apply(local)
            return (normal, clip, dot(clip - plane, normal) - sc.radiusA - sc.radiusB)
        case .faceB:
            let normal = xfB.q.apply(sc.localNormal)
            let plane = xfB.apply(sc.localPlanePoint), clip = xfA.apply(local)
            return (-normal, clip, dot(clip - plane, normal) - sc.radiusA - sc.radiusB)
        }
    }
}
