import XCTest
@testable import Dynamics

/// Contact recycling in the soft step (Box2D v3's): a manifold is kept while its pair barely
/// moves relative to the pose it was computed at, and only its separations follow the bodies.
final class ContactRecyclingTests: XCTestCase {
    /// A box of half size `half` resting on a static box whose top face is y = 0 (y down).
    private func boxOnBlock(_ world: World, half: Double = 0.25) -> (ground: BodyID, box: BodyID) {
        var gd = BodyDef(); gd.type = .staticBody; gd.position = Vec2(0, 1)
        let ground = world.createBody(gd)
        world.createShape(ground, .polygon(.box(halfWidth: 5, halfHeight: 1)))
        let box = makeBox(world, center: Vec2(0, -half), half: half)
        return (ground, box)
    }

    private func onlyContact(_ world: World) -> Contact {
        let touching = world.contacts.filter { $0.manifold.count > 0 }
        XCTAssertEqual(touching.count, 1)
        return touching[0]
    }

    func testASmallMoveKeepsTheManifoldAndMovesItsSeparationsByExactlyThatMuch() throws {
        let world = World(gravity: .zero)
        let (_, box) = boxOnBlock(world)
        world.step(1.0 / 60)
        let before = onlyContact(world)
        XCTAssertEqual(before.manifold.count, 2)
        XCTAssertFalse(before.recycledLastStep, "a new pair is computed")

        // Lift the box 1 mm straight up (along the normal, which points from the block up
        // to the box: (0, -1) in y-down): both separations grow by exactly 1 mm.
        let lift = 0.001
        world.setTransform(box, position: world.position(box) + Vec2(0, -lift), angle: 0)
        world.collide(dt: 1.0 / 60)
        let after = onlyContact(world)
        XCTAssertTrue(after.recycledLastStep)
        XCTAssertEqual(after.manifold.normal.y, -1, accuracy: 1e-12)
        XCTAssertEqual(after.manifold.p0.separation, before.manifold.p0.separation + lift, accuracy: 1e-12)
        XCTAssertEqual(after.manifold.p1.separation, before.manifold.p1.separation + lift, accuracy: 1e-12)
        // The points (and so the anchors and ids) are the ones of then.
        XCTAssertEqual(after.manifold.p0.point, before.manifold.p0.point)
        XCTAssertEqual(after.manifold.p0.id, before.manifold.p0.id)
    }

    func testATurnOrAMovePastTheToleranceComputesTheManifoldAnew() {
        let world = World(gravity: .zero)
        let (_, box) = boxOnBlock(world)
        world.step(1.0 / 60)
        // 12 degrees: beyond acos(0.98) = 11.48 degrees of turn.
        world.setTransform(box, position: world.position(box), angle: 12 * Double.pi / 180)
        world.collide(dt: 1.0 / 60)
        XCTAssertFalse(onlyContact(world).recycledLastStep)
        // 5 pt sideways while touching: at the recycle distance (10 slops), so computed anew.
        world.setTransform(box, position: world.position(box) + Vec2(0.05, 0), angle: 0)
        world.collide(dt: 1.0 / 60)
        world.collide(dt: 1.0 / 60)
        XCTAssertTrue(onlyContact(world).recycledLastStep, "at rest after the move")
        world.setTransform(box, position: world.position(box) + Vec2(0.05, 0), angle: 0)
        world.collide(dt: 1.0 / 60)
        XCTAssertFalse(onlyContact(world).recycledLastStep)
        // Turned off, every step computes anew.
        world.contactRecycleDistance = 0
        world.collide(dt: 1.0 / 60)
        XCTAssertFalse(onlyContact(world).recycledLastStep)
    }

    func testAMassChangeComputesTheManifoldAnew() {
        // The anchors of a recycled manifold are measured from the center of mass of then.
        let world = World(gravity: .zero)
        let (_, box) = boxOnBlock(world)
        world.step(1.0 / 60)
        world.collide(dt: 1.0 / 60)
        XCTAssertTrue(onlyContact(world).recycledLastStep)
        world.setDensity(world.shapes(of: box)[0], 3)
        world.collide(dt: 1.0 / 60)
        XCTAssertFalse(onlyContact(world).recycledLastStep)
    }

    func testAlmostEveryContactOfARestingPyramidIsRecycledAndItStandsAsWithoutRecycling() {
        func pyramid(recycle: Bool) -> (World, [BodyID]) {
            let world = World(gravity: Vec2(0, 10))
            world.enableSleep = false
            if !recycle { world.contactRecycleDistance = 0 }
            _ = makeGround(world)
            var boxes: [BodyID] = []
            let base = 12, half = 0.25
            for row in 0..<base {
                for k in 0..<(base - row) {
                    let x = (Double(k) - Double(base - row - 1) / 2) * 2 * half
                    boxes.append(makeBox(world, center: Vec2(x, -half - Double(row) * 2 * half), half: half))
                }
            }
            for _ in 0..<240 { world.step(1.0 / 60) }
            return (world, boxes)
        }
        let (recycled, boxesR) = pyramid(recycle: true)
        let (fresh, boxesF) = pyramid(recycle: false)
        let touching = recycled.contacts.filter { $0.touching }
        let kept = touching.filter { $0.recycledLastStep }.count
        XCTAssertGreaterThan(Double(kept), 0.9 * Double(touching.count), "\(kept) of \(touching.count) touching contacts recycled")
        XCTAssertEqual(fresh.contacts.filter { $0.recycledLastStep }.count, 0)
        // Both stand: the top box within half a point of its start and of the other's.
        let topStart = Vec2(0, -0.25 - 11 * 0.5)
        let topR = recycled.position(boxesR.last!), topF = fresh.position(boxesF.last!)
        XCTAssertEqual(topR.x, topStart.x, accuracy: 0.5 * pt)
        XCTAssertEqual(topR.y, topF.y, accuracy: 0.5 * pt)
        XCTAssertEqual(topR.x, topF.x, accuracy: 0.5 * pt)
        XCTAssertLessThan(abs(topR.y - topStart.y), 2 * pt, "sinks under 2 pt")
    }

    func testTheSequentialStepNeverRecycles() {
        let world = World(gravity: Vec2(0, 10), stepMode: .sequentialImpulse)
        _ = boxOnBlock(world)
        for _ in 0..<120 { world.step(1.0 / 120) }
        XCTAssertFalse(onlyContact(world).recycledLastStep)
    }
}
