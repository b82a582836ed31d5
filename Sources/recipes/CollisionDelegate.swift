// The collision delegate recipe of the Russian iOS cookbook (UICollisionBehaviorDelegate,
// collisionBehavior:beganContactForItem:withBoundaryIdentifier:atPoint:): two squares fall
// on a boundary 100 pt above the bottom; each one that touches it turns red, grows to 200 %,
// fades out and leaves the collision behavior and its superview. The recipe's Objective-C
// translated line by line into Swift; the class extension's properties become stored
// properties.
import AnimaticUIKit

let kBottomBoundary = "bottomBoundary"

enum CollisionDelegate { // Scaffolding: one module holds every recipe's ViewController.

class ViewController: UIViewController, UICollisionBehaviorDelegate {

  var squareViews: [UIView] = []
  var animator: UIDynamicAnimator!

  func collisionBehavior(_ paramBehavior: UICollisionBehavior,
  beganContactFor paramItem: UIDynamicItem,
  withBoundaryIdentifier paramIdentifier: NSCopying?,
  at paramPoint: CGPoint){
  let identifier = paramIdentifier as? NSString
  if identifier?.isEqual(to: kBottomBoundary) == true {
  UIView.animate(withDuration: 1.0, animations: {
  let view = paramItem as! UIView
  view.backgroundColor = UIColor.red
  view.alpha = 0.0
  view.transform = CGAffineTransform(scaleX: 2.0, y: 2.0)
  }, completion: { (finished: Bool) in
  let view = paramItem as! UIView
  paramBehavior.removeItem(paramItem)
  view.removeFromSuperview()
  })
  }
  }

  override func viewDidAppear(_ animated: Bool){
  super.viewDidAppear(animated)
  /* Создаем виды */
  let NumberOfViews = 2
  self.squareViews = [UIView](); self.squareViews.reserveCapacity(NumberOfViews)
  let colors = [UIColor.red, UIColor.green]
  var currentCenterPoint = CGPoint(x: self.view.center.x, y: 0.0)
  let eachViewSize = CGSize(width: 50.0, height: 50.0)
  for counter in 0..<NumberOfViews{
  let newView =
  UIView(frame:
  CGRect(x: 0.0, y: 0.0, width: eachViewSize.width, height: eachViewSize.height))
  newView.backgroundColor = colors[counter]
  newView.center = currentCenterPoint
  currentCenterPoint.y += eachViewSize.height + 10.0
  self.view.addSubview(newView)
  self.squareViews.append(newView)
  }
  self.animator = UIDynamicAnimator(
  referenceView: self.view)
  /* Создаем тяготение */
  let gravity = UIGravityBehavior(
  items: self.squareViews)
  self.animator.addBehavior(gravity)
  /* Создаем обнаружение столкновений */
  let collision = UICollisionBehavior(
  items: self.squareViews)
  collision.addBoundary(
  withIdentifier: kBottomBoundary as NSCopying,
  from: CGPoint(x: 0.0, y: self.view.bounds.size.height - 100.0),
  to: CGPoint(x: self.view.bounds.size.width,
  y: self.view.bounds.size.height - 100.0))
  collision.collisionDelegate = self
  self.animator.addBehavior(collision)
  }

}

}
