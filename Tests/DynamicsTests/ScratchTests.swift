import XCTest
@testable import Dynamics
final class ScratchTests: XCTestCase {
    func testPrint() {
        let red = DynamicView(name: "red", center: CGPoint(x: 100, y: 100), size: CGSize(width: 50, height: 50))
        let green = DynamicView(name: "green", center: CGPoint(x: 275, y: 100), size: CGSize(width: 50, height: 50))
        let animator = DynamicAnimator(referenceBounds: Phone.bounds, seed: 0)
        animator.addBehavior(GravityBehavior(items: [red, green]))
        let collision = CollisionBehavior(items: [red, green])
        collision.translatesReferenceBoundsIntoBoundary = true
        animator.addBehavior(collision)
        let m = DynamicItemBehavior(items: [red]); m.elasticity = 0.9
        let l = DynamicItemBehavior(items: [green]); l.elasticity = 0
        animator.addBehaviors([m, l])
        for k in 0..<160 { animator.step(); if k > 60 && k < 160 && k % 3 == 0 { print("f", k, red.center.y, animator.linearVelocity(of: red).dy, green.center.y, animator.linearVelocity(of: green).dy) } }
    }
}
