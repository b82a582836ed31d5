// Recipe 13.4 of the iOS 9 cookbook's chapter 13: a noise field makes the orange view wander;
// the user can pan it. The recipe's code in current Swift and UIKit names, with the UI,
// animator and collision of 13.1 as the text says ("Now create your UI exactly as you did in
// Recipe 13.1"); what differs from it is marked "Scaffolding" (see docs/recipes.md).
import AnimaticUIKit

enum Noise { // Scaffolding: one module holds every recipe's ViewController.

class ViewController: UIViewController {

  var orangeView: UIView!

  // Scaffolding: the storyboard's orange view and the pan gesture recognizer on it.
  override func loadView() {
    super.loadView()
    orangeView = UIView(frame: CGRect(x: 230, y: 350, width: 80, height: 80))
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

  lazy var noise: UIFieldBehavior = {
    let noise = UIFieldBehavior.noiseField(smoothness: 0.9,
      animationSpeed: 1)
    noise.addItem(self.orangeView)
    return noise
  }()

  override func viewDidLoad() {
    super.viewDidLoad()
    animator.addBehavior(collision)
    animator.addBehavior(noise)
  }

  @IBAction func panning(_ sender: UIPanGestureRecognizer) {

    switch sender.state{
    case .began:
      collision.removeItem(orangeView)
      noise.removeItem(orangeView)
    case .changed:
      orangeView.center = sender.location(in: view)
    case .ended, .cancelled:
      collision.addItem(orangeView)
      noise.addItem(orangeView)
    default: ()
    }

  }

}

}
