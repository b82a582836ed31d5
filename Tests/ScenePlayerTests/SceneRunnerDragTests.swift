import XCTest
@testable import ScenePlayer
import SceneFormat

/// The runner's `drag` action: the item follows the finger out of its behaviors and rejoins
/// them on release.
final class SceneRunnerDragTests: XCTestCase {
    /// A 60 x 60 box in a collision behavior only (no gravity), flicked 150 pt to the right in
    /// 0.5 s: the finger moves at 300 pt/s when it lifts at t = 0.7.
    private func flickScene(releaseVelocity: Bool) throws -> Scene {
        try loadScene("""
        {
          title: "fling", canvas: { width: 375, height: 667, scale: 1 }, fps: 60, duration: 1.5,
          items: [ { id: "box", size: [60, 60], center: [100, 300] } ],
          behaviors: [ { id: "collision", type: "collision", items: ["box"], referenceBoundsAsBoundary: true } ],
          events: [ { on: "pan", item: "box", do: [ { drag: { suspend: "all", releaseVelocity: \(releaseVelocity) } } ] } ],
          input: [ { at: 0.2, pan: { path: [[100, 300], [250, 300]], duration: 0.5 } } ],
        }
        """)
    }

    // Regression: with `suspend: "all"` the item is in no behavior during the drag, so the
    // animator has no body for it when the finger lifts; the release velocity was set on
    // nothing and the box stayed where it was dropped.
    func testReleaseVelocityFlingsAnItemDraggedOutOfAllItsBehaviors() throws {
        let scene = try flickScene(releaseVelocity: true)
        let frames = try playTrace(scene)
        // The finger lifts at t = 0.7, before the step that the next frame shows.
        let release = scene.frame(at: 0.7) + 1
        let dropped = frames[release].item("box")
        XCTAssertEqual(dropped.x, 252.5, accuracy: 2.6, "let go at the end of the pan, then moving on")
        let after = frames[release + 1].item("box")
        XCTAssertEqual(after.vx, 300, accuracy: 3, "leaves the finger at the finger's speed")
        XCTAssertEqual(after.vy, 0, accuracy: 0.5)
        // 0.2 s later it has flown on at about that speed (resistance 0.1 slows it a little).
        let later = frames[release + 12].item("box")
        XCTAssertEqual(later.x - dropped.x, 60, accuracy: 3)
    }

    func testWithoutReleaseVelocityTheItemStaysWhereItIsDropped() throws {
        let scene = try flickScene(releaseVelocity: false)
        let frames = try playTrace(scene)
        let release = scene.frame(at: 0.7) + 1
        for frame in frames[release...] {
            XCTAssertEqual(frame.item("box").x, 250, accuracy: 0.5)
            XCTAssertEqual(frame.item("box").speed, 0, accuracy: 0.01)
        }
    }

    func testTheDraggedItemFollowsTheFingerAndIsOutOfItsBehaviors() throws {
        let scene = try flickScene(releaseVelocity: false)
        let pan = try XCTUnwrap(scene.scriptedPans.first)
        var heldDuringPan: [Bool] = []
        let frames = try playTrace(scene) { runner in
            guard runner.time > pan.at + 0.02, runner.time < pan.end - 0.02 else { return }
            let collision = try XCTUnwrap(runner.behaviorsByID["collision"])
            heldDuringPan.append(runner.holdsItem(collision, runner.items[0].view))
        }
        XCTAssertFalse(heldDuringPan.isEmpty)
        XCTAssertFalse(heldDuringPan.contains(true), "the box leaves the collision behavior while dragged")
        for frame in frames where frame.time > pan.at && frame.time <= pan.end {
            let box = frame.item("box")
            XCTAssertEqual(box.y, 300, accuracy: 1e-9)
            // The finger's position at the start of the step that led to this frame.
            XCTAssertEqual(box.x, pan.finger(at: frame.time - 1.0 / 60).x, accuracy: 0.01)
        }
    }
    /// A pan that goes down 20 pt right of and 10 pt below the box's center and moves 100 pt
    /// right, with the drag's `grab` written as given.
    private func offCenterPan(grab: String) throws -> Scene {
        try loadScene("""
        {
          title: "grab", canvas: { width: 375, height: 667, scale: 1 }, fps: 60, duration: 1,
          items: [ { id: "box", size: [60, 60], center: [100, 300] } ],
          behaviors: [ { id: "collision", type: "collision", items: ["box"], referenceBoundsAsBoundary: true } ],
          events: [ { on: "pan", item: "box", do: [ { drag: { grab: "\(grab)" } } ] } ],
          input: [ { at: 0.2, pan: { path: [[120, 310], [220, 310]], duration: 0.5 } } ],
        }
        """)
    }

    func testGrabCenterPutsTheItemsCenterUnderTheFingerAndOffsetKeepsTheGrabOffset() throws {
        for (grab, offset) in [("center", (x: 0.0, y: 0.0)), ("offset", (x: -20.0, y: -10.0))] {
            let scene = try offCenterPan(grab: grab)
            let pan = try XCTUnwrap(scene.scriptedPans.first)
            let frames = try playTrace(scene)
            var checked = 0
            for frame in frames where frame.time > pan.at && frame.time <= pan.end {
                let box = frame.item("box"), finger = pan.finger(at: frame.time - 1.0 / 60)
                XCTAssertEqual(box.x, finger.x + offset.x, accuracy: 1e-9, "\(grab) at \(frame.time) s")
                XCTAssertEqual(box.y, finger.y + offset.y, accuracy: 1e-9, "\(grab) at \(frame.time) s")
                checked += 1
            }
            XCTAssertEqual(checked, 30, grab)
            // Dropped where the finger lifts (220, 310), plus the offset.
            let last = try XCTUnwrap(frames.last).item("box")
            XCTAssertEqual(last.x, 220 + offset.x, accuracy: 0.01, grab)
            XCTAssertEqual(last.y, 310 + offset.y, accuracy: 0.01, grab)
        }
    }

    func testGrabMustBeOffsetOrCenter() throws {
        let text = """
        { items: [ { id: "box", size: [60, 60], center: [100, 300] } ],
          events: [ { on: "pan", do: [ { drag: { grab: "middle" } } ] } ],
          input: [ { at: 0.2, pan: { path: [[120, 310], [220, 310]] } } ] }
        """
        XCTAssertThrowsError(try Scene.load(data: Data(text.utf8), fileName: "grab.json5")) { error in
            XCTAssertTrue("\(error)".contains("`grab` must be \"offset\" or \"center\""), "\(error)")
        }
    }

    // MARK: - What the scene removes during a drag stays removed

    /// `a` hangs from `rope` under gravity and is dragged from 0.2 s to 0.6 s, 150 pt to the
    /// right (suspend "all" holds the rope aside); `during` runs at 0.5 s, inside the drag.
    private func ropeScene(during action: String) throws -> Scene {
        try loadScene("""
        { duration: 1.5, fps: 10, canvas: { width: 400, height: 800, scale: 0.25 },
          items: [ {id: 'a', size: [40, 40], center: [100, 150]}, {id: 'b', size: [40, 40], center: [300, 700]} ],
          behaviors: [ {id: 'g', type: 'gravity', items: ['a']},
                       {id: 'rope', type: 'attachment', item: 'a', anchor: [100, 50]} ],
          events: [ {on: 'pan', item: 'a', do: [ {drag: true} ]},
                    {on: 'time', at: 0.5, do: [ \(action) ]} ],
          input: [ {at: 0.2, pan: {path: [[100, 150], [250, 150]], duration: 0.4}} ],
        }
        """)
    }

    // Regression: the release added back the rope the scene had removed meanwhile, and the
    // item swung around the anchor instead of falling.
    func testABehaviorRemovedDuringTheDragIsNotGivenBackOnRelease() throws {
        let frames = try playTrace(try ropeScene(during: "{removeBehavior: 'rope'}"))
        let release = 7 // the finger lifts at 0.6 s: frame 7 is the first after it
        let x = frames[release].item("a").x
        XCTAssertEqual(x, 250, accuracy: 1)
        for frame in frames[release...] {
            // Falling straight down (a rope would swing it sideways).
            XCTAssertEqual(frame.item("a").x, x, accuracy: 0.01, "frame \(frame.frame)")
        }
        for k in (release + 1)..<frames.count {
            // Gravity alone, 1000 pt/s^2: 100 pt/s more per frame, less the item's default
            // resistance of 0.1 / s (up to 8 pt/s at the 800 pt/s reached here).
            XCTAssertEqual(frames[k].item("a").vy - frames[k - 1].item("a").vy, 96, accuracy: 4.5, "frame \(k)")
        }
    }

    // Regression: removeItem during a drag was undone by the release (the item rejoined
    // gravity and its rope).
    func testAnItemRemovedDuringItsDragStaysOutOfEveryBehavior() throws {
        let frames = try playTrace(try ropeScene(during: "{removeItem: 'a'}"))
        let resting = frames[7].item("a").center
        for frame in frames[7...] {
            XCTAssertEqual(frame.item("a").center, resting, "frame \(frame.frame)")
            XCTAssertFalse(frame.item("a").visible)
        }
    }

    // Regression: snapTo during a drag left the snap the drag held aside, which came back on
    // release: two snaps, and the item settled halfway between their points.
    func testSnapToDuringADragReplacesTheSnapTheDragHeldAside() throws {
        let frames = try playTrace(try loadScene("""
        { duration: 3, fps: 10, canvas: { width: 400, height: 800, scale: 0.25 },
          items: [ {id: 'a', size: [40, 40], center: [100, 100]} ],
          behaviors: [ {id: 's', type: 'snap', item: 'a', point: [100, 100]} ],
          events: [ {on: 'pan', do: [ {drag: true} ]},
                    {on: 'tap', do: [ {snapTo: {item: 'a', point: '$tap'}} ]} ],
          input: [ {at: 0.2, pan: {path: [[100, 100], [200, 200]], duration: 0.6}}, {at: 0.5, tap: [300, 500]} ],
        }
        """))
        let last = frames[frames.count - 1].item("a")
        XCTAssertEqual(last.x, 300, accuracy: 0.5)
        XCTAssertEqual(last.y, 500, accuracy: 0.5)
    }

    // Regression: an addBehavior that ran twice (two taps) made a second push of the same id;
    // removeBehavior reached only the newer one and the older pushed on for good.
    func testAnAddBehaviorThatRunsAgainAddsNothingAndRemoveBehaviorReachesIt() throws {
        let frames = try playTrace(try loadScene("""
        { duration: 1, fps: 10, canvas: { width: 400, height: 400, scale: 0.25 },
          items: [ {id: 'a', size: [100, 100], center: [100, 100]} ],
          behaviors: [ {type: 'itemBehavior', items: ['a'], resistance: 0} ],
          events: [ {on: 'tap', do: [ {addBehavior: {id: 'px', type: 'push', items: ['a'], magnitude: 1}} ]},
                    {on: 'time', at: 0.5, do: [ {removeBehavior: 'px'}]} ],
          input: [ {at: 0.1, tap: [300, 300]}, {at: 0.2, tap: [300, 300]} ],
        }
        """))
        // Magnitude 1 on 1 kg: 100 pt/s^2, 10 pt/s more per frame while the one push acts.
        XCTAssertEqual(frames[4].item("a").vx - frames[3].item("a").vx, 10, accuracy: 0.5)
        let stopped = frames[6].item("a").vx
        XCTAssertGreaterThan(stopped, 0)
        for frame in frames[6...] {
            XCTAssertEqual(frame.item("a").vx, stopped, accuracy: 1e-9, "frame \(frame.frame): no push left")
        }
    }
}
