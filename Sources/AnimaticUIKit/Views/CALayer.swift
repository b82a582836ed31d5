// Design note: the layer holds what UIKit keeps on a view's layer and the frame draws: the
// corner radius of the background and the border. Not animated (UIView.animate does not
// animate layer properties in UIKit either).
import Foundation

/// A view's layer (CALayer): corner radius and border.
open class CALayer {
    /// Radius of the rounded corners of the background, in points (default 0).
    open var cornerRadius: CGFloat = 0 { didSet { owner?.setNeedsDisplay() } }
    /// Width of the border in points (default 0: none).
    open var borderWidth: CGFloat = 0
    /// Color of the border (default opaque black).
    open var borderColor: CGColor? = CGColor(sceneColor: .black)
    /// Kept for source compatibility; subviews are not clipped.
    open var masksToBounds = false

    /// The view this layer belongs to.
    weak var owner: UIView?

    /// A layer with no corner radius and no border.
    public init() {}
}
