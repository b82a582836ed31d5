import XCTest
@testable import Dynamics

/// One test per measured fact or quirk of Apple's framework that is not a worked number of
/// UIKitFidelityTests: materials, item-behavior flags, boundaries, callbacks, regions, fields'
/// special rules, attachments, groups.
final class UIKitMeasuredTests: XCTestCase {
    let bounds = CGRect(x: 0, y: 0, width: 1000, height: 1000)
    let h = Double(Float(1.0 / 120))

    func box(_ x: CGFloat, _ y: CGFloat, _ w: CGFloat = 100, _ hh: CGFloat = 100) -> DynamicView {
        DynamicView(center: CGPoint(x: x, y: y), size: CGSize(width: w, height: hh))
    }

    func material(_ animator: DynamicAnimator, _ item: DynamicItem) -> (friction: Double, restitution: Double, damping: Double, density: Double) {
        let body = animator.body(for: item)!
        let shape = animator.world.shapes(of: body)[0]
        return (animator.world.friction(shape), animator.world.restitution(shape), animator.world.linearDamping(body),
                animator.world.mass(body) / (Double(item.bounds.width * item.bounds.height) / 10_000))
    }

    // MARK: - Materials and item behaviors

    func testNewItemBehaviorReportsUIKitDefaults() {
        let b = DynamicItemBehavior()
        XCTAssertEqual(b.elasticity, 0.2); XCTAssertEqual(b.friction, 0.2); XCTAssertEqual(b.density, 1)
        XCTAssertEqual(b.resistance, 0.1); XCTAssertEqual(b.angularResistance, 0.1)
        XCTAssertTrue(b.allowsRotation); XCTAssertFalse(b.isAnchored); XCTAssertEqual(b.charge, 0)
    }

    func testItemBehaviorAppliesOnlyWhatWasSetAndTheLastSetterWins() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let v = box(500, 500)
        animator.addBehavior(GravityBehavior(items: [v]))
        let first = DynamicItemBehavior(items: [v]); first.friction = 0.7; first.elasticity = 0.6
        // Setting a property to the value it has is not setting it: 0.2 does not override 0.6.
        let second = DynamicItemBehavior(items: [v]); second.elasticity = 0.2; second.density = 3
        animator.addBehavior(first); animator.addBehavior(second)
        animator.step()
        var m = material(animator, v)
        XCTAssertEqual(m.friction, 0.7, accuracy: 1e-12)
        XCTAssertEqual(m.restitution, 0.6, accuracy: 1e-12, "an unchanged setter does not win")
        XCTAssertEqual(m.density, 3, accuracy: 1e-9)
        XCTAssertEqual(m.damping, 0.1, accuracy: 1e-12, "resistance nobody set keeps its default, not 0")
        // Removing a behavior returns its items to the defaults (here the other one still sets density).
        animator.removeBehavior(first)
        animator.step()
        m = material(animator, v)
        XCTAssertEqual(m.friction, 0.2, accuracy: 1e-12); XCTAssertEqual(m.restitution, 0.2, accuracy: 1e-12)
        XCTAssertEqual(m.density, 3, accuracy: 1e-9)
    }

    func testRemovingAnItemBehaviorKeepsChargeAndAnchoring() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let v = box(500, 500)
        animator.addBehavior(GravityBehavior(items: [v]))
        let props = DynamicItemBehavior(items: [v]); props.charge = 2; props.isAnchored = true; props.friction = 0.9
        animator.addBehavior(props)
        animator.step()
        XCTAssertEqual(animator.charge(of: v), 2)
        animator.removeBehavior(props)
        for _ in 0..<30 { animator.step() }
        XCTAssertEqual(animator.charge(of: v), 2, "charge outlives the behavior")
        XCTAssertEqual(v.center, CGPoint(x: 500, y: 500), "still anchored: gravity does not move it")
        XCTAssertEqual(material(animator, v).friction, 0.2, accuracy: 1e-12, "friction back to the default")
    }

    func testAnchoredItemIsAWallAndIgnoresAddedVelocity() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let wall = box(500, 600, 400, 40), ball = box(500, 400, 40, 40)
        animator.addBehavior(GravityBehavior(items: [ball, wall]))
        animator.addBehavior(CollisionBehavior(items: [ball, wall]))
        let anchored = DynamicItemBehavior(items: [wall]); anchored.isAnchored = true
        anchored.addLinearVelocity(CGVector(dx: 300, dy: 0), for: wall)
        animator.addBehavior(anchored)
        for _ in 0..<120 { animator.step() }
        XCTAssertEqual(wall.center, CGPoint(x: 500, y: 600))
        // The ball rests on it: its outline at most the two 0.1 pt skins above, at most the
        // 0.5 pt slop less than that (an overlap of 0.3 pt).
        let gap = (wall.center.y - 20) - (ball.center.y + 20)
        XCTAssertLessThanOrEqual(gap, 0.2 + 1e-9)
        XCTAssertGreaterThan(gap, 0.2 - 0.5 - 0.01)
    }

    // MARK: - Shapes and skins

    func testEllipseFlattensIntoCubicPiecesOfTenPoints() {
        // A 200 x 100 ellipse: each quarter cubic is about 121 pt long -> 12 pieces, 48 vertices.
        let outline = ItemOutline.ellipse(width: 200, height: 100)
        func quarterLength() -> Double { ellipseQuarterPolylineLength(100, 50) }
        XCTAssertEqual(outline.count, 4 * Int(quarterLength() / 10))
        XCTAssertEqual(outline.last!, CGPoint(x: 100, y: 0))
        XCTAssertTrue(outline.contains(CGPoint(x: 0, y: 50)))
        // Equal sides: a circle (no flattening, no skin).
        let animator = DynamicAnimator(referenceBounds: bounds)
        let round = DynamicView(center: CGPoint(x: 500, y: 500), size: CGSize(width: 60, height: 60), collisionBoundsType: .ellipse)
        animator.addBehavior(GravityBehavior(items: [round]))
        animator.step()
        guard case .circle(_, let r) = animator.world.geometry(animator.world.shapes(of: animator.body(for: round)!)[0]) else {
            return XCTFail("not a circle")
        }
        XCTAssertEqual(r, 0.3, accuracy: 1e-12)
    }

    func testBoxesRestTwoTenthsOfAPointApart() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let lower = box(500, 900), upper = box(500, 780)
        animator.addBehavior(GravityBehavior(items: [lower, upper]))
        let c = CollisionBehavior(items: [lower, upper]); c.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(c)
        let dull = DynamicItemBehavior(items: [lower, upper]); dull.elasticity = 0
        animator.addBehavior(dull)
        for _ in 0..<240 { animator.step() }
        let gap = (lower.center.y - 50) - (upper.center.y + 50)
        // Two rectangle skins of 0.1 pt; position correction lets them overlap by up to 0.5 pt.
        // The pair falls asleep (Box2D 2.2: half a second below 1 pt/s) about a second after
        // landing, while position correction still has 0.02 pt to go, and stays there.
        XCTAssertTrue(animator.world.isAtRest, "the stack sleeps (waking an awake body keeps its rest timer)")
        XCTAssertGreaterThan(gap, 0.2 - 0.5 - 0.05)
        XCTAssertLessThanOrEqual(gap, 0.2 + 1e-9)
    }

    /// An item resting on a boundary line under a load (a stack of eight) sits inside the
    /// impact target of the line's thicker skin; Box2D 2.2 would spend up to eight
    /// time-of-impact sub-steps on it every step without moving it. A pair that barely moves
    /// is left to the discrete solver.
    func testAnItemRestingOnABoundaryTakesNoImpactSubSteps() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 200, height: 400))
        animator.allowsSleeping = false
        // A pile of 12 pt items, ten to a row, pressing on the floor and the walls.
        var pile: [DynamicView] = []
        for k in 0..<200 {
            let column = CGFloat(k % 10), row = CGFloat(k / 10), shift: CGFloat = k / 10 % 2 == 0 ? 0 : 4
            pile.append(box(16 + 18 * column + shift, 390 - 19 * row, 12, 12))
        }
        animator.addBehavior(GravityBehavior(items: pile))
        let c = CollisionBehavior(items: pile); c.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(c)
        for _ in 0..<360 { animator.step() }
        let y = pile[0].center.y
        animator.step()
        XCTAssertEqual(animator.world.toiCandidates.map(\.count).max(), 0, "candidates, and no impact sub-steps for a resting pile")
        XCTAssertEqual(pile[0].center.y, y, accuracy: 1e-2)
    }

    // MARK: - Boundaries and collisions

    func testBoundariesHaveFrictionAndElasticityOfAPointTwo() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let v = box(500, 500, 40, 40)
        let c = CollisionBehavior(items: [v])
        c.addBoundary(withIdentifier: "floor", from: CGPoint(x: 0, y: 600), to: CGPoint(x: 1000, y: 600))
        animator.addBehavior(c)
        animator.step()
        let world = animator.world
        let wall = world.queryAABB(AABB(lower: Vec2(0, 5.9), upper: Vec2(10, 6.1))).first { world.bodyType(world.body(of: $0)) == .staticBody }!
        XCTAssertEqual(world.friction(wall), 0.2); XCTAssertEqual(world.restitution(wall), 0.2)
    }

    func testReferenceBoundsLieOnePointOutsideTheInsetBounds() {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: 0, y: 0, width: 300, height: 300))
        let v = box(150, 150, 50, 50)
        animator.addBehavior(GravityBehavior(items: [v]))
        let c = CollisionBehavior(items: [v])
        c.setTranslatesReferenceBoundsIntoBoundary(with: (top: 0, left: 0, bottom: 50, right: 0))
        animator.addBehavior(c)
        let dull = DynamicItemBehavior(items: [v]); dull.elasticity = 0
        animator.addBehavior(dull)
        for _ in 0..<180 { animator.step() }
        // The floor is at 300 - 50 + 1 = 251; the box rests within its 2 pt contact skin.
        let bottom = v.center.y + 25
        XCTAssertGreaterThan(bottom, 251 - 2)
        XCTAssertLessThan(bottom, 251 - 0.5)
    }

    final class Recorder: CollisionBehaviorDelegate {
        var events: [String] = []
        func collisionBehavior(_ b: CollisionBehavior, beganContactFor item: DynamicItem, withBoundaryIdentifier id: String?, at p: CGPoint) {
            events.append("began \(id ?? "nil")")
        }
        func collisionBehavior(_ b: CollisionBehavior, endedContactFor item: DynamicItem, withBoundaryIdentifier id: String?) {
            events.append("ended \(id ?? "nil")")
        }
        func collisionBehavior(_ b: CollisionBehavior, beganContactFor a: DynamicItem, with b2: DynamicItem, at p: CGPoint) {
            events.append("began items")
        }
    }

    func testItemsModeFallsThroughBoundariesButStillReportsThem() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let v = box(500, 400, 40, 40)
        animator.addBehavior(GravityBehavior(items: [v]))
        let c = CollisionBehavior(items: [v])
        c.collisionMode = .items
        c.addBoundary(withIdentifier: "floor", from: CGPoint(x: 0, y: 500), to: CGPoint(x: 1000, y: 500))
        let recorder = Recorder(); c.collisionDelegate = recorder
        animator.addBehavior(c)
        for _ in 0..<60 { animator.step() }
        XCTAssertGreaterThan(v.center.y, 600, "fell through the boundary")
        XCTAssertEqual(recorder.events, ["began floor", "ended floor"], "[quirk] and reported touching it")
    }

    func testItemItemContactReportedByEveryBehaviorHoldingBothWhateverItsMode() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let a = box(500, 300, 40, 40), b = box(500, 600, 40, 40)
        animator.addBehavior(GravityBehavior(items: [a]))
        let solid = CollisionBehavior(items: [a, b])
        let boundariesOnly = CollisionBehavior(items: [a, b]); boundariesOnly.collisionMode = .boundaries
        let r1 = Recorder(), r2 = Recorder()
        solid.collisionDelegate = r1; boundariesOnly.collisionDelegate = r2
        animator.addBehaviors([solid, boundariesOnly])
        for _ in 0..<60 { animator.step() }
        XCTAssertEqual(r1.events.first, "began items")
        XCTAssertEqual(r2.events.first, "began items", "the boundaries-mode behavior reports it too")
    }

    func testDuplicateBoundaryIdentifierKeepsTheOldBoundary() {
        let c = CollisionBehavior()
        c.addBoundary(withIdentifier: "b", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 10, y: 0))
        c.addBoundary(withIdentifier: "b", from: CGPoint(x: 0, y: 50), to: CGPoint(x: 10, y: 50))
        XCTAssertEqual(c.boundary(withIdentifier: "b")?.points, [CGPoint(x: 0, y: 0), CGPoint(x: 10, y: 0)])
        XCTAssertNil(c.boundary(withIdentifier: "nope"))
    }

    func testItemsInRectTestsTheFatBoxes() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let v = box(500, 500, 100, 100) // spans 450...550
        animator.addBehavior(CollisionBehavior(items: [v]))
        XCTAssertEqual(animator.items(in: CGRect(x: 559, y: 500, width: 10, height: 10)).count, 1, "9 pt away: in the 10 pt margin")
        XCTAssertEqual(animator.items(in: CGRect(x: 561, y: 500, width: 10, height: 10)).count, 0, "11 pt away: outside")
    }

    // MARK: - Gravity and push

    func testOneGravityVectorPerAnimator() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let a = box(300, 300), b = box(700, 300)
        let ga = GravityBehavior(items: [a]), gb = GravityBehavior(items: [b])
        animator.addBehavior(ga); animator.addBehavior(gb)
        gb.gravityDirection = CGVector(dx: 1, dy: 0) // set last: wins for both
        animator.addBehavior(noDamping([a, b]))
        for _ in 0..<10 { animator.step() }
        XCTAssertGreaterThan(animator.linearVelocity(of: a).dx, 100, "[quirk] a follows b's vector")
        XCTAssertEqual(Double(animator.linearVelocity(of: a).dy), 0, accuracy: 1e-9)
        animator.removeBehavior(gb)
        let v = animator.linearVelocity(of: a)
        for _ in 0..<10 { animator.step() }
        XCTAssertEqual(animator.linearVelocity(of: a), v, "[quirk] removing any gravity behavior sets the vector to zero")
    }

    func testGravityAngleAndMagnitudeInSinglePrecision() {
        let g = GravityBehavior()
        XCTAssertEqual(g.angle, CGFloat(atan2f(1, 0)))
        g.setAngle(0.3, magnitude: 2)
        XCTAssertEqual(g.gravityDirection.dx, CGFloat(Float(2) * cosf(0.3)))
        g.magnitude = 0
        XCTAssertEqual(g.gravityDirection, .zero); XCTAssertEqual(g.angle, 0)
    }

    func testPushOffsetIsInReferenceAxes() {
        // A push at an offset (0, -40) on an item turned by 90 degrees still acts 40 pt above
        // the center in screen axes: a rightward force there turns it clockwise (positive).
        let animator = DynamicAnimator(referenceBounds: bounds)
        let v = DynamicView(center: CGPoint(x: 500, y: 500), size: CGSize(width: 100, height: 100), rotation: .pi / 2)
        let push = PushBehavior(items: [v], mode: .instantaneous)
        push.pushDirection = CGVector(dx: 1, dy: 0)
        push.setTargetOffsetFromCenter(CGVector(dx: 0, dy: -40), for: v)
        animator.addBehaviors([push, noDamping([v])])
        animator.step()
        // Impulse 1 N s at r = (0, -0.4) m: w = r x P / I, I = 1 kg x (1 + 1) / 12 m^2.
        let I = 1.0 * (1 + 1) / 12, w = (0 * 0 - (-0.4) * 1) / I
        XCTAssertEqual(Double(animator.angularVelocity(of: v)), w, accuracy: 1e-6)
        XCTAssertEqual(Double(animator.linearVelocity(of: v).dx), 100, accuracy: 1e-9)
        XCTAssertFalse(push.active)
    }

    // MARK: - Regions

    func testRegionEdges() {
        XCTAssertTrue(Region(radius: 10).contains(CGPoint(x: 10, y: 0)), "a circle contains its edge")
        XCTAssertTrue(Region(radius: -10).contains(CGPoint(x: 0, y: 10)), "a negative radius acts as its absolute value")
        XCTAssertFalse(Region(size: CGSize(width: 20, height: 20)).contains(CGPoint(x: 10, y: 0)), "a rectangle does not")
        XCTAssertTrue(Region(size: CGSize(width: 20, height: 20)).contains(CGPoint(x: 9.99, y: -9.99)))
        XCTAssertFalse(Region(size: CGSize(width: -20, height: 20)).contains(.zero), "negative sizes contain nothing")
        XCTAssertFalse(Region.infinite.inverse().contains(.zero))
        let rect = Region(size: CGSize(width: 20, height: 20))
        XCTAssertTrue(rect.inverse().contains(CGPoint(x: 10, y: 0)), "the inverse is the plain complement")
        XCTAssertTrue(Region.infinite.byIntersection(with: rect).contains(CGPoint(x: 10, y: 0)), "[quirk] the intersection takes the edge in")
        XCTAssertTrue(Region(radius: 5).byUnion(with: rect).contains(CGPoint(x: 9, y: 9)))
        XCTAssertFalse(Region(radius: 50).byDifference(from: rect).contains(CGPoint(x: 5, y: 5)))
        XCTAssertTrue(Region(radius: 50).byDifference(from: rect).contains(CGPoint(x: 30, y: 5)))
    }

    // MARK: - Fields

    /// The velocity change (pt/s) of a still or moving 100x100 item over its first sub-step.
    func firstSubStep(_ field: FieldBehavior, at p: CGPoint = CGPoint(x: 300, y: 400), velocity: CGVector = .zero,
                      charge: CGFloat = 0, density: CGFloat = 1) -> CGVector {
        let animator = DynamicAnimator(referenceBounds: CGRect(x: -2000, y: -2000, width: 4000, height: 4000))
        let v = DynamicView(center: p, size: CGSize(width: 100, height: 100))
        field.addItem(v)
        let props = noDamping([v]); props.charge = charge; props.density = density
        if velocity != .zero { props.addLinearVelocity(velocity, for: v) }
        animator.addBehaviors([field, props])
        animator.step()
        let after = animator.linearVelocity(of: v)
        return CGVector(dx: after.dx - velocity.dx, dy: after.dy - velocity.dy)
    }

    func testDefaultFalloffsAndMinimumRadius() {
        XCTAssertEqual(FieldBehavior.radialGravityField(position: .zero).falloff, 2)
        XCTAssertEqual(FieldBehavior.springField().falloff, -1)
        XCTAssertEqual(FieldBehavior.electricField().falloff, 1)
        XCTAssertEqual(FieldBehavior.magneticField().falloff, 1)
        XCTAssertEqual(FieldBehavior.vortexField().falloff, 0)
        XCTAssertEqual(Double(FieldBehavior.dragField().minimumRadius), 100.0 / 32768, accuracy: 1e-12)
    }

    func testDragIsQuadraticAndRelativeToTheMedium() {
        // u = v - direction = (2, 0) - (1, 0) m/s: F = -S u |u| = (-1, 0) N on 1 kg.
        let drag = FieldBehavior.dragField()
        drag.direction = CGVector(dx: 1, dy: 0)
        let dv = firstSubStep(drag, velocity: CGVector(dx: 200, dy: 0))
        XCTAssertEqual(Double(dv.dx), -100 * h, accuracy: 1e-6)
        // Twice the relative speed, four times the force.
        let dv2 = firstSubStep({ let d = FieldBehavior.dragField(); d.direction = CGVector(dx: 1, dy: 0); return d }(),
                               velocity: CGVector(dx: 300, dy: 0))
        XCTAssertEqual(Double(dv2.dx / dv.dx), 4, accuracy: 1e-6)
    }

    func testTurbulenceScalesWithMassAndSquaredSpeed() {
        func turbulence() -> FieldBehavior { FieldBehavior.turbulenceField(smoothness: 0.5, animationSpeed: 0) }
        XCTAssertEqual(firstSubStep(turbulence()), .zero, "a still item feels nothing")
        let slow = firstSubStep(turbulence(), velocity: CGVector(dx: 100, dy: 0))
        let fast = firstSubStep(turbulence(), velocity: CGVector(dx: 200, dy: 0))
        XCTAssertGreaterThan(slow.length, 0)
        // Force x m x |v|^2, divided by m: the acceleration grows as the square of the speed,
        // independent of the density.
        XCTAssertEqual(Double(fast.length / slow.length), 4, accuracy: 0.05)
        let heavy = firstSubStep(turbulence(), velocity: CGVector(dx: 100, dy: 0), density: 3)
        XCTAssertEqual(Double(heavy.length / slow.length), 1, accuracy: 1e-6)
    }

    func testNoiseAndSpringAreNotMassScaled() {
        let light = firstSubStep(.springField()), heavy = firstSubStep(.springField(), density: 4)
        XCTAssertEqual(Double(heavy.dx / light.dx), 0.25, accuracy: 1e-9, "the same force on four times the mass")
    }

    func testWeakFieldsDoNothing() {
        let f = FieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 1))
        f.strength = 1.0 / 65536 // |S m| < 2^-15 for 1 kg
        XCTAssertEqual(firstSubStep(f), .zero)
        let e = FieldBehavior.electricField()
        XCTAssertEqual(firstSubStep(e, charge: 0), .zero, "no charge, no electric force")
    }

    /// [measured] Every kind answers 0 when |S X| < 2^-15, X the mass for linear and radial
    /// gravity and vortex, the charge for electric and magnetic, 1 for the others. A strength
    /// of 2^-16 does nothing on 1 kg (or charge 1) but acts on 4 kg (or charge 4), where
    /// |S X| = 2^-14; the kinds scaled by 1 do nothing at 2^-16 whatever the mass.
    func testEachFieldKindsWeakThresholdScalesWithItsOwnQuantity() {
        let tiny = CGFloat(1.0 / 65536)
        func field(_ make: () -> FieldBehavior) -> FieldBehavior { let f = make(); f.strength = tiny; return f }
        let byMass: [(String, () -> FieldBehavior)] = [
            ("linear gravity", { .linearGravityField(direction: CGVector(dx: 0, dy: 1)) }),
            ("radial gravity", { .radialGravityField(position: .zero) }),
            ("vortex", { .vortexField() }),
        ]
        for (name, make) in byMass {
            XCTAssertEqual(firstSubStep(field(make), density: 1), .zero, "\(name) on 1 kg")
            XCTAssertNotEqual(firstSubStep(field(make), density: 4), .zero, "\(name) on 4 kg")
        }
        let moving = CGVector(dx: 50, dy: -20)
        let byCharge: [(String, () -> FieldBehavior)] = [("electric", { .electricField() }), ("magnetic", { .magneticField() })]
        for (name, make) in byCharge {
            XCTAssertEqual(firstSubStep(field(make), velocity: moving, charge: 1, density: 4), .zero, "\(name), charge 1")
            XCTAssertNotEqual(firstSubStep(field(make), velocity: moving, charge: 4), .zero, "\(name), charge 4")
        }
        let byOne: [(String, () -> FieldBehavior)] = [
            ("spring", { .springField() }), ("drag", { .dragField() }),
            ("noise", { .noiseField(smoothness: 0, animationSpeed: 0) }),
        ]
        for (name, make) in byOne {
            XCTAssertEqual(firstSubStep(field(make), velocity: moving, charge: 4, density: 4), .zero, "\(name) at 2^-16")
            let f = make(); f.strength = 4 * tiny
            XCTAssertNotEqual(firstSubStep(f, velocity: moving), .zero, "\(name) at 2^-14")
        }
    }

    func testVelocityFieldIgnoresStrengthAndTheFirstOneWins() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let v = box(500, 500)
        let first = FieldBehavior.velocityField(direction: CGVector(dx: 1, dy: 0)); first.strength = 5
        let second = FieldBehavior.velocityField(direction: CGVector(dx: 0, dy: -2))
        first.addItem(v); second.addItem(v)
        animator.addBehaviors([first, second, GravityBehavior(items: [v]), noDamping([v])])
        animator.step()
        XCTAssertEqual(animator.linearVelocity(of: v), CGVector(dx: 100, dy: 0), "direction in m/s; strength ignored; first wins")
    }

    func testCustomBlockSeesPositionRelativeToTheFieldAndVelocityInMetres() {
        var seen: (CGPoint, CGVector, CGFloat, CGFloat)?
        let f = FieldBehavior.field { _, p, v, m, q, _ in seen = (p, v, m, q); return CGVector(dx: 2, dy: 0) }
        f.position = CGPoint(x: 100, y: 100)
        f.strength = 7 // not applied to the block's force
        let dv = firstSubStep(f, velocity: CGVector(dx: 50, dy: 0), charge: 3)
        XCTAssertEqual(seen?.0, CGPoint(x: 200, y: 300))
        XCTAssertEqual(Double(seen?.1.dx ?? 0), 0.5, accuracy: 1e-12)
        XCTAssertEqual(seen?.2, 1); XCTAssertEqual(seen?.3, 3)
        XCTAssertEqual(Double(dv.dx), 200 * h, accuracy: 1e-9, "2 N on 1 kg, not scaled by the strength")
        let off = FieldBehavior.field { _, _, _, _, _, _ in CGVector(dx: 2, dy: 0) }
        off.strength = 0
        XCTAssertEqual(firstSubStep(off), .zero, "strength 0 disables the block")
    }

    /// [measured] At most 32 fields per animator: a 33rd is refused (not added, said once),
    /// so removing an earlier field later does not bring it to life; a tree that would bring
    /// more, or a child field added to a behavior in the animator, is refused alike.
    func testAThirtyThirdFieldIsRefused() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let v = box(500, 500)
        var fields: [FieldBehavior] = []
        for _ in 0..<32 {
            let f = FieldBehavior.linearGravityField(direction: CGVector(dx: 0, dy: 1)); f.addItem(v)
            fields.append(f)
            animator.addBehavior(f)
        }
        let extra = FieldBehavior.linearGravityField(direction: CGVector(dx: 1, dy: 0)); extra.addItem(v)
        animator.addBehaviors([extra, noDamping([v])])
        XCTAssertNil(extra.dynamicAnimator, "the 33rd field is not in the animator")
        XCTAssertEqual(animator.behaviors.count, 33, "32 fields and the item behavior")
        XCTAssertEqual(animator.refusedFieldAdditions, 1)
        animator.step()
        XCTAssertEqual(Double(animator.linearVelocity(of: v).dy), 32 * 100 * h, accuracy: 1e-9)
        XCTAssertEqual(animator.linearVelocity(of: v).dx, 0, "the 33rd field does not act")
        // With one field fewer, the refused one stays out; 32 act.
        animator.removeBehavior(fields.removeLast())
        let vy = Double(animator.linearVelocity(of: v).dy)
        animator.step()
        XCTAssertEqual(animator.linearVelocity(of: v).dx, 0, "the refused field never acts")
        XCTAssertEqual(Double(animator.linearVelocity(of: v).dy) - vy, 31 * 100 * 2 * h, accuracy: 1e-9, "31 fields, two sub-steps")
        // A tree of two fields does not fit in the one place left; one field does.
        let group = DynamicBehavior()
        for _ in 0..<2 { group.addChildBehavior(FieldBehavior.linearGravityField(direction: CGVector(dx: 1, dy: 0))) }
        animator.addBehavior(group)
        XCTAssertNil(group.dynamicAnimator)
        let parent = DynamicBehavior()
        animator.addBehavior(parent)
        parent.addChildBehavior(FieldBehavior.linearGravityField(direction: CGVector(dx: 1, dy: 0)))
        XCTAssertEqual(parent.childBehaviors.count, 1, "the 32nd field, as a child")
        parent.addChildBehavior(FieldBehavior.linearGravityField(direction: CGVector(dx: 1, dy: 0)))
        XCTAssertEqual(parent.childBehaviors.count, 1, "a 33rd child field is refused")
        XCTAssertEqual(animator.refusedFieldAdditions, 3)
        // A field made the child of a behavior outside any animator counts when that joins.
        let outside = DynamicBehavior()
        outside.addChildBehavior(FieldBehavior.linearGravityField(direction: CGVector(dx: 1, dy: 0)))
        animator.addBehavior(outside)
        XCTAssertNil(outside.dynamicAnimator, "its field would be the 33rd")
        XCTAssertEqual(animator.refusedFieldAdditions, 4)
    }

    // MARK: - Snap, attachments, groups

    func testSnapDampingIsReadWhenItJoins() {
        func overshoot(changeDampingLive: Bool) -> CGFloat {
            let animator = DynamicAnimator(referenceBounds: bounds)
            let v = box(200, 500, 60, 60)
            let snap = SnapBehavior(item: v, snapTo: CGPoint(x: 600, y: 500))
            snap.damping = 0.1
            animator.addBehavior(snap)
            animator.step()
            if changeDampingLive { snap.damping = 1 }
            var most: CGFloat = 0
            for _ in 0..<120 { animator.step(); most = max(most, v.center.x - 600) }
            return most
        }
        XCTAssertGreaterThan(overshoot(changeDampingLive: false), 5)
        XCTAssertEqual(overshoot(changeDampingLive: true), overshoot(changeDampingLive: false), "a live snap keeps its damping")
    }

    func testLimitAttachmentMeasuresCenterMinusOffset() {
        // [quirk] UIKit places a limit attachment's anchors at center - offset, in screen axes.
        let a = box(100, 100, 40, 40), b = box(300, 100, 40, 40)
        let limit = AttachmentBehavior.limitAttachment(with: a, offsetFromCenter: CGVector(dx: 10, dy: 0), attachedTo: b,
                                                       offsetFromCenter: CGVector(dx: -10, dy: 0))
        XCTAssertEqual(Double(limit.length), 220, accuracy: 1e-9, "(100 - 10) to (300 + 10)")
        // In screen axes whatever the items' angles: turned a quarter, the same 220 (offsets
        // turned with the items would give (100, 90) to (300, 110), 201 pt).
        let turnedA = DynamicView(center: CGPoint(x: 100, y: 100), size: CGSize(width: 40, height: 40), rotation: .pi / 2)
        let turnedB = DynamicView(center: CGPoint(x: 300, y: 100), size: CGSize(width: 40, height: 40), rotation: .pi / 2)
        let turned = AttachmentBehavior.limitAttachment(with: turnedA, offsetFromCenter: CGVector(dx: 10, dy: 0), attachedTo: turnedB,
                                                        offsetFromCenter: CGVector(dx: -10, dy: 0))
        XCTAssertEqual(Double(turned.length), 220, accuracy: 1e-9)
    }

    /// [measured] `anchorPoint` is settable on a live attachment (dragging with an attachment
    /// is the common pattern): a rigid rod of 100 pt follows its anchor moved 200 pt.
    func testAMovedAnchorPointIsFollowed() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let v = box(300, 300, 40, 40)
        let rod = AttachmentBehavior(item: v, attachedToAnchor: CGPoint(x: 300, y: 200))
        animator.addBehavior(rod)
        for _ in 0..<30 { animator.step() }
        XCTAssertEqual(Double(v.center.x), 300, accuracy: 1e-6, "nothing moves it yet")
        rod.anchorPoint = CGPoint(x: 500, y: 200)
        for _ in 0..<240 { animator.step() }
        let dx = Double(v.center.x) - 500, dy = Double(v.center.y) - 200
        XCTAssertEqual((dx * dx + dy * dy).squareRoot(), 100, accuracy: 1, "still 100 pt from the anchor, now the moved one")
        let ox = Double(v.center.x) - 300, oy = Double(v.center.y) - 200
        XCTAssertGreaterThan((ox * ox + oy * oy).squareRoot(), 105, "no longer held 100 pt from the old anchor")
    }

    /// [measured] An unset length is the distance when the attachment joins, not when it was
    /// made (an audit found it taken in init): made with the items 200 pt apart, added after
    /// one moved to 260 pt, the rod keeps 260. A length set before joining is kept.
    func testAnUnsetLengthIsMeasuredWhenTheAttachmentJoins() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let a = box(100, 100, 40, 40), b = box(300, 100, 40, 40), c = box(300, 300, 40, 40), d = box(500, 300, 40, 40)
        let rod = AttachmentBehavior(item: a, attachedTo: b)
        let set = AttachmentBehavior(item: c, attachedTo: d)
        XCTAssertEqual(Double(rod.length), 200, accuracy: 1e-9, "before joining: the distance when made")
        set.length = 150
        b.center = CGPoint(x: 360, y: 100)
        d.center = CGPoint(x: 560, y: 300)
        animator.addBehaviors([rod, set])
        XCTAssertEqual(Double(rod.length), 260, accuracy: 1e-9)
        XCTAssertEqual(Double(set.length), 150, accuracy: 1e-9)
        for _ in 0..<30 { animator.step() }
        func gap(_ p: DynamicItem, _ q: DynamicItem) -> Double {
            Double(((p.center.x - q.center.x) * (p.center.x - q.center.x) + (p.center.y - q.center.y) * (p.center.y - q.center.y)).squareRoot())
        }
        XCTAssertEqual(gap(a, b), 260, accuracy: 0.01, "the rod holds the distance it joined at")
        XCTAssertEqual(gap(c, d), 150, accuracy: 0.01, "the set length pulls the items together")
        // Removed and added again after a move: measured again.
        animator.removeBehavior(rod)
        b.center = CGPoint(x: a.center.x + 300, y: a.center.y)
        animator.addBehavior(rod)
        XCTAssertEqual(Double(rod.length), 300, accuracy: 1e-9)
    }

    func testRigidAnchorAttachmentOnTheAttachPointIsAPin() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let v = box(500, 500, 100, 20)
        let pin = AttachmentBehavior(item: v, offsetFromCenter: CGVector(dx: -50, dy: 0), attachedToAnchor: CGPoint(x: 450.5, y: 500))
        animator.addBehaviors([pin, GravityBehavior(items: [v])])
        animator.step()
        XCTAssertEqual(animator.world.joints[pin.joint!.index].kind, .revolute)
        for _ in 0..<60 { animator.step() }
        XCTAssertGreaterThan(v.rotation, 0.5, "swings about the pin")
    }

    func testItemToItemAttachmentLetsItsItemsCollide() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let a = box(500, 500, 50, 50), b = box(600, 500, 50, 50)
        let rope = AttachmentBehavior(item: a, attachedTo: b)
        rope.length = 0 // pulls them together: they collide instead of overlapping
        rope.frequency = 2; rope.damping = 1
        animator.addBehaviors([rope, CollisionBehavior(items: [a, b])])
        for _ in 0..<180 { animator.step() }
        XCTAssertGreaterThanOrEqual(b.center.x - a.center.x, 50 - 0.5)
        let pin = AttachmentBehavior.pinAttachment(with: a, attachedTo: b, attachmentAnchor: CGPoint(x: 550, y: 500))
        animator.addBehavior(pin)
        animator.step()
        let shapes = (animator.world.shapes(of: animator.body(for: a)!), animator.world.shapes(of: animator.body(for: b)!))
        XCTAssertEqual(animator.world.contactResponse(shapes.0[0].index, shapes.1[0].index), .none, "factory joints never collide their bodies")
    }

    func testGroupCenterIsTheUnionsMiddleAndMassIsTheMembersAreas() {
        let a = box(100, 100, 100, 100), b = box(300, 100, 100, 50)
        let group = DynamicItemGroup(items: [a, b])
        XCTAssertEqual(group.center, CGPoint(x: 200, y: 100), "the middle of the union rect, not mass-weighted")
        XCTAssertEqual(group.bounds.size, CGSize(width: 300, height: 100))
        let animator = DynamicAnimator(referenceBounds: bounds)
        animator.addBehavior(GravityBehavior(items: [group]))
        animator.step()
        XCTAssertEqual(animator.world.mass(animator.body(for: group)!), 1.5, accuracy: 1e-9)
    }
}
