import XCTest
@testable import Dynamics

/// The graph coloring both step configurations solve by: each step, every constraint takes
/// the lowest of 24 colors that neither of its dynamic awake bodies sits in yet, in candidate
/// order (else the overflow), and the batches hold each candidate once, in its color. The
/// expected colors are computed here from the step's candidates alone, so a coloring that
/// kept masks from an earlier step, or skipped a body, reads differently.
final class GraphColoringTests: XCTestCase {
    private let colors = 24

    /// Greedy coloring of `pairs` (-1: a body that takes no color), from empty masks.
    private func greedy(_ pairs: [(Int, Int)]) -> [Int] { greedyColoring(pairs, colors: colors) }

    private func colored(_ world: World, _ body: Int) -> Int {
        world.bodies[body].type == .dynamic && world.bodies[body].isAwake ? body : -1
    }

    /// Falling boxes and pentagons landing on a floor (soft step): contacts begin and end
    /// every few steps, so bodies leave and join the coloring.
    func testSoftStepColorsAreTheGreedyColoringOfEachStepsCandidates() {
        let (world, _) = Workloads.rain(count: 300)
        var checked = 0, overflowFree = 0
        for step in 1...150 {
            world.step(1.0 / 60)
            guard step % 10 == 0 else { continue }
            let pairs = world.candidates.map { ci -> (Int, Int) in
                let c = world.contacts[Int(ci)]
                return (colored(world, c.bodyA), colored(world, c.bodyB))
            }
            let expected = greedy(pairs)
            XCTAssertEqual(world.colorOf.map(Int.init), expected, "step \(step)")
            // Each candidate sits in exactly one lane, inside its color's batches.
            var seen = [Int](repeating: 0, count: pairs.count)
            let starts = world.batchColorStarts
            for color in 0...colors {
                for batch in starts[color]..<starts[color + 1] {
                    for lane in 0..<4 {
                        let k = Int(world.laneCandidates[4 * batch + lane])
                        guard k >= 0 else { continue }
                        seen[k] += 1
                        // The candidate knows its lane (the preparation walks candidates).
                        XCTAssertEqual(Int(world.candidateLanes[k]), 4 * batch + lane, "step \(step): candidate \(k)")
                        // The lane was filled from that candidate's contact.
                        XCTAssertEqual(world.batches[batch].contact[lane], world.candidates[k])
                        XCTAssertEqual(expected[k], color, "step \(step): candidate \(k) in color \(color)")
                    }
                }
            }
            XCTAssertEqual(seen, [Int](repeating: 1, count: pairs.count), "step \(step)")
            if !expected.contains(colors) { overflowFree += 1 }
            checked += pairs.count
        }
        XCTAssertGreaterThan(checked, 3000, "enough constraints were colored")
        XCTAssertGreaterThan(overflowFree, 0)
    }

    /// The sequential step (the UIKit configuration) colors its constraints the same way.
    func testSequentialStepColorsAreTheGreedyColoringOfEachStepsConstraints() {
        let world = World(gravity: Vec2(0, 10), stepMode: .sequentialImpulse)
        var gd = BodyDef(); gd.type = .staticBody
        let ground = world.createBody(gd)
        world.createShape(ground, .polygon(Polygon.box(halfWidth: 4, halfHeight: 0.1, center: Vec2(0, 5.1))), ShapeDef())
        for row in 0..<12 {
            for column in 0..<10 {
                var bd = BodyDef()
                bd.type = .dynamic
                bd.position = Vec2(Double(column) * 0.31 - 1.5 + Double(row % 2) * 0.07, 4.8 - Double(row) * 0.31)
                let body = world.createBody(bd)
                world.createShape(body, .polygon(Polygon.box(halfWidth: 0.15, halfHeight: 0.15, center: .zero)), ShapeDef())
            }
        }
        var checked = 0
        for step in 1...240 {
            world.step(Double(Float(1.0 / 120)))
            guard step % 20 == 0 else { continue }
            let pairs = world.candidateBodies.map { (Int($0.a), Int($0.b)) }
            // Each constraint's position part sits in the slot of its lane.
            let independent = world.sequentialLanes.map { world.sequentialPositions[Int($0)] }
                .map { (colored(world, Int($0.bodyA)), colored(world, Int($0.bodyB))) }
            XCTAssertEqual(pairs.map { [$0.0, $0.1] }, independent.map { [$0.0, $0.1] }, "step \(step)")
            XCTAssertEqual(world.colorOf.map(Int.init), greedy(independent), "step \(step)")
            checked += pairs.count
        }
        XCTAssertGreaterThan(checked, 1000, "enough constraints were colored")
    }

    /// The sequential step's lanes: every constraint in exactly one lane of its color's
    /// batches and the batch naming it; inside a color the one-point constraints first, then
    /// the two-point ones (so that most batches are of one kind: at most one per color mixes
    /// them), each kind in the order of its lower dynamic body (buckets of 1/64 of the bodies,
    /// contact order within one), which changes nothing but which thread's share touches which
    /// bodies and which kernel a batch takes; the overflow's in contact order, one to a
    /// batch, since those are solved one after another and may share a body. A plank carrying
    /// 40 boxes has more contacts than there are colors, so the overflow is used, and its
    /// contacts came in the reverse of their bodies' order.
    func testSequentialLanesFollowTheBodiesWithinAColorAndContactOrderInTheOverflow() {
        let world = World(gravity: Vec2(0, 10), stepMode: .sequentialImpulse)
        _ = makeGround(world, y: 5)
        // Later boxes start lower and land first: their contacts with the plank (made after
        // them, so each contact's lower body is its box) come in the reverse of body order.
        for column in 0..<40 {
            _ = makeBox(world, center: Vec2(Double(column) * 0.21 - 4.1, 4.3 + 0.01 * Double(column)), half: 0.1)
        }
        var pd = BodyDef(); pd.position = Vec2(0, 4.9)
        let plank = world.createBody(pd)
        world.createShape(plank, .polygon(.box(halfWidth: 4.2, halfHeight: 0.1)), ShapeDef())
        for row in 0..<6 {
            for column in 0..<12 {
                _ = makeBox(world, center: Vec2(Double(column) * 0.5 - 3 + Double(row % 2) * 0.1, 4.2 - Double(row) * 0.3), half: 0.12)
            }
        }
        let buckets = 64
        var checked = 0, overflowChecked = 0, bothKinds = 0
        for step in 1...180 {
            world.step(Double(Float(1.0 / 120)))
            guard step % 15 == 0 else { continue }
            let pairs = world.candidateBodies.map { (Int($0.a), Int($0.b)) }
            let colorOf = world.colorOf.map(Int.init)
            let starts = world.sequentialBatchColorStarts
            let lanes = world.sequentialLanes.map(Int.init)
            XCTAssertEqual(lanes.count, pairs.count)
            XCTAssertEqual(Set(lanes).count, lanes.count, "step \(step): a lane taken twice")
            var byColor = [[Int]](repeating: [], count: colors + 1)
            for k in pairs.indices {
                let batch = lanes[k] / 4, color = colorOf[k]
                XCTAssertTrue(starts[color] <= batch && batch < starts[color + 1], "step \(step): constraint \(k) outside its color")
                XCTAssertEqual(Int(world.sequentialBatches[batch].constraint[lanes[k] % 4]), k)
                byColor[color].append(k)
            }
            for color in 0...colors {
                let laneOrder = byColor[color].sorted { lanes[$0] < lanes[$1] }
                if color == colors {
                    // One to a batch, in contact order.
                    XCTAssertEqual(laneOrder, byColor[color], "step \(step): overflow reordered")
                    XCTAssertTrue(laneOrder.allSatisfy { lanes[$0] % 4 == 0 })
                    overflowChecked += laneOrder.count
                    continue
                }
                // Packed from the color's first lane on.
                XCTAssertEqual(laneOrder.map { lanes[$0] }, Array((4 * starts[color])..<(4 * starts[color] + laneOrder.count)))
                func bucket(_ k: Int) -> Int {
                    let (a, b) = pairs[k]
                    let key = a < 0 ? b : (b < 0 ? a : min(a, b))
                    return key * buckets / world.bodies.count
                }
                let points = { (k: Int) -> Int in world.contacts[Int(world.sequentialWork[k])].manifold.count }
                let expected = byColor[color].enumerated()
                    .sorted { (points($0.element), bucket($0.element), $0.offset) < (points($1.element), bucket($1.element), $1.offset) }
                    .map(\.element)
                XCTAssertEqual(laneOrder, expected, "step \(step), color \(color)")
                // At most one batch of the color holds both kinds.
                let mixedBatches = Set(laneOrder.map { lanes[$0] / 4 }).filter { batch in
                    Set(laneOrder.filter { lanes[$0] / 4 == batch }.map(points)).count > 1
                }
                XCTAssertLessThanOrEqual(mixedBatches.count, 1, "step \(step), color \(color)")
                if Set(laneOrder.map(points)).count > 1 { bothKinds += 1 }
                checked += laneOrder.count
            }
        }
        XCTAssertGreaterThan(checked, 1000)
        XCTAssertGreaterThan(overflowChecked, 20, "the plank's contacts overflowed the colors")
        XCTAssertGreaterThan(bothKinds, 5, "colors holding one- and two-point constraints")
    }
}
