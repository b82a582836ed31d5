import Foundation
import XCTest
@testable import Dynamics

/// Animator services: items(in:), updateItemUsingCurrentState, item groups, per-property
/// merging of item behaviors, custom fields, behavior trees changed from callbacks.
final class UIKitAnimatorTests: XCTestCase {
    let bounds = CGRect(x: 0, y: 0, width: 400, height: 400)

    func testItemsInRectAndUpdateItemUsingCurrentState() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let a = DynamicView(name: "a", center: CGPoint(x: 50, y: 50), size: CGSize(width: 20, height: 20))
        let b = DynamicView(name: "b", center: CGPoint(x: 300, y: 300), size: CGSize(width: 20, height: 20))
        animator.addBehavior(CollisionBehavior(items: [a, b]))
        animator.step()
        XCTAssertEqual(animator.items(in: CGRect(x: 0, y: 0, width: 100, height: 100)).map { ($0 as! DynamicView).name }, ["a"])
        XCTAssertEqual(animator.items(in: CGRect(x: 0, y: 0, width: 400, height: 400)).count, 2)
        // Code moves an item: the animator re-reads it.
        a.center = CGPoint(x: 200, y: 120)
        a.rotation = 0.5
        animator.updateItem(usingCurrentState: a)
        animator.step()
        XCTAssertEqual(Double(a.center.x), 200, accuracy: 1e-6)
        XCTAssertEqual(Double(a.rotation), 0.5, accuracy: 1e-6)
        XCTAssertEqual(animator.items(in: CGRect(x: 190, y: 110, width: 20, height: 20)).count, 1)
    }

    func testItemGroupMovesAsOneRigidBody() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let left = DynamicView(name: "l", center: CGPoint(x: 100, y: 100), size: CGSize(width: 40, height: 40))
        let right = DynamicView(name: "r", center: CGPoint(x: 160, y: 100), size: CGSize(width: 40, height: 40))
        let group = DynamicItemGroup(items: [left, right])
        XCTAssertEqual(group.bounds.width, 100)
        XCTAssertEqual(group.center, CGPoint(x: 130, y: 100))
        let collision = CollisionBehavior(items: [group])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        animator.addBehavior(GravityBehavior(items: [group]))
        for _ in 0..<120 {
            animator.step()
            // The members keep their distance: one rigid unit.
            XCTAssertEqual(Double(hypot(right.center.x - left.center.x, right.center.y - left.center.y)), 60, accuracy: 1e-6)
        }
        XCTAssertEqual(Double(left.center.y), 380, accuracy: 1.5, "landed on the floor together")
        XCTAssertEqual(Double(right.center.y), 380, accuracy: 1.5)
    }

    func testItemBehaviorsMergePerPropertyLastOneWins() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let item = DynamicView(center: CGPoint(x: 200, y: 200), size: CGSize(width: 100, height: 100))
        let first = DynamicItemBehavior(items: [item]); first.density = 4; first.elasticity = 0.5
        let second = DynamicItemBehavior(items: [item]); second.elasticity = 0.9   // density untouched
        let group = DynamicBehavior()
        group.addChildBehavior(first)
        group.addChildBehavior(second)
        animator.addBehavior(group)
        animator.step()
        let body = animator.body(for: item)!
        XCTAssertEqual(animator.world.mass(body), 4, accuracy: 1e-9, "density from the first (the second never set it)")
        XCTAssertEqual(animator.world.restitution(animator.world.shapes(of: body)[0]), 0.9, accuracy: 1e-9, "elasticity from the last")
        // An item covered by no item behavior gets PhysicsKit's material.
        let plain = DynamicView(center: CGPoint(x: 50, y: 50), size: CGSize(width: 10, height: 10))
        animator.addBehavior(GravityBehavior(items: [plain]))
        animator.step()
        let plainBody = animator.body(for: plain)!
        XCTAssertEqual(animator.world.friction(animator.world.shapes(of: plainBody)[0]), 0.2, accuracy: 1e-9)
        XCTAssertEqual(animator.world.linearDamping(plainBody), 0.1, accuracy: 1e-9)
    }

    func testCustomFieldClosureAndRemovalFromAnAction() {
        let animator = DynamicAnimator(referenceBounds: bounds)
        let item = DynamicView(center: CGPoint(x: 200, y: 200), size: CGSize(width: 100, height: 100)) // 1 kg
        var calls = 0
        let field = FieldBehavior.field { _, _, _, mass, _, _ in
            calls += 1
            return CGVector(dx: 3 * mass, dy: 0) // 3 N on 1 kg: 300 pt/s^2
        }
        field.addItem(item)
        animator.addBehavior(field)
        let undamped = DynamicItemBehavior(items: [item])
        undamped.resistance = 0
        animator.addBehavior(undamped)
        // An action removes the field after half a second: changes from callbacks are safe.
        var steps = 0
        field.action = {
            steps += 1
            if steps == 30 { animator.removeBehavior(field) }
        }
        for _ in 0..<60 { animator.step() }
        // Fields are evaluated in every sub-step: 1 in the first frame, 2 in each of the other 29.
        XCTAssertEqual(calls, 59)
        let h = Double(Float(1.0 / 120))
        XCTAssertEqual(Double(animator.linearVelocity(of: item).dx), 300 * 59 * h, accuracy: 0.01, "3 m/s^2 for 59 sub-steps")
        XCTAssertNil(field.dynamicAnimator)
    }
}
