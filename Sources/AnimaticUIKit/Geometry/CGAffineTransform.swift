// Design note: Core Graphics' affine transform, which Foundation on Linux does not have. The
// matrix is UIKit's: x' = a x + c y + tx, y' = b x + d y + ty, and `t1.concatenating(t2)`
// applies t1 first. A view keeps its transform as scale, rotation and translation, since the
// dynamic animator writes the rotation alone and the renderer draws a scale and an angle; so
// that `CGAffineTransform(rotationAngle: 0.6)` gives a view exactly the angle 0.6 (not the
// atan2 of its rounded cosine and sine), a transform built by the factories remembers those
// parts, and keeps them through the concatenations that preserve them. Equality compares the
// matrix only.
import Foundation

/// A 2D affine transform (Core Graphics' CGAffineTransform).
public struct CGAffineTransform: Equatable, Sendable, CustomStringConvertible {
    // (A matrix value set by hand forgets the remembered parts, which no longer describe
    // it: `t.a = 2` was drawn at scale 1.)
    /// x' = a x + c y + tx.
    public var a: CGFloat { didSet { parts = nil } }
    /// y' = b x + d y + ty.
    public var b: CGFloat { didSet { parts = nil } }
    /// x' = a x + c y + tx.
    public var c: CGFloat { didSet { parts = nil } }
    /// y' = b x + d y + ty.
    public var d: CGFloat { didSet { parts = nil } }
    /// The translation along x.
    public var tx: CGFloat
    /// The translation along y.
    public var ty: CGFloat

    /// The linear part as rotate(angle) after scale(scaleX, scaleY), when known exactly.
    struct Parts: Equatable, Sendable {
        var scaleX: CGFloat
        var scaleY: CGFloat
        var angle: CGFloat
    }

    /// Exact parts of the linear part, kept by the factories; nil after a general change.
    var parts: Parts?

    /// The transform with this matrix.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
        parts = (b == 0 && c == 0) ? Parts(scaleX: a, scaleY: d, angle: 0) : nil
    }

    /// The identity transform.
    public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }

    /// The identity transform.
    public static let identity = CGAffineTransform()

    /// Scales x by `sx` and y by `sy`.
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Rotates by `angle` radians (positive = clockwise on screen, y pointing down).
    public init(rotationAngle angle: CGFloat) {
        self.init(parts: Parts(scaleX: 1, scaleY: 1, angle: angle), tx: 0, ty: 0)
    }

    /// Moves by (`tx`, `ty`).
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// The transform of a scale, then a rotation, then a translation.
    init(parts p: Parts, tx: CGFloat, ty: CGFloat) {
        let cs = p.angle == 0 ? 1 : cos(p.angle), sn = p.angle == 0 ? 0 : sin(p.angle)
        a = p.scaleX * cs; b = p.scaleX * sn; c = -p.scaleY * sn; d = p.scaleY * cs
        self.tx = tx; self.ty = ty
        parts = p
    }

    /// Whether this is the identity.
    public var isIdentity: Bool { self == .identity }

    /// `self` first, then `t2`.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        var r = CGAffineTransform(a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
                                  c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
                                  tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
        if let p1 = parts, let p2 = t2.parts {
            if p2.scaleX == p2.scaleY {
                // A uniform scale commutes with the first rotation: the angles add.
                r.parts = Parts(scaleX: p2.scaleX * p1.scaleX, scaleY: p2.scaleY * p1.scaleY, angle: p1.angle + p2.angle)
            } else if p1.angle == 0 {
                r.parts = Parts(scaleX: p2.scaleX * p1.scaleX, scaleY: p2.scaleY * p1.scaleY, angle: p2.angle)
            } else {
                r.parts = nil
            }
        } else {
            r.parts = nil
        }
        return r
    }

    /// A scale applied before this transform (CGAffineTransformScale).
    public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
    }

    /// A rotation applied before this transform (CGAffineTransformRotate).
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// A translation applied before this transform (CGAffineTransformTranslate).
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// The inverse; the transform itself when it is not invertible, as Core Graphics does.
    public func inverted() -> CGAffineTransform {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return self }
        return CGAffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                                 tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// Scale x, scale y and angle of the linear part: the remembered parts, else a
    /// decomposition (a reflection shows as a negative y scale).
    var decomposed: Parts {
        if let parts { return parts }
        let sx = (a * a + b * b).squareRoot()
        guard sx > 0 else { return Parts(scaleX: 0, scaleY: (c * c + d * d).squareRoot(), angle: 0) }
        return Parts(scaleX: sx, scaleY: (a * d - b * c) / sx, angle: atan2(b, a))
    }

    public static func == (l: CGAffineTransform, r: CGAffineTransform) -> Bool {
        l.a == r.a && l.b == r.b && l.c == r.c && l.d == r.d && l.tx == r.tx && l.ty == r.ty
    }

    public var description: String { "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))" }
}

extension CGPoint {
    /// The point transformed by `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size transformed by the linear part of `t` (signs kept, as Core Graphics does).
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The bounding box of the rectangle transformed by `t`.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        let corners = [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: maxX, y: maxY), CGPoint(x: minX, y: maxY)]
            .map { $0.applying(t) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}
