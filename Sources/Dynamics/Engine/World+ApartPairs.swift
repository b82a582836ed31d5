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
// margin against rounding), so the states are bit-identical. The soft step has its own
// manifold recycling and does not use this.
import Foundation

extension World {
    /// Distance kept short of an apart pair's margin, against the rounding of the bound.
    static let apartSafety = 1e-9

    /// Adds to each body's travel how far its shapes' points may have moved since the last
    /// narrow phase (start of `collide` in the sequential step).
    func advanceApartTravel() {
        let count = bodies.count
        if apartTravel.count < count {
            let added = apartTravel.count..<count
            apartTravel.append(contentsOf: repeatElement(0, count: added.count))
            apartPoses.append(contentsOf: added.map { bodies[$0].transform })
        }
        bodies.withUnsafeBufferPointer { bp in
        apartTravel.withUnsafeMutableBufferPointer { travel in
        apartPoses.withUnsafeMutableBufferPointer { poses in
            parallelRanges(count, grain: 512) { range in
                for i in range {
                    let now = bp[i].transform, then = poses[i]
                    if now == then { continue }
                    let moved = abs(now.p.x - then.p.x) + abs(now.p.y - then.p.y)
                        + (abs(now.q.c - then.q.c) + abs(now.q.s - then.q.s)) * bp[i].boundLever
                    // A non-finite pose (frozen later in the step) makes every limit unreachable.
                    travel[i] += moved.isNaN ? .infinity : moved
                    poses[i] = now
                }
            }
        }
        }
        }
    }
}
