import XCTest
@testable import Dynamics

/// The worker tuner: blocks of steps with and without the pool, the faster way kept.
final class WorkerTunerTests: XCTestCase {
    /// Runs one probe, taking each step's duration from `duration(step, pooled)`, and
    /// returns the ways the probe's steps ran and the way chosen.
    private func probe(_ tuner: inout WorkerTuner, _ duration: (Int, Bool) -> UInt64) -> (ways: [Bool], chosen: Bool) {
        var ways: [Bool] = []
        let length = 2 * WorkerTuner.probeBlocks * WorkerTuner.blockSteps
        for step in 0..<length {
            let pooled = tuner.beginStep()
            ways.append(pooled)
            tuner.endStep(nanoseconds: duration(step, pooled))
        }
        return (ways, tuner.pooled)
    }

    func testAProbeRunsPoolAloneAlonePoolBlocks() {
        var tuner = WorkerTuner()
        let (ways, _) = probe(&tuner) { _, _ in 1000 }
        // Two blocks of each way, three steps each: P P P I I I I I I P P P.
        XCTAssertEqual(ways, [true, true, true, false, false, false, false, false, false, true, true, true])
    }

    /// Steps that shrink (or grow) steadily through the probe, as at the end of a rain's
    /// landing, favour neither way: the way faster at every moment wins. (With alternating
    /// blocks and each way's two fastest steps, the way whose block came last won both.)
    func testASteadyTrendThroughTheProbeFavoursNeitherWay() {
        // Steps shrinking from 2.0 to 0.9 ms; the pool 10% faster throughout.
        var shrinking = WorkerTuner()
        let pool = probe(&shrinking) { step, pooled in
            UInt64((2_000_000 - 100_000 * Double(step)) * (pooled ? 0.9 : 1))
        }.chosen
        XCTAssertTrue(pool, "the pool is faster at every step")
        // Steps growing from 0.8 to 1.9 ms; one thread 20% faster throughout.
        var growing = WorkerTuner()
        let alone = probe(&growing) { step, pooled in
            UInt64((800_000 + 100_000 * Double(step)) * (pooled ? 1.25 : 1))
        }.chosen
        XCTAssertFalse(alone, "one thread is faster at every step")
    }

    /// After a probe the pool wins clearly the hold doubles, up to `maxHoldSteps`; a narrow
    /// win (or one thread's) goes back to `holdSteps`.
    func testHoldsDoubleAfterClearWinsUpToTheLongest() {
        XCTAssertEqual(WorkerTuner.clearWin, 1.25)
        XCTAssertEqual(WorkerTuner.maxHoldSteps, 8 * WorkerTuner.holdSteps)
        var tuner = WorkerTuner()
        // Pooled steps always 0.5 ms (so held steps never drift from the probe's); steps
        // without the pool (only ever in probes) cost `alone`.
        var alone: UInt64 = 1_000_000
        func step() -> Bool {
            let pooled = tuner.beginStep()
            tuner.endStep(nanoseconds: pooled ? 500_000 : alone)
            return pooled
        }
        let probeLength = 2 * WorkerTuner.probeBlocks * WorkerTuner.blockSteps
        for _ in 0..<probeLength { _ = step() }
        /// The hold's length: the pooled steps up to the next probe's first step without the
        /// pool, less that probe's first block (with the pool); then the rest of that probe.
        func nextHold() -> Int {
            var pooledRun = 0
            while step() { pooledRun += 1 }
            for _ in 0..<(probeLength - WorkerTuner.blockSteps - 1) { _ = step() }
            return pooledRun - WorkerTuner.blockSteps
        }
        XCTAssertEqual(nextHold(), 400, "a clear win (one thread 2x slower): twice the first hold")
        XCTAssertEqual(nextHold(), 800)
        XCTAssertEqual(nextHold(), 1_600)
        // The probe after this hold: one thread only 10% slower, a narrow win of the pool.
        alone = 550_000
        XCTAssertEqual(nextHold(), 1_600, "no longer than the longest")
        XCTAssertTrue(tuner.pooled, "the pool kept")
        XCTAssertEqual(nextHold(), WorkerTuner.holdSteps, "after a narrow win, the first hold again")
    }

    func testTheFasterWayIsChosenAndKeptUntilTheNextProbe() {
        var tuner = WorkerTuner()
        XCTAssertFalse(probe(&tuner) { _, pooled in pooled ? 2_000_000 : 1_000_000 }.chosen, "one thread faster")
        for _ in 0..<WorkerTuner.holdSteps {
            XCTAssertFalse(tuner.beginStep())
            tuner.endStep(nanoseconds: 1_000_000)
        }
        // The next probe runs both ways again and can change its mind.
        let next = probe(&tuner) { _, pooled in pooled ? 600_000 : 1_000_000 }
        XCTAssertEqual(next.ways.filter { $0 }.count, 6)
        XCTAssertTrue(next.chosen, "the pool faster now")
        XCTAssertTrue(tuner.beginStep())
    }

    /// A pool a little slower in the probe (under `poolMargin`) is kept; clearly slower, not.
    func testThePoolIsKeptUnlessClearlySlower() {
        var tuner = WorkerTuner()
        XCTAssertTrue(probe(&tuner) { _, pooled in pooled ? 1_080_000 : 1_000_000 }.chosen, "8% slower: kept")
        var other = WorkerTuner()
        XCTAssertFalse(probe(&other) { _, pooled in pooled ? 1_120_000 : 1_000_000 }.chosen, "12% slower: one thread")
        XCTAssertEqual(WorkerTuner.poolMargin, 1.1)
    }

    func testTheFirstStepOfABlockIsNotCounted() {
        var tuner = WorkerTuner()
        // One thread is faster; only the steps right after a switch to the pool were quick
        // (counted, the two of them would decide for the pool).
        let chosen = probe(&tuner) { step, pooled in
            if !pooled { return 1_000_000 }
            return step % WorkerTuner.blockSteps == 0 ? 100_000 : 1_200_000
        }.chosen
        XCTAssertFalse(chosen)
    }

    func testOneDelayedStepDoesNotDecide() {
        var tuner = WorkerTuner()
        // The pool is faster, but one of its counted steps was delayed by the machine.
        let chosen = probe(&tuner) { step, pooled in
            if !pooled { return 1_000_000 }
            return step == 10 ? 50_000_000 : 700_000
        }.chosen
        XCTAssertTrue(chosen)
    }

    func testItCountsTheStepsThatUsedThePool() {
        var tuner = WorkerTuner()
        // One thread faster: the probe's 6 pooled steps, then none in the hold.
        _ = probe(&tuner) { _, pooled in pooled ? 2_000_000 : 1_000_000 }
        for _ in 0..<18 {
            _ = tuner.beginStep()
            tuner.endStep(nanoseconds: 1_000_000)
        }
        XCTAssertEqual(tuner.steps, 30)
        XCTAssertEqual(tuner.pooledSteps, 6)
        // What bench physics prints as pooled_share.
        let one = EngineBenchmark(.rain1000, workers: 1)
        for _ in 0..<30 { one.step() }
        XCTAssertEqual(one.pooledShare, 0)
        let two = EngineBenchmark(.rain1000, workers: 2)
        for _ in 0..<30 { two.step() }
        XCTAssertGreaterThanOrEqual(two.pooledShare, 6.0 / 30)
        XCTAssertLessThanOrEqual(two.pooledShare, 1)
        two.world.tunesWorkers = false
        XCTAssertEqual(two.pooledShare, 1)
    }

    func testAWorldWithoutAPoolOrWithTuningOffNeverSwitches() {
        let world = World(gravity: Vec2(0, 10))
        world.step(1.0 / 60)
        XCTAssertNil(world.workerPool)
        world.workerCount = 2
        world.tunesWorkers = false
        for _ in 0..<30 {
            world.step(1.0 / 60)
            XCTAssertNotNil(world.workerPool)
        }
        XCTAssertEqual(world.workerTuner.pooled, true, "not consulted")
    }
}

/// A hold ends early when its steps drift from what the probe measured.
final class WorkerTunerDriftTests: XCTestCase {
    private func probeLength() -> Int { 2 * WorkerTuner.probeBlocks * WorkerTuner.blockSteps }

    /// Steps `count` times at `duration(pooled)`; returns the ways taken.
    private func run(_ tuner: inout WorkerTuner, _ count: Int, _ duration: (Bool) -> UInt64) -> [Bool] {
        (0..<count).map { _ in
            let pooled = tuner.beginStep()
            tuner.endStep(nanoseconds: duration(pooled))
            return pooled
        }
    }

    /// A tuner after a probe the pool won (0.6 ms a step against 1 ms alone), then `count`
    /// held steps of `duration(k)` (k from 1); returns the tuner, whether the probe chose the
    /// pool, and the ways the held steps took.
    private func holdAfterAWonProbe(_ count: Int, _ duration: (Int) -> UInt64) -> (tuner: WorkerTuner, chosen: Bool, ways: [Bool]) {
        var tuner = WorkerTuner()
        _ = run(&tuner, probeLength()) { pooled in pooled ? 600_000 : 1_000_000 }
        let chosen = tuner.pooled
        var k = 0
        let ways = run(&tuner, count) { _ in
            k += 1
            return duration(k)
        }
        return (tuner, chosen, ways)
    }

    /// Asserts that `steps` (a landing the pool runs faster) took the pool within `limit`
    /// steps and that `tuner` holds it now.
    private func assertPoolChosen(_ steps: [Bool], within limit: Int, _ tuner: WorkerTuner, _ message: String,
                                  file: StaticString = #filePath, line: UInt = #line) {
        let firstPooled = steps.firstIndex(of: true)
        XCTAssertNotNil(firstPooled, file: file, line: line)
        XCTAssertLessThanOrEqual(firstPooled ?? 99, limit, message, file: file, line: line)
        XCTAssertTrue(tuner.pooled, "the pool chosen for the landing", file: file, line: line)
    }

    func testStepsThatGrowPastTheFactorStartANewProbeThatCanChangeTheWay() {
        var tuner = WorkerTuner()
        // Falling: one thread faster (a serial broad phase).
        let first = run(&tuner, probeLength()) { pooled in pooled ? 400_000 : 300_000 }
        XCTAssertEqual(first.filter { $0 }.count, 6)
        XCTAssertFalse(tuner.pooled)
        // Held steps at the probe's cost: no new probe.
        XCTAssertEqual(run(&tuner, 50) { _ in 330_000 }, Array(repeating: false, count: 50))
        // Landing: steps three times as long, and the pool now faster. Within a few steps the
        // average passes 1.5x and a probe runs both ways, then keeps the pool.
        let landing = run(&tuner, 60) { pooled in pooled ? 700_000 : 1_000_000 }
        assertPoolChosen(landing, within: WorkerTuner.driftSteps + 2, tuner, "the hold ended early")
        XCTAssertEqual(landing.suffix(20), Array(repeating: true, count: 20)[...], "and held")
    }

    func testStepsThatShrinkPastTheFactorStartANewProbe() {
        var tuner = WorkerTuner()
        _ = run(&tuner, probeLength()) { pooled in pooled ? 1_000_000 : 1_300_000 }
        XCTAssertTrue(tuner.pooled)
        // The scene comes to rest: steps a third as long; one thread now faster.
        let rest = run(&tuner, 40) { pooled in pooled ? 400_000 : 300_000 }
        XCTAssertTrue(rest.contains(false), "a new probe ran steps without the pool")
        XCTAssertFalse(tuner.pooled, "one thread chosen")
    }

    /// A landing whose steps keep growing while the pool stays the faster way: the drift
    /// starts a probe, which keeps the pool; the next hold watches the drift only from
    /// `confirmedDriftWait` held steps on, so the growth goes on without a probe every few
    /// steps. A probe that changed the way watches again after `driftSteps`.
    func testAProbeThatKeptTheWayWaitsLongerForTheNextDrift() {
        var tuner = WorkerTuner()
        _ = run(&tuner, probeLength()) { pooled in pooled ? 600_000 : 1_000_000 }
        XCTAssertTrue(tuner.pooled)
        // Steps twice as long, the pool still faster: a probe within a few steps (its steps
        // without the pool come after its first block, with it), pool kept.
        let grown = run(&tuner, 30) { pooled in pooled ? 1_200_000 : 2_000_000 }
        let probeStart = grown.firstIndex(of: false)
        XCTAssertNotNil(probeStart)
        XCTAssertLessThanOrEqual(probeStart ?? 99, WorkerTuner.driftSteps + WorkerTuner.blockSteps)
        XCTAssertTrue(tuner.pooled)
        XCTAssertEqual(WorkerTuner.confirmedDriftWait, 48)
        // Twice as long again: no probe before 48 held steps have passed since that probe,
        // then one (first its block with the pool).
        let probeEnd = (probeStart ?? 0) - WorkerTuner.blockSteps + probeLength()
        let heldSoFar = grown.count - probeEnd
        let later = run(&tuner, 60) { pooled in pooled ? 2_400_000 : 4_000_000 }
        let next = later.firstIndex(of: false)
        XCTAssertNotNil(next)
        XCTAssertGreaterThanOrEqual(heldSoFar + (next ?? 0), 48, "no probe before the longer wait")
        XCTAssertLessThanOrEqual(heldSoFar + (next ?? 0), 48 + WorkerTuner.blockSteps, "and one right after it")
    }

    /// A probe that drift started and that kept one thread does not make the next hold wait
    /// longer: if the steps grow again (a fall turning into a landing) the pool is measured
    /// again after `driftSteps`, not after `confirmedDriftWait`.
    func testAHoldOfOneThreadIsWatchedAgainSoonAfterADriftProbe() {
        var tuner = WorkerTuner()
        // Falling: one thread faster.
        _ = run(&tuner, probeLength()) { pooled in pooled ? 400_000 : 300_000 }
        XCTAssertFalse(tuner.pooled)
        // Steps grow 2.7x, one thread still faster: a drift probe keeps it (and 12 steps held after).
        let grown = run(&tuner, 40) { pooled in pooled ? 1_100_000 : 800_000 }
        XCTAssertTrue(grown.contains(true), "the drift started a probe")
        XCTAssertFalse(tuner.pooled, "which kept one thread")
        // Landing: steps 2.5x again, now the pool faster: measured again within a few steps.
        let landing = run(&tuner, 60) { pooled in pooled ? 1_200_000 : 2_000_000 }
        assertPoolChosen(landing, within: WorkerTuner.driftSteps, tuner, "not held for confirmedDriftWait")
    }

    /// The machine holding the process back for a few steps (2-3x the usual step, for up to
    /// seven steps: seen every hundred steps or so on a busy machine) starts no probe; a
    /// lasting change still does.
    func testAFewStalledStepsDoNotStartAProbe() {
        XCTAssertEqual(WorkerTuner.driftSteps, 16)
        var (tuner, chosen, held) = holdAfterAWonProbe(190) { k in (100..<107).contains(k) ? 1_800_000 : 600_000 }
        XCTAssertTrue(chosen)
        XCTAssertEqual(held, Array(repeating: true, count: 190), "no probe for a stall of seven steps")
        let lasting = run(&tuner, 30) { pooled in pooled ? 1_800_000 : 1_000_000 }
        XCTAssertTrue(lasting.contains(false), "steps three times as long for good: a probe")
    }

    func testNoiseWithinTheFactorKeepsTheHold() {
        // Steps between 0.8x and 1.4x of the probe's, and a lone delayed one: held throughout.
        let held = holdAfterAWonProbe(WorkerTuner.holdSteps - 1) { k in
            k == 50 ? 20_000_000 : UInt64(600_000 * (0.8 + 0.6 * Double(k % 7) / 6))
        }.ways
        XCTAssertEqual(held, Array(repeating: true, count: WorkerTuner.holdSteps - 1))
    }

    /// A pool whose steps mostly run fast but one in five waits 4 ms (another program busy on
    /// the machine took the other thread): faster than one thread by the probe's fastest
    /// steps and by the median, slower counted whole (mean 1.2 ms, median 0.5 ms, against
    /// 0.6 ms alone). `step` counts the steps.
    private func stalling(_ pooled: Bool, _ step: inout Int) -> UInt64 {
        step += 1
        if !pooled { return 600_000 }
        return step % 5 == 0 ? 4_000_000 : 500_000
    }

    /// A tuner whose probe chose the pool (its counted steps happened to miss the stalls) and
    /// whose hold with it then stalled for the two windows the stall watch judges; returns it
    /// and the ways of those held steps.
    private func stalledTuner() -> (tuner: WorkerTuner, held: [Bool]) {
        var tuner = WorkerTuner()
        _ = run(&tuner, probeLength()) { pooled in pooled ? 500_000 : 600_000 }
        XCTAssertTrue(tuner.pooled)
        var k = 0
        let held = run(&tuner, 2 * WorkerTuner.stallWindowSteps) { stalling($0, &k) }
        return (tuner, held)
    }

    /// Two windows of the stall watch find the stalling pool and one thread is held from the
    /// next step for a whole hold; a probe follows it.
    func testAPoolThatStallsNowAndThenGivesWayToOneThread() {
        XCTAssertEqual(WorkerTuner.stallWindowSteps, 32)
        XCTAssertEqual(WorkerTuner.stalledWindowsToYield, 2)
        XCTAssertEqual(WorkerTuner.stallFactor, 1.25)
        var (tuner, held) = stalledTuner()
        XCTAssertEqual(held, Array(repeating: true, count: 2 * WorkerTuner.stallWindowSteps), "judged after two windows")
        XCTAssertFalse(tuner.pooled, "one thread from the next step")
        var k = 0
        let alone = run(&tuner, WorkerTuner.holdSteps) { stalling($0, &k) }
        XCTAssertEqual(alone, Array(repeating: false, count: WorkerTuner.holdSteps), "held for a whole hold")
        // (The probe's pooled blocks count their fastest steps, 0.5 ms: 1.2x faster.)
        let next = run(&tuner, probeLength()) { stalling($0, &k) }
        XCTAssertEqual(next.filter { $0 }.count, 6, "then a probe")
        XCTAssertTrue(tuner.pooled, "which the pool, faster by more than a tenth, wins")
    }

    /// After the pool stalled, a probe that finds it faster by less than `stalledPoolEdge`
    /// (here by 4%, which before any stall keeps the pool) keeps one thread, and each such
    /// probe doubles the hold without the pool: 200, 400, 800 steps, and no longer.
    func testAfterAStallHoldsWithoutThePoolDoubleUntilThePoolWinsOutright() {
        XCTAssertEqual(WorkerTuner.stalledPoolEdge, 1.1)
        XCTAssertEqual(WorkerTuner.maxStalledHoldSteps, 800)
        var tuner = stalledTuner().tuner
        XCTAssertFalse(tuner.pooled)
        let even: (Bool) -> UInt64 = { pooled in pooled ? 500_000 : 520_000 }
        // Hold by hold: the steps without the pool up to the next probe's first (pooled)
        // block, then the rest of that probe.
        var holds: [Int] = []
        for _ in 0..<4 {
            var length = 0
            // (Bounded: a tuner that never probes again fails here instead of hanging.)
            while !tuner.beginStep() && length < 2 * WorkerTuner.maxStalledHoldSteps {
                tuner.endStep(nanoseconds: even(false))
                length += 1
            }
            tuner.endStep(nanoseconds: even(true))
            _ = run(&tuner, probeLength() - 1, even)
            holds.append(length)
            XCTAssertFalse(tuner.pooled, "a pool 4% faster is not chosen after stalls")
        }
        XCTAssertEqual(holds, [200, 400, 800, 800])
    }

    /// After stalls, a pool faster by a fifth is chosen again; a hold with it that runs to its
    /// end without stalling forgets them: the next probe keeps a pool 4% slower, as before any
    /// stall (`poolMargin`), and the holds without the pool are back to `holdSteps`.
    func testAPoolThatWinsOutrightIsChosenAgainAndAStallFreeHoldForgets() {
        var tuner = stalledTuner().tuner
        _ = run(&tuner, WorkerTuner.holdSteps) { _ in 600_000 }
        XCTAssertEqual(tuner.stalledHolds, 1)
        _ = run(&tuner, probeLength()) { pooled in pooled ? 500_000 : 600_000 }
        XCTAssertTrue(tuner.pooled, "the pool, 1.2x faster, chosen again")
        XCTAssertEqual(tuner.stalledHolds, 1, "not yet forgotten")
        let held = run(&tuner, WorkerTuner.holdSteps) { _ in 500_000 }
        XCTAssertEqual(held, Array(repeating: true, count: WorkerTuner.holdSteps), "a whole hold, no stall")
        _ = run(&tuner, probeLength()) { pooled in pooled ? 520_000 : 500_000 }
        XCTAssertEqual(tuner.stalledHolds, 0, "forgotten")
        XCTAssertTrue(tuner.pooled, "a pool 4% slower kept again")
        XCTAssertEqual(tuner.hold, WorkerTuner.holdSteps)
    }

    /// What the stall watch must not take for stalls: a single step the machine delayed 30
    /// times over, a delay of seven steps, and steps that grow through the hold (a landing:
    /// the median moves, which is the drift watch's to judge).
    func testDelaysAndGrowthAreNotStalls() {
        let delayed = holdAfterAWonProbe(WorkerTuner.holdSteps - 1) { k in
            k == 40 ? 20_000_000 : (100..<107).contains(k) ? 1_800_000 : 600_000
        }.ways
        XCTAssertEqual(delayed, Array(repeating: true, count: WorkerTuner.holdSteps - 1))
        var growing = WorkerTuner()
        _ = run(&growing, probeLength()) { pooled in pooled ? 600_000 : 700_000 }
        var g = 0.0
        let grown = run(&growing, 40) { pooled in
            g += 1
            return UInt64((pooled ? 600_000 : 700_000) * (1 + g / 10))
        }
        // The drift watch started a probe: the pool's first block, then one thread.
        let firstAlone = grown.firstIndex(of: false) ?? 99
        XCTAssertEqual(Array(grown[firstAlone...].prefix(3)), [false, false, false], "a probe's block, not a hold")
        XCTAssertTrue(Array(grown[firstAlone...]).contains(true), "the probe runs the pool again")
    }
}
