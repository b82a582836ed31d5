// Recipe 13.7 of the iOS 9 cookbook's chapter 13: non-rectangular collision bounds. A square
// and a pentagon (a UIView subclass with `.path` collision bounds that draws its path) collide
// in a noise field; both can be panned. The recipe's code in current Swift and UIKit names,
// with the animator of 13.1 and the collision and noise of 13.4 that the text lists without
// repeating; the helper extensions it writes are in SharedCode.swift. What differs from it is
// marked "Scaffolding" or "Method reference" (see docs/recipes.md).
import AnimaticUIKit

enum Pentagon { // Scaffolding: one module holds every recipe's ViewController.

class PentagonView : UIView{

  private var diameter: CGFloat = 0.0

  class func pentagonViewWithDiameter(_ diameter: CGFloat) -> PentagonView{
    return PentagonView(diameter: diameter)
  }

  init(diameter: CGFloat){
    self.diameter = diameter
    super.init(frame: CGRect(x: 0, y: 0, width: diameter, height: diameter))
  }

  required init?(coder aDecoder: NSCoder) {
    super.init(coder: aDecoder)
  }

  var radius: CGFloat{
    return diameter / 2.0
  }

    func pointFromAngle(_ angle: Double) -> CGPoint{
    
    let x = radius + (radius * cos(CGFloat(angle)))
    let y = radius + (radius * sin(CGFloat(angle)))
    return CGPoint(x: x, y: y)
    
  }
  
  lazy var path: UIBezierPath = {
    let path = UIBezierPath()
    path.move(to: self.pointFromAngle(0))
    
    let oneSlice = (Double.pi * 2.0) / 5.0
    let lessOneSlice = (Double.pi * 2.0) - oneSlice
    
    stride(from: oneSlice, through: lessOneSlice, by: oneSlice).forEach{
      path.addLine(to: self.pointFromAngle($0))
    }
    
    path.close()
    return path
    }()

  override func draw(_ rect: CGRect) {
    guard let context = UIGraphicsGetCurrentContext() else{
      return
    }
    UIColor.clear.setFill()
    context.fill(rect)
    UIColor.yellow.setFill()
    path.fill()
  }

  override var collisionBoundsType: UIDynamicItemCollisionBoundsType{
    return UIDynamicItemCollisionBoundsType.path
  }

  override var collisionBoundingPath: UIBezierPath{
    let path = self.path.copy() as! UIBezierPath
    path.apply(CGAffineTransform(translationX: -radius, y: -radius))
    return path
  }

}

class ViewController: UIViewController {

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

  var behaviors: [UIDynamicBehavior]{
    return [self.collision, self.noise]
  }

  lazy var squareView: UIView = {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    view.createPanGestureRecognizerOn(self)
    view.backgroundColor = UIColor.brown
    return view
    }()

  lazy var pentagonView: PentagonView = {
    let view = PentagonView.pentagonViewWithDiameter(100)
    view.createPanGestureRecognizerOn(self)
    view.backgroundColor = UIColor.clear
    view.center = self.view.center
    return view
    }()

  var views: [UIView]{
    return [self.squareView, self.pentagonView]
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.addSubview(squareView)
    view.addSubview(pentagonView)
    animator.addBehaviors(behaviors)
  }

  @IBAction func panning(_ sender: UIPanGestureRecognizer) {

    switch sender.state{
    case .began:
      collision.removeItems()
      noise.removeItems()
    case .changed:
      sender.view?.center = sender.location(in: view)
    case .ended, .cancelled:
      collision.addItems(views)
      noise.addItems(views)
    default: ()
    }

  }

}

}

extension UIView{
  // Method reference: the recipe's `obj: AnyObject` and `action: "panning:"` are a selector,
  // which needs the Objective-C runtime; an action is a method of a known type here.
  func createPanGestureRecognizerOn(_ obj: Pentagon.ViewController){
    let pgr = UIPanGestureRecognizer(target: obj, action: Pentagon.ViewController.panning)
    addGestureRecognizer(pgr)
  }
}
