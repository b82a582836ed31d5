// Recipe 13.5 of the iOS 9 cookbook's chapter 13: three colorful views in a noise field and a
// magnetic field. The recipe's code in current Swift and UIKit names, with the animator of
// 13.1 and the collision and noise of 13.4, which the text does not repeat ("Now add a noise
// and collision behavior, plus your animator, using what you learned in Recipe 13.4. I won't
// repeat that code here"); the extensions it writes are in SharedCode.swift. What differs from
// it is marked "Scaffolding" or "Added" (see docs/recipes.md).
import AnimaticUIKit

enum Magnetic { // Scaffolding: one module holds every recipe's ViewController.

class ViewController: UIViewController {

  var views: [UIView]!

  // Scaffolding: the storyboard's three colorful views (the outlet collection `views`).
  override func loadView() {
    super.loadView()
    views = [UIView(frame: CGRect(x: 70, y: 50, width: 60, height: 60)),
             UIView(frame: CGRect(x: 250, y: 90, width: 60, height: 60)),
             UIView(frame: CGRect(x: 160, y: 330, width: 60, height: 60))]
    for (view, color) in zip(views, [UIColor.red, UIColor.green, UIColor.blue]) {
      view.backgroundColor = color
      self.view.addSubview(view)
    }
  }

  lazy var animator: UIDynamicAnimator = {
    let animator = UIDynamicAnimator(referenceView: self.view)
    animator.debugEnabled = true
    return animator
    }()

  lazy var collision: UICollisionBehavior = {
    let collision = UICollisionBehavior(items: self.views)
    collision.translatesReferenceBoundsIntoBoundary = true
    return collision
    }()

  lazy var noise: UIFieldBehavior = {
    let noise = UIFieldBehavior.noiseField(smoothness: 0.9,
      animationSpeed: 1)
    noise.addItems(self.views)
    return noise
  }()

  lazy var magnet: UIFieldBehavior = {
    let magnet = UIFieldBehavior.magneticField()
    magnet.addItems(self.views)
    return magnet
  }()

  // Added: a magnetic field acts on charged items only, and an item's charge is 0 unless an
  // item behavior sets it, so the recipe's code alone shows no magnetism (on iOS too); as in
  // the bundled scene, the views get charge 1.
  lazy var charges: UIDynamicItemBehavior = {
    let charges = UIDynamicItemBehavior(items: self.views)
    charges.charge = 1
    return charges
  }()

  var behaviors: [UIDynamicBehavior]{
    return [collision, noise, magnet, charges] // Added: charges.
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    animator.addBehaviors(behaviors)
  }

}

}
