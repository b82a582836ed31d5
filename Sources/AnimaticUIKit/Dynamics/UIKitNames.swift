// Design note: UIKit's dynamics classes are the Dynamics module's, under their UIKit names.
// There is one engine and one implementation of each behavior; the names are aliases and the
// UIKit spellings that differ (views, UIOffset, UIEdgeInsets, UIBezierPath, NSCopying
// identifiers, CGPoint velocities) are extensions that convert and call the same methods.
@_exported import Dynamics
@_exported import Foundation

/// UIKit's UIDynamicAnimator: `UIDynamicAnimator(referenceView:)`.
public typealias UIDynamicAnimator = DynamicAnimator
/// UIKit's UIDynamicAnimatorDelegate.
public typealias UIDynamicAnimatorDelegate = DynamicAnimatorDelegate
/// UIKit's UIDynamicBehavior (a composite behavior, and the base class of the others).
public typealias UIDynamicBehavior = DynamicBehavior
/// UIKit's UIGravityBehavior.
public typealias UIGravityBehavior = GravityBehavior
/// UIKit's UICollisionBehavior.
public typealias UICollisionBehavior = CollisionBehavior
/// UIKit's UIPushBehavior.
public typealias UIPushBehavior = PushBehavior
/// UIKit's UISnapBehavior.
public typealias UISnapBehavior = SnapBehavior
/// UIKit's UIAttachmentBehavior.
public typealias UIAttachmentBehavior = AttachmentBehavior
/// UIKit's UIDynamicItemBehavior.
public typealias UIDynamicItemBehavior = DynamicItemBehavior
/// UIKit's UIFieldBehavior.
public typealias UIFieldBehavior = FieldBehavior
/// UIKit's UIRegion.
public typealias UIRegion = Region
/// UIKit's UIDynamicItemGroup.
public typealias UIDynamicItemGroup = DynamicItemGroup
/// UIKit's UIDynamicItemCollisionBoundsType (`.rectangle`, `.ellipse`, `.path`).
public typealias UIDynamicItemCollisionBoundsType = DynamicItemCollisionBoundsType

extension AttachmentBehavior {
    /// UIKit's name of the attachment kinds (`.items`, `.anchor`).
    public typealias AttachmentType = AttachedType
}
