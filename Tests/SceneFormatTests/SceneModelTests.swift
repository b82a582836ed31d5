import SceneFormat
import XCTest
@testable import SceneFormat

/// Loads scene text held in the test, failing with every diagnostic when it does not load.
func loadScene(_ text: String, name: String = "test.json5", file: StaticString = #filePath, line: UInt = #line) throws -> Scene {
    do {
        return try Scene.load(data: Data(text.utf8), fileName: name)
    } catch let error as SceneLoadError {
        XCTFail("the scene did not load:\n\(error)", file: file, line: line)
        throw error
    }
}

/// Validates scene text held in the test.
func validateScene(_ text: String, name: String = "test.json5") -> SceneValidation {
    Scene.validate(data: Data(text.utf8), fileName: name)
}

func fixtureURL(_ relativePath: String) throws -> URL {
    let base = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures", withExtension: nil), "Fixtures missing from the bundle")
    return base.appendingPathComponent(relativePath)
}

final class SceneModelTests: XCTestCase {
    // MARK: The contract's example

    func testContractExampleLoadsWithEveryField() throws {
        let url = try fixtureURL("good/contract-example.json5")
        let validation = Scene.validate(path: url.path)
        XCTAssertEqual(validation.errors, [], "\(validation.errors)")
        let scene = try XCTUnwrap(validation.scene)

        XCTAssertEqual(scene.id, "contract-example")
        XCTAssertEqual(scene.title, "Collision delegate: squares burst on the bottom boundary")
        XCTAssertEqual(scene.canvas, SceneCanvas(width: 375, height: 667, scale: 2, background: .white))
        XCTAssertEqual(scene.fps, 60)
        XCTAssertEqual(scene.duration, 4)
        XCTAssertEqual(scene.frameCount, 240)
        XCTAssertEqual(scene.seed, 1)
        XCTAssertTrue(scene.sleeping)

        XCTAssertEqual(scene.items.map(\.id), ["red", "green", "pentagon", "ball"])
        let red = scene.items[0]
        XCTAssertEqual(red.shape, .rectangle)
        XCTAssertEqual(red.size, SceneSize(width: 50, height: 50))
        XCTAssertEqual(red.center, ScenePoint(x: 187.5, y: 25))
        XCTAssertEqual(red.color, .red)
        XCTAssertEqual(red.location.path, "items[0]")
        XCTAssertEqual(red.location.position, SourcePosition(line: 9, column: 5))
        let green = scene.items[1]
        XCTAssertEqual(green.shape, .rectangle, "default shape")
        XCTAssertEqual(green.angle, 0)
        XCTAssertEqual(green.alpha, 1)
        XCTAssertEqual(green.scale, 1)
        XCTAssertNil(green.stroke)
        XCTAssertEqual(green.cornerRadius, 0)
        let pentagon = scene.items[2]
        guard case .path(let vertices) = pentagon.shape else { return XCTFail("pentagon is a path") }
        XCTAssertEqual(vertices.count, 5)
        XCTAssertEqual(vertices[1], ScenePoint(x: 15.45, y: 47.55))
        XCTAssertEqual(pentagon.color, .yellow)
        let ball = scene.items[3]
        XCTAssertEqual(ball.shape, .ellipse)
        XCTAssertEqual(ball.color, SceneColor(red: 1, green: 136.0 / 255, blue: 0))
        XCTAssertEqual(ball.stroke, ItemSpec.Stroke(color: .black, width: 1))

        XCTAssertEqual(scene.behaviors.count, 2)
        guard case .gravity(let gravity) = scene.behaviors[0] else { return XCTFail("gravity first") }
        XCTAssertEqual(gravity.id, "gravity")
        XCTAssertEqual(gravity.items, ["red", "green"])
        XCTAssertEqual(gravity.direction, SceneVector(dx: 0, dy: 1))
        XCTAssertEqual(gravity.magnitude, 1)
        XCTAssertEqual(gravity.angle, .pi / 2, accuracy: 1e-12)
        guard case .collision(let collision) = scene.behaviors[1] else { return XCTFail("collision second") }
        XCTAssertEqual(collision.mode, .everything)
        XCTAssertFalse(collision.referenceBoundsAsBoundary)
        XCTAssertEqual(collision.boundaries,
                       [BoundarySpec(id: "bottomBoundary", shape: .segment(from: ScenePoint(x: 0, y: 567), to: ScenePoint(x: 375, y: 567)),
                                     location: collision.boundaries[0].location)])

        XCTAssertEqual(scene.events.count, 1)
        let event = scene.events[0]
        XCTAssertEqual(event.trigger, .contactBegan(ContactFilter(behavior: "collision", boundary: .id("bottomBoundary"))))
        guard case .animate(let animate)? = event.actions.first else { return XCTFail("animate") }
        XCTAssertNil(animate.item)
        XCTAssertEqual(animate.duration, 1)
        XCTAssertEqual(animate.delay, 0)
        XCTAssertEqual(animate.curve, .easeInOut)
        XCTAssertEqual(animate.color, .red)
        XCTAssertEqual(animate.alpha, 0)
        XCTAssertEqual(animate.scale, 2)
        XCTAssertEqual(animate.then.count, 2)
        guard case .removeFromBehavior(let removal) = animate.then[0], case .removeFromView(let hide) = animate.then[1] else {
            return XCTFail("then: removeFromBehavior, removeFromView")
        }
        XCTAssertEqual(removal.behavior, "collision")
        XCTAssertNil(removal.item)
        XCTAssertNil(hide.item)
        XCTAssertEqual(hide.location.path, "events[0].do[0].then[1]")

        XCTAssertEqual(scene.input.count, 1)
        XCTAssertEqual(scene.input[0].at, 1)
        XCTAssertEqual(scene.input[0].gesture, .tap(ScenePoint(x: 300, y: 200)))
        // The example's tap has no `on: "tap"` event: a warning, not an error.
        XCTAssertTrue(validation.warnings.contains { $0.message.contains("nothing reacts to the tap") }, "\(validation.warnings)")
    }

    func testContractExampleRoundTripsThroughTheWriter() throws {
        let url = try fixtureURL("good/contract-example.json5")
        let scene = try Scene.load(path: url.path)
        let text = scene.jsonText
        let reloaded = try Scene.load(data: Data(text.utf8), fileName: url.path)
        XCTAssertEqual(reloaded.jsonText, text)
        XCTAssertEqual(reloaded.items.map(\.center), scene.items.map(\.center))
        XCTAssertEqual(stripLocations(reloaded.jsonDocument), stripLocations(scene.jsonDocument))
        // The written form is plain JSON.
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(text.utf8)))
    }

    private func stripLocations(_ value: JSON5Value) -> String { value.formatted() }

    // MARK: Defaults

    func testMinimalSceneGetsEveryDefault() throws {
        let scene = try loadScene("{ items: [ { id: 'a', size: [10, 10], center: 'center' } ] }", name: "dir/minimal.json")
        XCTAssertEqual(scene.id, "minimal")
        XCTAssertEqual(scene.title, "minimal")
        XCTAssertEqual(scene.sourceFile, "dir/minimal.json")
        XCTAssertEqual(scene.canvas, SceneCanvas(width: 375, height: 667, scale: 2, background: .white))
        XCTAssertEqual(scene.fps, 60)
        XCTAssertEqual(scene.duration, 5)
        XCTAssertEqual(scene.frameCount, 300)
        XCTAssertEqual(scene.seed, 0)
        XCTAssertTrue(scene.sleeping)
        XCTAssertEqual(scene.items[0].center, ScenePoint(x: 187.5, y: 333.5))
        XCTAssertEqual(scene.items[0].color, .gray)
        XCTAssertEqual(scene.behaviors, [])
        XCTAssertEqual(scene.events, [])
        XCTAssertEqual(scene.input, [])
    }

    func testBehaviorDefaults() throws {
        let scene = try loadScene("""
        { items: [ { id: 'a', size: [10, 10], center: [50, 50] }, { id: 'b', size: [10, 10], center: [100, 50] } ],
          behaviors: [
            { type: 'gravity', items: ['a'] },
            { type: 'collision', items: ['a'] },
            { type: 'push', items: ['a'] },
            { type: 'snap', item: 'a', point: [10, 20] },
            { type: 'attachment', item: 'a', anchor: [0, 0] },
            { type: 'attachment', item: 'a', to: 'b' },
            { type: 'itemBehavior', items: ['a'] },
            { type: 'field', field: 'noise', items: ['a'] },
            { type: 'group', children: [ { type: 'gravity', magnitude: 2 } ] },
          ] }
        """)
        XCTAssertEqual(scene.behaviors.count, 9)
        XCTAssertEqual(scene.behaviors[0], .gravity(GravitySpec(items: ["a"], location: scene.behaviors[0].location)))
        XCTAssertEqual(scene.behaviors[1], .collision(CollisionSpec(items: ["a"], location: scene.behaviors[1].location)))
        XCTAssertEqual(scene.behaviors[2], .push(PushSpec(items: ["a"], location: scene.behaviors[2].location)))
        XCTAssertEqual(scene.behaviors[3], .snap(SnapSpec(item: "a", point: ScenePoint(x: 10, y: 20), damping: 0.5,
                                                          location: scene.behaviors[3].location)))
        XCTAssertEqual(scene.behaviors[4], .attachment(AttachmentSpec(kind: .anchor, item: "a", anchor: .zero,
                                                                      location: scene.behaviors[4].location)))
        XCTAssertEqual(scene.behaviors[5], .attachment(AttachmentSpec(kind: .items, item: "a", to: "b",
                                                                      location: scene.behaviors[5].location)))
        XCTAssertEqual(scene.behaviors[6], .itemBehavior(ItemBehaviorSpec(items: ["a"], location: scene.behaviors[6].location)))
        XCTAssertEqual(scene.behaviors[7], .field(FieldSpec(kind: .noise, items: ["a"], location: scene.behaviors[7].location)))
        guard case .group(let group) = scene.behaviors[8], case .gravity(let inner)? = group.children.first else {
            return XCTFail("group with gravity")
        }
        XCTAssertEqual(inner.direction.dx, 0, accuracy: 1e-12)
        XCTAssertEqual(inner.direction.dy, 2, accuracy: 1e-12)
        XCTAssertEqual(inner.location.path, "behaviors[8].children[0]")
        XCTAssertEqual(scene.allBehaviors.count, 10)
    }

    func testGroupsNestAndShareOneIdSpace() throws {
        let scene = try loadScene("""
        { items: [ { id: 'a', size: [10, 10], center: [50, 50] } ],
          behaviors: [ { id: 'outer', type: 'group', children: [
                         { id: 'inner', type: 'group', children: [ { id: 'g', type: 'gravity', items: ['a'] } ] } ] } ],
          events: [ { on: 'time', at: 1, do: [ { removeBehavior: 'g' }, { removeBehavior: 'inner' } ] } ] }
        """)
        XCTAssertEqual(scene.allBehaviors.map(\.displayName), ["outer", "inner", "g"])
        XCTAssertEqual(scene.behavior(withID: "g")?.location.path, "behaviors[0].children[0].children[0]")
        let clash = validateScene("""
        { items: [ { id: 'a', size: [10, 10], center: [50, 50] } ],
          behaviors: [ { id: 'g', type: 'group', children: [ { type: 'group', children: [ { id: 'g', type: 'gravity' } ] } ] } ],
          events: [ { on: 'time', at: 1, do: [ { addBehavior: { id: 'g', type: 'push' } } ] } ] }
        """)
        XCTAssertEqual(clash.errors.filter { $0.message.contains("duplicate behavior id 'g'") }.map(\.path),
                       ["behaviors[0].children[0].children[0].id", "events[0].do[0].addBehavior.id"])
    }

    func testGravityAndPushDirectionForms() throws {
        let scene = try loadScene("""
        { items: [ { id: 'a', size: [10, 10], center: [50, 50] } ],
          behaviors: [
            { type: 'gravity', direction: [3, 4] },
            { type: 'gravity', direction: [3, 4], magnitude: 10 },
            { type: 'gravity', angle: 0, magnitude: 0.5 },
            { type: 'push', direction: [0, -2] },
            { type: 'push', angle: 1, magnitude: -3, mode: 'instantaneous', active: false, items: ['a'], offsets: { a: [5, 0] } },
          ] }
        """)
        guard case .gravity(let g0) = scene.behaviors[0], case .gravity(let g1) = scene.behaviors[1],
              case .gravity(let g2) = scene.behaviors[2], case .push(let p0) = scene.behaviors[3],
              case .push(let p1) = scene.behaviors[4] else { return XCTFail() }
        XCTAssertEqual(g0.direction, SceneVector(dx: 3, dy: 4))
        XCTAssertEqual(g0.magnitude, 5)
        XCTAssertEqual(g1.direction.dx, 6, accuracy: 1e-12)
        XCTAssertEqual(g1.direction.dy, 8, accuracy: 1e-12)
        XCTAssertEqual(g2.direction.dx, 0.5, accuracy: 1e-12)
        XCTAssertEqual(g2.direction.dy, 0, accuracy: 1e-12)
        XCTAssertEqual(p0.magnitude, 2)
        XCTAssertEqual(p0.angle, -.pi / 2, accuracy: 1e-12)
        XCTAssertEqual(p1.angle, 1)
        XCTAssertEqual(p1.magnitude, -3)
        XCTAssertEqual(p1.mode, .instantaneous)
        XCTAssertFalse(p1.active)
        XCTAssertEqual(p1.offsets, ["a": SceneVector(dx: 5, dy: 0)])
    }

    func testItemBehaviorRemembersWhatWasSpecified() throws {
        let scene = try loadScene("""
        { items: [ { id: 'a', size: [10, 10], center: [50, 50] } ],
          behaviors: [ { type: 'itemBehavior', items: ['a'], elasticity: 0.8, allowsRotation: false, resistance: 1e9 } ] }
        """)
        guard case .itemBehavior(let b) = scene.behaviors[0] else { return XCTFail() }
        XCTAssertEqual(b.elasticity, 0.8)
        XCTAssertFalse(b.allowsRotation)
        XCTAssertEqual(b.resistance, 1e9)
        XCTAssertEqual(b.friction, 0)
        XCTAssertEqual(b.density, 1)
        XCTAssertEqual(b.specified, [.elasticity, .allowsRotation, .resistance])
    }

    // MARK: Colors

    func testUIKitColorValues() {
        XCTAssertEqual(SceneColor(parsing: "orange"), SceneColor(red: 1, green: 0.5, blue: 0))
        XCTAssertEqual(SceneColor(parsing: "brown"), SceneColor(red: 0.6, green: 0.4, blue: 0.2))
        XCTAssertEqual(SceneColor(parsing: "purple"), SceneColor(red: 0.5, green: 0, blue: 0.5))
        XCTAssertEqual(SceneColor(parsing: "lightGray"), SceneColor(white: 2.0 / 3.0))
        XCTAssertEqual(SceneColor(parsing: "darkGray"), SceneColor(white: 1.0 / 3.0))
        XCTAssertEqual(SceneColor(parsing: "gray"), SceneColor(white: 0.5))
        XCTAssertEqual(SceneColor(parsing: "clear"), SceneColor(red: 0, green: 0, blue: 0, alpha: 0))
        XCTAssertEqual(SceneColor(parsing: "cyan"), SceneColor(red: 0, green: 1, blue: 1))
        XCTAssertEqual(SceneColor(parsing: "magenta"), SceneColor(red: 1, green: 0, blue: 1))
        XCTAssertEqual(SceneColor.named.count, 15)
    }

    func testHexColors() {
        XCTAssertEqual(SceneColor(parsing: "#FF8800"), SceneColor(red: 1, green: 136.0 / 255, blue: 0, alpha: 1))
        XCTAssertEqual(SceneColor(parsing: "#ff880080")?.alpha, 128.0 / 255)
        XCTAssertNil(SceneColor(parsing: "#F80"))
        XCTAssertNil(SceneColor(parsing: "#GG0000"))
        XCTAssertNil(SceneColor(parsing: "Red"))
        XCTAssertEqual(SceneColor.orange.hexString, "#FF8000FF")
        XCTAssertEqual(SceneColor(parsing: "#12345678")?.hexString, "#12345678")
        XCTAssertEqual(SceneColor.brown.description, "brown")
    }

    // MARK: Regions

    func testRegionsNestAndContainPoints() throws {
        let scene = try loadScene("""
        { items: [ { id: 'a', size: [10, 10], center: [50, 50] } ],
          behaviors: [ { type: 'field', field: 'radialGravity', region: { difference: [ { radius: 100 }, { inverse: { size: [400, 20] } } ] } } ] }
        """)
        guard case .field(let field) = scene.behaviors[0] else { return XCTFail() }
        XCTAssertEqual(field.region, .difference(.radius(100), .inverse(.size(SceneSize(width: 400, height: 20)))))
        XCTAssertTrue(field.region.contains(SceneVector(dx: 50, dy: 5)))
        XCTAssertFalse(field.region.contains(SceneVector(dx: 50, dy: 50)))
        XCTAssertFalse(field.region.contains(SceneVector(dx: 150, dy: 0)))
        XCTAssertEqual(field.region.depth, 3)
        XCTAssertFalse(RegionSpec.inverse(.infinite).contains(.zero))
        XCTAssertTrue(RegionSpec.union(.radius(1), .radius(10)).contains(SceneVector(dx: 5, dy: 0)))
        XCTAssertFalse(RegionSpec.intersection(.radius(1), .radius(10)).contains(SceneVector(dx: 5, dy: 0)))
    }

    // MARK: Events and actions

    func testEventsActionsAndTapPlaceholder() throws {
        let scene = try loadScene("""
        { items: [ { id: 'sq', size: [60, 60], center: [100, 100] }, { id: 'b', size: [10, 10], center: [300, 300] } ],
          behaviors: [ { id: 'push', type: 'push', items: ['sq'] }, { id: 'grav', type: 'gravity', items: ['b'] },
                       { id: 'col', type: 'collision', items: ['sq', 'b'], referenceBoundsAsBoundary: true } ],
          events: [
            { on: 'tap', do: [ { snapTo: { item: 'sq', point: '$tap' } },
                               { pushToward: { behavior: 'push', point: '$tap', magnitudePerPoint: 0.01 } } ] },
            { on: 'time', at: 1, do: [ { set: { behavior: 'push', magnitude: 2, active: true } },
                                       { set: { item: 'b', color: 'blue', center: 'center' } },
                                       { addToBehavior: 'grav', item: 'sq' },
                                       { removeBehavior: 'grav' },
                                       { addBehavior: { id: 'g2', type: 'gravity', items: ['sq'], angle: 0 } },
                                       { removeItem: 'b' } ] },
            { on: 'pan', item: 'sq', do: [ { drag: { suspend: ['push'], releaseVelocity: true } } ] },
            { on: 'contactEnded', boundary: 'reference', do: [ { removeFromView: true } ] },
            { on: 'pause', do: [ { set: { behavior: 'g2', magnitude: 0 } } ] },
          ],
          input: [ { at: 0.5, tap: [200, 300] }, { at: 2, pan: { path: [[100, 100], [200, 200], [250, 100]], duration: 1 } } ] }
        """)
        XCTAssertEqual(scene.events.map(\.trigger.name), ["tap", "time", "pan", "contactEnded", "pause"])
        XCTAssertEqual(scene.events[0].actions, [
            .snapTo(SnapToAction(item: "sq", point: .tapLocation, damping: 0.5, location: scene.events[0].actions[0].location)),
            .pushToward(PushTowardAction(behavior: "push", point: .tapLocation, magnitudePerPoint: 0.01,
                                         location: scene.events[0].actions[1].location)),
        ])
        let timed = scene.events[1].actions
        XCTAssertEqual(timed.map(\.name), ["set", "set", "addToBehavior", "removeBehavior", "addBehavior", "removeItem"])
        guard case .set(let setPush) = timed[0], case .set(let setItem) = timed[1] else { return XCTFail() }
        XCTAssertEqual(setPush.target, .behavior("push"))
        XCTAssertEqual(setPush.settings, [.magnitude(2), .active(true)])
        XCTAssertEqual(setItem.target, .item("b"))
        XCTAssertEqual(setItem.settings, [.color(.blue), .center(.point(ScenePoint(x: 187.5, y: 333.5)))])
        XCTAssertEqual(scene.behavior(withID: "g2")?.typeName, "gravity")
        XCTAssertEqual(scene.behaviorsAddedByEvents.count, 1)
        guard case .drag(let drag) = scene.events[2].actions[0] else { return XCTFail() }
        XCTAssertEqual(drag.suspend, .behaviors(["push"]))
        XCTAssertTrue(drag.releaseVelocity)
        XCTAssertEqual(scene.events[3].trigger, .contactEnded(ContactFilter(boundary: .reference)))
        XCTAssertEqual(scene.input[1].gesture, .pan(path: [ScenePoint(x: 100, y: 100), ScenePoint(x: 200, y: 200),
                                                           ScenePoint(x: 250, y: 100)], duration: 1))
        XCTAssertEqual(scene.input[1].end, 3)
        // And it survives a round trip through the writer.
        let again = try Scene.load(data: Data(scene.jsonText.utf8), fileName: "test.json5")
        XCTAssertEqual(again.jsonText, scene.jsonText)
        XCTAssertEqual(again.events.map(\.actions.count), scene.events.map(\.actions.count))
    }

    // MARK: Diagnostics

    func testDiagnosticFormat() {
        let full = SceneDiagnostic(file: "scenes/push.json", position: SourcePosition(line: 12, column: 17),
                                   path: "behaviors[2].items[0]", message: "unknown item 'gren'", hint: "did you mean 'green'?")
        XCTAssertEqual(full.description,
                       "scenes/push.json:12:17: error: unknown item 'gren' (at behaviors[2].items[0]) — hint: did you mean 'green'?")
        let bare = SceneDiagnostic(file: "big.json", position: nil, path: "", message: "too big")
        XCTAssertEqual(bare.description, "big.json: error: too big")
        let warning = SceneDiagnostic(severity: .warning, file: "a.json", position: SourcePosition(line: 1, column: 2),
                                      path: "", message: "hmm")
        XCTAssertEqual(warning.description, "a.json:1:2: warning: hmm")
    }

    func testEveryProblemIsReportedNotJustTheFirst() {
        let validation = validateScene("""
        {
          fps: 0,
          duration: -1,
          canvas: { width: 375, height: 667, scale: 20 },
          items: [
            { id: 'a', size: [0, 10], center: [1, 1], colour: 'red' },
            { id: 'a', size: [10, 10], center: [1, 1] },
          ],
          behaviors: [ { type: 'gravity', items: ['b'] }, { type: 'snap', point: [1, 1] } ],
        }
        """)
        XCTAssertNil(validation.scene)
        let messages = validation.errors.map(\.message)
        XCTAssertGreaterThanOrEqual(validation.errors.count, 7, messages.joined(separator: "\n"))
        for fragment in ["`fps` must be", "`duration` must be", "`scale` must be", "`size[0]` must be",
                         "unknown key `colour`", "duplicate item id 'a'", "unknown item 'b'", "missing key `item`"] {
            XCTAssertTrue(messages.contains { $0.contains(fragment) }, "no error containing \(fragment) in\n\(messages.joined(separator: "\n"))")
        }
        // In file order.
        let positions = validation.errors.compactMap(\.position)
        XCTAssertEqual(positions, positions.sorted())
        // Thrown as one error holding them all.
        XCTAssertThrowsError(try Scene.load(data: Data("{ fps: 0, items: [] }".utf8), fileName: "x.json")) { error in
            let loadError = error as? SceneLoadError
            XCTAssertEqual(loadError?.errors.count, 2, "\(error)")
        }
    }

    func testDidYouMeanSuggestions() {
        XCTAssertEqual(closestMatch(to: "gren", among: ["red", "green", "blue"]), "green")
        XCTAssertEqual(closestMatch(to: "lightgray", among: ["lightGray", "darkGray"]), "lightGray")
        XCTAssertEqual(closestMatch(to: "elastcity", among: ["elasticity", "friction"]), "elasticity")
        XCTAssertNil(closestMatch(to: "zzz", among: ["red", "green"]))
        XCTAssertEqual(editDistance("geren", "green"), 1)
    }

    func testConvexityChecks() {
        let square = [ScenePoint(x: -1, y: -1), ScenePoint(x: 1, y: -1), ScenePoint(x: 1, y: 1), ScenePoint(x: -1, y: 1)]
        XCTAssertNil(PolygonCheck.convexPolygonProblem(square))
        XCTAssertNil(PolygonCheck.convexPolygonProblem(square.reversed()), "either winding")
        let bowtie = [ScenePoint(x: -1, y: -1), ScenePoint(x: 1, y: 1), ScenePoint(x: 1, y: -1), ScenePoint(x: -1, y: 1)]
        XCTAssertTrue(PolygonCheck.convexPolygonProblem(bowtie)?.message.contains("self-intersecting") ?? false)
        let dart = [ScenePoint(x: 0, y: -2), ScenePoint(x: 2, y: 2), ScenePoint(x: 0, y: 0), ScenePoint(x: -2, y: 2)]
        XCTAssertTrue(PolygonCheck.convexPolygonProblem(dart)?.message.contains("not convex") ?? false)
        let line = [ScenePoint(x: 0, y: 0), ScenePoint(x: 1, y: 1), ScenePoint(x: 2, y: 2)]
        XCTAssertTrue(PolygonCheck.convexPolygonProblem(line)?.message.contains("zero area") ?? false)
        let pentagram = (0..<5).map { k -> ScenePoint in
            let t = Double(k * 2) * 2 * .pi / 5
            return ScenePoint(x: cos(t), y: sin(t))
        }
        XCTAssertTrue(PolygonCheck.convexPolygonProblem(pentagram)?.message.contains("self-intersecting") ?? false)
    }
}
