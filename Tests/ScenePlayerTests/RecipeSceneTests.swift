import Dynamics
import XCTest
@testable import ScenePlayer
import SceneFormat

/// Each bundled scene played through the runner shows what its recipe says (the UIKit Dynamics
/// cookbook recipes the scenes follow, see docs/scenes.md). Assertions read the trace the
/// runner writes, plus the runner's behavior tree where the recipe's point is about behaviors.
/// Times and positions quoted as "measured" come from the bundled scenes' traces.
final class RecipeSceneTests: XCTestCase {
    private let screenCenter = ScenePoint(x: 187.5, y: 333.5)

    private func size(_ id: String, in scene: Scene, file: StaticString = #filePath, line: UInt = #line) throws -> SceneSize {
        try XCTUnwrap(scene.item(withID: id)?.size, "no item \(id)", file: file, line: line)
    }

    /// A pan of `scene` starts on the item it is meant to drag, and the item is let go where the
    /// finger lifts (its center under the finger: the recipes' pan handlers set the view's center
    /// to the finger, so the scenes' drags grab the center). Returns the frame index of the first
    /// frame after the release.
    @discardableResult
    private func assertPan(_ pan: ScriptedPan, grabs id: String, in scene: Scene, frames: [TraceFrame],
                           file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let grabbed = frames[scene.frame(at: pan.at)].item(id)
        XCTAssertTrue(covers(grabbed, size: try size(id, in: scene), pan.path[0]),
                      "the pan at \(pan.at) s starts at \(pan.path[0]), off \(id) (centered at \(grabbed.point))", file: file, line: line)
        let release = scene.frame(at: pan.end) + 1
        let dropped = frames[release].item(id)
        let end = pan.path[pan.path.count - 1]
        XCTAssertEqual(dropped.x, end.x, accuracy: 1, "\(id) is let go where the finger lifts", file: file, line: line)
        XCTAssertEqual(dropped.y, end.y, accuracy: 1, "\(id) is let go where the finger lifts", file: file, line: line)
        return release
    }

    // MARK: Snap

    func testSnapSquareSettlesOnEachTapAndEachTapReplacesTheSnap() throws {
        let scene = try bundledScene("snap")
        let taps = scene.scriptedTaps
        XCTAssertGreaterThanOrEqual(taps.count, 3)
        // The snaps holding the square, per frame (kept alive here, so identities stay unique).
        var snapsPerFrame: [[SnapBehavior]] = []
        let frames = try playTrace(scene) { runner in
            let square = runner.items[0].view
            snapsPerFrame.append(runner.animator.behaviorTree.compactMap { $0 as? SnapBehavior }.filter { $0.item === square })
        }
        // The old snap is removed before the new one is added: never two at once, and a new one per tap.
        XCTAssertEqual(Set(snapsPerFrame.map(\.count)), [1], "exactly one snap holds the square in every frame")
        XCTAssertEqual(Set(snapsPerFrame.compactMap(\.first).map(ObjectIdentifier.init)).count, taps.count + 1,
                       "the initial snap, then a new one per tap")

        for (k, tap) in taps.enumerated() {
            let before = frames[scene.frame(at: tap.at)].item("square")
            XCTAssertGreaterThan(distance(before.point, tap.point), 100, "tap \(k) is away from the square")
            let next = k + 1 < taps.count ? taps[k + 1].at : scene.duration
            let settled = frames[scene.frame(at: next) - 1].item("square")
            XCTAssertEqual(settled.x, tap.point.x, accuracy: 1, "the square snaps to tap \(k)")
            XCTAssertEqual(settled.y, tap.point.y, accuracy: 1, "the square snaps to tap \(k)")
            XCTAssertEqual(settled.angle, 0, accuracy: 0.01, "the square ends upright")
            XCTAssertLessThan(settled.speed, 1)
            // The four springs turn the square on the way (0.43 to 1.18 rad at most, measured).
            let turn = frames[scene.frame(at: tap.at)..<scene.frame(at: next)].map { abs($0.item("square").angle) }.max() ?? 0
            XCTAssertGreaterThan(turn, 0.2, "the square turns on its way to tap \(k)")
        }
        let last = try XCTUnwrap(frames.last).item("square")
        XCTAssertEqual(distance(last.point, try XCTUnwrap(taps.last).point), 0, accuracy: 1)
    }

    // MARK: Gravity, collision and the collision delegate

    func testGravityAndCollisionSquaresLandStacked() throws {
        let frames = try playTrace(try bundledScene("gravity-collision"))
        let last = try XCTUnwrap(frames.last)
        let red = last.item("red"), green = last.item("green")
        // The reference bounds lie 1 pt outside the canvas and a box rests within the contact
        // skin above them: 667 + 1 - 25 - 0.6 = 642.4 measured.
        XCTAssertEqual(green.y, 667 - 25, accuracy: 1, "the green square rests on the bottom edge")
        XCTAssertEqual(red.y, 667 - 75, accuracy: 1.5, "the red square rests on the green one")
        XCTAssertLessThan(abs(red.x - green.x), 25)
        XCTAssertLessThan(red.speed + green.speed, 1)
    }

    func testCollisionDelegateSquaresTurnRedGrowFadeAndLeave() throws {
        let scene = try bundledScene("collision-delegate")
        var collisionHoldsAtEnd: [Bool] = []
        let frames = try playTrace(scene) { runner in
            guard runner.frameIndex == runner.frameCount - 1 else { return }
            let collision = try XCTUnwrap(runner.behaviorsByID["collision"])
            collisionHoldsAtEnd = runner.items.map { runner.holdsItem(collision, $0.view) }
        }
        XCTAssertEqual(collisionHoldsAtEnd, [false, false], "both squares are removed from the collision behavior")
        let boundaryY = 667.0 - 100
        for id in ["red", "green"] {
            let touch = frames.first { $0.events.contains { $0.type == "contactBegan" && $0.item == id && $0.boundary == "bottomBoundary" } }
            guard let touch, let event = touch.events.first(where: { $0.item == id && $0.boundary == "bottomBoundary" }) else {
                XCTFail("\(id) never touches bottomBoundary"); continue
            }
            let before = frames[touch.frame - 1].item(id)
            XCTAssertEqual([before.alpha, before.scale], [1, 1], "\(id) is untouched before it lands")
            XCTAssertTrue(before.visible)
            // A 1 s animation: halfway it is partly faded and grown.
            let half = frames[scene.frame(at: event.time + 0.5)].item(id)
            XCTAssertTrue((0.2...0.8).contains(half.alpha), "\(id) alpha halfway: \(half.alpha)")
            XCTAssertTrue((1.2...1.8).contains(half.scale), "\(id) scale halfway: \(half.scale)")
            XCTAssertTrue(half.visible)
            // The squares bounce (elasticity 0.2 of the default material) and the delegate fires
            // again on the next touch, restarting the 1 s animation as the recipe's code does:
            // it completes 1 s after the last touch made while the square still collides.
            let touches = frames.flatMap { f in f.events.filter { $0.type == "contactBegan" && $0.item == id && $0.boundary == "bottomBoundary" } }
            let lastTouch = try XCTUnwrap(touches.last)
            XCTAssertLessThan(lastTouch.time - event.time, 1, "\(id) touches again before its animation ends, or never")
            let done = frames[scene.frame(at: lastTouch.time + 1) + 1].item(id)
            XCTAssertEqual(done.alpha, 0, accuracy: 0.01, id)
            XCTAssertEqual(done.scale, 2, accuracy: 0.01, id)
            XCTAssertEqual(done.color, "#FF0000FF", "\(id) turned red")
            XCTAssertFalse(done.visible, "\(id) is removed from the view when the animation ends")
            // Out of the collision behavior it falls through the boundary it landed on (it stays
            // in gravity, as in the recipe).
            let last = try XCTUnwrap(frames.last).item(id)
            XCTAssertGreaterThan(last.y - 25, boundaryY + 10, "\(id) no longer collides with bottomBoundary")
            XCTAssertEqual([last.alpha, last.scale], [0, 2])
            XCTAssertFalse(last.visible)
        }
        // The red square rides on the green one until the green one has left the collision
        // behavior, then drops onto the boundary (first touches at 1.0 s and 2.3 s measured).
        let firstTouch: [Double] = ["red", "green"].map { id in
            frames.flatMap(\.events).first { $0.type == "contactBegan" && $0.item == id && $0.boundary == "bottomBoundary" }?.time ?? .infinity
        }
        XCTAssertGreaterThan(firstTouch[0], firstTouch[1] + 1, "red lands on the boundary after the green square is gone")
    }

    // MARK: Push

    func testPushAcceleratesTheSquareTowardEachTap() throws {
        let scene = try bundledScene("push")
        let taps = scene.scriptedTaps
        XCTAssertGreaterThanOrEqual(taps.count, 3)
        let frames = try playTrace(scene)
        // An 80 x 80 pt item of density 1 has 0.64 the mass of the 100 x 100 pt item that a push
        // of magnitude 1 accelerates at 100 pt/s^2.
        let mass = 0.64
        // Contacts with the walls in progress at each frame (they would disturb the measurement).
        var touching = Set<String>()
        let inContact: [Bool] = frames.map { frame in
            for e in frame.events { if e.type == "contactBegan" { touching.insert(e.boundary ?? "") } else { touching.remove(e.boundary ?? "") } }
            return !touching.isEmpty || !frame.events.isEmpty
        }
        for (k, tap) in taps.enumerated() {
            let i = scene.frame(at: tap.at)
            let atTap = frames[i].item("square")
            let dx = tap.point.x - atTap.x, dy = tap.point.y - atTap.y
            let d = (dx * dx + dy * dy).squareRoot()
            // The push points at the tap, with magnitude distance / 200: watch it for 0.1 s, as
            // soon as the square is clear of the walls.
            let s = try XCTUnwrap((i..<(i + 30)).first { s in !inContact[s...(s + 6)].contains(true) }, "tap \(k): never clear of the walls")
            let a = frames[s].item("square"), b = frames[s + 6].item("square")
            // Resistance 0.1 (the default material) takes 0.1 x velocity off the acceleration.
            let ax = (b.vx - a.vx) / 0.1 + 0.1 * (a.vx + b.vx) / 2, ay = (b.vy - a.vy) / 0.1 + 0.1 * (a.vy + b.vy) / 2
            XCTAssertLessThan(degreesBetween(ax, ay, dx, dy), 2, "tap \(k): the square accelerates toward the tap")
            let expected = d / 200 * 100 / mass
            XCTAssertEqual((ax * ax + ay * ay).squareRoot(), expected, accuracy: 0.02 * expected, "tap \(k): magnitude = distance / 200")
            // And it travels there: by the next tap it is much nearer.
            let next = k + 1 < taps.count ? scene.frame(at: taps[k + 1].at) : frames.count - 1
            let arrived = frames[next].item("square")
            XCTAssertLessThan(distance(arrived.point, tap.point), 0.4 * d, "tap \(k): the square heads for the tap")
            // Each tap comes after the square has settled against the wall (at 2.6, 5.0, 7.4
            // and 9.7 s measured), and the last leg settles before the end.
            XCTAssertLessThan(frames[next - 1].item("square").speed, 1, "tap \(k): the square has settled")
        }
    }

    // MARK: iOS 9 field behaviors

    func testRadialGravityPanDragsTheViewAndTheFieldRepelsIt() throws {
        let scene = try bundledScene("radial-gravity")
        let pan = try XCTUnwrap(scene.scriptedPans.first)
        let frames = try playTrace(scene)
        let start = frames[scene.frame(at: pan.at)].item("orangeView")
        XCTAssertGreaterThan(distance(start.point, screenCenter), 200, "the view waits outside the field")
        let release = try assertPan(pan, grabs: "orangeView", in: scene, frames: frames)
        // While the finger moves, the view's center moves with it along the finger's path.
        var checked = 0
        for frame in frames where frame.time > pan.at + 1e-9 && frame.time < pan.end - 1e-9 {
            let v = frame.item("orangeView")
            let grip = ScenePoint(x: v.x, y: v.y)
            XCTAssertLessThan(pan.distanceToPath(grip), 0.5, "at \(frame.time) s the view is off the finger's path")
            XCTAssertLessThan(distance(grip, pan.finger(at: frame.time)), 6, "at \(frame.time) s the view lags the finger")
            checked += 1
        }
        XCTAssertGreaterThan(checked, 30)
        // Dropped next to the center (49 pt from it, measured), it is pushed straight away from
        // it at 1/r^2 m/s^2: r in metres, 100 pt to the metre, so 10^6 / r^2 pt/s^2 with r in
        // points, less the default resistance 0.1 x its speed.
        let dropped = frames[release].item("orangeView")
        XCTAssertLessThan(distance(dropped.point, screenCenter), 60)
        let later = frames[release + 24].item("orangeView")
        let outward = (x: later.x - screenCenter.x, y: later.y - screenCenter.y)
        XCTAssertLessThan(degreesBetween(later.vx, later.vy, outward.x, outward.y), 10, "moving away from the center")
        // Integrated over the next 0.4 s in 1/120 s sub-steps from the dropped state, that law
        // predicts how far out it gets (30.3 pt further, measured 30.3 pt).
        let r0 = distance(dropped.point, screenCenter)
        let unit = (x: (dropped.x - screenCenter.x) / r0, y: (dropped.y - screenCenter.y) / r0)
        var r = r0, speed = dropped.vx * unit.x + dropped.vy * unit.y
        for _ in 0..<48 {
            speed += (1e6 / (r * r) - 0.1 * speed) / 120
            r += speed / 120
        }
        XCTAssertGreaterThan(r - r0, 20)
        XCTAssertEqual(distance(later.point, screenCenter), r, accuracy: 1, "repelled at 1/r^2 m/s^2")
        // It leaves the region (at 2.9 s measured) and ends outside it, near the bottom-right corner.
        let last = try XCTUnwrap(frames.last).item("orangeView")
        XCTAssertGreaterThan(distance(last.point, screenCenter), 200, "it ends outside the field")
    }

    func testLinearGravityFieldPullsDownAndToTheRight() throws {
        let scene = try bundledScene("linear-gravity")
        let frames = try playTrace(scene)
        // Free fall from rest along (0.4, 1.0), at 100 pt/s^2 per unit of the vector (1 m/s^2,
        // 100 pt to the metre). (Resistance 0.1, the default material, takes 0.1 x speed off
        // that: 101.0 pt/s^2 expected, 101.0 measured.)
        let a = frames[30].item("orangeView"), b = frames[48].item("orangeView")
        XCTAssertLessThan(degreesBetween(b.vx, b.vy, 0.4, 1.0), 0.5)
        XCTAssertEqual((b.speed - a.speed) / 0.3, 100 * (0.16 + 1.0).squareRoot() - 0.1 * (a.speed + b.speed) / 2, accuracy: 1)
        // It lands (3.6 s measured), slides right and comes to rest in the bottom-right corner
        // (4.9 s measured, at (334.0, 626.0): 667 + 1 - 40 less the contact skin).
        let pan = try XCTUnwrap(scene.scriptedPans.first)
        let resting = frames[scene.frame(at: pan.at)].item("orangeView")
        XCTAssertGreaterThan(resting.x, 300, "it ends bottom-right")
        XCTAssertEqual(resting.y, 626, accuracy: 1)
        XCTAssertLessThan(resting.speed, 1, "at rest when the pan picks it up")
        // The pan picks it up from there and lets go of it higher up on the left: it falls down
        // and to the right again, straight along the field's vector until it lands (8.5 s
        // measured), and comes to rest in the corner once more (9.5 s measured).
        let release = try assertPan(pan, grabs: "orangeView", in: scene, frames: frames)
        let landing = try XCTUnwrap(frames[release...].first { !$0.events.isEmpty }, "it lands again").frame
        XCTAssertGreaterThan(landing - release, 60)
        for frame in frames[(release + 1)..<(landing - 1)] {
            let v = frame.item("orangeView")
            XCTAssertLessThan(degreesBetween(v.vx, v.vy, 0.4, 1.0), 0.5, "at \(frame.time) s: falling along (0.4, 1.0)")
        }
        let last = try XCTUnwrap(frames.last).item("orangeView")
        XCTAssertGreaterThan(last.x, 300)
        XCTAssertEqual(last.y, 626, accuracy: 1)
        XCTAssertLessThan(last.speed, 1, "at rest again")
    }

    func testTurbulenceWigglesTheFallingViewInTheCenter() throws {
        let scene = try bundledScene("turbulence")
        let pan = try XCTUnwrap(scene.scriptedPans.first)
        let frames = try playTrace(scene)
        let release = try assertPan(pan, grabs: "orangeView", in: scene, frames: frames)
        let fall = (x: 0.4 / (1.16).squareRoot(), y: 1 / (1.16).squareRoot())
        func sideways(_ v: TraceFrame.Item) -> Double { v.vx * fall.y - v.vy * fall.x }
        // Two drops from the top-left: before the pan and after it (in the region from 1.4 s to
        // 4.6 s and from 6.5 s to 9.3 s, measured).
        for crossing in [frames[..<scene.frame(at: pan.at)], frames[release...]] {
            let inside = crossing.filter { distance($0.item("orangeView").point, screenCenter) < 200 }
            XCTAssertGreaterThan(inside.count, 15, "the view crosses the turbulent region")
            guard let entry = inside.first?.frame else { continue }
            // Up to the region it falls straight along (0.4, 1.0)...
            for frame in crossing where frame.frame < entry - 1 && frame.item("orangeView").speed > 20 {
                XCTAssertLessThan(abs(sideways(frame.item("orangeView"))), 1, "at \(frame.time) s: straight fall outside the region")
            }
            // ...inside, it swerves to both sides (sideways speeds of 138 and -243 pt/s in the
            // first crossing, 263 and -181 pt/s in the second, measured).
            let lateral = inside.map { sideways($0.item("orangeView")) }
            XCTAssertGreaterThan(lateral.max() ?? 0, 100, "swerves one way")
            XCTAssertLessThan(lateral.min() ?? 0, -100, "and the other")
            // It wiggles rather than being flung: turbulence grows with the squared speed, and a
            // crossing that runs away throws the view at thousands of pt/s; these stay slow
            // (at most 285 and 499 pt/s, measured).
            XCTAssertLessThan(inside.map { $0.item("orangeView").speed }.max() ?? .infinity, 700)
            // Then it lands on the bottom edge (5.05 s and 9.8 s, measured).
            XCTAssertTrue(crossing.contains { !$0.events.isEmpty && $0.item("orangeView").y > 600 }, "it lands on the bottom edge")
        }
    }

    func testNoiseViewWandersAndStaysOnScreen() throws {
        let scene = try bundledScene("noise")
        let pan = try XCTUnwrap(scene.scriptedPans.first)
        let frames = try playTrace(scene)
        for frame in frames {
            let v = frame.item("orangeView")
            XCTAssertTrue((39...336).contains(v.x) && (39...628).contains(v.y), "at \(frame.time) s the view is off screen: \(v.point)")
        }
        // Before the pan it wanders: long runs (right into the right edge, then all the way
        // left: 406 pt in 5.2 s, measured), in every direction.
        let wander = Array(frames[..<scene.frame(at: pan.at)])
        var pathLength = 0.0
        for k in 1..<wander.count { pathLength += distance(wander[k - 1].item("orangeView").point, wander[k].item("orangeView").point) }
        XCTAssertGreaterThan(pathLength, 350)
        var quadrants = Set<Int>()
        for k in stride(from: 30, to: wander.count, by: 30) {
            let a = wander[k - 30].item("orangeView"), b = wander[k].item("orangeView")
            guard distance(a.point, b.point) > 20 else { continue }
            quadrants.insert((b.x > a.x ? 1 : 0) + (b.y > a.y ? 2 : 0))
        }
        XCTAssertEqual(quadrants.count, 4, "it heads up-left, up-right, down-left and down-right at some point")
        let release = try assertPan(pan, grabs: "orangeView", in: scene, frames: frames)
        let dropped = frames[release].item("orangeView")
        XCTAssertLessThan(distance(dropped.point, screenCenter), 5, "the pan drops it in the middle")
        // The noise carries it off again, up and to the right (285 pt from the middle by the
        // end, measured).
        let last = try XCTUnwrap(frames.last).item("orangeView")
        XCTAssertGreaterThan(distance(last.point, dropped.point), 150, "and the noise carries it off again")
    }

    func testMagneticFieldCurvesTheChargedViews() throws {
        let scene = try bundledScene("magnetic")
        let ids = ["redView", "greenView", "blueView"]
        /// Total turn of each view's heading (radians, counter-clockwise on screen negative),
        /// over frames where it moves freely (collisions turn it abruptly and are skipped).
        func turning(_ frames: [TraceFrame], _ id: String) -> Double {
            var total = 0.0
            for k in 1..<frames.count {
                let a = frames[k - 1].item(id), b = frames[k].item(id)
                guard a.speed > 20, b.speed > 20 else { continue }
                var d = atan2(b.vy, b.vx) - atan2(a.vy, a.vx)
                d = (d + 3 * .pi).truncatingRemainder(dividingBy: 2 * .pi) - .pi
                if abs(d) < 0.3 { total += d }
            }
            return total
        }
        let frames = try playTrace(scene)
        var withoutMagnet = scene
        withoutMagnet.behaviors.removeAll { $0.id == "magnet" }
        XCTAssertEqual(withoutMagnet.behaviors.count, scene.behaviors.count - 1)
        let control = try playTrace(withoutMagnet)
        // Measured: the views turn -14.7, -8.7 and -8.2 rad with the magnet, 2.1, 0.5 and -1.2
        // rad without it.
        for id in ids {
            let turn = turning(frames, id)
            XCTAssertLessThan(turn, -2 * .pi, "\(id) keeps circling counter-clockwise (turned \(turn) rad)")
            XCTAssertLessThan(abs(turning(control, id)), .pi, "\(id) without the magnet hardly turns")
            for frame in frames {
                let v = frame.item(id)
                XCTAssertTrue((29...346).contains(v.x) && (29...638).contains(v.y), "\(id) left the screen at \(frame.time) s")
            }
        }
    }

    func testVelocityFieldPushesTheViewBackUpLeftThenItSettlesBottomRight() throws {
        let scene = try bundledScene("velocity-field")
        let pan = try XCTUnwrap(scene.scriptedPans.first)
        let frames = try playTrace(scene)
        let fieldVelocity = (x: -40.0, y: -50.0)
        let fieldSpeed = (40.0 * 40 + 50 * 50).squareRoot()
        func inField(_ frame: TraceFrame) -> Bool { distance(frame.item("orangeView").point, screenCenter) < 100 }
        // Inside the region the view moves up-left at the field's velocity (velocity fields
        // override every other force). Frames right at the rim are left out: the field samples
        // the step's midpoint, which may lie outside. (71 frames measured, all after the pan.)
        let inside = frames.filter {
            distance($0.item("orangeView").point, screenCenter) < 95 && !($0.time > pan.at && $0.time <= pan.end + 1e-9)
        }
        XCTAssertGreaterThan(inside.count, 20)
        for frame in inside {
            let v = frame.item("orangeView")
            XCTAssertLessThan(degreesBetween(v.vx, v.vy, fieldVelocity.x, fieldVelocity.y), 8, "at \(frame.time) s")
            XCTAssertTrue((0.6 * fieldSpeed...1.1 * fieldSpeed).contains(v.speed), "at \(frame.time) s: speed \(v.speed)")
        }
        // First drop: falls onto the field and is pushed back up-left at its edge, each time
        // gravity brings it back (its fall turns into a climb at the rim, with no contact: at
        // 0.43 s and 1.8 s, measured), slips off, lands (5.05 s) and settles bottom-right.
        let firstLanding = try XCTUnwrap(frames.firstIndex { $0.events.contains { $0.type == "contactBegan" } })
        let pushes = (1..<firstLanding).filter { frames[$0 - 1].item("orangeView").vy > 0 && frames[$0].item("orangeView").vy < 0 }
        XCTAssertGreaterThanOrEqual(pushes.count, 2, "pushed back up-left more than once before it lands")
        for k in pushes {
            let v = frames[k].item("orangeView")
            XCTAssertLessThan(degreesBetween(v.vx, v.vy, fieldVelocity.x, fieldVelocity.y), 2, "at \(frames[k].time) s: sent off at the field's velocity")
            XCTAssertEqual(v.speed, fieldSpeed, accuracy: 2)
            XCTAssertLessThan(distance(v.point, screenCenter), 102, "at \(frames[k].time) s: at the field's edge")
        }
        let pushedBack = frames[..<firstLanding].filter { $0.item("orangeView").vx < 0 && $0.item("orangeView").vy < 0 }
        XCTAssertGreaterThanOrEqual(pushedBack.count, 3, "pushed up-left a few times before it lands")
        // At rest in the bottom-right corner (7.9 s, at (334.2, 626.2), measured).
        let resting = frames[scene.frame(at: pan.at)].item("orangeView")
        XCTAssertGreaterThan(resting.x, 300, "settled on the right")
        XCTAssertEqual(resting.y, 626, accuracy: 1, "on the bottom")
        XCTAssertLessThan(resting.speed, 1)
        // The pan lifts it into the lower left of the field: it glides up-left at the field's
        // velocity until it leaves the region on its upper-left side (9.8 s, measured).
        let release = try assertPan(pan, grabs: "orangeView", in: scene, frames: frames)
        XCTAssertTrue(inField(frames[release]), "dropped inside the field")
        let glide = frames[release + 30].item("orangeView")
        let dropped = frames[release].item("orangeView")
        XCTAssertLessThan(degreesBetween(glide.x - dropped.x, glide.y - dropped.y, fieldVelocity.x, fieldVelocity.y), 8)
        XCTAssertEqual(distance(glide.point, dropped.point), fieldSpeed / 2, accuracy: 1, "0.5 s at the field's speed")
        let leaving = try XCTUnwrap(frames[release...].first { !inField($0) }, "it glides out of the field").item("orangeView")
        XCTAssertLessThan(leaving.x, screenCenter.x)
        XCTAssertLessThan(leaving.y, dropped.y)
    }

    func testPentagonAndSquareCollideOnThePentagonsEdgesAndBothAreDragged() throws {
        let scene = try bundledScene("pentagon")
        let pans = scene.scriptedPans
        // The recipe's pan handler: while either view is dragged, both are out of both behaviors.
        var heldDuringPans: [Bool] = []
        let frames = try playTrace(scene) { runner in
            guard pans.contains(where: { runner.time > $0.at + 0.02 && runner.time < $0.end - 0.02 }) else { return }
            for id in ["collision", "noise"] {
                let behavior = try XCTUnwrap(runner.behaviorsByID[id])
                heldDuringPans += runner.items.map { runner.holdsItem(behavior, $0.view) }
            }
        }
        XCTAssertGreaterThan(heldDuringPans.count, 40)
        XCTAssertFalse(heldDuringPans.contains(true), "a pan on either view takes both views out of both behaviors")
        var dragged: [String] = []
        for pan in pans {
            let frame = frames[scene.frame(at: pan.at)]
            let hit = try ["squareView", "pentagonView"].filter { covers(frame.item($0), size: try size($0, in: scene), pan.path[0]) }
            XCTAssertEqual(hit.count, 1, "the pan at \(pan.at) s starts on exactly one view: \(hit)")
            guard let id = hit.first else { continue }
            try assertPan(pan, grabs: id, in: scene, frames: frames)
            dragged.append(id)
        }
        XCTAssertEqual(Set(dragged), ["squareView", "pentagonView"], "both views are dragged")
        let contacts = frames.flatMap(\.events).filter { $0.type == "contactBegan" && Set([$0.item, $0.with]) == ["squareView", "pentagonView"] }
        XCTAssertGreaterThanOrEqual(contacts.count, 2, "the square and the pentagon collide (5 contacts measured)")
        let gaps = frames.map { distance($0.item("squareView").point, $0.item("pentagonView").point) }
        // The first pan drops the square clear of the pentagon (109.5 pt between centers,
        // measured); it is the noise that drives the pentagon into it (3.4 s, measured).
        let firstPan = try XCTUnwrap(pans.first)
        let firstRelease = scene.frame(at: firstPan.end) + 1
        XCTAssertGreaterThan(gaps[firstRelease], 100, "the square is dropped clear of the pentagon")
        XCTAssertGreaterThan(try XCTUnwrap(contacts.first).time, frames[firstRelease].time + 0.1, "they collide after the drop")
        // Two 100 x 100 frames could not get their centers closer than 100 pt; the pentagon's
        // edges (40.45 pt from its center) let the square come closer (91.6 to 97.8 pt measured
        // while the pentagon rides on the square, 91.3 pt at the closest, pressed against its
        // right side), never closer than 90.45 pt (edge to face) minus slop. The pans carry the
        // square around the pentagon, so the drags never bring them closer either.
        XCTAssertLessThan(gaps.min() ?? .infinity, 98)
        XCTAssertGreaterThan(gaps.min() ?? 0, 88)
    }

    // MARK: UIDynamicItemBehavior

    func testItemPropertiesAreVisibleSideBySide() throws {
        let scene = try bundledScene("item-properties")
        let frames = try playTrace(scene)
        let first = frames[0], last = try XCTUnwrap(frames.last)
        XCTAssertTrue(frames.allSatisfy { $0.events.allSatisfy { $0.with == nil } }, "the items never touch each other")
        // Elasticity 0.9 keeps bouncing high; elasticity 0 hardly bounces: elasticity mixes with
        // the boundary's 0.2 as the larger of the two (rebounds of 179 and 8.7 pt, measured).
        /// How high an item rises again after it first hits the floor.
        func rebound(_ id: String) -> Double {
            guard let landing = frames.firstIndex(where: { $0.item(id).y > 600 && $0.item(id).vy <= 0 }) else { return 0 }
            return frames[landing].item(id).y - (frames[landing...].map { $0.item(id).y }.min() ?? 0)
        }
        XCTAssertGreaterThan(rebound("bouncy"), 150)
        XCTAssertLessThan(rebound("dull"), 15)
        // allowsRotation false: lands on its corner and stays tilted; the free one topples flat.
        for frame in frames { XCTAssertEqual(frame.item("fixedAngle").angle, 0.6, accuracy: 1e-6) }
        // It falls until its lowest corner rests on the floor (238.3 pt down, measured).
        XCTAssertEqual(last.item("fixedAngle").y, first.item("fixedAngle").y + 238.3, accuracy: 1, "it did fall")
        let free = last.item("freeAngle")
        XCTAssertEqual(free.angle.remainder(dividingBy: .pi / 2), 0, accuracy: 0.02, "the free square lies flat")
        XCTAssertGreaterThan(abs(free.angle - 0.6), 0.5)
        // Resistance 1e9: stays where it was created.
        for frame in frames { XCTAssertLessThan(distance(frame.item("resistant").point, first.item("resistant").point), 1) }
        // Friction 0 slides down its ramp into the wall; friction 1 sticks: it mixes with the
        // ramp's 0.2 as sqrt(1 x 0.2) = 0.447, more than the tangent of the 19.4 degree slope
        // (0.35), so the square holds (it moves less than 0.001 pt, measured).
        XCTAssertLessThan(last.item("slippery").x, 40)
        XCTAssertGreaterThan(distance(last.item("slippery").point, first.item("slippery").point), 80)
        XCTAssertLessThan(distance(last.item("sticky").point, first.item("sticky").point), 1.5, "it stays where it starts, within the contact skin")
        XCTAssertLessThan(distance(last.item("sticky").point, frames[30].item("sticky").point), 0.1, "and stays")
        // The drawn ramps are plain views: they never move.
        for id in ["leftRampView", "rightRampView"] { XCTAssertEqual(last.item(id).point, first.item(id).point) }
    }

    // MARK: Attachments (no cookbook chapter)

    func testAttachmentRopeSwingsRigidlyAndSpringSettlesAtItsStretchedLength() throws {
        let scene = try bundledScene("attachment")
        let frames = try playTrace(scene)
        let hook = ScenePoint(x: 187.5, y: 150)
        let chain = ["link1", "link2", "link3", "link4", "weight"]
        let rest = zip(chain, chain.dropFirst()).map { distance(frames[0].item($0).point, frames[0].item($1).point) }
        var sideOfHook: [Bool] = []
        for frame in frames {
            XCTAssertEqual(distance(frame.item("link1").point, hook), 30, accuracy: 1, "link1 hangs from the hook at \(frame.time) s")
            for (k, (a, b)) in zip(chain, chain.dropFirst()).enumerated() {
                XCTAssertEqual(distance(frame.item(a).point, frame.item(b).point), rest[k], accuracy: 1.5, "\(a)-\(b) at \(frame.time) s")
            }
            let x = frame.item("weight").x
            if abs(x - hook.x) > 20 { if sideOfHook.last != (x > hook.x) { sideOfHook.append(x > hook.x) } }
        }
        XCTAssertGreaterThanOrEqual(sideOfHook.count, 4, "the weight swings back and forth under the hook")
        // The spring (1.5 Hz, damping 0.3, rest length 60) overshoots, then hangs at its rest
        // length plus the sag gravity gives it: g / omega^2, with UIGravityBehavior's 1000
        // pt/s^2 (71.26 pt expected, 71.29 measured).
        let anchor = ScenePoint(x: 90, y: 380)
        let stretch = frames.map { distance($0.item("box").point, anchor) }
        let omega = 2 * Double.pi * 1.5
        let hanging = 60 + 1000 / (omega * omega)
        XCTAssertEqual(stretch[0], 120, accuracy: 0.01)
        XCTAssertLessThan(stretch[..<60].min() ?? .infinity, hanging - 3, "it bobs past its hanging point")
        XCTAssertEqual(try XCTUnwrap(stretch.last), hanging, accuracy: 1)
        XCTAssertLessThan(try XCTUnwrap(frames.last).item("box").speed, 1)
    }
}
