// Design note: whether a step shares its work with the worker pool, decided by measuring.
// On a machine with two cores the threads may sit on one core complex or on two; between
// two, every line one thread wrote and the other reads crosses the package (round trips
// of 80 ns and of 330 ns were both seen on this project's 2-core virtual machines, moving
// within seconds), and a step of a thousand bodies then ran up to twice as slow on two
// threads as on one. The results are bit-identical either way (every split is), so the
// choice may follow the clock: every cycle first runs short blocks of steps alternately
// with and without the pool, then keeps the faster way for a while. Blocks rather than
// single steps, and the first step of each block not counted: a step right after a switch
// pays for it (the other thread's cache is cold, an idle worker has backed off to sleeps),
// which would count against the pool. The pool wins unless it is clearly slower (by a tenth): with the
// cores close it is faster once a pile rests, and a landing's steps vary too much from one
// to the next for a few of them to tell a slight edge. Alternating cancels the drift of a scene that speeds
// up or slows down; the two fastest steps of each way are compared, so one step the machine
// delayed does not decide. A hold ends early when its steps drift far from what the probe
// measured (a rain that lands: the probe ran while it fell, a serial broad phase, and kept
// one thread through the landing, whose solver splits well): the median of the last few
// held steps is watched (a median, so that one step the machine delayed does not end a
// hold), and a new probe starts once it has grown or shrunk past `driftFactor`. A probe that
// drift started and that kept the way makes the next hold watch only from `confirmedDriftWait`
// held steps on: in the rain of 1,000 items through the UIKit layer, whose landing changes
// its steps' length step after step, a probe ran every twenty-odd steps and kept the pool
// each time, and 53-61 of its first 170 steps ran without the pool (24-52 with the wait).
import Foundation

struct WorkerTuner {
    /// Blocks of each way in a probe (they alternate, the pool's first).
    static let probeBlocks = 2
    /// Steps in a block; the first is not counted.
    static let blockSteps = 3
    /// Steps the chosen way is kept before the next probe.
    static let holdSteps = 200
    /// How far (either way) the held steps' median may move from the probe's steps of the
    /// chosen way before a new probe starts.
    static let driftFactor = 1.5
    /// The last held steps whose median is judged.
    static let driftSteps = 8
    /// Held steps before the drift is judged after a probe that drift started and that kept
    /// the way.
    static let confirmedDriftWait = 48
    /// How much slower the pool's probe steps may be than the single thread's and the pool
    /// still be chosen.
    static let poolMargin = 1.1

    /// Whether the current step uses the pool.
    private(set) var pooled = true
    /// Steps begun, and those of them that used the pool.
    private(set) var steps = 0
    private(set) var pooledSteps = 0
    private var position = 0
    private var withPool: [UInt64] = []
    private var withoutPool: [UInt64] = []
    /// The chosen way's mean counted step in the last probe, and the last `driftSteps` held
    /// steps (a ring).
    private var reference = 0.0
    private var recent = [UInt64](repeating: 0, count: WorkerTuner.driftSteps)
    /// The way held when drift started the current probe (nil: a regular probe).
    private var driftProbeFrom: Bool?
    /// Held steps before the drift is judged in the current hold.
    private var driftWait = WorkerTuner.driftSteps

    private static var probeLength: Int { 2 * probeBlocks * blockSteps }

    /// Decides the way of the next step.
    mutating func beginStep() -> Bool {
        if position == Self.probeLength + Self.holdSteps { position = 0; driftProbeFrom = nil }
        if position < Self.probeLength { pooled = (position / Self.blockSteps) % 2 == 0 }
        steps += 1
        if pooled { pooledSteps += 1 }
        return pooled
    }

    /// Records how long the step took; ends a probe with the choice.
    mutating func endStep(nanoseconds: UInt64) {
        if position < Self.probeLength {
            if position % Self.blockSteps != 0 {
                if pooled { withPool.append(nanoseconds) } else { withoutPool.append(nanoseconds) }
            }
            if position == Self.probeLength - 1 {
                let pool = Self.fastest(withPool), alone = Self.fastest(withoutPool)
                // The pool is kept unless it is clearly slower: a probe measures a few steps
                // each way, and in a landing rain, whose steps vary threefold from one to the
                // next, a slight edge either way is chance, not the machine.
                pooled = Double(pool) <= Self.poolMargin * Double(alone)
                reference = Double(pooled ? pool : alone) / 2
                driftWait = driftProbeFrom == pooled ? Self.confirmedDriftWait : Self.driftSteps
                withPool.removeAll(keepingCapacity: true)
                withoutPool.removeAll(keepingCapacity: true)
            }
        } else {
            let held = position - Self.probeLength
            recent[held % Self.driftSteps] = nanoseconds
            if held + 1 >= driftWait && reference > 0 {
                let median = Double(recent.sorted()[Self.driftSteps / 2])
                if median > Self.driftFactor * reference || Self.driftFactor * median < reference {
                    // Probe again from the next step.
                    position = -1
                    driftProbeFrom = pooled
                }
            }
        }
        position += 1
    }

    /// The sum of the two shortest durations.
    private static func fastest(_ durations: [UInt64]) -> UInt64 {
        durations.sorted().prefix(2).reduce(0, +)
    }
}
