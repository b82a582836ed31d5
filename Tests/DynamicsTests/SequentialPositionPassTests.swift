import Foundation
import XCTest
@testable import Dynamics

/// The sequential step's position passes go color by color, as its velocity iterations do:
/// each color's constraints (which share no moving body) split across the worker pool, then
/// the overflow one after another; with the constraints in regions (World+SequentialRegions,
/// as in this heap), each region's colors and overflow, then the seam's. Checked here against
/// a position pass written out in the test (Box2D 2.2's
/// b2ContactSolver::SolvePositionConstraints, visited in that order), for one worker and for
/// two.
final class SequentialPositionPassTests: XCTestCase {
    /// 300 boxes of 12 pt falling onto a floor in a heap, sleeping off.
    private func heap(workers: Int) -> World {
        let world = World(gravity: Vec2(0, 10), stepMode: .sequentialImpulse)
        world.enableSleep = false
        if workers > 1 {
            world.workerCount = workers
            world.tunesWorkers = false // every step on the pool
        }
        _ = makeGround(world, y: 3, halfWidth: 3)
        for i in 0..<300 {
            let x = -1.5 + Double(i % 20) * 0.15, y = 2.8 - Double(i / 20) * 0.14
            _ = makeBox(world, center: Vec2(x, y), half: 0.06, angle: 0.01 * Double(i % 7))
        }
        return world
    }

    /// The test's own pass over `constraints` in the given order (slot indices), on copies
    /// of the solver bodies: center, angle and local center in, Baumgarte 0.2 of the overlap
    /// beyond the 0.5 cm slop, at most 20 cm, as a normal impulse on each point in turn.
    private func referencePass(_ world: World, order: [Int]) -> [SequentialBody] {
        var bodies = world.sequentialBodies
        func transform(_ b: SequentialBody) -> (p: Vec2, c: Double, s: Double) {
            let c = cos(b.a), s = sin(b.a)
            let center = Vec2(c * b.localCenter.x - s * b.localCenter.y, s * b.localCenter.x + c * b.localCenter.y)
            return (b.c - center, c, s)
        }
        func apply(_ xf: (p: Vec2, c: Double, s: Double), _ v: Vec2) -> Vec2 {
            Vec2(xf.c * v.x - xf.s * v.y + xf.p.x, xf.s * v.x + xf.c * v.y + xf.p.y)
        }
        for slot in order {
            let pc = world.sequentialPositions[slot]
            let ia = Int(pc.bodyA), ib = Int(pc.bodyB)
            var a = bodies[ia], b = bodies[ib]
            for k in 0..<Int(pc.count) {
                let local = k == 0 ? pc.localPoint0 : pc.localPoint1
                let xfA = transform(a), xfB = transform(b)
                var normal: Vec2, point: Vec2, separation: Double
                switch pc.kind {
                case .faceA:
                    normal = Vec2(xfA.c * pc.localNormal.x - xfA.s * pc.localNormal.y, xfA.s * pc.localNormal.x + xfA.c * pc.localNormal.y)
                    point = apply(xfB, local)
                    let plane = apply(xfA, pc.localPlanePoint)
                    separation = (point.x - plane.x) * normal.x + (point.y - plane.y) * normal.y - pc.radiusA - pc.radiusB
                case .faceB:
                    let n = Vec2(xfB.c * pc.localNormal.x - xfB.s * pc.localNormal.y, xfB.s * pc.localNormal.x + xfB.c * pc.localNormal.y)
                    point = apply(xfA, local)
                    let plane = apply(xfB, pc.localPlanePoint)
                    separation = (point.x - plane.x) * n.x + (point.y - plane.y) * n.y - pc.radiusA - pc.radiusB
                    normal = Vec2(-n.x, -n.y)
                case .circles:
                    XCTFail("no circles in this heap"); return bodies
                }
                let correction = min(max(0.2 * (separation + 0.005), -0.2), 0)
                let rA = Vec2(point.x - a.c.x, point.y - a.c.y), rB = Vec2(point.x - b.c.x, point.y - b.c.y)
                let rnA = rA.x * normal.y - rA.y * normal.x, rnB = rB.x * normal.y - rB.y * normal.x
                let mass = pc.mA + pc.mB + pc.iA * rnA * rnA + pc.iB * rnB * rnB
                let impulse = mass > 0 ? -correction / mass : 0
                let P = Vec2(impulse * normal.x, impulse * normal.y)
                a.c = Vec2(a.c.x - pc.mA * P.x, a.c.y - pc.mA * P.y); a.a -= pc.iA * (rA.x * P.y - rA.y * P.x)
                b.c = Vec2(b.c.x + pc.mB * P.x, b.c.y + pc.mB * P.y); b.a += pc.iB * (rB.x * P.y - rB.y * P.x)
            }
            if pc.mA > 0 || pc.iA > 0 { bodies[ia] = a }
            if pc.mB > 0 || pc.iB > 0 { bodies[ib] = b }
        }
        return bodies
    }

    private func assertPassesGoColorByColor(workers: Int, file: StaticString = #filePath, line: UInt = #line) {
        let world = heap(workers: workers)
        var checked = 0, largestColor = 0, movedApart = 0, grouped = 0
        for step in 1...240 {
            world.step(Double(Float(1.0 / 120)))
            guard step % 30 == 0 else { continue }
            // The slots of each color (filled from its first lane on) and of each group's
            // overflow (the first lane of each of its batches), in the order the pass must
            // visit them: the groups' colors one after another.
            let starts = world.sequentialBatchColorStarts, counts = world.sequentialColorCounts
            if world.candidateBodies.count >= World.sequentialRegionThreshold {
                XCTAssertEqual(world.sequentialGroupCount, 3, "step \(step): the heap is cut in regions", file: file, line: line)
                grouped += 1
            }
            XCTAssertEqual(counts.count, world.sequentialGroupCount * 25, file: file, line: line)
            var order: [Int] = []
            for color in counts.indices {
                if color % 25 == 24 {
                    order += (0..<counts[color]).map { 4 * (starts[color] + $0) }
                } else {
                    order += (0..<counts[color]).map { 4 * starts[color] + $0 }
                }
                if color % 25 != 24 { largestColor = max(largestColor, counts[color]) }
            }
            // Those slots are exactly the lanes of this step's constraints.
            XCTAssertEqual(order.sorted(), world.sequentialLanes.map(Int.init).sorted(), "step \(step)", file: file, line: line)
            let expected = referencePass(world, order: order)
            let contactOrder = referencePass(world, order: world.sequentialLanes.map(Int.init))
            let before = world.sequentialBodies
            _ = world.solveSequentialContactPositions()
            for i in world.bodies.indices where world.bodies[i].type == .dynamic {
                let got = world.sequentialBodies[i]
                XCTAssertEqual(got.c.x, expected[i].c.x, accuracy: 1e-12, "body \(i), step \(step)", file: file, line: line)
                XCTAssertEqual(got.c.y, expected[i].c.y, accuracy: 1e-12, "body \(i), step \(step)", file: file, line: line)
                XCTAssertEqual(got.a, expected[i].a, accuracy: 1e-12, "body \(i), step \(step)", file: file, line: line)
                if got.c != before[i].c { movedApart += 1 }
            }
            // The order matters: contact order would have put the heap elsewhere.
            if zip(expected, contactOrder).contains(where: { abs($0.c.y - $1.c.y) > 1e-9 }) { checked += 1 }
        }
        XCTAssertGreaterThan(checked, 3, "steps where color order and contact order differ", file: file, line: line)
        XCTAssertGreaterThan(movedApart, 100, "bodies the passes moved", file: file, line: line)
        XCTAssertGreaterThanOrEqual(grouped, 5, "steps with the heap cut in regions", file: file, line: line)
        // Colors of many constraints (each region's run on one thread).
        XCTAssertGreaterThanOrEqual(largestColor, 64, file: file, line: line)
    }

    func testPositionPassesGoColorByColorThenTheOverflow() {
        assertPassesGoColorByColor(workers: 1)
    }

    func testPositionPassesOnTwoWorkersAreThoseOfOne() {
        assertPassesGoColorByColor(workers: 2)
        let one = heap(workers: 1), two = heap(workers: 2)
        for _ in 0..<240 {
            one.step(Double(Float(1.0 / 120)))
            two.step(Double(Float(1.0 / 120)))
        }
        XCTAssertEqual(Workloads.stateHash(one), Workloads.stateHash(two))
    }
}
