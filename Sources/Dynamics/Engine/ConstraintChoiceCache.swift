// Design note: the soft step's choice of constraints kept from one step to the next. The
// choice (`chooseConstraints`: the candidates in contact order, their graph colors, the lane
// each takes, the batches' color starts) is a function of the candidate scan alone, entry by
// entry in contact order (which contacts are solved, touching or not, between which bodies,
// which of those take a color), and of the body count (the dummy). Box2D v3 keeps its
// constraint graph from step to step and colors a contact once, when it starts touching; our
// coloring runs greedily over every candidate every step, on one thread while the other
// waits (2-3% of a many_pyramids step, 5% of the first thread's time on two workers). In a
// resting heap the scan is the same step after step (many_pyramids: 199 steps in 200; a pile
// of 10,000: one in two), so the step compares it with the scan of the last choice and, when
// they match byte for byte, keeps that choice: the one it would have made, so nothing else
// changes. Only the bodies the touching candidates hold are marked again (the step clears
// the marks). The sequential step writes the colors too; it drops this cache, as this step
// drops the sequential layout's.
import Foundation

/// The candidate scan of the soft step's last choice of constraints, to tell whether this
/// step's choice would be the same.
struct ConstraintChoiceCache {
    private var valid = false
    private var scan: [CandidateScan] = []
    private var bodyCount = 0
    /// What the choice left: candidates, lanes and batches (a guard against another writer).
    private var candidateCount = 0, laneCount = 0, batchCount = 0
    /// Steps that kept the last choice, and steps that made one (a count for tests and diagnosis).
    private(set) var kept = 0, made = 0

    /// Forgets the last choice (its arrays were written by another step).
    mutating func invalidate() { valid = false }

    /// Whether the world's candidate scan of its first `contactCount` contacts is, byte for
    /// byte, the one of the last choice, with the same body count, and the choice's arrays are
    /// still as that choice left them.
    func holds(_ world: World, contactCount: Int) -> Bool {
        guard valid, contactCount == scan.count, world.bodies.count == bodyCount,
              world.candidateScan.count >= contactCount, world.candidates.count == candidateCount,
              world.laneCandidates.count == laneCount, world.candidateLanes.count == candidateCount,
              world.batches.count == batchCount else { return false }
        guard contactCount > 0 else { return true }
        return world.candidateScan.withUnsafeBytes { now in
            scan.withUnsafeBytes { then in memcmp(now.baseAddress!, then.baseAddress!, then.count) == 0 }
        }
    }

    /// Records the scan the world just chose its constraints from.
    mutating func record(_ world: World, contactCount: Int) {
        valid = true
        made += 1
        bodyCount = world.bodies.count
        candidateCount = world.candidates.count
        laneCount = world.laneCandidates.count
        batchCount = world.batches.count
        scan.removeAll(keepingCapacity: true)
        scan.append(contentsOf: world.candidateScan[0..<contactCount])
    }

    /// Counts a step that keeps the recorded choice.
    mutating func keep() { kept += 1 }
}
