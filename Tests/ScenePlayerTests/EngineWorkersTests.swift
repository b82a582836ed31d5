import Foundation
import SceneFormat
import ScenePlayer
import XCTest

/// A scene played with one and with two engine workers gives byte-identical trace lines: the
/// UIKit configuration's parallel narrow phase and per-color solver change speed only.
final class EngineWorkersTests: XCTestCase {
    /// 600 boxes raining into an open box: enough contacts per graph color to be shared out.
    func rainScene() throws -> Scene {
        var items: [String] = []
        for i in 0..<600 {
            let x = 20 + Double(i % 50) * 24, y = 700 - Double(i / 50) * 20
            items.append("{ id: \"b\(i)\", size: [12, 12], center: [\(x), \(y)], color: \"orange\" }")
        }
        let ids = (0..<600).map { "\"b\($0)\"" }.joined(separator: ", ")
        let text = """
        { title: "rain", canvas: { width: 1240, height: 720, scale: 1 }, duration: 2, sleeping: false,
          items: [\(items.joined(separator: ",\n"))],
          behaviors: [
            { type: "gravity", items: [\(ids)] },
            { type: "collision", items: [\(ids)], referenceBoundsAsBoundary: true },
            { type: "itemBehavior", items: [\(ids)], elasticity: 0.3, friction: 0.5 },
          ] }
        """
        return try Scene.load(data: Data(text.utf8), fileName: "rain.json5")
    }

    func trace(workers: Int) throws -> [String] {
        let runner = try SceneRunner(scene: try rainScene(), engineWorkers: workers)
        var lines: [String] = []
        try FramePipeline.simulate(runner) { lines.append($0.traceLine()) }
        return lines
    }

    func testOneAndTwoEngineWorkersGiveTheSameTrace() throws {
        let one = try trace(workers: 1), two = try trace(workers: 2)
        XCTAssertEqual(one.count, 120)
        XCTAssertEqual(one, two)
        // The boxes have landed and piled: the motion is not trivial.
        XCTAssertNotEqual(one[0], one[119])
    }
}
