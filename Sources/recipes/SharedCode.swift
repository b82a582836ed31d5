// The cookbook's SharedCode module (chapter 13 starts its view controllers with
// `import SharedCode`) and the helper extensions the chapter's text writes once and reuses:
// UIFieldBehavior and UIDynamicAnimator in recipe 13.5, again with removeItems() in 13.7,
// which asks for "the exact same" extension of UICollisionBehavior, and StrideThrough's
// forEach(f:) in 13.7. In current Swift; here they are part of the recipes' module.
import AnimaticUIKit

extension CGSize{

  public var center: CGPoint{
    return CGPoint(x: self.width / 2.0, y: self.height / 2.0)
  }

}

extension UIFieldBehavior{
  public func addItems(_ items: [UIDynamicItem]){
    for item in items{
      addItem(item)
    }
  }
  public func removeItems(){
    for item in items{
      removeItem(item)
    }
  }
}

extension UICollisionBehavior{
  public func addItems(_ items: [UIDynamicItem]){
    for item in items{
      addItem(item)
    }
  }
  public func removeItems(){
    for item in items{
      removeItem(item)
    }
  }
}

extension UIDynamicAnimator{
  func addBehaviors(_ behaviors: [UIDynamicBehavior]){
    for behavior in behaviors{
      addBehavior(behavior)
    }
  }
}

extension StrideThrough{
  func forEach(f: (Element) -> Void){
    for item in self{
      f(item)
    }
  }
}
