// Design note: a contact exists while two shapes' fat AABBs overlap; it is touching while its
// manifold has a point closer than the linear slop. Contacts live in one array in creation
// order, with a hash set of pair keys only for membership (never iterated), so the events
// the narrow phase produces walking that array (World+NarrowPhase) come in a deterministic
// order. New contacts come from the proxies that left their fat boxes (`updatePairs`,
// queried on the workers, added in proxy order on this thread); a removed one keeps the
// others' order.
import CPUHints

struct Contact {
    var shapeA: Int
    var shapeB: Int
    var bodyA: Int
    var bodyB: Int
    var key: UInt64
    var manifold = Manifold()
    var friction: Double
    var restitution: Double
    /// The bodies' centers when the manifold was computed (the soft step's anchors are
    /// measured from them; see recycling below). Here, with everything else the soft step's
    /// contact preparation reads from `bodyA` on, so it prefetches one run of lines, a line
    /// fewer than when they sat behind the recycling state.
    var anchorCenterA = Vec2.zero
    var anchorCenterB = Vec2.zero
    var touching = false
    var enableEvents: Bool
    /// False for a sensor pair: tracked and reported, never solved.
    var solid = true
    /// The soft step's contact recycling: whether the manifold was computed by the soft
    /// step (the fields below and the anchor centers describe it), the bodies' rotations
    /// then, and its points' separations then. Before the sequential step's fields, which
    /// the soft step never reads.
    var recyclable = false
    /// Whether the last narrow phase kept this manifold (tests and counts read it).
    var recycledLastStep = false
    var cachedRotationA = Rot.identity
    var cachedRotationB = Rot.identity
    var baseSeparation0 = 0.0
    var baseSeparation1 = 0.0
    /// The sequential narrow phase's skip of a pair found apart (World+ApartPairs): the
    /// pair is not tested again while its bodies' travel sum stays below this; -infinity
    /// when it must be tested.
    var apartLimit = -Double.infinity
    /// Whether the last narrow phase skipped the pair so (tests and counts read it).
    var apartSkippedLastStep = false
    /// The sequential narrow phase's winning faces of its last full separating-axis
    /// searches, and how long they keep winning (World+SeparatingFaces).
    var separatingFaces = SeparatingFaceCache()
}

/// What the narrow phase found for one contact this step.
enum NarrowPhaseOutcome: UInt8 {
    case unchanged
    /// The fat boxes no longer overlap: the pair is dropped.
    case separated
    /// The manifold started or stopped touching: an event (and maybe a wake) follows.
    case touchingChanged
}

@inline(__always) func pairKey(_ a: Int, _ b: Int) -> UInt64 {
    a < b ? UInt64(a) << 32 | UInt64(b) : UInt64(b) << 32 | UInt64(a)
}

extension World {
    /// Removes every contact of shape `s` (its proxy is going), reporting the touching ones'
    /// ends.
    func destroyContacts(ofShape s: Int) {
        var i = 0
        while i < contacts.count {
            if contacts[i].shapeA == s || contacts[i].shapeB == s {
                removeContact(at: i, reportEnd: true)
            } else {
                i += 1
            }
        }
    }

    /// Removes a contact keeping the creation order of the others (events stay ordered).
    func removeContact(at i: Int, reportEnd: Bool) {
        let c = contacts[i]
        if reportEnd && c.touching && c.enableEvents {
            contactEndEvents.append(ContactEndEvent(shapeA: ShapeID(index: c.shapeA), shapeB: ShapeID(index: c.shapeB)))
        }
        if c.touching {
            // Whatever rested on a removed contact must wake and fall.
            wakeBody(c.bodyA); wakeBody(c.bodyB)
        }
        pairs.remove(c.key)
        contacts.remove(at: i)
        impactFlags.remove(at: i)
        candidateScanFresh = false
    }

    /// Finds new overlapping pairs for the shapes that moved out of their fat boxes.
    func updatePairs() {
        if moveBuffer.isEmpty { return }
        var newPairs: [(Int, Int)] = []
        // Shapes, trees and the pair set read in place, once: a falling rain moves most of its
        // shapes every step (a query through the world retained and released the tree's
        // storage each time), and the queries' hits are mostly pairs that exist already.
        let known = pairs, dynamic = dynamicTree, statics = staticTree
        // The hits of all the queries together: past four times the contact limit (each new
        // pair is found up to twice) the limit counts as reached, whatever the worker count,
        // and the queries may stop early: each piece adds its hits to a shared count every
        // `hitBatch` of them (an atomic add per shape had both cores trade the count's line)
        // and stops once that count is past the limit. Whether any stops, the total decides
        // the flag alike for one worker and two; a cap per piece cut different pairs for one
        // worker and for two without a word (and with 64 workers capped nothing). 10,000 items
        // piled at one point found 100 million hits, gigabytes before a contact was made.
        let hitLimit = 4 * maximumContacts, hitBatch = 4096
        var hits = 0
        var cutShort: UInt8 = 0
        withUnsafeMutablePointer(to: &hits) { hits in
        withUnsafeMutablePointer(to: &cutShort) { cutShort in
        shapes.withUnsafeBufferPointer { sp in
        moveBuffer.withUnsafeBufferPointer { moved in
        dynamic.nodes.withUnsafeBufferPointer { dn in
        statics.nodes.withUnsafeBufferPointer { sn in
            @inline(__always) func query(_ range: Range<Int>, into found: inout [(Int, Int)]) {
                var counted = found.count
                // A shape in no filter group meets nothing: no query (thousands of items under
                // gravity alone, packed close, each found a hundred neighbours a step for the
                // pair filter to turn down, and the steps grew slower as they fell).
                for s in moved[range] where sp[s].alive && sp[s].proxy != -1 && sp[s].filterGroups != 0 {
                    if found.count - counted >= hitBatch {
                        let total = animatic_atomic_fetch_add(hits, found.count - counted) + found.count - counted
                        counted = found.count
                        if total > hitLimit { animatic_flag_set(cutShort); return }
                    }
                    let fat = sp[s].fatAABB
                    let bodyS = sp[s].body, groupsS = sp[s].filterGroups
                    // Two moved shapes find each other twice; the membership test below drops the
                    // copy, and an existing pair needs no other look. Shapes that share no filter
                    // group are not offered to the pair filter (ShapeDef.filterGroups).
                    @inline(__always) func visit(_ other: Int) {
                        if sp[other].body != bodyS && sp[other].filterGroups & groupsS != 0
                            && !known.contains(pairKey(s, other)) { found.append((s, other)) }
                    }
                    DynamicTree.query(fat, nodes: dn, root: dynamic.root, visit)
                    DynamicTree.query(fat, nodes: sn, root: statics.root, visit)
                }
            }
            // A falling rain moves hundreds of proxies a step, and their queries (reading the
            // trees and the pair set only) were the longest serial part of its steps: split
            // across the pool, each piece's finds kept apart and joined in piece order, which
            // is the order one pass finds them in.
            let pieces = workerPool.map { $0.pieceCount(moved.count, grain: 32) } ?? 1
            if pieces > 1, let pool = workerPool {
                var found = [[(Int, Int)]](repeating: [], count: pieces)
                found.withUnsafeMutableBufferPointer { found in
                    pool.run(chunks: pieces) { k in query(WorkerPool.piece(k, of: pieces, 0..<moved.count), into: &found[k]) }
                }
                for piece in found { newPairs.append(contentsOf: piece) }
            } else {
                query(0..<moved.count, into: &newPairs)
            }
            if newPairs.count > hitLimit { animatic_flag_set(cutShort) }
        }
        }
        }
        }
        }
        }
        if cutShort != 0 { contactLimitReached = true }
        moveBuffer.removeAll(keepingCapacity: true)
        for (a, b) in newPairs {
            let key = pairKey(a, b)
            if pairs.contains(key) { continue }
            let response = contactResponse(a, b)
            if response == .none { continue }
            // (Counted at a pair that would be made: exactly the limit is not past it.)
            if contacts.count >= maximumContacts { contactLimitReached = true; break }
            // Polygon first, circle second, so collide routines see a fixed order.
            var sa = min(a, b), sb = max(a, b)
            if shapes[sa].isCircle && !shapes[sb].isCircle { swap(&sa, &sb) }
            let c = Contact(shapeA: sa, shapeB: sb, bodyA: shapes[sa].body, bodyB: shapes[sb].body, key: key,
                            friction: mixFriction(shapes[sa].friction, shapes[sb].friction),
                            restitution: mixRestitution(shapes[sa].restitution, shapes[sb].restitution),
                            enableEvents: shapes[sa].enableContactEvents || shapes[sb].enableContactEvents,
                            solid: response == .solid)
            pairs.insert(key)
            contacts.append(c)
            impactFlags.append(c.solid && (bodies[c.bodyA].type == .dynamic) != (bodies[c.bodyB].type == .dynamic))
            candidateScanFresh = false
        }
    }

    /// How a pair of shapes is handled: joints (joined bodies do not collide unless the joint
    /// says so, Box2D's collideConnected), then the layer above's filter.
    func contactResponse(_ a: Int, _ b: Int) -> ContactResponse {
        let ba = shapes[a].body, bb = shapes[b].body
        if bodies[ba].type != .dynamic && bodies[bb].type != .dynamic { return .none }
        for j in bodyJoints[ba] where joints[j].alive && !joints[j].collideConnected {
            if (joints[j].bodyA == ba && joints[j].bodyB == bb) || (joints[j].bodyA == bb && joints[j].bodyB == ba) { return .none }
        }
        return contactFilter?(ShapeID(index: min(a, b)), ShapeID(index: max(a, b))) ?? .solid
    }
}
