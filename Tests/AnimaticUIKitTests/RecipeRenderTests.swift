import AnimaticUIKit
import Compare
import FrameFiles
import FrameOutput
import SceneFormat
import ScenePlayer
import XCTest
@testable import recipes

/// The frames a recipe's view controller records are the frames the bundled scene renders,
/// byte for byte and pixel for pixel. Rendering all 5,460 frames of both front ends takes
/// minutes, so each recipe renders half a second around what it shows (a tap, a pan, a
/// contact, an animation); RecipeFrameStateTests compares every frame's description, which is
/// what the renderer draws, for all the frames.
final class RecipeRenderTests: XCTestCase {
    /// Per recipe, the frames rendered: half a second around its main moment.
    static let windows: [String: Range<Int>] = [
        "snap": 30..<60,                  // the first tap (0.5 s) and the swing to it
        "item-properties": 50..<80,       // the squares land, bounce and topple
        "gravity-collision": 60..<90,     // both land and settle
        "collision-delegate": 55..<85,    // green lands (1.0 s) and starts to fade
        "push": 165..<195,                // the second tap (2.8 s)
        "radial-gravity": 95..<125,       // the release (1.7 s) and the repulsion
        "linear-gravity": 320..<350,      // the end of the pan (5.6 s) and the drop
        "turbulence": 330..<360,          // the end of the pan (5.8 s) and the second drop
        "noise": 330..<360,               // the end of the pan (5.8 s)
        "magnetic": 240..<270,            // charged views curving
        "velocity-field": 495..<525,      // the end of the pan (8.5 s) and the glide
        "pentagon": 200..<230,            // the pentagon lands on the square (3.4 s)
    ]

    func testEveryRecipesFramesAreItsScenesFramesByteForByte() throws {
        let out = try temporaryFolder("render", self)
        XCTAssertEqual(Set(Self.windows.keys), Set(Recipe.all.map(\.id)))
        var report: [String] = []
        for recipe in Recipe.all {
            let window = try XCTUnwrap(Self.windows[recipe.id])
            let recorder = try recipe.recorder()
            let layers = recorder.debugLayersShown
            var settings = RenderSettings(outputFolder: out + "/recipes", frames: FrameSequenceOptions(frames: FrameRange(window)))
            try recorder.render(settings)
            settings.outputFolder = out + "/scenes"
            settings.debug = layers
            try FramePipeline.render(scene: try bundledScene(recipe.id), settings: settings)

            let recording = try FrameFolder(path: out + "/recipes/" + recipe.id)
            let scene = try FrameFolder(path: out + "/scenes/" + recipe.id)
            XCTAssertEqual(recording.frames, window, recipe.id)
            XCTAssertEqual(scene.frames, window, recipe.id)
            let recordingHashes = try XCTUnwrap(recording.manifest).frames.map(\.sha256)
            let sceneHashes = try XCTUnwrap(scene.manifest).frames.map(\.sha256)
            XCTAssertEqual(recordingHashes, sceneHashes, "\(recipe.id): the PNG files differ")
            let diff = try FolderDiff.compare(expectedFolder: scene.path, actualFolder: recording.path,
                                              options: PixelmatchOptions(threshold: 0, includeAA: true))
            XCTAssertEqual(diff.frames.count, window.count, recipe.id)
            XCTAssertEqual(diff.differentPixels, 0, recipe.id)
            report.append("\(recipe.id): frames \(window.lowerBound)..<\(window.upperBound), \(diff.differentPixels) differing pixels")
        }
        print(report.joined(separator: "\n"))
    }
}
