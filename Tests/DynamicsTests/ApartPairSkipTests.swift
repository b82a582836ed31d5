import XCTest
@testable import Dynamics

/// The sequential narrow phase leaves a pair found apart alone until its two bodies together
/// have travelled the margin it was apart by, the write-back leaves a shape's box
/// uncomputed while its body has travelled less than the room it had in its fat box
/// (World+ApartPairs), and a touching polygon pair measures only the faces that won its last
/// full separating-axis searches while its bodies' travel and turn keep them winning
/// (World+SeparatingFaces). Every case below must give the states, fat boxes and manifolds of
/// a world that does none of these, bit for bit, step by step, and the skip must really have
/// happened.
final class ApartPairSkipTests: XCTestCase {
    private let dt = Double(Float(1.0 / 120))

    /// A heap of boxes and circles dropped on the ground (no sleep: they keep jiggling), and
    /// a body whose one box sits 0.8 m off its origin, with a static box diagonally above and
    /// behind it: their fat boxes overlap, their bounding circles stay apart (a skipped pair)
    /// until the body turns about its origin, which swings its box into the static one.
    private func heap(_ world: World) -> [BodyID] { heaps(1)(world) }

    /// `copies` such heaps side by side, 6 m apart (the lever and its corner after the last).
    private func heaps(_ copies: Int) -> (World) -> [BodyID] { { world in
        _ = makeGround(world, y: 0)
        var bodies: [BodyID] = []
        for copy in 0..<copies {
        for column in 0..<8 {
            for row in 0..<6 {
                let x = Double(copy - copies + 1) * 6 + Double(column) * 0.58 - 2.0 + (row % 2 == 0 ? 0 : 0.21), y = -0.3 - Double(row) * 0.6
                if (column + row) % 3 == 0 {
                    var def = BodyDef(); def.position = Vec2(x, y)
                    let b = world.createBody(def)
                    world.createShape(b, .circle(center: .zero, radius: 0.24))
                    bodies.append(b)
                } else {
                    bodies.append(makeBox(world, center: Vec2(x, y), half: 0.25, angle: 0.1 * Double(row)))
                }
            }
        }
        }
        var def = BodyDef(); def.position = Vec2(3.5, -0.2)
        let lever = world.createBody(def)
        world.createShape(lever, .polygon(.box(halfWidth: 0.2, halfHeight: 0.2, center: Vec2(0.8, 0))))
        var staticDef = BodyDef(); staticDef.type = .staticBody; staticDef.position = Vec2(3.75, -0.75)
        let corner = world.createBody(staticDef)
        world.createShape(corner, .polygon(.box(halfWidth: 0.25, halfHeight: 0.25)))
        bodies.append(corner)
        bodies.append(lever)
        return bodies
    } }

    /// Two boxes resting on the ground 5 cm apart: their bounding circles overlap, a
    /// separating axis keeps them apart.
    private func twoBoxes(_ world: World) -> [BodyID] {
        _ = makeGround(world, y: 0)
        return [makeBox(world, center: Vec2(0, -0.25), half: 0.25), makeBox(world, center: Vec2(0.55, -0.25), half: 0.25)]
    }

    /// Workers of the skipping world (the plain one always steps on one thread).
    private var skippingWorkers = 1

    private func world(skipping: Bool, _ build: (World) -> [BodyID]) -> (World, [BodyID]) {
        let world = World(gravity: Vec2(0, 10), stepMode: .sequentialImpulse)
        world.skipsApartPairs = skipping
        world.enableSleep = false
        if skipping && skippingWorkers > 1 { world.workerCount = skippingWorkers; world.tunesWorkers = false }
        return (world, build(world))
    }

    /// Steps both worlds, calling `event(step, world, bodies)` on each before its step;
    /// returns how many pair tests the skipping world left out, and how many of its shapes end
    /// with a known room in their fat boxes (their boxes may then go uncomputed).
    @discardableResult
    private func assertSame(steps: Int, _ build: ((World) -> [BodyID])? = nil, file: StaticString = #filePath, line: UInt = #line,
                            _ event: (Int, World, [BodyID]) -> Void = { _, _, _ in }) -> (pairs: Int, boxes: Int) {
        let (skipping, skippingBodies) = world(skipping: true, build ?? heap)
        let (plain, plainBodies) = world(skipping: false, build ?? heap)
        var skipped = 0
        for step in 0..<steps {
            event(step, skipping, skippingBodies)
            event(step, plain, plainBodies)
            skipping.step(dt)
            plain.step(dt)
            skipped += skipping.contacts.filter(\.apartSkippedLastStep).count
            XCTAssertEqual(plain.contacts.filter(\.apartSkippedLastStep).count, 0, file: file, line: line)
            let same = Workloads.stateHash(skipping) == Workloads.stateHash(plain)
                && skipping.contacts.map(\.key) == plain.contacts.map(\.key)
                && skipping.shapes.map(\.fatAABB) == plain.shapes.map(\.fatAABB)
                && zip(skipping.contacts, plain.contacts).allSatisfy { a, b in
                    a.touching == b.touching && a.manifold.count == b.manifold.count && a.manifold.normal == b.manifold.normal
                        && a.manifold.referenceIsB == b.manifold.referenceIsB
                        && (0..<a.manifold.count).allSatisfy {
                            a.manifold[$0].separation == b.manifold[$0].separation && a.manifold[$0].id == b.manifold[$0].id
                                && a.manifold[$0].point == b.manifold[$0].point
                        }
                }
            if !same {
                XCTFail("states, fat boxes or manifolds differ after step \(step)", file: file, line: line)
                return (skipped, 0)
            }
        }
        return (skipped, skipping.fatLimits.filter { $0 > -.infinity }.count)
    }

    func testAHeapFallingAndSettling() {
        let skipped = assertSame(steps: 360)
        // Diagonal neighbours in the heap: fat boxes overlap, bounding circles apart.
        XCTAssertGreaterThan(skipped.pairs, 2000, "pairs were skipped")
        XCTAssertGreaterThan(skipped.boxes, 40, "shapes' boxes may be skipped")
    }

    /// Poses set from outside between steps: a body put right against a neighbour it was
    /// apart from (a skipped pair), the lever body turned about its origin (its box swings
    /// into the static box while its origin stays), the ground moved, a body removed.
    func testTeleportsTurnsAndRemovalsBetweenSteps() {
        teleportsTurnsAndRemovals(heap)
    }

    /// The same on two workers, four heaps side by side: contacts enough for the pool
    /// (`World.narrowGrain`), which then brings the bodies' travel up to date as the first
    /// stage of the narrow phase's job (the poses set from outside are what it must catch:
    /// the write-back already brought the stepped bodies' travel up to date).
    func testTeleportsTurnsAndRemovalsOnTwoWorkersWithTheTravelAsAStage() {
        skippingWorkers = 2
        defer { skippingWorkers = 1 }
        var pooledSteps = 0
        teleportsTurnsAndRemovals(heaps(4)) { world in
            if world.skipsApartPairs && world.workerPool != nil && world.contacts.count >= 2 * World.narrowGrain { pooledSteps += 1 }
        }
        XCTAssertGreaterThan(pooledSteps, 250, "steps whose narrow phase ran the travel as a stage")
    }

    private func teleportsTurnsAndRemovals(_ build: @escaping (World) -> [BodyID], file: StaticString = #filePath, line: UInt = #line,
                                           each: (World) -> Void = { _ in }) {
        var teleportedSkippedPair = false, leverPairSkipped = false, leverPairTouches = false
        var chosen: (Int, Int)?
        func leverPair(_ world: World, _ bodies: [BodyID]) -> Contact? {
            let corner = bodies[bodies.count - 2].index, lever = bodies[bodies.count - 1].index
            return world.contacts.first { Set([$0.bodyA, $0.bodyB]) == Set([corner, lever]) }
        }
        let skipped = assertSame(steps: 300, build, file: file, line: line) { step, world, bodies in
            each(world)
            switch step {
            case 150:
                // The first pair of two dynamic bodies the skipping world's last step left
                // alone (chosen there, as the event runs on that world first), in both.
                if world.skipsApartPairs {
                    chosen = world.contacts.first { $0.apartSkippedLastStep && world.bodies[$0.bodyA].type == .dynamic
                        && world.bodies[$0.bodyB].type == .dynamic }.map { ($0.bodyA, $0.bodyB) }
                }
                guard let (a, b) = chosen else { return }
                teleportedSkippedPair = true
                let p = world.bodies[a].transform.p + Vec2(0.49, 0)
                world.setTransform(BodyID(index: b), position: p, angle: world.bodies[a].angle)
            case 200:
                if world.skipsApartPairs { leverPairSkipped = leverPair(world, bodies)?.apartSkippedLastStep ?? false }
                let lever = bodies[bodies.count - 1]
                world.setTransform(lever, position: world.transform(lever).p, angle: world.angle(lever) - 0.6)
            case 202:
                leverPairTouches = leverPair(world, bodies)?.touching ?? false
            case 230:
                let ground = world.bodies.indices.first { world.bodies[$0].type == .staticBody }!
                world.setTransform(BodyID(index: ground), position: Vec2(0, -0.05), angle: 0)
            case 260:
                world.destroyBody(bodies[20])
            default: break
            }
        }
        XCTAssertTrue(teleportedSkippedPair, "a skipped pair was teleported together", file: file, line: line)
        XCTAssertTrue(leverPairSkipped, "the lever's box and the corner were a skipped pair before the turn", file: file, line: line)
        XCTAssertTrue(leverPairTouches, "the turn swung the lever's box into the corner", file: file, line: line)
        XCTAssertGreaterThan(skipped.pairs, 1000, file: file, line: line)
    }

    /// A pair kept apart by a separating axis (not by the bounding circles) is skipped too,
    /// until one box is pushed against the other.
    func testAPairKeptApartByASeparatingAxisUntilPushedTogether() {
        var skippedBeforePush = 0, touchesAfterPush = false
        assertSame(steps: 240, twoBoxes) { step, world, boxes in
            let pair = world.contacts.first { Set([$0.bodyA, $0.bodyB]) == Set([boxes[0].index, boxes[1].index]) }
            if world.skipsApartPairs, step < 120, pair?.apartSkippedLastStep == true { skippedBeforePush += 1 }
            if step == 120 { world.setLinearVelocity(boxes[1], Vec2(-2, 0)) }
            if world.skipsApartPairs, step > 130, pair?.touching == true { touchesAfterPush = true }
        }
        XCTAssertGreaterThan(skippedBeforePush, 100, "the resting pair was skipped")
        XCTAssertTrue(touchesAfterPush, "the pushed box reached the other")
    }

    /// How many of the world's contacts would measure a known winning face (in either
    /// direction) if the bodies did not move before the next narrow phase.
    private func knownFaceCount(_ world: World) -> Int {
        world.contacts.filter { c in
            let known = c.separatingFaces.knownFaces(travel: world.apartTravel[c.bodyA] + world.apartTravel[c.bodyB],
                                                     turnA: world.apartTurn[c.bodyA], turnB: world.apartTurn[c.bodyB])
            return known.a >= 0 || known.b >= 0
        }.count
    }

    /// Polygons whose winning faces change while they touch: small squares turned in place on
    /// wide static slabs (a turn of the square swings the slab's far corners through its
    /// faces' separations: the turn term of the bound, not the squares' own travel, keeps the
    /// winner honest), a box pushed along a ledge until it slides off the end (its travel
    /// alone hands the lead from the ledge's top face to its end), a tall box toppling onto its
    /// side, and triangles and pentagons rolling down a slope onto a row of resting boxes.
    private func tumbling(_ world: World) -> [BodyID] {
        _ = makeGround(world, y: 0)
        var bodies: [BodyID] = []
        var staticDef = BodyDef(); staticDef.type = .staticBody
        for k in 0..<3 {
            staticDef.position = Vec2(-30 + 6 * Double(k), -0.25)
            let slab = world.createBody(staticDef)
            world.createShape(slab, .polygon(.box(halfWidth: 2, halfHeight: 0.25)))
            bodies.append(makeBox(world, center: Vec2(-30 + 6 * Double(k), -0.6), half: 0.1))
        }
        staticDef.position = Vec2(-10, -0.5)
        let ledge = world.createBody(staticDef)
        world.createShape(ledge, .polygon(.box(halfWidth: 1, halfHeight: 0.5)))
        bodies.append(makeBox(world, center: Vec2(-10.5, -1.2), half: 0.2))
        var tall = BodyDef(); tall.position = Vec2(-1.5, -0.6); tall.angle = 0.05
        let topple = world.createBody(tall)
        world.createShape(topple, .polygon(.box(halfWidth: 0.1, halfHeight: 0.6)))
        bodies.append(topple)
        staticDef.position = Vec2(1, -1)
        let slope = world.createBody(staticDef)
        world.createShape(slope, .polygon(.box(halfWidth: 1.6, halfHeight: 0.05, angle: 0.45)))
        for k in 0..<6 {
            var def = BodyDef(); def.position = Vec2(0.1 + 0.3 * Double(k), -1.9 + 0.25 * Double(k))
            let b = world.createBody(def)
            let sides = k % 2 == 0 ? 3 : 5
            let points = (0..<sides).map { i -> Vec2 in
                let t = 2 * Double.pi * Double(i) / Double(sides) + 0.3 * Double(k)
                return Vec2(0.15 * cos(t), 0.15 * sin(t))
            }
            world.createShape(b, .polygon(try! Polygon(points: points)))
            bodies.append(b)
        }
        for k in 0..<6 { bodies.append(makeBox(world, center: Vec2(2.6 + 0.41 * Double(k), -0.2), half: 0.2)) }
        return bodies
    }

    func testWinningFacesThatChangeWhileThePolygonsTouch() {
        var known = 0, maxKnown = 0
        assertSame(steps: 480, tumbling) { step, world, bodies in
            // The squares turn in place on their slabs, each at its own rate, their centres
            // where a square lying flat touches the slab.
            for k in 0..<3 {
                let turn = [0.02, 0.05, -0.09][k] * Double(step)
                world.setTransform(bodies[k], position: Vec2(-30 + 6 * Double(k), -0.6), angle: turn)
            }
            // Pushed along the ledge (1 m wide on either side of -10) until well past its end.
            if step < 90 { world.setLinearVelocity(bodies[3], Vec2(2.5, world.bodies[bodies[3].index].linearVelocity.y)) }
            if step == 0 { world.setAngularVelocity(bodies[4], 1.5) }
            if world.skipsApartPairs {
                let n = knownFaceCount(world)
                known += n
                maxKnown = max(maxKnown, n)
            }
        }
        XCTAssertGreaterThan(known, 2000, "known faces were measured")
        XCTAssertGreaterThan(maxKnown, 8, "most touching pairs knew their faces at some step")
    }
}
