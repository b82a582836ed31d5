// Recipe 13.3 of the iOS 9 cookbook's chapter 13: the linear gravity of 13.2 plus a
// turbulence field in the center of the screen, which the falling orange view wiggles
// through. The recipe's code in current Swift and UIKit names, with the animator, collision
// and gravity of 13.2 as the text says ("Set up your gravity exactly as we did in Recipe
// 13.2"); what differs from it is marked "Scaffolding" or "Changed" (see docs/recipes.md).
import AnimaticUIKit

enum Turbulence { // Scaffolding: one module holds every recipe's ViewController.

class ViewController: UIViewController {

  var orangeView: UIView!

  // Scaffolding: the storyboard's orange view and the pan gesture recognizer on it.
  override func loadView() {
    super.loadView()
    orangeView = UIView(frame: CGRect(x: 70, y: 10, width: 80, height: 80))
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

  lazy var turbulence: UIFieldBehavior = {
    let turbulence = UIFieldBehavior.turbulenceField(smoothness: 0.5,
      animationSpeed: 60.0)
    turbulence.strength = 12.0
    turbulence.region = UIRegion(radius: 200.0)
    // Changed: the code says self.orangeView.bounds.size.center, (40, 40); the text says
    // "a turbulence field in the center of the screen", as the bundled scene has it.
    turbulence.position = self.view.center
    turbulence.addItem(self.orangeView)
    return turbulence
  }()

  override func viewDidLoad() {
    super.viewDidLoad()

    animator.addBehavior(collision)
    animator.addBehavior(gravity)
    animator.addBehavior(turbulence)

  }

  @IBAction func panning(_ sender: UIPanGestureRecognizer) {

    switch sender.state{
    case .began:
      collision.removeItem(orangeView)
      gravity.removeItem(orangeView)
      turbulence.removeItem(orangeView)
    case .changed:
      orangeView.center = sender.location(in: view)
    case .ended, .cancelled:
      collision.addItem(orangeView)
      gravity.addItem(orangeView)
      turbulence.addItem(orangeView)
    default: ()
    }

  }

}

}
