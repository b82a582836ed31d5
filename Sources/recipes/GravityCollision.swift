// The gravity and collision example that the collision delegate recipe extends ("расширим
// приведенный пример": the cookbook's sections on UIGravityBehavior and UICollisionBehavior).
// The seed gives only the extended code, so this view controller is that code without the
// delegate: the same two squares under gravity, colliding with each other and with the
// reference bounds (translatesReferenceBoundsIntoBoundary). They start 25 pt lower than in
// the delegate recipe, so that the first one starts inside the bounds it collides with.
import AnimaticUIKit

enum GravityCollision { // Scaffolding: one module holds every recipe's ViewController.

class ViewController: UIViewController {

  var squareViews: [UIView] = []
  var animator: UIDynamicAnimator!

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    let numberOfViews = 2
    let colors = [UIColor.red, UIColor.green]
    let eachViewSize = CGSize(width: 50.0, height: 50.0)
    var currentCenterPoint = CGPoint(x: self.view.center.x, y: eachViewSize.height / 2)
    for counter in 0..<numberOfViews {
      let newView = UIView(frame: CGRect(x: 0.0, y: 0.0, width: eachViewSize.width, height: eachViewSize.height))
      newView.backgroundColor = colors[counter]
      newView.center = currentCenterPoint
      currentCenterPoint.y += eachViewSize.height + 10.0
      self.view.addSubview(newView)
      self.squareViews.append(newView)
    }
    self.animator = UIDynamicAnimator(referenceView: self.view)
    let gravity = UIGravityBehavior(items: self.squareViews)
    self.animator.addBehavior(gravity)
    let collision = UICollisionBehavior(items: self.squareViews)
    collision.translatesReferenceBoundsIntoBoundary = true
    self.animator.addBehavior(collision)
  }

}

}
