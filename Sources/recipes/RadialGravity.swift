// Recipe 13.1 of the iOS 9 cookbook's chapter 13: a radial gravity field that repels the
// orange view, which the user pans around. The recipe's code in current Swift and UIKit
// names; what differs from it is marked "Scaffolding" (see docs/recipes.md).
import AnimaticUIKit

enum RadialGravity { // Scaffolding: one module holds every recipe's ViewController.

class ViewController: UIViewController {

  var orangeView: UIView!

  // Scaffolding: the storyboard's orange view and the pan gesture recognizer on it.
  override func loadView() {
    super.loadView()
    orangeView = UIView(frame: CGRect(x: 20, y: 20, width: 80, height: 80))
    orangeView.backgroundColor = UIColor.orange
    orangeView.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: ViewController.panning))
    view.addSubview(orangeView)
  }

  lazy var animator: UIDynamicAnimator = {
    let animator = UIDynamicAnimator(referenceView: self.view)
    animator.debugEnabled = true
    return animator
    }()

  lazy var collision: UICollisionBehavior = {
    let collision = UICollisionBehavior(items: [self.orangeView])
    collision.translatesReferenceBoundsIntoBoundary = true
    return collision
    }()

  lazy var centerGravity: UIFieldBehavior = {
    let centerGravity =
    UIFieldBehavior.radialGravityField(position: self.view.center)
    centerGravity.addItem(self.orangeView)
    centerGravity.region = UIRegion(radius: 200)
    centerGravity.strength = -1 //repel items
    return centerGravity
    }()

  override func viewWillTransition(to size: CGSize,
    with
    coordinator: UIViewControllerTransitionCoordinator) {

      super.viewWillTransition(to: size,
        with: coordinator)

      centerGravity.position = size.center

  }

  override func viewDidLoad() {
    super.viewDidLoad()

    animator.addBehavior(collision)
    animator.addBehavior(centerGravity)

  }

  @IBAction func panning(_ sender: UIPanGestureRecognizer) {

    switch sender.state{
    case .began:
      collision.removeItem(orangeView)
      centerGravity.removeItem(orangeView)
    case .changed:
      orangeView.center = sender.location(in: view)
    case .ended, .cancelled:
      collision.addItem(orangeView)
      centerGravity.addItem(orangeView)
    default: ()
    }

  }

}

}
