import XCTest
@testable import Dynamics

/// The sequential step's velocity iteration has a shorter kernel for batches whose four lanes
/// all solve one point. It must give exactly what the general kernel gives such a batch: the
/// same impulses and velocities, bit for bit, since the bundled scenes' traces rest on it.
final class SequentialBatchKernelTests: XCTestCase {
    private typealias Stream = KernelTestStream

    fileprivate static func map4(_ v: F4, _ f: (Float) -> Float) -> F4 { F4(f(v[0]), f(v[1]), f(v[2]), f(v[3])) }

    /// Eight moving bodies and the dummy (index 8) at rest.
    private static func bodies(_ random: inout Stream) -> [BodyState] {
        (0..<9).map { i -> BodyState in
            var s = BodyState()
            if i < 8 { s.vx = random.next(); s.vy = random.next(); s.wf = random.next() }
            return s
        }
    }

    func testTheOnePointKernelIsTheGeneralKernelOnOnePointBatches() {
        var random = Stream(state: 7)
        var lanesChanged = 0
        for round in 0..<200 {
            // Eight bodies, four lanes: bodies 0-3 against 4-7, the dummy (8) in one lane.
            var states = Self.bodies(&random)
            var batch = SequentialBatch(dummy: 8)
            batch.bodyA = I4(0, 1, 2, round % 2 == 0 ? 3 : 8)
            batch.bodyB = I4(4, 5, 6, 7)
            let angle = random.vector() * 3
            batch.nx = Self.map4(angle) { Float(cos(Double($0))) }
            batch.ny = Self.map4(angle) { Float(sin(Double($0))) }
            batch.friction = random.positive()
            batch.mA = random.positive() + 0.1; batch.iA = random.positive() + 0.1
            batch.mB = random.positive() + 0.1; batch.iB = random.positive() + 0.1
            batch.p0.rAx = random.vector() * 0.2; batch.p0.rAy = random.vector() * 0.2
            batch.p0.rBx = random.vector() * 0.2; batch.p0.rBy = random.vector() * 0.2
            batch.p0.normalImpulse = random.positive(); batch.p0.tangentImpulse = random.vector() * 0.1
            batch.p0.normalMass = random.positive() + 0.5; batch.p0.tangentMass = random.positive() + 0.5
            batch.p0.velocityBias = Self.map4(random.vector()) { max($0, 0) }
            // twoPoints and every p1 field stay 0: a one-point batch as the fill leaves it.
            var general = batch, short = batch
            var generalStates = states, shortStates = states
            generalStates.withUnsafeMutableBufferPointer { solveSequentialMixedBatch(&general, $0.baseAddress!) }
            shortStates.withUnsafeMutableBufferPointer { solveSequentialSinglePointBatch(&short, $0.baseAddress!) }
            // The dispatching entry point takes the short kernel here.
            var dispatched = batch
            states.withUnsafeMutableBufferPointer { solveSequentialBatch(&dispatched, $0.baseAddress!) }
            for lane in 0..<4 {
                XCTAssertEqual(short.p0.normalImpulse[lane].bitPattern, general.p0.normalImpulse[lane].bitPattern, "round \(round)")
                XCTAssertEqual(short.p0.tangentImpulse[lane].bitPattern, general.p0.tangentImpulse[lane].bitPattern, "round \(round)")
                XCTAssertEqual(dispatched.p0.normalImpulse[lane].bitPattern, short.p0.normalImpulse[lane].bitPattern)
                if short.p0.normalImpulse[lane] != batch.p0.normalImpulse[lane] { lanesChanged += 1 }
            }
            XCTAssertEqual(general.p1.normalImpulse, F4()); XCTAssertEqual(general.p1.tangentImpulse, F4())
            for i in 0..<9 {
                XCTAssertEqual(shortStates[i].vx.bitPattern, generalStates[i].vx.bitPattern, "round \(round), body \(i)")
                XCTAssertEqual(shortStates[i].vy.bitPattern, generalStates[i].vy.bitPattern, "round \(round), body \(i)")
                XCTAssertEqual(shortStates[i].wf.bitPattern, generalStates[i].wf.bitPattern, "round \(round), body \(i)")
                XCTAssertEqual(states[i].vx.bitPattern, shortStates[i].vx.bitPattern)
            }
        }
        // The iterations did something: impulses moved in most lanes.
        XCTAssertGreaterThan(lanesChanged, 400)
    }

    /// The warm start of a one-point batch applies last step's first-point impulses and
    /// nothing else (worked out here lane by lane, in the kernel's order of operations).
    func testWarmStartOfAOnePointBatchAppliesTheFirstPointsImpulses() {
        var random = Stream(state: 11)
        for round in 0..<100 {
            var states = Self.bodies(&random)
            var batch = SequentialBatch(dummy: 8)
            batch.bodyA = I4(0, 1, 2, 3)
            batch.bodyB = I4(4, 5, 6, round % 2 == 0 ? 7 : 8)
            batch.nx = random.vector(); batch.ny = random.vector()
            batch.mA = random.positive(); batch.iA = random.positive()
            batch.mB = random.positive(); batch.iB = random.positive()
            batch.p0.rAx = random.vector(); batch.p0.rAy = random.vector()
            batch.p0.rBx = random.vector(); batch.p0.rBy = random.vector()
            batch.p0.normalImpulse = random.positive(); batch.p0.tangentImpulse = random.vector()
            var expected = states
            for lane in 0..<4 {
                let a = Int(batch.bodyA[lane]), b = Int(batch.bodyB[lane])
                let n = batch.p0.normalImpulse[lane], t = batch.p0.tangentImpulse[lane]
                let px = n * batch.nx[lane] + t * batch.ny[lane], py = n * batch.ny[lane] - t * batch.nx[lane]
                let mA = batch.mA[lane], iA = batch.iA[lane], mB = batch.mB[lane], iB = batch.iB[lane]
                expected[a].vx -= mA * px; expected[a].vy -= mA * py
                expected[a].wf -= iA * (batch.p0.rAx[lane] * py - batch.p0.rAy[lane] * px)
                // The dummy (a static body's lane) is written back unchanged.
                if b < 8 {
                    expected[b].vx += mB * px; expected[b].vy += mB * py
                    expected[b].wf += iB * (batch.p0.rBx[lane] * py - batch.p0.rBy[lane] * px)
                }
            }
            batch.mB = SIMD4(batch.mB[0], batch.mB[1], batch.mB[2], round % 2 == 0 ? batch.mB[3] : 0)
            batch.iB = SIMD4(batch.iB[0], batch.iB[1], batch.iB[2], round % 2 == 0 ? batch.iB[3] : 0)
            states.withUnsafeMutableBufferPointer { warmStartSequentialBatch(&batch, $0.baseAddress!) }
            for i in 0..<9 {
                XCTAssertEqual(states[i].vx.bitPattern, expected[i].vx.bitPattern, "round \(round), body \(i)")
                XCTAssertEqual(states[i].vy.bitPattern, expected[i].vy.bitPattern, "round \(round), body \(i)")
                XCTAssertEqual(states[i].wf.bitPattern, expected[i].wf.bitPattern, "round \(round), body \(i)")
            }
        }
    }
}
