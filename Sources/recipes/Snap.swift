// The snap recipe of the Russian iOS cookbook (UISnapBehavior, "поведение зацепления"): the
// small square snaps to where the user taps. The seed's text has no code for it, only the
// rule this view controller follows: a snap behavior cannot be updated, so each tap removes
// the old one (two snaps on one item fight: the item settles between them) and adds a new one. The
// square is the chapter's small square view (80 x 80, green, at the center, colliding with the
// reference bounds), snapped to where it starts.
import AnimaticUIKit

enum Snap { // Scaffolding: one module holds every recipe's ViewController.

class ViewController: UIViewController {

  var squareView: UIView!
  var animator: UIDynamicAnimator!
  var snapBehavior: UISnapBehavior?

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    squareView = UIView(frame: CGRect(x: 0, y: 0, width: 80, height: 80))
    squareView.backgroundColor = UIColor.green
    squareView.center = view.center
    view.addSubview(squareView)
    view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: ViewController.handleTap))

    animator = UIDynamicAnimator(referenceView: view)
    let collision = UICollisionBehavior(items: [squareView])
    collision.translatesReferenceBoundsIntoBoundary = true
    animator.addBehavior(collision)
    // For now, the square snaps to where it is.
    let snap = UISnapBehavior(item: squareView, snapTo: squareView.center)
    snap.damping = 0.5
    animator.addBehavior(snap)
    snapBehavior = snap
  }

  func handleTap(_ tap: UITapGestureRecognizer) {
    let tapPoint = tap.location(in: view)
    // First remove the old snap behavior, then add a new one to the tap point.
    if let old = snapBehavior {
      animator.removeBehavior(old)
    }
    let snap = UISnapBehavior(item: squareView, snapTo: tapPoint)
    snap.damping = 0.5
    animator.addBehavior(snap)
    snapBehavior = snap
  }

}

}
