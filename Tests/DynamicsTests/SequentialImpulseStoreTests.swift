import XCTest
@testable import Dynamics

/// The sequential step (UIKit's configuration) hands the impulses its velocity iterations end
/// with back to the manifolds: they warm-start the next step and choose a began event's point.
/// At rest on the ground the normal impulses of one step carry the body's weight over that
/// step, m g h, which this test computes from the box's size and density alone.
final class SequentialImpulseStoreTests: XCTestCase {
    private let h = Double(Float(1.0 / 120))
    private let g = 10.0
    private let half = 0.15

    private func restingBox(fixedRotation: Bool) -> (World, Contact) {
        let world = World(gravity: Vec2(0, g), stepMode: .sequentialImpulse)
        _ = makeGround(world, y: 5)
        _ = makeBox(world, center: Vec2(0, 5 - half - 0.01), half: half, fixedRotation: fixedRotation)
        for _ in 0..<240 { world.step(h) }
        let touching = world.contacts.filter(\.touching)
        XCTAssertEqual(touching.count, 1)
        return (world, touching[0])
    }

    /// Free to rotate: both corners are solved (the two-point block solve), and together they
    /// carry m g h; what a began event reads (the largest impulse) is what was stored.
    func testRestingBoxStoresItsWeightOverTheStepInBothPoints() {
        let (_, contact) = restingBox(fixedRotation: false)
        let weightImpulse = (2 * half) * (2 * half) * 1.0 * g * h // density 1 kg/m^2
        let m = contact.manifold
        XCTAssertEqual(m.count, 2)
        XCTAssertEqual(m.p0.normalImpulse + m.p1.normalImpulse, weightImpulse, accuracy: 1e-3 * weightImpulse)
        XCTAssertGreaterThan(m.p0.normalImpulse, 0.3 * weightImpulse)
        XCTAssertGreaterThan(m.p1.normalImpulse, 0.3 * weightImpulse)
        XCTAssertEqual(m.p0.maxNormalImpulse, m.p0.normalImpulse)
        XCTAssertEqual(m.p1.maxNormalImpulse, m.p1.normalImpulse)
    }

    /// Fixed rotation makes the two rows' mass matrix singular, so Box2D 2.2 solves only the
    /// first point [quirk]: it carries the whole weight, and the second keeps the impulse it
    /// started with (none) step after step.
    func testFixedRotationBoxCarriesItsWeightOnTheFirstPointOnly() {
        let (_, contact) = restingBox(fixedRotation: true)
        let weightImpulse = (2 * half) * (2 * half) * 1.0 * g * h
        let m = contact.manifold
        XCTAssertEqual(m.count, 2)
        XCTAssertEqual(m.p0.normalImpulse, weightImpulse, accuracy: 1e-3 * weightImpulse)
        XCTAssertEqual(m.p1.normalImpulse, 0)
        XCTAssertEqual(m.p1.maxNormalImpulse, 0)
    }
}
