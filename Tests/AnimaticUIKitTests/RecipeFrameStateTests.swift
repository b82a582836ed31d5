import AnimaticUIKit
import Rendering
import SceneFormat
import ScenePlayer
import XCTest
@testable import recipes

/// Every recipe's view controller, recorded, describes every frame exactly as the bundled
/// scene of the same recipe does: the same items (shape, size, center, angle, color, alpha,
/// scale) and the same debug overlay, frame by frame. Equal frame states draw equal pixels.
final class RecipeFrameStateTests: XCTestCase {
    func testEveryRecipeScriptsTheGesturesOfItsScene() throws {
        XCTAssertEqual(Recipe.all.count, 12)
        for recipe in Recipe.all {
            let scene = try bundledScene(recipe.id)
            XCTAssertEqual(recipe.duration, scene.duration, recipe.id)
            XCTAssertEqual(recipe.title, scene.title, recipe.id)
            let expected = scene.input.map { input -> String in
                switch input.gesture {
                case .tap(let p): return "tap \(input.at) \(p.x) \(p.y)"
                case .pan(let path, let d): return "pan \(input.at) \(d) " + path.map { "\($0.x) \($0.y)" }.joined(separator: " ")
                }
            }
            let actual = recipe.gestures.map { g -> String in
                switch g.action {
                case .tap(let p): return "tap \(g.time) \(Double(p.x)) \(Double(p.y))"
                case .pan(let path, let d): return "pan \(g.time) \(d) " + path.map { "\(Double($0.x)) \(Double($0.y))" }.joined(separator: " ")
                case .run: return "run \(g.time)"
                }
            }
            XCTAssertEqual(actual, expected, "\(recipe.id): the recipe's script and the scene's input")
        }
    }

    func testEveryRecipeDescribesEveryFrameAsItsSceneDoes() throws {
        for recipe in Recipe.all {
            let scene = try bundledScene(recipe.id)
            let runner = try SceneRunner(scene: scene)
            let recorder = try recipe.recorder()
            XCTAssertEqual(recorder.frameCount, runner.frameCount, recipe.id)
            let layers = recorder.debugLayersShown
            var firstDifference: String?
            for frame in 0..<runner.frameCount {
                if frame > 0 {
                    try runner.advanceFrame()
                    try recorder.advanceFrame()
                }
                var expected = runner.frameState()
                if !layers.isEmpty { expected.overlay = runner.overlay(layers) }
                let actual = recorder.frameState()
                if actual != expected {
                    firstDifference = "frame \(frame):\n  scene  \(expected.items)\n  recipe \(actual.items)\n"
                        + "  overlays equal: \(expected.overlay == actual.overlay)"
                    break
                }
            }
            XCTAssertNil(firstDifference, "\(recipe.id): \(firstDifference ?? "")")
        }
    }
}
