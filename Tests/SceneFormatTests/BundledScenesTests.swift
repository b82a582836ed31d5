import XCTest
@testable import SceneFormat

/// The recipe scenes under scenes/ must all load with no errors and no warnings.
final class BundledScenesTests: XCTestCase {
    /// The package's scenes/ folder, found from this file's path.
    private var scenesDirectory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent() // SceneFormatTests
            .deletingLastPathComponent() // Tests
            .deletingLastPathComponent() // package root
            .appendingPathComponent("scenes")
    }

    private func sceneFiles() throws -> [URL] {
        try Scene.sceneFiles(inDirectory: scenesDirectory.path).map { URL(fileURLWithPath: $0) }
    }

    func testEveryBundledSceneValidatesCleanly() throws {
        let files = try sceneFiles()
        XCTAssertGreaterThanOrEqual(files.count, 12)
        for url in files {
            let validation = Scene.validate(path: url.path)
            XCTAssertEqual(validation.errors, [], "\(url.lastPathComponent):\n\(validation.errors.map(\.description).joined(separator: "\n"))")
            XCTAssertEqual(validation.warnings, [], "\(url.lastPathComponent):\n\(validation.warnings.map(\.description).joined(separator: "\n"))")
            guard let scene = validation.scene else { continue }
            XCTAssertFalse(scene.title.isEmpty)
            XCTAssertNotEqual(scene.title, scene.id, "\(url.lastPathComponent) needs a title")
            XCTAssertTrue((4...10).contains(scene.duration), "\(scene.id) lasts \(scene.duration) s") // short demos, long enough to settle
            let text = try String(contentsOf: url, encoding: .utf8)
            XCTAssertTrue(text.hasPrefix("// Recipe:"), "\(scene.id) must open with a comment citing its recipe")
            // The canonical form loads back to the same scene.
            let again = try Scene.load(data: Data(scene.jsonText.utf8), fileName: url.path)
            XCTAssertEqual(again.jsonText, scene.jsonText, scene.id)
        }
    }

    func testScenesDriveTheirInteractionsWithScriptedInput() throws {
        for url in try sceneFiles() {
            let scene = try Scene.load(path: url.path)
            let handlesTap = scene.events.contains { if case .tap = $0.trigger { return true }; return false }
            let handlesPan = scene.events.contains { if case .pan = $0.trigger { return true }; return false }
            let taps = scene.input.filter { if case .tap = $0.gesture { return true }; return false }
            let pans = scene.input.filter { if case .pan = $0.gesture { return true }; return false }
            if handlesTap { XCTAssertFalse(taps.isEmpty, "\(scene.id) reacts to taps but scripts none") }
            if handlesPan { XCTAssertFalse(pans.isEmpty, "\(scene.id) reacts to pans but scripts none") }
            for gesture in scene.input { XCTAssertLessThan(gesture.end, scene.duration, "\(scene.id): a gesture outlasts the scene") }
        }
    }

    // MARK: The recipes' numbers

    private func scene(_ id: String) throws -> Scene {
        try Scene.load(path: scenesDirectory.appendingPathComponent(id + ".json").path)
    }

    private func field(_ id: String, in scene: Scene) throws -> FieldSpec {
        guard case .field(let field)? = scene.behavior(withID: id) else {
            throw XCTSkip("no field \(id) in \(scene.id)")
        }
        return field
    }

    func testCollisionDelegateRecipe() throws {
        let scene = try self.scene("collision-delegate")
        XCTAssertEqual(scene.items.map(\.size), [SceneSize(width: 50, height: 50), SceneSize(width: 50, height: 50)])
        XCTAssertEqual(scene.items.map(\.color), [.red, .green])
        XCTAssertEqual(scene.items[1].center.y - scene.items[0].center.y, 60, "stacked 10 pt apart")
        XCTAssertEqual(scene.items[0].center.x, scene.canvas.width / 2)
        guard case .collision(let collision)? = scene.behavior(withID: "collision") else { return XCTFail() }
        XCTAssertEqual(collision.boundaries.first?.shape,
                       .segment(from: ScenePoint(x: 0, y: scene.canvas.height - 100), to: ScenePoint(x: scene.canvas.width, y: scene.canvas.height - 100)))
        guard case .animate(let animate)? = scene.events.first?.actions.first else { return XCTFail() }
        XCTAssertEqual(animate.duration, 1)
        XCTAssertEqual(animate.color, .red)
        XCTAssertEqual(animate.alpha, 0)
        XCTAssertEqual(animate.scale, 2)
        XCTAssertEqual(animate.then.map(\.name), ["removeFromBehavior", "removeFromView"])
    }

    func testPushRecipe() throws {
        let scene = try self.scene("push")
        XCTAssertEqual(scene.items[0].size, SceneSize(width: 80, height: 80))
        XCTAssertEqual(scene.items[0].center, scene.canvas.center)
        XCTAssertEqual(scene.items[0].color, .green)
        guard case .push(let push)? = scene.behavior(withID: "push") else { return XCTFail() }
        XCTAssertEqual(push.mode, .continuous)
        guard case .pushToward(let aim)? = scene.events.first?.actions.first else { return XCTFail() }
        XCTAssertEqual(aim.magnitudePerPoint, 1.0 / 200)
        XCTAssertEqual(aim.point, .tapLocation)
    }

    func testSnapRecipeReplacesTheSnapOnEachTap() throws {
        let scene = try self.scene("snap")
        guard case .snapTo(let snap)? = scene.events.first?.actions.first else { return XCTFail() }
        XCTAssertEqual(snap.point, .tapLocation)
        XCTAssertEqual(snap.damping, 0.5)
        XCTAssertGreaterThanOrEqual(scene.input.count, 3)
    }

    func testFieldRecipes() throws {
        let radial = try field("centerGravity", in: scene("radial-gravity"))
        XCTAssertEqual(radial.kind, .radialGravity)
        XCTAssertEqual(radial.strength, -1)
        XCTAssertEqual(radial.region, .radius(200))

        let linear = try field("gravity", in: scene("linear-gravity"))
        XCTAssertEqual(linear.direction, SceneVector(dx: 0.4, dy: 1.0))

        let turbulenceScene = try scene("turbulence")
        let turbulence = try field("turbulence", in: turbulenceScene)
        XCTAssertEqual([turbulence.smoothness, turbulence.animationSpeed, turbulence.strength], [0.5, 60, 12])
        XCTAssertEqual(turbulence.region, .radius(200))
        XCTAssertEqual(try field("gravity", in: turbulenceScene).direction, SceneVector(dx: 0.4, dy: 1.0))

        let noise = try field("noise", in: scene("noise"))
        XCTAssertEqual([noise.smoothness, noise.animationSpeed], [0.9, 1])

        let magneticScene = try scene("magnetic")
        XCTAssertEqual(magneticScene.items.count, 3)
        XCTAssertEqual(try field("magnet", in: magneticScene).kind, .magnetic)
        XCTAssertEqual(try field("noise", in: magneticScene).kind, .noise)

        let velocity = try field("velocity", in: scene("velocity-field"))
        XCTAssertEqual(velocity.direction, SceneVector(dx: -0.4, dy: -0.5))
        XCTAssertEqual(velocity.region, .radius(100))
        XCTAssertEqual(velocity.position, ScenePoint(x: 187.5, y: 333.5))
    }

    func testPentagonRecipe() throws {
        let scene = try self.scene("pentagon")
        guard case .path(let vertices)? = scene.item(withID: "pentagonView")?.shape else { return XCTFail() }
        for (k, vertex) in vertices.enumerated() {
            let angle = Double(k) * 72 * .pi / 180
            XCTAssertEqual(vertex.x, 50 * cos(angle), accuracy: 0.01)
            XCTAssertEqual(vertex.y, 50 * sin(angle), accuracy: 0.01)
        }
        XCTAssertEqual(scene.item(withID: "squareView")?.size, SceneSize(width: 100, height: 100))
        XCTAssertEqual(scene.input.count, 2, "both views are dragged")
    }
}
