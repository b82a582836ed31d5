// Design note: a color is a SceneColor, the one color type of the project, so a view's color
// goes into a frame unchanged and UIKit's named colors have exactly the values the scene
// format gives the same names (one table, SceneColor's). `setFill()` and `setStroke()` set
// the colors of the current drawing context, as in UIKit.
import Foundation
import SceneFormat

/// A color (UIColor).
open class UIColor: Equatable, Hashable, CustomStringConvertible {
    /// The straight RGBA components the renderer draws with.
    public let sceneColor: SceneColor

    /// A color from a scene color.
    public init(sceneColor: SceneColor) { self.sceneColor = sceneColor }

    /// A color from RGBA components in 0...1.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(sceneColor: SceneColor(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha)))
    }

    /// A gray of `white` (0 black ... 1 white).
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(sceneColor: SceneColor(white: Double(white), alpha: Double(alpha)))
    }

    /// A color from hue, saturation and brightness in 0...1.
    public convenience init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        // (A non-finite hue is hue 0: Int(_:) of NaN trapped.)
        let finiteHue = hue.isFinite ? Double(hue) : 0
        let h = (finiteHue - finiteHue.rounded(.down)) * 6, s = Double(saturation), v = Double(brightness)
        let sector = Int(h) % 6, f = h - Double(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let rgb: (Double, Double, Double) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][sector]
        self.init(sceneColor: SceneColor(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: Double(alpha)))
    }

    /// A color from a Core Graphics color.
    public convenience init(cgColor: CGColor) { self.init(sceneColor: cgColor.sceneColor) }

    /// The same color with another alpha.
    open func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        var c = sceneColor
        c.alpha = Double(alpha)
        return UIColor(sceneColor: c)
    }

    /// The Core Graphics color (what `layer.borderColor` takes).
    open var cgColor: CGColor { CGColor(sceneColor: sceneColor) }

    /// Reads the components; always succeeds.
    @discardableResult
    open func getRed(_ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
                     blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        red?.pointee = CGFloat(sceneColor.red); green?.pointee = CGFloat(sceneColor.green)
        blue?.pointee = CGFloat(sceneColor.blue); alpha?.pointee = CGFloat(sceneColor.alpha)
        return true
    }

    /// Makes this the fill color of the current drawing context.
    open func setFill() { UIGraphicsGetCurrentContext()?.fillColor = sceneColor }
    /// Makes this the stroke color of the current drawing context.
    open func setStroke() { UIGraphicsGetCurrentContext()?.strokeColor = sceneColor }
    /// Makes this both the fill and the stroke color.
    open func set() { setFill(); setStroke() }

    public static func == (l: UIColor, r: UIColor) -> Bool { l.sceneColor == r.sceneColor }
    public func hash(into hasher: inout Hasher) { hasher.combine(sceneColor) }
    open var description: String { "UIColor(\(sceneColor))" }

    // UIKit's class colors, with UIKit's component values (SceneColor's table).

    /// Black (0, 0, 0).
    open class var black: UIColor { UIColor(sceneColor: .black) }
    /// Dark gray: white 1/3.
    open class var darkGray: UIColor { UIColor(sceneColor: .darkGray) }
    /// Light gray: white 2/3.
    open class var lightGray: UIColor { UIColor(sceneColor: .lightGray) }
    /// White (1, 1, 1).
    open class var white: UIColor { UIColor(sceneColor: .white) }
    /// Gray: white 0.5.
    open class var gray: UIColor { UIColor(sceneColor: .gray) }
    /// Red (1, 0, 0).
    open class var red: UIColor { UIColor(sceneColor: .red) }
    /// Green (0, 1, 0).
    open class var green: UIColor { UIColor(sceneColor: .green) }
    /// Blue (0, 0, 1).
    open class var blue: UIColor { UIColor(sceneColor: .blue) }
    /// Cyan (0, 1, 1).
    open class var cyan: UIColor { UIColor(sceneColor: .cyan) }
    /// Yellow (1, 1, 0).
    open class var yellow: UIColor { UIColor(sceneColor: .yellow) }
    /// Magenta (1, 0, 1).
    open class var magenta: UIColor { UIColor(sceneColor: .magenta) }
    /// Orange (1, 0.5, 0), UIKit's (not CSS's).
    open class var orange: UIColor { UIColor(sceneColor: .orange) }
    /// Purple (0.5, 0, 0.5).
    open class var purple: UIColor { UIColor(sceneColor: .purple) }
    /// Brown (0.6, 0.4, 0.2).
    open class var brown: UIColor { UIColor(sceneColor: .brown) }
    /// Clear: black with alpha 0.
    open class var clear: UIColor { UIColor(sceneColor: .clear) }

    /// The UIKit color of a name of SceneColor's table ("orange"), nil for other names.
    public convenience init?(named name: String) {
        guard let entry = SceneColor.named.first(where: { $0.name == name }) else { return nil }
        self.init(sceneColor: entry.color)
    }
}

/// A Core Graphics color (CGColor), as layers take it.
public final class CGColor: Equatable, CustomStringConvertible {
    /// The straight RGBA components.
    public let sceneColor: SceneColor
    /// A color from a scene color.
    public init(sceneColor: SceneColor) { self.sceneColor = sceneColor }
    /// A color from straight RGBA components in 0...1.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(sceneColor: SceneColor(red: Double(red), green: Double(green), blue: Double(blue), alpha: Double(alpha)))
    }
    /// The alpha component.
    public var alpha: CGFloat { CGFloat(sceneColor.alpha) }
    public static func == (l: CGColor, r: CGColor) -> Bool { l.sceneColor == r.sceneColor }
    public var description: String { "CGColor(\(sceneColor))" }
}
