// Design note: whether a step shares its work with the worker pool, decided by measuring.
// On a machine with two cores the threads may sit on one core complex or on two; between
// two, every line one thread wrote and the other reads crosses the package (round trips
// of 80 ns and of 330 ns were both seen on this project's 2-core virtual machines, moving
// within seconds), and a step of a thousand bodies then ran up to twice as slow on two
// threads as on one. The results are bit-identical either way (every split is), so the
// choice may follow the clock: every cycle first runs short blocks of steps with and without
// the pool, then keeps the faster way for a while. Blocks rather than single steps, and the
// first step of each block not counted: a step right after a switch pays for it (the other
// thread's cache is cold, an idle worker has backed off to sleeps), which would count
// against the pool. The pool wins unless it is clearly slower (by a tenth): with the cores
// close it is faster once a pile rests, and a landing's steps vary too much from one to the
// next for a few of them to tell a slight edge. The blocks go pool, alone, alone, pool (each
// way's blocks sit as early as late on average), and each way counts the sum of its blocks'
// fastest steps, so a scene whose steps grow or shrink steadily through the probe favours
// neither way, and one step the machine delayed does not decide. (Alternating blocks with
// each way's two fastest steps overall leaned the way whose block came last: a rain ending
// its landing, steps 1.5 ms shrinking to 0.8 ms within the probe, chose one thread and held
// it for 200 steps of a settling pile the pool runs in half the time.) A hold ends early
// when its steps drift far from what the probe measured (a rain that lands: the probe ran
// while it fell, a serial broad phase, and kept one thread through the landing, whose solver
// splits well): the median of the last `driftSteps` held steps is watched (a median, so
// that a few steps the machine delayed do not end a hold), and a new probe starts once it
// has grown or shrunk past `driftFactor`. A probe that drift started and that kept the pool
// makes the next hold watch only from `confirmedDriftWait` held steps on: in the rain of
// 1,000 items through the UIKit layer, whose landing changes its steps' length step after
// step, a probe ran every twenty-odd steps and kept the pool each time, and 53-61 of its
// first 170 steps ran without the pool (24-52 with the wait). A hold of one thread is watched
// again after `driftSteps`, whatever started its probe: the rain's fall, whose steps gain
// little from the pool, sometimes chose one thread just before the landing, and the wait then
// kept one thread through the first 48 steps of the landing, which the pool runs 1.5x faster.
// A probe costs its steps without the pool: in a resting rain of 1,000 items they take 1.3-2x
// as long as pooled ones, and the rain's 54-136 steps without the pool (a probe every 212
// steps, and one after each drift) took 40-50 ms of its 600-800. So a hold after a probe that
// the pool won clearly (the single thread at least `clearWin` times slower) is twice as long
// as the one before, up to `maxHoldSteps`; any other outcome goes back to `holdSteps`. The
// drift watch is the same in every hold, so a machine that turns against the pool (its cores
// moved apart: steps twice as long) is still caught within `driftSteps` or so. Fastest steps
// and medians do not see a pool that stalls now and then: with another program busy on the
// machine most pooled steps run unhindered while one in several waits milliseconds for the
// thread the other program took, so a hold with the pool is also watched by its steps
// counted whole, in windows of `stallWindowSteps` (`poolStalls`), and gives way to a hold
// without the pool when they cost more than the single thread's. Such a machine stays so for
// seconds to minutes (the other program runs on, or the host keeps the second core for
// others), and a probe's fastest steps then find the two ways about even: the pool was kept
// on the tie, and stalled again two windows into each hold (a rain of 1,000 items with a
// busy program beside it: 780-900 ms in its steps on two threads, while one thread's whole
// process took 650-740 ms).
// So once the pool has stalled, a probe keeps it only when it is faster by `stalledPoolEdge`,
// and each probe that does not find it so doubles the hold without it, up to
// `maxStalledHoldSteps`; a hold with the pool that runs to its end without a stall forgets.
// (With `yes > /dev/null` beside it, the rain's process: median 0.76 s against 0.79 s, the
// slowest of 20 runs 0.90 s against 0.94; one thread 0.65 s. What is left is the landing,
// whose pooled steps stall for milliseconds before any window is judged.)
import Foundation

struct WorkerTuner {
    /// Blocks of each way in a probe (in the order `probeBlockIsPooled` gives, the pool's first).
    static let probeBlocks = 2
    /// Steps in a block; the first is not counted.
    static let blockSteps = 3
    /// Steps the chosen way is kept before the next probe (the first hold, and every hold
    /// after a probe the pool did not win clearly).
    static let holdSteps = 200
    /// The longest hold, reached by doubling after each probe the pool won clearly.
    static let maxHoldSteps = 1_600
    /// How many times slower than the pool the single thread must be in a probe for the pool's
    /// win to count as clear (and the next hold to double).
    static let clearWin = 1.25
    /// How far (either way) the held steps' median may move from the probe's steps of the
    /// chosen way before a new probe starts.
    static let driftFactor = 1.5
    /// The last held steps whose median is judged: sixteen, so that the machine holding the
    /// process back for a few steps (seen every hundred steps or so on a busy machine, 2-3x
    /// the usual step for 5-8 steps) does not start a probe; over eight such stalls started
    /// half the probes of a resting rain.
    static let driftSteps = 16
    /// Held steps before the drift is judged after a probe that drift started and that kept
    /// the pool.
    static let confirmedDriftWait = 48
    /// How much slower the pool's probe steps may be than the single thread's and the pool
    /// still be chosen.
    static let poolMargin = 1.1
    /// Held steps with the pool per stall watch window (see `poolStalls`).
    static let stallWindowSteps = 32
    /// Windows in a row that must find the pool stalling before it gives way (one window is
    /// moved by a single step the machine delayed long enough).
    static let stalledWindowsToYield = 2
    /// How far the mean step of a stall watch window may exceed the single thread's probe
    /// steps before the pool gives way to a hold without it (when its typical step has not
    /// drifted: the tail is what costs).
    static let stallFactor = 1.25
    /// How much faster than the single thread the pool's probe steps must be for the pool to
    /// be chosen again after it stalled.
    static let stalledPoolEdge = 1.1
    /// The longest hold without the pool after stalls (doubling from `holdSteps`): a machine
    /// that frees its second core again waits at most this long for the pool.
    static let maxStalledHoldSteps = 800

    /// Whether the current step uses the pool.
    private(set) var pooled = true
    /// Steps begun, and those of them that used the pool.
    private(set) var steps = 0
    private(set) var pooledSteps = 0
    /// Steps of the current hold (`holdSteps`, doubled after each clear win of the pool).
    private(set) var hold = WorkerTuner.holdSteps
    private var position = 0
    /// Per way, the sum of its finished blocks' fastest counted steps in this probe.
    private var withPool: UInt64 = 0
    private var withoutPool: UInt64 = 0
    /// The current block's fastest counted step so far.
    private var blockFastest = UInt64.max
    /// The chosen way's mean counted step in the last probe, and the last `driftSteps` held
    /// steps (a ring).
    private var reference = 0.0
    private var recent = [UInt64](repeating: 0, count: WorkerTuner.driftSteps)
    /// The single thread's mean counted step in the last probe.
    private var aloneReference = 0.0
    /// The current stall watch window of a hold with the pool (its steps so far).
    private var stallWindow = [UInt64]()
    /// Windows in a row of the current hold that found the pool stalling.
    private var stalledWindows = 0
    /// Holds without the pool since the pool last stalled (its verdict's, and each after a
    /// probe that did not find the pool faster by `stalledPoolEdge`); 0 once a hold with the
    /// pool ran to its end.
    private(set) var stalledHolds = 0
    /// The way held when drift started the current probe (nil: a regular probe).
    private var driftProbeFrom: Bool?
    /// Held steps before the drift is judged in the current hold.
    private var driftWait = WorkerTuner.driftSteps

    private static var probeLength: Int { 2 * probeBlocks * blockSteps }

    /// Decides the way of the next step.
    mutating func beginStep() -> Bool {
        if position == Self.probeLength + hold {
            // A hold with the pool that no stall cut short.
            if pooled { stalledHolds = 0 }
            position = 0
            driftProbeFrom = nil
        }
        if position < Self.probeLength { pooled = Self.probeBlockIsPooled(position / Self.blockSteps) }
        steps += 1
        if pooled { pooledSteps += 1 }
        return pooled
    }

    /// Records how long the step took; ends a probe with the choice.
    mutating func endStep(nanoseconds: UInt64) {
        if position < Self.probeLength {
            if position % Self.blockSteps != 0 { blockFastest = min(blockFastest, nanoseconds) }
            if position % Self.blockSteps == Self.blockSteps - 1 {
                if pooled { withPool += blockFastest } else { withoutPool += blockFastest }
                blockFastest = .max
            }
            if position == Self.probeLength - 1 {
                // The pool is kept unless it is clearly slower: a probe measures a few steps
                // each way, and in a landing rain, whose steps vary threefold from one to the
                // next, a slight edge either way is chance, not the machine.
                // After stalls the pool must win outright: on a machine that takes the
                // second core now and then, a tie in the fastest steps hides the stalls.
                pooled = stalledHolds > 0
                    ? Self.stalledPoolEdge * Double(withPool) <= Double(withoutPool)
                    : Double(withPool) <= Self.poolMargin * Double(withoutPool)
                let clear = pooled && Double(withoutPool) >= Self.clearWin * Double(withPool)
                if !pooled && stalledHolds > 0 {
                    stalledHolds += 1
                    hold = Self.stalledHold(stalledHolds)
                } else {
                    hold = clear ? min(2 * hold, Self.maxHoldSteps) : Self.holdSteps
                }
                reference = Double(pooled ? withPool : withoutPool) / Double(Self.probeBlocks)
                aloneReference = Double(withoutPool) / Double(Self.probeBlocks)
                stallWindow.removeAll(keepingCapacity: true)
                stalledWindows = 0
                driftWait = pooled && driftProbeFrom == true ? Self.confirmedDriftWait : Self.driftSteps
                withPool = 0
                withoutPool = 0
            }
        } else {
            let held = position - Self.probeLength
            recent[held % Self.driftSteps] = nanoseconds
            if pooled && poolStalls(after: nanoseconds) {
                // Hold without the pool from the next step; the next probe comes after it.
                pooled = false
                position = Self.probeLength - 1
                stalledHolds += 1
                hold = Self.stalledHold(stalledHolds)
                reference = aloneReference
                driftWait = Self.driftSteps
                driftProbeFrom = nil
                stalledWindows = 0
            } else if held + 1 >= driftWait && reference > 0 {
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

    /// Adds a held step with the pool to the stall watch; whether `stalledWindowsToYield`
    /// windows in a row found the pool's steps, counted whole, costing more than the single
    /// thread's (by `stallFactor`) while their median stayed near the probe's. The probe and
    /// the drift watch judge by each block's fastest step and by a median, so that one step
    /// the machine delayed does not decide; with another program busy on the machine most
    /// pooled steps still run unhindered while one in several waits a whole time slice
    /// (milliseconds) at a stage for the thread the other program took: in the rain of 1,000
    /// items through the UIKit layer, pooled steps of median 0.51 ms and mean 0.83 ms against
    /// 0.58 ms alone, and the pool, faster by every measure the probe takes, made the process
    /// 1.4x slower than one thread. A window whose median moved too (steps that grow, as in a
    /// landing) is the drift watch's to judge.
    private mutating func poolStalls(after nanoseconds: UInt64) -> Bool {
        stallWindow.append(nanoseconds)
        guard stallWindow.count == Self.stallWindowSteps else { return false }
        defer { stallWindow.removeAll(keepingCapacity: true) }
        guard aloneReference > 0, reference > 0 else { return false }
        let mean = Double(stallWindow.reduce(0, +)) / Double(Self.stallWindowSteps)
        let median = Double(stallWindow.sorted()[Self.stallWindowSteps / 2])
        let stalls = mean > Self.stallFactor * aloneReference && median <= Self.driftFactor * reference
        stalledWindows = stalls ? stalledWindows + 1 : 0
        return stalledWindows >= Self.stalledWindowsToYield
    }

    /// The length of the `n`th hold without the pool since it stalled (from 1): `holdSteps`,
    /// doubled each time, at most `maxStalledHoldSteps`.
    static func stalledHold(_ n: Int) -> Int {
        min(holdSteps << min(max(n - 1, 0), 16), maxStalledHoldSteps)
    }

    /// Whether block `b` of a probe uses the pool: pairs of blocks in turn pool-alone and
    /// alone-pool (P I I P P I I P ...), so that each way's blocks have the same mean position.
    static func probeBlockIsPooled(_ b: Int) -> Bool {
        (b + b / 2) % 2 == 0
    }
}
