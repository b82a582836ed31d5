// Design note: the sequential step's narrow phase tests every contact every step, as Box2D
// 2.2 does, and in a settled heap about half of them are pairs whose fat boxes overlap but
// whose bounding circles stay apart by more than the contact distance (each such test reads
// both bodies and shapes, turns two centers and takes a square root to find again that
// nothing is there), and a sixth of the polygon tests end on a separating axis. A pair found
// apart by a margin (the bounding circles' gap, or the separation along that axis: both
// lower bounds of the distance) cannot come within the contact distance before its two
// bodies together have moved that margin, so it is left alone until then: `apartLimit` (on
// the contact) holds the sum of the two bodies' travel at the test plus the margin, and the
// test is skipped while the bodies' travel sum stays below it. Each body's travel grows by a
// bound of how far any point of its shapes moved since the last narrow phase, taken from its
// transform then and now (so a teleport, a continuous collision's move or a pose set from
// outside all count, whoever made them): |dp|_1 + |dq|_1 * lever, where lever bounds the
// distance of every shape point from the body's origin (Body.boundLever). The skip gives
// exactly the answer the test would (the bound is an upper bound, kept 1e-9 short of the
// margin against rounding), so the states are bit-identical. The same travel spares the
// write-back the box of a shape that cannot have left its fat box: each time a shape's box
// is found inside, the room it had there (least on any side) plus the travel then is kept in
// `fatLimits`, and while the travel plus the step's look-ahead |dt v|_inf stays below it the
// box is not computed, and the separating-axis search of a touching pair skips the faces that
// cannot have overtaken the one that won before (World+SeparatingFaces: each body's turn,
// sum |dq|_1, is kept beside its travel for it). The soft step has its own manifold
// recycling and does not use this.
import Foundation

extension World {
    /// Distance kept short of an apart pair's margin, against the rounding of the bound.
    static let apartSafety = 1e-9

    /// The bodies' travel sum below which a pair of bodies `a` and `b` found `margin` beyond
    /// the contact distance cannot have closed it (a contact's `apartLimit`).
    @inline(__always) static func apartLimit(_ travel: UnsafePointer<Double>, _ a: Int, _ b: Int, margin: Double) -> Double {
        travel[a] + travel[b] + margin - apartSafety
    }

    /// Adds to each body's travel how far its shapes' points may have moved since the last
    /// narrow phase (start of `collide` in the sequential step), on this thread or the pool.
    func advanceApartTravel() {
        growApartTravel()
        bodies.withUnsafeBufferPointer { bp in
        apartTravel.withUnsafeMutableBufferPointer { travel in
        apartTurn.withUnsafeMutableBufferPointer { turn in
        apartPoses.withUnsafeMutableBufferPointer { poses in
            guard let t = travel.baseAddress, let r = turn.baseAddress, let p = poses.baseAddress else { return }
            parallelRanges(bp.count, grain: 512) { range in Self.advanceTravel(range, bp, t, r, p) }
        }
        }
        }
        }
    }

    /// Gives the bodies made since the last narrow phase a travel, a turn and a pose to
    /// measure from (their pose now).
    func growApartTravel() {
        let count = bodies.count
        if apartTravel.count < count {
            let added = apartTravel.count..<count
            apartTravel.append(contentsOf: repeatElement(0, count: added.count))
            apartTurn.append(contentsOf: repeatElement(0, count: added.count))
            apartPoses.append(contentsOf: added.map { bodies[$0].transform })
        }
    }

    /// `advanceTravel` for each body of `range`.
    @inline(__always) static func advanceTravel(_ range: Range<Int>, _ bodies: UnsafeBufferPointer<Body>,
                                                _ travel: UnsafeMutablePointer<Double>, _ turn: UnsafeMutablePointer<Double>,
                                                _ poses: UnsafeMutablePointer<Transform>) {
        for i in range { _ = advanceTravel(i, bodies[i], travel, turn, poses) }
    }

    /// Brings body `i`'s travel (and turn) up to its transform now; returns the travel.
    @inline(__always) static func advanceTravel(_ i: Int, _ body: Body, _ travel: UnsafeMutablePointer<Double>,
                                                _ turn: UnsafeMutablePointer<Double>,
                                                _ poses: UnsafeMutablePointer<Transform>) -> Double {
        let now = body.transform, then = poses[i]
        if now == then { return travel[i] }
        let turned = abs(now.q.c - then.q.c) + abs(now.q.s - then.q.s)
        let moved = abs(now.p.x - then.p.x) + abs(now.p.y - then.p.y) + turned * body.boundLever
        // A non-finite pose (frozen later in the step) makes every limit unreachable.
        travel[i] += moved.isNaN ? .infinity : moved
        turn[i] += turned.isNaN ? .infinity : turned
        poses[i] = now
        return travel[i]
    }

    /// Whether a shape whose body has travel `travel` and velocity `v` is sure to have its
    /// predicted box (its box joined with that box moved by dt v) inside its fat box, without
    /// computing it. `limit` is the travel at which the shape's box was last seen inside the
    /// fat box plus the least room it had there on any side: since then no point moved
    /// farther than the travel difference, and the moved copy lies |dt v|_inf farther at most.
    @inline(__always) static func fatBoxSurelyHolds(travel: Double, velocity v: Vec2, dt: Double, limit: Double) -> Bool {
        travel + dt * max(abs(v.x), abs(v.y)) < limit - apartSafety
    }

    /// The least room `box` has inside `fat` on any side.
    @inline(__always) static func slack(of box: AABB, in fat: AABB) -> Double {
        min(min(box.lower.x - fat.lower.x, box.lower.y - fat.lower.y), min(fat.upper.x - box.upper.x, fat.upper.y - box.upper.y))
    }
}
