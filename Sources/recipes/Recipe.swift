// Design note: the recipes the `recipes` command records, each with the gesture script a user
// would play on it. The id is the bundled scene of the same recipe (scenes/ID.json), and the
// script, screen and duration are that scene's, so the recording and `animatic render ID`
// show the same frames: the scene and the view controller are two front ends of one engine.
import AnimaticUIKit

/// A recipe's view controller with what the user does to it.
struct Recipe {
    /// The id of the bundled scene of the same recipe, and the output folder's name.
    let id: String
    let title: String
    /// Seconds recorded.
    let duration: TimeInterval
    /// What the user does.
    let gestures: [Gesture]
    let makeViewController: () -> UIViewController

    /// A recorder of the recipe on an iPhone-sized screen (375 x 667 points at scale 2, 60 fps).
    func recorder() throws -> Recorder {
        try Recorder(id: id, title: title, size: CGSize(width: 375, height: 667), scale: 2, fps: 60, duration: duration,
                     gestures: gestures, viewController: makeViewController)
    }
}

extension Recipe {
    /// Every recipe, in the order of the cookbooks.
    static let all: [Recipe] = [
        Recipe(id: "snap", title: "Snap: the square snaps to each tap", duration: 6,
               gestures: [.tap(at: 0.5, CGPoint(x: 290, y: 150)), .tap(at: 1.8, CGPoint(x: 80, y: 520)),
                          .tap(at: 3.1, CGPoint(x: 300, y: 590)), .tap(at: 4.4, CGPoint(x: 110, y: 170))],
               makeViewController: { Snap.ViewController() }),
        Recipe(id: "item-properties", title: "Item properties: elasticity, rotation, resistance and friction side by side",
               duration: 6, gestures: [], makeViewController: { ItemProperties.ViewController() }),
        Recipe(id: "gravity-collision", title: "Gravity and collision: two squares fall and land", duration: 4,
               gestures: [], makeViewController: { GravityCollision.ViewController() }),
        Recipe(id: "collision-delegate", title: "Collision delegate: squares burst on the bottom boundary", duration: 4,
               gestures: [], makeViewController: { CollisionDelegate.ViewController() }),
        Recipe(id: "push", title: "Push: each tap pushes the square toward it", duration: 10,
               gestures: [.tap(at: 0.5, CGPoint(x: 360, y: 15)), .tap(at: 2.8, CGPoint(x: 15, y: 650)),
                          .tap(at: 5.2, CGPoint(x: 360, y: 590)), .tap(at: 7.6, CGPoint(x: 15, y: 15))],
               makeViewController: { Push.ViewController() }),
        Recipe(id: "radial-gravity", title: "Radial gravity field: the view is repelled from the center", duration: 5,
               gestures: [.pan(at: 0.5, along: [CGPoint(x: 60, y: 60), CGPoint(x: 110, y: 150), CGPoint(x: 170, y: 260),
                                                CGPoint(x: 220, y: 370)], duration: 1.2)],
               makeViewController: { RadialGravity.ViewController() }),
        Recipe(id: "linear-gravity", title: "Linear gravity field: the view falls down and to the right", duration: 10,
               gestures: [.pan(at: 5.1, along: [CGPoint(x: 334, y: 626), CGPoint(x: 240, y: 420), CGPoint(x: 160, y: 250)],
                               duration: 0.5)],
               makeViewController: { LinearGravity.ViewController() }),
        Recipe(id: "turbulence", title: "Turbulence: the falling view wiggles through the center", duration: 10,
               gestures: [.pan(at: 5.3, along: [CGPoint(x: 262, y: 615), CGPoint(x: 125, y: 115)], duration: 0.5)],
               makeViewController: { Turbulence.ViewController() }),
        Recipe(id: "noise", title: "Noise field: the view wanders", duration: 10,
               gestures: [.pan(at: 5.2, along: [CGPoint(x: 60, y: 373), CGPoint(x: 187.5, y: 333.5)], duration: 0.6)],
               makeViewController: { Noise.ViewController() }),
        Recipe(id: "magnetic", title: "Magnetic field: three charged views curve as they wander", duration: 6,
               gestures: [], makeViewController: { Magnetic.ViewController() }),
        Recipe(id: "velocity-field", title: "Velocity field: the falling view is pushed back up-left in the center", duration: 10,
               gestures: [.pan(at: 8.1, along: [CGPoint(x: 334, y: 626), CGPoint(x: 140, y: 395)], duration: 0.4)],
               makeViewController: { VelocityField.ViewController() }),
        Recipe(id: "pentagon", title: "Non-rectangular bounds: a pentagon and a square collide", duration: 10,
               gestures: [.pan(at: 1.0, along: [CGPoint(x: 54, y: 59), CGPoint(x: 54, y: 403), CGPoint(x: 194, y: 403)], duration: 0.5),
                          .pan(at: 6.5, along: [CGPoint(x: 50, y: 370), CGPoint(x: 143, y: 451)], duration: 0.5)],
               makeViewController: { Pentagon.ViewController() }),
    ]

    /// The recipe with this id.
    static func named(_ id: String) -> Recipe? { all.first { $0.id == id } }
}
