// Recipe 13.6 of the iOS 9 cookbook's chapter 13: gravity down and to the right and a
// velocity field in the center that pushes the orange view up and to the left while it is
// inside. The recipe's code in current Swift and UIKit names, with the animator, collision
// and gravity of 13.2 as the text says ("set up your gravity, animator, and collision detector
// just as you did in Recipe 13.2"); what differs from it is marked "Scaffolding" (see
// docs/recipes.md).
import AnimaticUIKit

enum VelocityField { // Scaffolding: one module holds every recipe's ViewController.

class ViewController: UIViewController {

  var orangeView: UIView!

  // Scaffolding: the storyboard's orange view and the pan gesture recognizer on it.
  override func loadView() {
    super.loadView()
    orangeView = UIView(frame: CGRect(x: 68, y: 220, width: 80, height: 80))
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

  lazy var velocity: UIFieldBehavior = {
    let vector = CGVector(dx: -0.4, dy: -0.5)
    let velocity = UIFieldBehavior.velocityField(direction: vector)
    velocity.position = self.view.center
    velocity.region = UIRegion(radius: 100.0)
    velocity.addItem(self.orangeView)
    return velocity
  }()

  var behaviors: [UIDynamicBehavior]{
    return [self.collision, self.gravity, self.velocity]
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    animator.addBehaviors(behaviors)
  }

  @IBAction func panning(_ sender: UIPanGestureRecognizer) {

    switch sender.state{
    case .began:
      collision.removeItem(orangeView)
      gravity.removeItem(orangeView)
      velocity.removeItem(orangeView)
    case .changed:
      orangeView.center = sender.location(in: view)
    case .ended, .cancelled:
      collision.addItem(orangeView)
      gravity.addItem(orangeView)
      velocity.addItem(orangeView)
    default: ()
    }

  }

}

}
