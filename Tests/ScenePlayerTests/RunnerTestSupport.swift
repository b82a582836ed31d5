import Foundation
import XCTest
@testable import ScenePlayer
import SceneFormat

/// One decoded `trace.jsonl` line (docs/scene-format.md describes it).
struct TraceFrame: Decodable {
    struct Item: Decodable {
        let id: String
        let center: [Double]
        let angle: Double
        let velocity: [Double]
        let angularVelocity: Double
        let alpha: Double
        let scale: Double
        let color: String
        let visible: Bool

        var x: Double { center[0] }
        var y: Double { center[1] }
        var vx: Double { velocity[0] }
        var vy: Double { velocity[1] }
        var speed: Double { (vx * vx + vy * vy).squareRoot() }
    }

    struct Event: Decodable {
        let type: String
        let behavior: String
        let item: String
        let with: String?
        let boundary: String?
        let point: [Double]
        let time: Double
    }

    let frame: Int
    let time: Double
    let running: Bool
    let items: [Item]
    let events: [Event]

    func item(_ id: String, file: StaticString = #filePath, line: UInt = #line) -> Item {
        guard let found = items.first(where: { $0.id == id }) else {
            XCTFail("no item \(id) in frame \(frame)", file: file, line: line)
            return items[0]
        }
        return found
    }
}

/// The package's scenes/ folder, found from this file's path.
var bundledScenesDirectory: URL {
    URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // ScenePlayerTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent() // package root
        .appendingPathComponent("scenes")
}

func bundledScene(_ id: String) throws -> Scene {
    try Scene.load(path: bundledScenesDirectory.appendingPathComponent(id + ".json").path)
}

/// Plays a scene to its last frame through the runner and returns every frame's trace line,
/// decoded (index k = frame k). `each` sees the runner after every frame, frame 0 included.
func playTrace(_ scene: Scene, each: ((SceneRunner) throws -> Void)? = nil) throws -> [TraceFrame] {
    let runner = try SceneRunner(scene: scene)
    let decoder = JSONDecoder()
    func current() throws -> TraceFrame {
        try each?(runner)
        return try decoder.decode(TraceFrame.self, from: Data(runner.traceLine().utf8))
    }
    var frames = [try current()]
    for _ in 1..<max(runner.frameCount, 1) {
        try runner.advanceFrame()
        frames.append(try current())
    }
    return frames
}

/// A scripted pan of a scene.
struct ScriptedPan {
    let at: Double
    let path: [ScenePoint]
    let duration: Double
    var end: Double { at + duration }

    /// Where the finger is at time t (constant speed along the path, as the contract says).
    func finger(at t: Double) -> ScenePoint {
        let f = min(max((t - at) / duration, 0), 1)
        var lengths: [Double] = []
        for k in 1..<path.count { lengths.append(distance(path[k - 1], path[k])) }
        var remaining = f * lengths.reduce(0, +)
        for k in 1..<path.count {
            if remaining <= lengths[k - 1] || k == path.count - 1 {
                let u = lengths[k - 1] > 0 ? min(remaining / lengths[k - 1], 1) : 1
                return ScenePoint(x: path[k - 1].x + u * (path[k].x - path[k - 1].x),
                                  y: path[k - 1].y + u * (path[k].y - path[k - 1].y))
            }
            remaining -= lengths[k - 1]
        }
        return path[path.count - 1]
    }

    /// Distance from a point to the pan's path (a polyline).
    func distanceToPath(_ p: ScenePoint) -> Double {
        var best = Double.infinity
        for k in 1..<path.count {
            let a = path[k - 1], b = path[k]
            let abx = b.x - a.x, aby = b.y - a.y
            let len2 = abx * abx + aby * aby
            let u = len2 > 0 ? min(max(((p.x - a.x) * abx + (p.y - a.y) * aby) / len2, 0), 1) : 0
            best = min(best, distance(p, ScenePoint(x: a.x + u * abx, y: a.y + u * aby)))
        }
        return best
    }
}

extension Scene {
    var scriptedPans: [ScriptedPan] {
        input.sorted { $0.at < $1.at }.compactMap {
            if case .pan(let path, let duration) = $0.gesture { return ScriptedPan(at: $0.at, path: path, duration: duration) }
            return nil
        }
    }

    var scriptedTaps: [(at: Double, point: ScenePoint)] {
        input.sorted { $0.at < $1.at }.compactMap {
            if case .tap(let p) = $0.gesture { return ($0.at, p) }
            return nil
        }
    }

    /// Index of the frame that shows time t.
    func frame(at t: Double) -> Int { Int((t * Double(fps)).rounded()) }
}

func distance(_ a: ScenePoint, _ b: ScenePoint) -> Double {
    ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
}

extension TraceFrame.Item {
    var point: ScenePoint { ScenePoint(x: x, y: y) }
}

/// Angle between two vectors, in degrees (0...180).
func degreesBetween(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
    let dot = ax * bx + ay * by
    let norms = (ax * ax + ay * ay).squareRoot() * (bx * bx + by * by).squareRoot()
    guard norms > 0 else { return 180 }
    return acos(min(max(dot / norms, -1), 1)) * 180 / .pi
}

/// Whether a point is on an item of bounds `size` as the trace shows it (its rotated bounds,
/// the way a touch hit-tests a view).
func covers(_ item: TraceFrame.Item, size: SceneSize, _ p: ScenePoint) -> Bool {
    let dx = p.x - item.x, dy = p.y - item.y
    let a = -item.angle
    let lx = cos(a) * dx - sin(a) * dy, ly = sin(a) * dx + cos(a) * dy
    return abs(lx) <= size.width / 2 && abs(ly) <= size.height / 2
}

/// Loads scene text held in the test, failing with every diagnostic when it does not load.
func loadScene(_ text: String, name: String = "test.json5", file: StaticString = #filePath, line: UInt = #line) throws -> Scene {
    do {
        return try Scene.load(data: Data(text.utf8), fileName: name)
    } catch let error as SceneLoadError {
        XCTFail("the scene did not load:\n\(error)", file: file, line: line)
        throw error
    }
}
