// Design note: the UIKit spellings of the behaviors whose Dynamics API takes CGVector offsets
// and velocities: UIOffset offsets and CGPoint velocities, converted and passed on. Overloads
// that take a UIDynamicItem are chosen over the Dynamics ones for views (the more specific
// item type), so `linearVelocity(for: view)` is UIKit's CGPoint.
import Dynamics
import Foundation

extension PushBehavior {
    /// Applies the push at `offset` from the item's center (UIKit's signature).
    public func setTargetOffsetFromCenter(_ offset: UIOffset, for item: UIDynamicItem) {
        setTargetOffsetFromCenter(offset.vector, for: item as DynamicItem)
    }

    /// Where the push applies on the item, from its center.
    public func targetOffsetFromCenter(for item: UIDynamicItem) -> UIOffset {
        UIOffset(targetOffsetFromCenter(for: item as DynamicItem))
    }
}

extension DynamicItemBehavior {
    /// Adds to the item's velocity, in points per second (UIKit's CGPoint).
    public func addLinearVelocity(_ velocity: CGPoint, for item: UIDynamicItem) {
        addLinearVelocity(CGVector(dx: velocity.x, dy: velocity.y), for: item as DynamicItem)
    }

    /// The item's velocity in points per second (UIKit's CGPoint).
    public func linearVelocity(for item: UIDynamicItem) -> CGPoint {
        let v: CGVector = linearVelocity(for: item as DynamicItem)
        return CGPoint(x: v.dx, y: v.dy)
    }
}

extension AttachmentBehavior {
    /// An item attached to an anchor point at an offset from its center (UIKit's UIOffset).
    public convenience init(item: UIDynamicItem, offsetFromCenter offset: UIOffset, attachedToAnchor point: CGPoint) {
        self.init(item: item as DynamicItem, offsetFromCenter: offset.vector, attachedToAnchor: point)
    }

    /// Two items attached between points at offsets from their centers (UIKit's UIOffset).
    public convenience init(item item1: UIDynamicItem, offsetFromCenter offset1: UIOffset,
                            attachedTo item2: UIDynamicItem, offsetFromCenter offset2: UIOffset) {
        self.init(item: item1 as DynamicItem, offsetFromCenter: offset1.vector, attachedTo: item2 as DynamicItem,
                  offsetFromCenter: offset2.vector)
    }

    /// Two items tied by a rope between points at offsets from their centers (UIKit's UIOffset).
    public static func limitAttachment(with item1: UIDynamicItem, offsetFromCenter offset1: UIOffset,
                                       attachedTo item2: UIDynamicItem, offsetFromCenter offset2: UIOffset) -> AttachmentBehavior {
        limitAttachment(with: item1 as DynamicItem, offsetFromCenter: offset1.vector, attachedTo: item2 as DynamicItem,
                        offsetFromCenter: offset2.vector)
    }
}
