import XCTest
@testable import Dynamics

/// The narrow phase also decides which contacts the solver takes, while it has each contact
/// in cache: the soft step's candidate scan, the sequential step's list (`sequentialTakes`);
/// the contact preparation or the list scans the contacts again only when something the
/// narrow phase read changed in between. Every case below must give the states of a world
/// that always scans in the preparation, bit for bit, step by step (and in the sequential
/// step the same list of contacts to solve).
final class CandidateScanTests: XCTestCase {
    /// Two walls of boxes side by side on the ground, sleeping allowed.
    private func world(scanInNarrowPhase: Bool, mode: StepMode = .softStep) -> (World, [BodyID]) {
        let world = World(gravity: Vec2(0, 10), stepMode: mode)
        world.narrowPhaseScansCandidates = scanInNarrowPhase
        _ = makeGround(world, y: 0)
        var boxes: [BodyID] = []
        for column in 0..<6 {
            for row in 0..<5 {
                let x = Double(column) * 0.52 - 1.3, y = -0.25 - Double(row) * 0.5
                boxes.append(makeBox(world, center: Vec2(x, y), half: 0.25))
            }
        }
        return (world, boxes)
    }

    /// Runs `steps` steps on both worlds, calling `event(step, world, boxes)` on each before
    /// its step, and compares the state hashes after every step.
    /// In the sequential step (UIKit's two steps of 1/120 s a frame) the lists of contacts
    /// solved must agree as well; returns the step counts of contacts listed and of touching
    /// ones left out (a sleeping pair).
    @discardableResult
    private func assertSameStates(steps: Int, mode: StepMode = .softStep, file: StaticString = #filePath, line: UInt = #line,
                                  _ event: (Int, World, [BodyID]) -> Void) -> (listed: Int, leftOut: Int) {
        let (fused, fusedBoxes) = world(scanInNarrowPhase: true, mode: mode)
        let (plain, plainBoxes) = world(scanInNarrowPhase: false, mode: mode)
        let sequential = mode == .sequentialImpulse
        let dt = sequential ? Double(Float(1.0 / 120)) : 1.0 / 60
        var listed = 0, leftOut = 0
        for step in 0..<(sequential ? 2 * steps : steps) {
            let frame = sequential ? step / 2 : step
            if !sequential || step % 2 == 0 {
                event(frame, fused, fusedBoxes)
                event(frame, plain, plainBoxes)
            }
            fused.step(dt)
            plain.step(dt)
            let a = Workloads.stateHash(fused), b = Workloads.stateHash(plain)
            if a != b || fused.sequentialWork != plain.sequentialWork {
                XCTFail("states or lists differ after step \(step)", file: file, line: line)
                return (listed, leftOut)
            }
            if sequential {
                listed += fused.sequentialWork.count
                leftOut += fused.contacts.filter(\.touching).count - fused.sequentialWork.count
            }
        }
        return (listed, leftOut)
    }

    func testASettlingPileThatSleepsAndIsWokenByALandingBox() throws {
        var woke = false
        assertSameStates(steps: 240) { step, world, boxes in
            if step == 150 {
                // Everything has been asleep for a while: a box dropped on the pile wakes it
                // in the middle of a narrow phase (its contact with a sleeper begins).
                XCTAssertFalse(world.isAwake(boxes[4]), "the pile sleeps before the drop")
                _ = makeBox(world, center: Vec2(-1.3, -2.9), half: 0.25)
            }
            if step == 170 { woke = world.isAwake(boxes[4]) }
        }
        XCTAssertTrue(woke, "the landing box woke the pile")
    }

    /// The sequential step lists its contacts from the narrow phase's judgement: a pile that
    /// falls asleep (its touching pairs then left out of the list) and is woken in the middle of
    /// a narrow phase by a landing box (the list then walks the contacts again).
    func testTheSequentialListOfASleepingPileWokenByALandingBox() throws {
        var woke = false
        let counts = assertSameStates(steps: 240, mode: .sequentialImpulse) { step, world, boxes in
            if step == 150 {
                XCTAssertFalse(world.isAwake(boxes[4]), "the pile sleeps before the drop")
                _ = makeBox(world, center: Vec2(-1.3, -2.9), half: 0.25)
            }
            if step == 170 { woke = world.isAwake(boxes[4]) }
        }
        XCTAssertTrue(woke, "the landing box woke the pile")
        XCTAssertGreaterThan(counts.listed, 2000, "contacts were solved")
        XCTAssertGreaterThan(counts.leftOut, 5000, "sleeping pairs were left out \(counts)")
    }

    func testTheSequentialListThroughRemovalsTypeChangesAndWakes() {
        assertSameStates(steps: 160, mode: .sequentialImpulse) { step, world, boxes in
            switch step {
            case 20: world.destroyBody(boxes[0])
            case 40: world.setBodyType(boxes[12], .staticBody)
            case 60: world.setBodyType(boxes[12], .dynamic)
            case 80: world.setBodyType(boxes[17], .kinematic); world.setLinearVelocity(boxes[17], Vec2(0.5, 0))
            case 140: world.wake(boxes[29])
            default: break
            }
        }
    }

    func testRemovalsTypeChangesAndWakesBetweenSteps() {
        assertSameStates(steps: 160) { step, world, boxes in
            switch step {
            case 20: world.destroyBody(boxes[0]) // a bottom box: its contacts go, the wall above falls
            case 40: world.setBodyType(boxes[12], .staticBody)
            case 60: world.setBodyType(boxes[12], .dynamic)
            case 80: world.setBodyType(boxes[17], .kinematic); world.setLinearVelocity(boxes[17], Vec2(0.5, 0))
            case 140: world.wake(boxes[29])
            default: break
            }
        }
    }

    /// Boxes thrown off the pile: their pairs separate in the narrow phase (their fat boxes no
    /// longer overlap) while the other contacts stay. The scan moves with the contacts that
    /// stay and is still fresh, equal to the preparation's own, and every step's states are
    /// those of a world that always scans again.
    func testPairsThatSeparateInTheNarrowPhaseKeepTheScanFresh() {
        func throwTopBoxes(_ world: World, _ boxes: [BodyID]) {
            for column in [0, 2, 5] { world.setLinearVelocity(boxes[column * 5 + 4], Vec2(Double(column) - 2, -9)) }
        }
        assertSameStates(steps: 90) { step, world, boxes in
            if step == 30 { throwTopBoxes(world, boxes) }
        }

        func rows(_ world: World) -> [[Int32]] {
            world.candidateScan.prefix(world.contacts.count).map { [Int32($0.kind.rawValue), $0.bodyA, $0.bodyB, $0.colored.a, $0.colored.b] }
        }
        let (world, boxes) = world(scanInNarrowPhase: true)
        for _ in 0..<30 { world.step(1.0 / 60) }
        throwTopBoxes(world, boxes)
        var checked = 0
        for _ in 0..<40 {
            let before = world.contacts.count
            world.updatePairs()
            let afterPairs = world.contacts.count
            world.collide(dt: 1.0 / 60)
            if world.contacts.count < afterPairs && before > 0 && world.candidateScanFresh {
                let fromNarrowPhase = rows(world)
                world.candidateScanFresh = false
                world.scanCandidates()
                XCTAssertEqual(fromNarrowPhase, rows(world), "the scan after \(afterPairs - world.contacts.count) removals")
                checked += 1
            }
            world.step(1.0 / 60)
        }
        XCTAssertGreaterThan(checked, 0, "no narrow phase removed a pair")
    }

    func testTheNarrowPhaseScanIsUsedWhenNothingChangedAndDroppedOnAWake() {
        func rows(_ world: World) -> [[Int32]] {
            world.candidateScan.prefix(world.contacts.count).map { [Int32($0.kind.rawValue), $0.bodyA, $0.bodyB, $0.colored.a, $0.colored.b] }
        }
        let (world, boxes) = world(scanInNarrowPhase: true)
        for _ in 0..<30 { world.step(1.0 / 60) }
        // Right after a narrow phase with no wake and no removal the scan is fresh, and a
        // scan of the preparation's own finds the same.
        world.collide(dt: 1.0 / 60)
        XCTAssertTrue(world.candidateScanFresh)
        let fromNarrowPhase = rows(world)
        world.candidateScanFresh = false
        world.scanCandidates()
        XCTAssertEqual(fromNarrowPhase, rows(world))
        XCTAssertGreaterThan(world.contacts.filter(\.touching).count, 25)
        XCTAssertFalse(world.candidateScanFresh, "used once")
        // Waking an awake body changes nothing; putting the pile to sleep and waking it does.
        world.collide(dt: 1.0 / 60)
        world.wake(boxes[3])
        XCTAssertTrue(world.candidateScanFresh)
        for _ in 0..<200 { world.step(1.0 / 60) }
        XCTAssertFalse(world.isAwake(boxes[3]))
        world.collide(dt: 1.0 / 60)
        XCTAssertTrue(world.candidateScanFresh)
        world.wake(boxes[3])
        XCTAssertFalse(world.candidateScanFresh)
    }
}
