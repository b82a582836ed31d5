import XCTest
import CKernels
@testable import Dynamics

/// The four-lane position kernel (CKernels' ckernels_correct_positions_four_avx2) corrects
/// four constraints of one color at once. Whatever it takes, it must leave exactly what
/// `World.correctPosition` leaves correcting them one after the other, bit for bit (the
/// bundled scenes' traces and every golden rest on it), and what it declines it must not
/// touch.
final class SequentialPositionKernelTests: XCTestCase {
    private typealias Stream = KernelTestStream

    private func requireAVX2() throws {
        try XCTSkipUnless(ckernels_has_avx2() != 0, "this processor has no AVX2: the position kernel never runs")
    }

    private func next(_ random: inout Stream) -> Double { Double(random.next()) }

    /// Four constraints: lane l between moving body l and moving body 4 + l, or the static
    /// body 8 (shared by several lanes, never written); faces either way, one or two points.
    private func constraints(_ random: inout Stream) -> [SequentialPositionConstraint] {
        (0..<4).map { lane -> SequentialPositionConstraint in
            let onGround = random.choose(3) == 0
            // (A blank one, as the fill pads its lanes; its fields are set one by one below.)
            var c = SequentialPositionConstraint(SequentialContact(contact: 0, bodyA: 0, bodyB: 0))
            c.bodyA = Int32(lane); c.bodyB = onGround ? 8 : Int32(4 + lane)
            if random.choose(2) == 0 { swap(&c.bodyA, &c.bodyB) }
            c.kind = random.choose(2) == 0 ? .faceA : .faceB
            c.count = random.choose(3) == 0 ? 1 : 2
            c.mA = c.bodyA == 8 ? 0 : abs(next(&random)) + 0.1
            c.iA = c.bodyA == 8 ? 0 : abs(next(&random)) + 0.1
            c.mB = c.bodyB == 8 ? 0 : abs(next(&random)) + 0.1
            c.iB = c.bodyB == 8 ? 0 : abs(next(&random)) + 0.1
            let angle = next(&random) * 3
            c.localNormal = Vec2(cos(angle), sin(angle))
            // Axis-aligned normals, as a face of a box has: exact zeros and ones.
            if random.choose(3) == 0 { c.localNormal = Vec2(0, -1) }
            c.localPlanePoint = Vec2(next(&random) * 0.1, next(&random) * 0.1)
            c.localPoint0 = Vec2(next(&random) * 0.1, next(&random) * 0.1)
            c.localPoint1 = Vec2(next(&random) * 0.1, next(&random) * 0.1)
            c.radiusA = 0.01 * abs(next(&random)); c.radiusB = 0.01 * abs(next(&random))
            return c
        }
    }

    /// Nine solver bodies near each other (overlaps to correct); some rotations cached for
    /// their angle, some stale, one angle exactly 0.
    private func bodies(_ random: inout Stream) -> [SequentialBody] {
        (0..<9).map { i -> SequentialBody in
            var b = SequentialBody()
            b.c = Vec2(next(&random) * 0.05, next(&random) * 0.05)
            b.a = random.choose(6) == 0 ? 0 : next(&random)
            b.localCenter = Vec2(next(&random) * 0.01, next(&random) * 0.01)
            if random.choose(2) == 0 { _ = b.rotation() }
            b.v = Vec2(next(&random), next(&random))
            b.colored = i < 8
            b.moves = i < 8
            return b
        }
    }

    private func bits(_ bodies: [SequentialBody]) -> [UInt64] {
        bodies.flatMap { [$0.c.x.bitPattern, $0.c.y.bitPattern, $0.a.bitPattern, $0.cachedRotation.c.bitPattern,
                          $0.cachedRotation.s.bitPattern, $0.rotationAngle.bitPattern, $0.localCenter.x.bitPattern,
                          $0.v.x.bitPattern] }
    }

    private func kernel(_ constraints: [SequentialPositionConstraint], _ bodies: inout [SequentialBody]) -> (Int32, Double) {
        var least = Double.nan
        let taken = constraints.withUnsafeBufferPointer { cs in
            bodies.withUnsafeMutableBufferPointer { sb in
                let first = UnsafeRawPointer(cs.baseAddress!).assumingMemoryBound(to: ckernels_position_constraint.self)
                return ckernels_correct_positions_four_avx2(first, sb.baseAddress!, MemoryLayout<SequentialBody>.stride,
                                                            SequentialConstants.baumgarte, SequentialConstants.linearSlop,
                                                            SequentialConstants.maxLinearCorrection, &least)
            }
        }
        return (taken, least)
    }

    func testTheCLayoutIsTheSwiftLayout() {
        typealias C = SequentialPositionConstraint
        XCTAssertEqual(ckernels_position_layout(0), MemoryLayout<C>.offset(of: \.kind))
        XCTAssertEqual(ckernels_position_layout(1), MemoryLayout<C>.offset(of: \.count))
        XCTAssertEqual(ckernels_position_layout(2), MemoryLayout<C>.offset(of: \.mA))
        XCTAssertEqual(ckernels_position_layout(3), MemoryLayout<C>.offset(of: \.localNormal))
        XCTAssertEqual(ckernels_position_layout(4), MemoryLayout<C>.offset(of: \.localPoint1))
        XCTAssertEqual(ckernels_position_layout(5), MemoryLayout<C>.offset(of: \.radiusB))
        XCTAssertEqual(ckernels_position_layout(6), MemoryLayout<C>.stride)
        XCTAssertEqual(ckernels_position_layout(10), MemoryLayout<SequentialBody>.offset(of: \.a))
        XCTAssertEqual(ckernels_position_layout(11), MemoryLayout<SequentialBody>.offset(of: \.cachedRotation))
        XCTAssertEqual(ckernels_position_layout(12), MemoryLayout<SequentialBody>.offset(of: \.rotationAngle))
        XCTAssertEqual(ckernels_position_layout(13), MemoryLayout<SequentialBody>.offset(of: \.localCenter))
        // The kernel tells the manifold kinds by the bytes Swift stores for them.
        XCTAssertEqual(unsafeBitCast(SequentialManifoldKind.faceA, to: UInt8.self), UInt8(CKERNELS_MANIFOLD_FACE_A))
        XCTAssertEqual(unsafeBitCast(SequentialManifoldKind.faceB, to: UInt8.self), UInt8(CKERNELS_MANIFOLD_FACE_B))
    }

    func testFourLanesCorrectAsOneConstraintAfterAnother() throws {
        try requireAVX2()
        var random = Stream(state: 7)
        var moved = 0, corrected = 0
        for round in 0..<500 {
            let cs = constraints(&random)
            let start = bodies(&random)
            var expected = start
            var least = 0.0
            expected.withUnsafeMutableBufferPointer { sb in
                cs.withUnsafeBufferPointer { cp in
                    for i in 0..<4 {
                        least = min(least, World.correctPosition(cp.baseAddress! + i, sb.baseAddress!, baumgarte: SequentialConstants.baumgarte))
                    }
                }
            }
            var actual = start
            let (taken, kernelLeast) = kernel(cs, &actual)
            XCTAssertEqual(taken, 1, "round \(round)")
            XCTAssertEqual(bits(actual), bits(expected), "round \(round): bodies")
            XCTAssertEqual(kernelLeast.bitPattern, least.bitPattern, "round \(round): smallest separation")
            if bits(expected) != bits(start) { moved += 1 }
            if least < 0 { corrected += 1 }
        }
        XCTAssertGreaterThan(moved, 400, "the corrections moved little")
        XCTAssertGreaterThan(corrected, 400, "few overlaps to correct")
    }

    func testItDeclinesCirclesAndBodiesInTwoLanesAndTouchesNothing() throws {
        try requireAVX2()
        var random = Stream(state: 11)
        var cs = constraints(&random)
        cs[2].kind = .circles
        var bs = bodies(&random)
        let before = bits(bs)
        XCTAssertEqual(kernel(cs, &bs).0, 0)
        XCTAssertEqual(bits(bs), before)
        // A moving body in two lanes (no coloring would make it; the Swift loop handles it).
        cs = constraints(&random)
        cs[1].bodyA = 0; cs[1].mA = 1; cs[1].iA = 1
        cs[0].bodyA = 0; cs[0].mA = 1; cs[0].iA = 1
        XCTAssertEqual(kernel(cs, &bs).0, 0)
        XCTAssertEqual(bits(bs), before)
    }

    /// A static body at angle +0 turned by the identity (a scene's boundaries) starts each
    /// step with its rotation cached, which is Rot(angle: +0) bit for bit; one at -0 or turned
    /// does not (its rotation is computed where it is first needed, as before).
    func testABoundaryBodyStartsTheStepWithItsRotationCached() {
        let zero = Rot(angle: 0)
        XCTAssertEqual(zero.c.bitPattern, (1.0).bitPattern)
        XCTAssertEqual(zero.s.bitPattern, (0.0).bitPattern, "sin(+0) is +0")
        let world = makeSequentialRain(count: 60)
        var tilted = BodyDef(); tilted.type = .staticBody; tilted.position = Vec2(3, 1); tilted.angle = 0.3
        let ramp = world.createBody(tilted)
        world.createShape(ramp, .polygon(.box(halfWidth: 0.5, halfHeight: 0.05)), ShapeDef())
        var negative = BodyDef(); negative.type = .staticBody; negative.position = Vec2(1, 1); negative.angle = -0.0
        let ledge = world.createBody(negative)
        world.createShape(ledge, .polygon(.box(halfWidth: 0.5, halfHeight: 0.05)), ShapeDef())
        world.step(Double(Float(1.0 / 120)))
        let ground = world.sequentialBodies[0]
        XCTAssertEqual(ground.rotationAngle.bitPattern, (0.0).bitPattern)
        XCTAssertEqual(ground.cachedRotation.c.bitPattern, zero.c.bitPattern)
        XCTAssertEqual(ground.cachedRotation.s.bitPattern, zero.s.bitPattern)
        XCTAssertTrue(world.sequentialBodies[ramp.index].rotationAngle.isNaN)
        XCTAssertTrue(world.sequentialBodies[ledge.index].rotationAngle.isNaN)
    }

    /// Whole steps: a landing rain with a kinematic paddle, the kernel on and off, on one and
    /// two workers: the same bits.
    func testStepsWithAndWithoutThePositionKernelAreBitIdentical() throws {
        try requireAVX2()
        assertKernelKeepsRainBits { world, on in world.correctsPositionsInFours = on }
    }
}
