// The dynamic item behavior recipe of the Russian iOS cookbook (UIDynamicItemBehavior), with
// gravity and collision as the setting, as its text describes: one item bounces higher than
// another (elasticity), one never rotates (allowsRotation), one ignores gravity (a huge
// resistance: "a view with resistance CGFLOAT_MAX stays where you created it"; 1e9 here), one
// slides down a ramp and one sticks to it (friction 0 and 1). The seed's text has no code for
// it; the views and numbers are those of the bundled scene. The ramps are collision boundaries,
// drawn by two plain views in no behavior.
import AnimaticUIKit

enum ItemProperties { // Scaffolding: one module holds every recipe's ViewController.

class ViewController: UIViewController {

  var animator: UIDynamicAnimator!

  /// A view of `size` at `center`, turned by `angle`.
  func addView(_ size: CGSize, at center: CGPoint, angle: CGFloat = 0, color: UIColor) -> UIView {
    let newView = UIView(frame: CGRect(origin: .zero, size: size))
    newView.center = center
    newView.transform = CGAffineTransform(rotationAngle: angle)
    newView.backgroundColor = color
    view.addSubview(newView)
    return newView
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    // The ramps as drawn: 6 pt thick, their top face on the boundary segments below.
    let ramp = CGSize(width: 180.28, height: 6), square = CGSize(width: 40, height: 40)
    _ = addView(ramp, at: CGPoint(x: 86.0, y: 232.83), angle: -0.33929, color: UIColor.lightGray)
    _ = addView(ramp, at: CGPoint(x: 289.0, y: 232.83), angle: 0.33929, color: UIColor.lightGray)
    let bouncy = addView(square, at: CGPoint(x: 40, y: 400), color: UIColor.red)
    let dull = addView(square, at: CGPoint(x: 120, y: 400), color: UIColor.blue)
    let fixedAngle = addView(square, at: CGPoint(x: 200, y: 400), angle: 0.6, color: UIColor.purple)
    let freeAngle = addView(square, at: CGPoint(x: 325, y: 400), angle: 0.6, color: UIColor.orange)
    let resistant = addView(square, at: CGPoint(x: 187.5, y: 320), color: UIColor.darkGray)
    // On the ramps, turned to lie flat on them, 1 pt above the slope near its upper end.
    let slippery = addView(square, at: CGPoint(x: 123.01, y: 194.32), angle: -0.33929, color: UIColor.cyan)
    let sticky = addView(square, at: CGPoint(x: 251.99, y: 194.32), angle: 0.33929, color: UIColor.brown)
    let items = [bouncy, dull, fixedAngle, freeAngle, resistant, slippery, sticky]

    animator = UIDynamicAnimator(referenceView: view)
    animator.addBehavior(UIGravityBehavior(items: items))
    let collision = UICollisionBehavior(items: items)
    collision.translatesReferenceBoundsIntoBoundary = true
    collision.addBoundary(withIdentifier: "leftRamp" as NSCopying, from: CGPoint(x: 0, y: 260), to: CGPoint(x: 170, y: 200))
    collision.addBoundary(withIdentifier: "rightRamp" as NSCopying, from: CGPoint(x: 205, y: 200), to: CGPoint(x: 375, y: 260))
    animator.addBehavior(collision)

    let bouncyProperties = UIDynamicItemBehavior(items: [bouncy])
    bouncyProperties.elasticity = 0.9
    let dullProperties = UIDynamicItemBehavior(items: [dull])
    dullProperties.elasticity = 0
    let noRotation = UIDynamicItemBehavior(items: [fixedAngle])
    noRotation.allowsRotation = false
    let highResistance = UIDynamicItemBehavior(items: [resistant])
    highResistance.resistance = 1e9
    let noFriction = UIDynamicItemBehavior(items: [slippery])
    noFriction.friction = 0
    let fullFriction = UIDynamicItemBehavior(items: [sticky])
    fullFriction.friction = 1
    for behavior in [bouncyProperties, dullProperties, noRotation, highResistance, noFriction, fullFriction] {
      animator.addBehavior(behavior)
    }
  }

}

}
