// Recipes 000-004 of the UIKit Dynamics cookbook (docs/scenes.md lists them). This file holds what
// the Recipe*Tests files share: the recipes' reference view (an iPhone-like 375x667 view), the
// UIKit extensions the recipes themselves write (addItems/removeItems, addBehaviors in 004
// recipes 13.5 and 13.7), and geometry for asserting positions. Each Recipe*Tests file cites
// its recipe and section, sets its scene up the way the recipe's view controller does, steps
// the animator at 1/60 s and asserts with numbers what the recipe says happens.
import Foundation
import XCTest
@testable import Dynamics

/// The recipes' reference view: `self.view` of an iPhone-like screen.
enum Phone {
    static let bounds = CGRect(x: 0, y: 0, width: 375, height: 667)
    /// `self.view.center`.
    static let center = CGPoint(x: 187.5, y: 333.5)
}

// The recipes' helper extensions (004, recipe 13.5: "extension UIFieldBehavior { func addItems ... }",
// "extension UIDynamicAnimator { func addBehaviors ... }"; 13.7 adds removeItems() and asks for
// the same on UICollisionBehavior).
extension FieldBehavior {
    func addItems(_ items: [DynamicItem]) { for item in items { addItem(item) } }
    func removeItems() { for item in items { removeItem(item) } }
}
extension CollisionBehavior {
    func addItems(_ items: [DynamicItem]) { for item in items { addItem(item) } }
    func removeItems() { for item in items { removeItem(item) } }
}
extension DynamicAnimator {
    func addBehaviors(_ behaviors: [DynamicBehavior]) { for b in behaviors { addBehavior(b) } }

    /// Steps `seconds` of 1/60 s frames, calling `each` after every step.
    func run(seconds: Double, each: () -> Void = {}) {
        for _ in 0..<Int((seconds * 60).rounded()) {
            step()
            each()
        }
    }
}

func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat { (a - b).length }

/// Angle between two directions, in degrees (0...180).
func degreesBetween(_ a: CGVector, _ b: CGVector) -> Double {
    let d = atan2(Double(a.dy), Double(a.dx)) - atan2(Double(b.dy), Double(b.dx))
    return abs(remainder(d, 2 * .pi)) * 180 / .pi
}

/// The item's collision outline in reference coordinates: its path for `.path`, else its bounds
/// rectangle, turned by its rotation (positive = clockwise on screen) about its center.
func outline(_ item: DynamicItem) -> [CGPoint] {
    let w = item.bounds.width / 2, h = item.bounds.height / 2
    let local = item.collisionBoundsType == .path
        ? item.collisionBoundingPath
        : [CGPoint(x: -w, y: -h), CGPoint(x: w, y: -h), CGPoint(x: w, y: h), CGPoint(x: -w, y: h)]
    let c = cos(item.rotation), s = sin(item.rotation)
    return local.map { CGPoint(x: item.center.x + c * $0.x - s * $0.y, y: item.center.y + s * $0.x + c * $0.y) }
}

/// Separating-axis depth of two convex outlines: > 0 is how deep they overlap (points), < 0 the
/// gap along the best separating edge normal.
func overlapDepth(_ a: [CGPoint], _ b: [CGPoint]) -> CGFloat {
    var depth = CGFloat.infinity
    for poly in [a, b] {
        for k in poly.indices {
            let p = poly[k], q = poly[(k + 1) % poly.count]
            let len = distance(p, q)
            let n = CGVector(dx: -(q.y - p.y) / len, dy: (q.x - p.x) / len)
            func project(_ pts: [CGPoint]) -> (CGFloat, CGFloat) {
                let d = pts.map { $0.x * n.dx + $0.y * n.dy }
                return (d.min()!, d.max()!)
            }
            let (minA, maxA) = project(a), (minB, maxB) = project(b)
            depth = min(depth, min(maxA, maxB) - max(minA, minB))
        }
    }
    return depth
}

/// How far the item's outline reaches outside `rect` (0 when inside).
func protrusion(_ item: DynamicItem, from rect: CGRect = Phone.bounds) -> CGFloat {
    outline(item).map { max(rect.minX - $0.x, $0.x - rect.maxX, rect.minY - $0.y, $0.y - rect.maxY, 0) }.max()!
}
