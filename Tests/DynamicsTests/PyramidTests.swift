import XCTest
@testable import Dynamics

/// Box2D's large pyramid must stand: Box2D v3 on the same scene measures
/// 0.017 rad, 18 pt sideways and a 73 pt sink of the top box after 500 steps.
final class PyramidTests: XCTestCase {
    func testLargePyramidStandsFiveHundredSteps() {
        let (world, boxes) = Workloads.pyramid(base: 100)
        XCTAssertEqual(boxes.count, 5050)
        let start = boxes.map { world.position($0) }
        for _ in 0..<500 { world.step(1.0 / 60) }
        var maxTurn = 0.0, maxSide = 0.0
        for (k, b) in boxes.enumerated() {
            maxTurn = max(maxTurn, abs(world.angle(b)))
            maxSide = max(maxSide, abs(world.position(b).x - start[k].x))
        }
        let topSink = world.position(boxes.last!).y - start.last!.y
        print("pyramid: max turn \(maxTurn) rad, max sideways \(maxSide / pt) pt, top sink \(topSink / pt) pt")
        XCTAssertLessThan(maxTurn, 0.05)
        XCTAssertLessThan(maxSide, 50 * pt)
        XCTAssertLessThan(topSink, 150 * pt)
    }
}
