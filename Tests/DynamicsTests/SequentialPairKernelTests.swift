import XCTest
import CKernels
@testable import Dynamics

/// The eight-lane velocity kernel (CKernels' ckernels_solve_sequential_pair_avx2) solves two
/// batches of one color at once. Whatever it takes, it must leave exactly what the four-lane
/// kernels leave solving the two batches one after the other, bit for bit (the bundled
/// scenes' traces and every golden rest on it), and what it declines it must not touch.
final class SequentialPairKernelTests: XCTestCase {
    private typealias Stream = KernelTestStream

    private let dummy: Int32 = 16, secondDummy: Int32 = 17

    private func requireAVX2() throws {
        try XCTSkipUnless(ckernels_has_avx2() != 0, "this processor has no AVX2: the pair kernel never runs")
    }

    /// A batch of four lanes on bodies `first` ..< `first` + 8 (A: first 4, B: next 4), one
    /// lane on a dummy now and then; two-point lanes where `mixed`, with every field random.
    private func batch(_ random: inout Stream, first: Int32, mixed: Bool) -> SequentialBatch {
        var b = SequentialBatch(dummy: dummy)
        b.bodyA = I4(first, first + 1, first + 2, random.choose(3) == 0 ? dummy : first + 3)
        b.bodyB = I4(first + 4, first + 5, random.choose(4) == 0 ? secondDummy : first + 6, first + 7)
        b.constraint = I4(0, 1, 2, 3)
        let angle = random.vector() * 3
        b.nx = F4(cos(angle[0]), cos(angle[1]), cos(angle[2]), cos(angle[3]))
        b.ny = F4(sin(angle[0]), sin(angle[1]), sin(angle[2]), sin(angle[3]))
        // Axis-aligned normals, as an item resting on a floor has: exact zeros and ones.
        if random.choose(3) == 0 { b.nx[1] = 0; b.ny[1] = -1 }
        if random.choose(3) == 0 { b.nx[2] = -0.0; b.ny[2] = 1 }
        b.friction = random.positive()
        b.mA = random.positive() + 0.1; b.iA = random.positive() + 0.1
        b.mB = random.positive() + 0.1; b.iB = random.positive() + 0.1
        // A lane points at a dummy for a body that does not move: no mass there, as the fill
        // writes it (so the dummy keeps its zero velocity, whichever lanes touch it).
        for lane in 0..<4 {
            if b.bodyA[lane] >= dummy { b.mA[lane] = 0; b.iA[lane] = 0 }
            if b.bodyB[lane] >= dummy { b.mB[lane] = 0; b.iB[lane] = 0 }
        }
        for k in 0..<(mixed ? 2 : 1) {
            var p = SequentialWidePoint()
            p.rAx = random.vector() * 0.2; p.rAy = random.vector() * 0.2
            p.rBx = random.vector() * 0.2; p.rBy = random.vector() * 0.2
            p.normalImpulse = random.positive(); p.tangentImpulse = random.vector() * 0.1
            // Lanes with no impulse yet (their friction clamps at zero): signed zeros decide.
            for lane in 0..<4 where random.choose(4) == 0 { p.normalImpulse[lane] = 0; p.tangentImpulse[lane] = 0 }
            p.normalMass = random.positive() + 0.5; p.tangentMass = random.positive() + 0.5
            p.velocityBias = F4(max(random.next(), 0), max(random.next(), 0), 0, max(random.next(), 0))
            if k == 0 { b.p0 = p } else { b.p1 = p }
        }
        if mixed {
            // Some lanes two points, some one (their second point zero, as the fill leaves it).
            var two = F4()
            for lane in 0..<4 where lane == 0 || random.choose(3) != 0 { two[lane] = 1 }
            b.twoPoints = two
            for lane in 0..<4 where two[lane] == 0 {
                for field in [\SequentialWidePoint.rAx, \.rAy, \.rBx, \.rBy, \.normalImpulse, \.tangentImpulse, \.normalMass, \.tangentMass, \.velocityBias] {
                    b.p1[keyPath: field][lane] = 0
                }
            }
            // A well-conditioned 2x2 block with its inverse, as the fill makes it.
            let k11 = random.positive() + 1, k22 = random.positive() + 1, k12 = random.vector() * 0.5
            b.k11 = k11; b.k22 = k22; b.k12 = k12
            let det = k11 * k22 - k12 * k12
            b.inv11 = k22 / det; b.inv12 = -k12 / det; b.inv22 = k11 / det
        }
        return b
    }

    /// Sixteen moving bodies and the two dummies at rest; some velocities exactly -0.
    private func bodies(_ random: inout Stream) -> [BodyState] {
        (0..<18).map { i -> BodyState in
            var s = BodyState()
            if i < 16 {
                s.vx = random.next(); s.vy = random.next(); s.wf = random.next()
                if random.choose(5) == 0 { s.vx = -0.0 }
            }
            return s
        }
    }

    private func bytes<T>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }

    private func stateBits(_ states: [BodyState]) -> [UInt32] {
        states.flatMap { [$0.vx.bitPattern, $0.vy.bitPattern, $0.wf.bitPattern, $0.pad.bitPattern] }
    }

    func testTheCLayoutIsTheSwiftLayout() {
        XCTAssertEqual(ckernels_sequential_batch_offset(99), MemoryLayout<SequentialBatch>.size)
        XCTAssertEqual(ckernels_sequential_batch_offset(0), MemoryLayout<SequentialBatch>.offset(of: \.bodyA))
        XCTAssertEqual(ckernels_sequential_batch_offset(1), MemoryLayout<SequentialBatch>.offset(of: \.nx))
        XCTAssertEqual(ckernels_sequential_batch_offset(2), MemoryLayout<SequentialBatch>.offset(of: \.twoPoints))
        XCTAssertEqual(ckernels_sequential_batch_offset(3), MemoryLayout<SequentialBatch>.offset(of: \.p0))
        XCTAssertEqual(ckernels_sequential_batch_offset(4), MemoryLayout<SequentialBatch>.offset(of: \.p1))
        XCTAssertEqual(ckernels_sequential_batch_offset(5), MemoryLayout<SequentialBatch>.offset(of: \.p1.velocityBias))
        XCTAssertEqual(MemoryLayout<BodyState>.stride, 32, "the kernel steps through the states 8 floats at a time")
    }

    func testAPairSolvesAsTheFourLaneKernelsOneAfterTheOther() throws {
        try requireAVX2()
        var random = Stream(state: 2026)
        var impulsesMoved = 0
        for round in 0..<400 {
            let mixed = round % 2 == 1
            let first = batch(&random, first: 0, mixed: mixed), second = batch(&random, first: 8, mixed: mixed)
            let states = bodies(&random)
            // Four lanes, one batch after the other.
            var expected = [first, second], expectedStates = states
            expectedStates.withUnsafeMutableBufferPointer { sb in
                expected.withUnsafeMutableBufferPointer { bp in
                    solveSequentialBatch(bp.baseAddress!, sb.baseAddress!)
                    solveSequentialBatch(bp.baseAddress! + 1, sb.baseAddress!)
                }
            }
            // Eight lanes.
            var pair = [first, second], pairStates = states
            let taken = pairStates.withUnsafeMutableBufferPointer { sb in
                pair.withUnsafeMutableBufferPointer { bp in
                    let wide = UnsafeMutableRawPointer(bp.baseAddress!).assumingMemoryBound(to: ckernels_sequential_batch.self)
                    return ckernels_solve_sequential_pair_avx2(wide, wide + 1, sb.baseAddress!, dummy, secondDummy)
                }
            }
            XCTAssertEqual(taken, 1, "round \(round)")
            XCTAssertEqual(bytes(pair[0]), bytes(expected[0]), "round \(round): first batch")
            XCTAssertEqual(bytes(pair[1]), bytes(expected[1]), "round \(round): second batch")
            XCTAssertEqual(stateBits(pairStates), stateBits(expectedStates), "round \(round): velocities")
            for b in 0..<2 where expected[b].p0.normalImpulse != [first, second][b].p0.normalImpulse { impulsesMoved += 1 }
        }
        XCTAssertGreaterThan(impulsesMoved, 600, "the iterations did little")
    }

    func testItDeclinesPairsOfTwoKindsAndPairsSharingABodyAndTouchesNothing() throws {
        try requireAVX2()
        var random = Stream(state: 99)
        func attempt(_ a: SequentialBatch, _ b: SequentialBatch) -> (Int32, changed: Bool) {
            var pair = [a, b]
            var states = bodies(&random)
            let before = stateBits(states), beforeBytes = bytes(pair[0]) + bytes(pair[1])
            let taken = states.withUnsafeMutableBufferPointer { sb in
                pair.withUnsafeMutableBufferPointer { bp in
                    let wide = UnsafeMutableRawPointer(bp.baseAddress!).assumingMemoryBound(to: ckernels_sequential_batch.self)
                    return ckernels_solve_sequential_pair_avx2(wide, wide + 1, sb.baseAddress!, dummy, secondDummy)
                }
            }
            return (taken, stateBits(states) != before || bytes(pair[0]) + bytes(pair[1]) != beforeBytes)
        }
        // One kind and the other.
        let single = batch(&random, first: 0, mixed: false), twoPoint = batch(&random, first: 8, mixed: true)
        var result = attempt(single, twoPoint)
        XCTAssertEqual(result.0, 0); XCTAssertFalse(result.changed)
        // A body slot in both (a kinematic body in two constraints of one color).
        var other = batch(&random, first: 8, mixed: false)
        other.bodyB[1] = single.bodyA[0]
        result = attempt(single, other)
        XCTAssertEqual(result.0, 0); XCTAssertFalse(result.changed)
        // Only the dummies in both: taken.
        var a = batch(&random, first: 0, mixed: false), b = batch(&random, first: 8, mixed: false)
        a.bodyA[3] = dummy; b.bodyA[3] = dummy; a.bodyB[2] = secondDummy; b.bodyB[0] = secondDummy
        result = attempt(a, b)
        XCTAssertEqual(result.0, 1); XCTAssertTrue(result.changed)
    }

    /// The shared-body test covers all 64 slot pairs: a body in any slot of the second batch
    /// that is in any slot of the first declines the pair, wherever the two sit; a dummy in
    /// both does not. (Written for a vectorized test of the 64 pairs, which cut the rain's
    /// instructions by 3.5% and its time by nothing measurable, and was dropped.)
    func testAShareInAnyOfTheSixtyFourSlotPairsDeclinesThePair() throws {
        try requireAVX2()
        var random = Stream(state: 7)
        func slot(_ b: SequentialBatch, _ k: Int) -> Int32 { k < 4 ? b.bodyA[k] : b.bodyB[k - 4] }
        func setSlot(_ b: inout SequentialBatch, _ k: Int, _ value: Int32) { if k < 4 { b.bodyA[k] = value } else { b.bodyB[k - 4] = value } }
        var declined = 0, takenWithDummies = 0
        for j in 0..<8 {
            for i in 0..<8 {
                let a = batch(&random, first: 0, mixed: false)
                var b = batch(&random, first: 8, mixed: false)
                let shared = slot(a, j)
                setSlot(&b, i, shared)
                var pair = [a, b]
                var states = bodies(&random)
                let taken = states.withUnsafeMutableBufferPointer { sb in
                    pair.withUnsafeMutableBufferPointer { bp in
                        let wide = UnsafeMutableRawPointer(bp.baseAddress!).assumingMemoryBound(to: ckernels_sequential_batch.self)
                        return ckernels_solve_sequential_pair_avx2(wide, wide + 1, sb.baseAddress!, dummy, secondDummy)
                    }
                }
                let isDummy = shared == dummy || shared == secondDummy
                let othersMeet = (0..<8).contains { k in
                    let x = slot(b, k)
                    return x != dummy && x != secondDummy && (0..<8).contains { slot(a, $0) == x }
                }
                XCTAssertEqual(taken, othersMeet ? 0 : 1, "slot \(i) of the second batch holds slot \(j) of the first (\(shared))")
                if isDummy && !othersMeet { takenWithDummies += 1 }
                if !isDummy { declined += 1 }
            }
        }
        XCTAssertGreaterThan(declined, 40, "most of the 64 shares are real bodies")
        XCTAssertGreaterThan(takenWithDummies, 0, "some are dummies, which do not count")
    }

    /// Whole steps: a landing rain with a kinematic paddle, the pair kernel on and off, on one
    /// and two workers: the same bits.
    func testStepsWithAndWithoutThePairKernelAreBitIdentical() throws {
        try requireAVX2()
        assertKernelKeepsRainBits { world, on in world.pairsSequentialBatches = on }
    }
}

extension SequentialPairKernelTests {
    /// A real step's batches (two regions and the seam, colors, overflow, a kinematic paddle)
    /// solved range by range as a pass solves them: through the pairs, and one batch at a time.
    func testARealPassThroughThePairsIsThePassOneBatchAtATime() throws {
        try requireAVX2()
        let world = makeSequentialRain(count: 600, workers: 1)
        addSweepingPaddle(world)
        var checked = 0, pairsTotal = 0
        for step in 1...300 {
            world.step(Double(Float(1.0 / 120)))
            guard step % 25 == 0 else { continue }
            // The ranges of one pass, in order.
            var ranges: [Range<Int>] = []
            world.beginStagePlan()
            world.planSequentialPass()
            for (stage, planned) in world.poolStages.enumerated() {
                world.forEachBatchRange(stageInPass: stage, planned.range) { ranges.append($0) }
            }
            func pass(pairs: Bool) -> (batches: [SequentialBatch], states: [BodyState], pairs: Int) {
                var batches = world.sequentialBatches, states = world.states, count = 0
                world.pairsSequentialBatches = pairs
                batches.withUnsafeMutableBufferPointer { bp in
                    states.withUnsafeMutableBufferPointer { st in
                        for range in ranges { count += world.solveSequentialBatches(range, bp.baseAddress!, st.baseAddress!) }
                    }
                }
                return (batches, states, count)
            }
            let wide = pass(pairs: true), narrow = pass(pairs: false)
            XCTAssertEqual(narrow.pairs, 0)
            XCTAssertEqual(wide.batches.map(bytes), narrow.batches.map(bytes), "step \(step)")
            XCTAssertEqual(stateBits(wide.states), stateBits(narrow.states), "step \(step)")
            if world.sequentialGroupCount == 3 { checked += 1 }
            pairsTotal += wide.pairs
        }
        XCTAssertGreaterThan(checked, 5, "no step in regions")
        XCTAssertGreaterThan(pairsTotal, 500, "the pairs were hardly used")
    }
}
