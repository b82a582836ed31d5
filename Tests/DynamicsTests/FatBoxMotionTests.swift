import XCTest
@testable import Dynamics

/// In the sequential (UIKit) step a proxy that leaves its fat box is re-inserted with the box
/// it needs (its box joined with where the next step takes it) grown by the margin and, along
/// the body's motion, by twice the body's travel in a step (Box2D 2.2's b2_aabbMultiplier):
/// a falling item then moves its proxy every few steps instead of every step, and its pairs
/// still come a step before it arrives. The soft step keeps the plain margin.
final class FatBoxMotionTests: XCTestCase {
    func testAFallingItemsFatBoxReachesAheadByTwoStepsOfTravel() {
        let h = 1.0 / 120
        let world = World(gravity: Vec2(0, 10), stepMode: .sequentialImpulse)
        world.enableSleep = false
        let box = makeBox(world, center: Vec2(0, -20), half: 0.1)
        let shape = world.bodyShapes[box.index][0]
        var moves = 0, checked = 0
        var last = world.shapes[shape].fatAABB
        for _ in 0..<120 {
            world.step(h)
            let fat = world.shapes[shape].fatAABB
            let body = world.bodies[box.index]
            let tight = world.computeAABB(shape, body.transform)
            // Its box and where one more step at this velocity takes it are always inside.
            let ahead = body.linearVelocity.y * h
            XCTAssertLessThanOrEqual(fat.lower.y, tight.lower.y)
            XCTAssertGreaterThanOrEqual(fat.upper.y, tight.upper.y + ahead)
            if fat != last {
                moves += 1
                // Just moved: the margin on every side, and below (y down, falling) also the
                // next step and twice a step's travel.
                let margin = min(0.1, max(0.5 * world.shapes[shape].boundRadius, 4 * EngineConstants.linearSlop))
                XCTAssertEqual(fat.lower.y, tight.lower.y - margin, accuracy: 1e-12)
                XCTAssertEqual(fat.lower.x, tight.lower.x - margin, accuracy: 1e-12)
                XCTAssertEqual(fat.upper.x, tight.upper.x + margin, accuracy: 1e-12)
                XCTAssertEqual(fat.upper.y, tight.upper.y + ahead + margin + 2 * ahead, accuracy: 1e-12)
                checked += 1
            }
            last = fat
        }
        // One second of free fall from rest (v up to 10 m/s): without the growth the proxy
        // moves nearly every step once the fall passes the margin; with it, a third as often.
        XCTAssertGreaterThan(checked, 5)
        XCTAssertLessThan(moves, 50, "\(moves) moves in 120 steps")
    }

    /// The box pass takes a body of one shape by `bodySoleShape`, any other by its shape list:
    /// both ways every shape's fat box keeps up with it, in both steps.
    func testEveryShapeOfAFallingBodyKeepsItsFatBoxWhateverItsShapeCount() {
        for mode in [StepMode.sequentialImpulse, .softStep] {
            let world = World(gravity: Vec2(0, 10), stepMode: mode)
            world.enableSleep = false
            let box = makeBox(world, center: Vec2(0, -20), half: 0.1)
            let first = world.bodyShapes[box.index][0]
            XCTAssertEqual(world.bodySoleShape[box.index], Int32(first))
            func fall(_ steps: Int) -> Int {
                var checked = 0
                for _ in 0..<steps {
                    world.step(1.0 / 120)
                    let body = world.bodies[box.index]
                    for shape in world.bodyShapes[box.index] {
                        let tight = world.computeAABB(shape, body.transform)
                        XCTAssertTrue(world.shapes[shape].fatAABB.contains(tight), "\(mode) shape \(shape)")
                        checked += 1
                    }
                }
                return checked
            }
            XCTAssertEqual(fall(60), 60)
            // A second shape, off to the side: both followed through the list.
            let second = world.createShape(box, .polygon(.box(halfWidth: 0.05, halfHeight: 0.05, center: Vec2(0.3, 0)))).index
            XCTAssertEqual(world.bodySoleShape[box.index], -1)
            XCTAssertEqual(fall(60), 120)
            let other = makeBox(world, center: Vec2(5, -20), half: 0.1)
            world.destroyBody(box)
            XCTAssertEqual(world.bodySoleShape[box.index], -1)
            XCTAssertFalse(world.shapes[second].alive)
            XCTAssertEqual(world.bodySoleShape[other.index], Int32(world.bodyShapes[other.index][0]))
        }
    }

    func testTheSoftStepKeepsThePlainMargin() {
        let world = World(gravity: Vec2(0, 10))
        world.enableSleep = false
        let box = makeBox(world, center: Vec2(0, -20), half: 0.1)
        let shape = world.bodyShapes[box.index][0]
        var last = world.shapes[shape].fatAABB, checked = 0
        for _ in 0..<60 {
            world.step(1.0 / 60)
            let fat = world.shapes[shape].fatAABB
            if fat != last {
                let body = world.bodies[box.index]
                let tight = world.computeAABB(shape, body.transform)
                let margin = min(0.1, max(0.5 * world.shapes[shape].boundRadius, 4 * EngineConstants.linearSlop))
                XCTAssertEqual(fat.lower.y, tight.lower.y - margin, accuracy: 1e-12)
                XCTAssertEqual(fat.upper.y, tight.upper.y + body.linearVelocity.y / 60 + margin, accuracy: 1e-9)
                checked += 1
            }
            last = fat
        }
        XCTAssertGreaterThan(checked, 5)
    }
}
