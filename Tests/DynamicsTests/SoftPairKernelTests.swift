import XCTest
import CKernels
@testable import Dynamics

/// The soft step's eight-lane kernel (CKernels' ckernels_solve_soft_pair_avx2) solves two
/// batches of one color at once in a biased or a relax pass. Whatever it takes, it must leave
/// exactly what the four-lane `solveBatch` leaves solving the two batches one after the other,
/// bit for bit (the benchmark's state hashes rest on it), and what it declines it must not
/// touch.
final class SoftPairKernelTests: XCTestCase {
    private typealias Stream = KernelTestStream

    private let dummy: Int32 = 16

    private func requireAVX2() throws {
        try XCTSkipUnless(ckernels_has_avx2() != 0, "this processor has no AVX2: the pair kernel never runs")
    }

    /// A batch of four lanes on bodies `first` ..< `first` + 8 (A: first 4, B: next 4), a lane
    /// on the dummy now and then, every field random; lanes whose gap is open (positive base
    /// separation) and soft ones both; `landing` lanes may be blockable, `recording` ones record.
    private func batch(_ random: inout Stream, first: Int32, landing: Bool = false, recording: Bool = false) -> ContactBatch {
        var b = ContactBatch(dummy: dummy)
        b.bodyA = I4(first, first + 1, first + 2, random.choose(3) == 0 ? dummy : first + 3)
        b.bodyB = I4(first + 4, first + 5, random.choose(4) == 0 ? dummy : first + 6, first + 7)
        b.contact = I4(0, 1, 2, 3)
        let angle = random.vector() * 3
        b.nx = F4(cos(angle[0]), cos(angle[1]), cos(angle[2]), cos(angle[3]))
        b.ny = F4(sin(angle[0]), sin(angle[1]), sin(angle[2]), sin(angle[3]))
        // Axis-aligned normals, as a box resting on a box has: exact zeros and ones.
        if random.choose(3) == 0 { b.nx[1] = 0; b.ny[1] = -1 }
        if random.choose(3) == 0 { b.nx[2] = -0.0; b.ny[2] = 1 }
        b.friction = random.positive(); b.restitution = random.positive()
        b.mA = random.positive() + 0.1; b.iA = random.positive() + 0.1
        b.mB = random.positive() + 0.1; b.iB = random.positive() + 0.1
        // A lane on the dummy has no mass there, as the preparation writes it.
        for lane in 0..<4 {
            if b.bodyA[lane] == dummy { b.mA[lane] = 0; b.iA[lane] = 0 }
            if b.bodyB[lane] == dummy { b.mB[lane] = 0; b.iB[lane] = 0 }
        }
        b.biasRate = random.positive() * 30
        b.massScale = random.positive() * 0.5 + 0.4
        b.impulseScale = random.positive() * 0.5
        b.accelN = random.vector() * 10
        b.invK11 = random.positive() + 1; b.invK22 = random.positive() + 1; b.invK12 = random.vector() * 0.5
        if landing { for lane in 0..<4 where random.choose(2) == 0 { b.blockable[lane] = 1 } }
        for k in 0..<2 {
            var p = WidePoint()
            p.rAx = random.vector() * 0.2; p.rAy = random.vector() * 0.2
            p.rBx = random.vector() * 0.2; p.rBy = random.vector() * 0.2
            // Overlaps shallow and deep (past four slops), and open gaps (speculative points).
            p.baseSeparation = random.vector() * 0.03
            p.normalImpulse = random.positive(); p.tangentImpulse = random.vector() * 0.1
            p.maxNormalImpulse = random.positive()
            // Lanes with no impulse yet (their friction clamps at zero): signed zeros decide.
            for lane in 0..<4 where random.choose(4) == 0 { p.normalImpulse[lane] = 0; p.tangentImpulse[lane] = 0 }
            p.normalMass = random.positive() + 0.5; p.tangentMass = random.positive() + 0.5
            p.relativeVelocity = random.vector()
            if recording { p.recordable[random.choose(4)] = 1 }
            if k == 0 { b.p0 = p } else { b.p1 = p }
        }
        return b
    }

    /// Sixteen moving bodies with velocities and this step's position deltas, and the dummy at
    /// rest; some velocities exactly -0.
    private func bodies(_ random: inout Stream) -> [BodyState] {
        (0...16).map { i -> BodyState in
            var s = BodyState()
            if i < 16 {
                s.vx = random.next(); s.vy = random.next(); s.wf = random.next()
                if random.choose(5) == 0 { s.vx = -0.0 }
                s.dpx = random.next() * 0.01; s.dpy = random.next() * 0.01
                let turn = random.next() * 0.05
                s.qc = cos(turn); s.qs = sin(turn)
            }
            return s
        }
    }

    private func bytes<T>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }

    private func stateBytes(_ states: [BodyState]) -> [UInt8] { states.flatMap { bytes($0) } }

    private func pass(_ random: inout Stream) -> (SubStepTerms, reversed: Bool) {
        (SubStepTerms(h: 1.0 / 240, useBias: random.choose(2) == 0), random.choose(2) == 0)
    }

    private func cPass(_ step: SubStepTerms) -> ckernels_soft_pass {
        ckernels_soft_pass(inv_h: step.invH, h: step.h, max_bias: step.maxBias, deep_overlap: step.deepOverlap,
                           use_bias: step.useBias ? 1 : 0)
    }

    /// The kernel on a copy of `batches` and `states`: whether it took them, and what it left.
    private func solvePair(_ batches: [ContactBatch], _ states: [BodyState], _ step: SubStepTerms,
                           reversed: Bool) -> (taken: Int32, batches: [ContactBatch], states: [BodyState]) {
        var pair = batches, st = states
        let taken = st.withUnsafeMutableBufferPointer { sb in
            pair.withUnsafeMutableBufferPointer { bp in
                let wide = UnsafeMutableRawPointer(bp.baseAddress!).assumingMemoryBound(to: ckernels_soft_batch.self)
                return ckernels_solve_soft_pair_avx2(wide, wide + 1, sb.baseAddress!, dummy, cPass(step), reversed ? 1 : 0)
            }
        }
        return (taken, pair, st)
    }

    func testTheCLayoutIsTheSwiftLayout() {
        XCTAssertEqual(ckernels_soft_batch_offset(99), MemoryLayout<ContactBatch>.size)
        XCTAssertEqual(ckernels_soft_batch_offset(0), MemoryLayout<ContactBatch>.offset(of: \.bodyA))
        XCTAssertEqual(ckernels_soft_batch_offset(1), MemoryLayout<ContactBatch>.offset(of: \.nx))
        XCTAssertEqual(ckernels_soft_batch_offset(2), MemoryLayout<ContactBatch>.offset(of: \.biasRate))
        XCTAssertEqual(ckernels_soft_batch_offset(3), MemoryLayout<ContactBatch>.offset(of: \.blockable))
        XCTAssertEqual(ckernels_soft_batch_offset(4), MemoryLayout<ContactBatch>.offset(of: \.p0))
        XCTAssertEqual(ckernels_soft_batch_offset(5), MemoryLayout<ContactBatch>.offset(of: \.p1))
        XCTAssertEqual(ckernels_soft_batch_offset(6), MemoryLayout<ContactBatch>.offset(of: \.p1.recordable))
        XCTAssertEqual(MemoryLayout<BodyState>.stride, 32, "the kernel steps through the states 8 floats at a time")
    }

    func testAPairSolvesAsTheFourLaneKernelOneAfterTheOther() throws {
        try requireAVX2()
        var random = Stream(state: 2026)
        var taken = 0, impulsesMoved = 0, biased = 0, relaxed = 0
        for round in 0..<600 {
            let first = batch(&random, first: 0), second = batch(&random, first: 8)
            let states = bodies(&random)
            let (step, reversed) = pass(&random)
            // Four lanes, one batch after the other.
            var expected = [first, second], expectedStates = states
            expectedStates.withUnsafeMutableBufferPointer { sb in
                expected.withUnsafeMutableBufferPointer { bp in
                    solveBatch(bp.baseAddress!, sb.baseAddress!, step, reversed: reversed)
                    solveBatch(bp.baseAddress! + 1, sb.baseAddress!, step, reversed: reversed)
                }
            }
            let wide = solvePair([first, second], states, step, reversed: reversed)
            XCTAssertEqual(wide.taken, 1, "round \(round)")
            XCTAssertEqual(bytes(wide.batches[0]), bytes(expected[0]), "round \(round): first batch")
            XCTAssertEqual(bytes(wide.batches[1]), bytes(expected[1]), "round \(round): second batch")
            XCTAssertEqual(stateBytes(wide.states), stateBytes(expectedStates), "round \(round): velocities")
            taken += Int(wide.taken)
            if step.useBias { biased += 1 } else { relaxed += 1 }
            for b in 0..<2 where expected[b].p0.normalImpulse != [first, second][b].p0.normalImpulse { impulsesMoved += 1 }
        }
        XCTAssertEqual(taken, 600)
        XCTAssertGreaterThan(biased, 200); XCTAssertGreaterThan(relaxed, 200)
        XCTAssertGreaterThan(impulsesMoved, 900, "the rows did little")
    }

    func testItDeclinesRecordingLandingAndSharedBodiesAndTouchesNothing() throws {
        try requireAVX2()
        var random = Stream(state: 99)
        func declined(_ a: ContactBatch, _ b: ContactBatch) -> Bool {
            let states = bodies(&random)
            let (step, reversed) = pass(&random)
            let result = solvePair([a, b], states, step, reversed: reversed)
            return result.taken == 0 && bytes(result.batches[0]) + bytes(result.batches[1]) == bytes(a) + bytes(b)
                && stateBytes(result.states) == stateBytes(states)
        }
        // A lane that records its approach speed, in either batch.
        XCTAssertTrue(declined(batch(&random, first: 0, recording: true), batch(&random, first: 8)))
        XCTAssertTrue(declined(batch(&random, first: 0), batch(&random, first: 8, recording: true)))
        // A body slot in both (a kinematic body in two constraints of one color).
        let single = batch(&random, first: 0)
        var other = batch(&random, first: 8)
        other.bodyB[1] = single.bodyA[0]
        XCTAssertTrue(declined(single, other))
        // A landing lane: blockable, both points closing an open gap.
        var landing = batch(&random, first: 8)
        landing.blockable[2] = 1
        landing.p0.baseSeparation[2] = 0.5; landing.p1.baseSeparation[2] = 0.5
        XCTAssertTrue(declined(batch(&random, first: 0), landing))
        // Only the dummy in both: taken.
        var a = batch(&random, first: 0), b = batch(&random, first: 8)
        a.bodyA[3] = dummy; b.bodyA[3] = dummy; b.bodyB[0] = dummy
        a.mA[3] = 0; a.iA[3] = 0; b.mA[3] = 0; b.iA[3] = 0; b.mB[0] = 0; b.iB[0] = 0
        XCTAssertEqual(solvePair([a, b], bodies(&random), SubStepTerms(h: 1.0 / 240, useBias: true), reversed: false).taken, 1)
    }

    /// A landing rain of the engine's benchmark with a kinematic paddle, stepped with the pair
    /// kernel on and off, on one and two workers: the same bits, and the kernel took pairs.
    func testStepsWithAndWithoutThePairKernelAreBitIdentical() throws {
        try requireAVX2()
        func run(workers: Int, pairs: Bool) -> [UInt64] {
            let (world, _) = Workloads.rain(count: 400)
            if workers > 1 { world.workerCount = workers; world.tunesWorkers = false }
            world.pairsSoftBatches = pairs
            var kd = BodyDef(); kd.type = .kinematic; kd.position = Vec2(6.4, 6.9)
            let paddle = world.createBody(kd)
            world.createShape(paddle, .polygon(.box(halfWidth: 1.5, halfHeight: 0.05)), ShapeDef())
            world.setLinearVelocity(paddle, Vec2(0.5, 0))
            for _ in 0..<150 { world.step(1.0 / 60) }
            return world.bodies.flatMap { [$0.center.x.bitPattern, $0.center.y.bitPattern, $0.angle.bitPattern,
                                          $0.linearVelocity.x.bitPattern, $0.linearVelocity.y.bitPattern, $0.angularVelocity.bitPattern] }
                + world.contacts.flatMap { [$0.manifold.p0.normalImpulse.bitPattern, $0.manifold.p0.tangentImpulse.bitPattern,
                                            $0.manifold.p1.normalImpulse.bitPattern, $0.manifold.p1.tangentImpulse.bitPattern] }
        }
        let reference = run(workers: 1, pairs: false)
        XCTAssertEqual(run(workers: 1, pairs: true), reference, "one worker")
        XCTAssertEqual(run(workers: 2, pairs: true), reference, "two workers")
    }

    /// A real step's batches solved color by color, as a pass solves them: through the pairs,
    /// and one batch at a time.
    func testARealPassThroughThePairsIsThePassOneBatchAtATime() throws {
        try requireAVX2()
        let (world, _) = Workloads.pyramid(base: 30)
        var checked = 0, pairsTotal = 0
        for frame in 1...120 {
            world.step(1.0 / 60)
            guard frame % 30 == 0 else { continue }
            let starts = world.batchColorStarts
            for useBias in [true, false] {
                let step = SubStepTerms(h: 1.0 / 240, useBias: useBias)
                func solve(pairs: Bool) -> (batches: [ContactBatch], states: [BodyState], pairs: Int) {
                    var batches = world.batches, states = world.states, count = 0
                    world.pairsSoftBatches = pairs
                    batches.withUnsafeMutableBufferPointer { bp in
                        states.withUnsafeMutableBufferPointer { st in
                            for c in 0..<(starts.count - 1) {
                                count += world.solveBatches(starts[c]..<starts[c + 1], bp.baseAddress!, st.baseAddress!, step,
                                                            reversed: frame % 60 == 0)
                            }
                        }
                    }
                    return (batches, states, count)
                }
                let wide = solve(pairs: true), narrow = solve(pairs: false)
                XCTAssertEqual(narrow.pairs, 0)
                XCTAssertEqual(wide.batches.flatMap { bytes($0) }, narrow.batches.flatMap { bytes($0) }, "frame \(frame): batches")
                XCTAssertEqual(stateBytes(wide.states), stateBytes(narrow.states), "frame \(frame): velocities")
                pairsTotal += wide.pairs
                checked += 1
            }
        }
        XCTAssertEqual(checked, 8)
        XCTAssertGreaterThan(pairsTotal, 100, "the pairs kernel took almost nothing")
    }
}
