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

    // Regression: a recording knew only the contacts reported to a collision delegate, so the
    // contact sheets of 11 of the 12 recipes lacked the marks their scenes' sheets have, and
    // their traces had no events. Every recipe now sees, frame by frame, the contacts its
    // scene's trace holds (types, times, points and boundaries; the items by their order).
    func testEveryRecipeReportsTheContactsOfItsScene() throws {
        var recipesWithContacts = 0
        for recipe in Recipe.all {
            let scene = try bundledScene(recipe.id)
            let runner = try SceneRunner(scene: scene)
            let recorder = try recipe.recorder()
            func events(_ line: String) throws -> [String] {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
                return (object["events"] as! [[String: Any]]).map { e in
                    ["type", "behavior", "boundary", "point", "time"].map { "\($0)=\(e[$0].map { "\($0)" } ?? "-")" }.joined(separator: " ")
                }
            }
            for frame in 0..<runner.frameCount {
                if frame > 0 {
                    try runner.advanceFrame()
                    try recorder.advanceFrame()
                }
                // (A scene's collision behaviors have ids, code's have none.)
                let expected = try events(runner.traceLine()).map { $0.replacingOccurrences(of: #"behavior=\S+"#, with: "behavior=", options: .regularExpression) }
                let actual = try events(recorder.traceLine())
                XCTAssertEqual(actual, expected, "\(recipe.id), frame \(frame)")
                if actual != expected { break }
            }
            XCTAssertEqual(recorder.framesWithContacts, runner.framesWithContacts, recipe.id)
            if !runner.framesWithContacts.isEmpty { recipesWithContacts += 1 }
        }
        XCTAssertGreaterThan(recipesWithContacts, 5, "most recipes touch something")
    }
}
