// Recipe 13.2 of the iOS 9 cookbook's chapter 13: a linear gravity field of vector
// (0.4, 1.0) pulls the orange view down and to the right; the user can pan it. The recipe's
// code in current Swift and UIKit names; what differs from it is marked "Scaffolding" (see
// docs/recipes.md).
import AnimaticUIKit

enum LinearGravity { // Scaffolding: one module holds every recipe's ViewController.

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

  lazy var gravity: UIFieldBehavior = {
    let vector = CGVector(dx: 0.4, dy: 1.0)
    let gravity =
    UIFieldBehavior.linearGravityField(direction: vector)
    gravity.addItem(self.orangeView)
    return gravity
    }()

  override func viewDidLoad() {
    super.viewDidLoad()

    animator.addBehavior(collision)
    animator.addBehavior(gravity)

  }

  @IBAction func panning(_ sender: UIPanGestureRecognizer) {

    switch sender.state{
    case .began:
      collision.removeItem(orangeView)
      gravity.removeItem(orangeView)
    case .changed:
      orangeView.center = sender.location(in: view)
    case .ended, .cancelled:
      collision.addItem(orangeView)
      gravity.addItem(orangeView)
    default: ()
    }

  }

}

}
