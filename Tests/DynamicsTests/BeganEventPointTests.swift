import XCTest
@testable import Dynamics

/// In the sequential step a began event reports the point of its manifold that took the
/// larger normal impulse in the solve (UIKit's callbacks do), else the point the narrow phase
/// gave it. Checked against the manifolds themselves, step after step, while a rain lands:
/// many events a step, in steps where separated pairs are dropped ahead of them in the
/// contact list (so the contacts move while the events are made).
final class BeganEventPointTests: XCTestCase {
    func testEveryBeganEventOfALandingRainReportsItsPointOfLargestImpulse() {
        for workers in [1, 2] {
            let world = makeSequentialRain(count: 300, workers: workers)
            // The time of impact re-measures some manifolds after the events are pointed.
            world.enableContinuous = false
            let slop = EngineConstants.linearSlop
            var checked = 0, stepsWithManyEvents = 0, stepsWithDrops = 0, pickedSecond = 0
            for _ in 0..<240 {
                let before = Set(world.contacts.map(\.key))
                world.step(1.0 / 120)
                let events = world.contactBeginEvents
                if events.count > 32 { stepsWithManyEvents += 1 }
                if !events.isEmpty && !before.subtracting(world.contacts.map(\.key)).isEmpty { stepsWithDrops += 1 }
                for e in events {
                    let matches = world.contacts.filter { $0.shapeA == e.shapeA.index && $0.shapeB == e.shapeB.index }
                    XCTAssertEqual(matches.count, 1, "one contact per pair")
                    guard let m = matches.first?.manifold else { continue }
                    // The narrow phase's point: the touching point, or the middle of two.
                    var expected = m.count == 2 && m.p1.separation < slop
                        ? (m.p0.separation < slop ? 0.5 * (m.p0.point + m.p1.point) : m.p1.point)
                        : m.p0.point
                    if m.count == 2 && m.p1.maxNormalImpulse > m.p0.maxNormalImpulse {
                        expected = m.p1.point
                        pickedSecond += 1
                    }
                    XCTAssertEqual(e.point.x, expected.x, "workers \(workers)")
                    XCTAssertEqual(e.point.y, expected.y, "workers \(workers)")
                    checked += 1
                }
            }
            XCTAssertGreaterThan(checked, 300, "the rain lands")
            XCTAssertGreaterThan(stepsWithManyEvents, 0, "steps with more than 32 events")
            XCTAssertGreaterThan(stepsWithDrops, 0, "steps that drop contacts while events begin")
            XCTAssertGreaterThan(pickedSecond, 0, "some events take the second point")
        }
    }
}
