// The push recipe of the Russian iOS cookbook (UIPushBehavior): an 80 x 80 green square at
// the center, a collision behavior with the reference bounds and a continuous push, aimed at
// every tap with a magnitude of the tap's distance / 200. The recipe's Objective-C translated
// line by line into Swift. The seed's excerpt starts inside createSmallSquareView and breaks
// off in handleTap: the lines marked "Not in the excerpt" complete it (the class extension's
// properties, the start of createSmallSquareView, the distance and the magnitude).
import AnimaticUIKit

enum Push { // Scaffolding: one module holds every recipe's ViewController.

class ViewController: UIViewController {

  // Not in the excerpt: the class extension's properties.
  var squareView: UIView!
  var animator: UIDynamicAnimator!
  var pushBehavior: UIPushBehavior!

  func createSmallSquareView(){ // Not in the excerpt: the method's first line.
  self.squareView = UIView(frame:
  CGRect(x: 0.0, y: 0.0, width: 80.0, height: 80.0))
  self.squareView.backgroundColor = UIColor.green
  self.squareView.center = self.view.center
  self.view.addSubview(self.squareView)
  }

  func createGestureRecognizer(){
  let tapGestureRecognizer =
  UITapGestureRecognizer(target: self,
  action: ViewController.handleTap)
  self.view.addGestureRecognizer(tapGestureRecognizer)
  }

  func createAnimatorAndBehaviors(){
  self.animator = UIDynamicAnimator(
  referenceView: self.view)
  /* Создаем обнаружение столкновений */
  let collision = UICollisionBehavior(
  items: [self.squareView])
  collision.translatesReferenceBoundsIntoBoundary = true
  self.pushBehavior = UIPushBehavior(
  items: [self.squareView],
  mode: UIPushBehavior.Mode.continuous)
  self.animator.addBehavior(collision)
  self.animator.addBehavior(self.pushBehavior)
  }

  override func viewDidAppear(_ animated: Bool){
  super.viewDidAppear(animated)
  self.createGestureRecognizer()
  self.createSmallSquareView()
  self.createAnimatorAndBehaviors()
  }

  func handleTap(_ paramTap: UITapGestureRecognizer){
  /* Получаем угол между центральной точкой квадратного вида и точкой касания */
  let tapPoint = paramTap.location(in: self.view)
  let squareViewCenterPoint = self.squareView.center
  /* Вычисляем угол между центральной точкой квадратного вида и точкой касания, чтобы определить угол толчка
  Формула для определения угла между двумя точками:
  arc tangent 2((p1.x — p2.x), (p1.y — p2.y)) */
  let deltaX = tapPoint.x - squareViewCenterPoint.x
  let deltaY = tapPoint.y - squareViewCenterPoint.y
  let angle = atan2(deltaY, deltaX)
  self.pushBehavior.angle = angle
  /* Используем расстояние между точкой касания и центром квадратного вида для вычисления магнитуды толчка
  Формула определения расстояния: */
  let distanceBetweenPoints = sqrt(deltaX * deltaX + deltaY * deltaY) // Not in the excerpt.
  self.pushBehavior.magnitude = distanceBetweenPoints / 200.0 // Not in the excerpt.
  }

}

}
