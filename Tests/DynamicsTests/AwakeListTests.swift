// The awake and idle lists a step works from are kept between steps and made again only
// after a body is made, destroyed, retyped, woken or put to sleep; these tests drive each of
// those changes and, whenever the world holds its lists as current, compare them with the
// bodies themselves, before and after every step.
import XCTest
@testable import Dynamics

final class AwakeListTests: XCTestCase {
    /// What the lists must hold, read from the bodies here: the live non-static awake bodies,
    /// and the other live ones, each in body order.
    private func expectedLists(_ world: World) -> (awake: [Int], idle: [Int]) {
        var awake: [Int] = [], idle: [Int] = []
        for (i, body) in world.bodies.enumerated() where body.alive {
            if body.type != .staticBody && body.isAwake { awake.append(i) } else { idle.append(i) }
        }
        return (awake, idle)
    }

    private func assertListsFollowChanges(_ mode: StepMode, file: StaticString = #filePath, line: UInt = #line) {
        let world = World(stepMode: mode)
        world.enableSleep = true
        makeGround(world)
        var boxes: [BodyID] = []
        for column in 0..<2 {
            for row in 0..<4 {
                boxes.append(makeBox(world, center: Vec2(Double(column) * 3, -0.5 - Double(row) * 1.0), half: 0.5))  // y down
            }
        }
        var sleeping: Set<Int> = [], sawSleep = false, sawWake = false
        // Lists the world holds as current must be the bodies' (a step that puts bodies to
        // sleep at its end leaves them stale, marked so, for the next step to make again).
        var checked = 0
        func checkKeptLists(_ when: String) {
            guard world.awakeListsCurrent else { return }
            let expected = expectedLists(world)
            XCTAssertEqual(world.awakeBodies, expected.awake, "\(mode) \(when)", file: file, line: line)
            XCTAssertEqual(world.idleBodies, expected.idle, "\(mode) \(when)", file: file, line: line)
            checked += 1
        }
        let dt = 1.0 / 60
        for step in 1...420 {
            switch step {
            case 120: boxes.append(makeBox(world, center: Vec2(0, -6), half: 0.5))  // falls on a sleeping stack
            case 125: boxes.append(makeBox(world, center: Vec2(20, -10), half: 0.5)) // alone, in the air
            case 126: world.setBodyType(boxes[9], .staticBody)                     // awake, to static
            case 128: world.setBodyType(boxes[9], .dynamic)
            case 130: world.destroyBody(boxes[9])                                  // touching nothing
            case 200: world.destroyBody(boxes[7])                                  // top of the second stack
            case 240: world.setBodyType(boxes[4], .staticBody)
            case 280: world.setBodyType(boxes[4], .dynamic)
            case 380: world.wakeBody(boxes[0].index)
            default: break
            }
            checkKeptLists("before step \(step)")
            world.step(dt)
            checkKeptLists("after step \(step)")
            let nowSleeping = Set(boxes.map(\.index).filter { world.bodies[$0].alive && !world.bodies[$0].isAwake })
            if !nowSleeping.isEmpty { sawSleep = true }
            if !sleeping.subtracting(nowSleeping).filter({ world.bodies[$0].alive }).isEmpty { sawWake = true }
            sleeping = nowSleeping
        }
        XCTAssertGreaterThan(checked, 700, "\(mode): the lists were kept between most steps", file: file, line: line)
        XCTAssertTrue(sawSleep, "\(mode): some box fell asleep", file: file, line: line)
        XCTAssertTrue(sawWake, "\(mode): a sleeping box woke again", file: file, line: line)
    }

    func testTheSoftStepsListsFollowEveryChange() {
        assertListsFollowChanges(.softStep)
    }

    func testTheSequentialStepsListsFollowEveryChange() {
        assertListsFollowChanges(.sequentialImpulse)
    }
}
