// Design note: the perceptual color distance pixelmatch is built on (Kotsarenko and Ramos,
// "Measuring perceived color difference using YIQ NTSC transmission color space in mobile
// applications", 2010): a weighted sum of squared differences of Y (brightness), I and Q
// (chroma). Translucent pixels are first blended over white, so fully transparent pixels of
// any color are equal.
//
// The arithmetic is written in exactly the order of the reference implementation (each
// product and sum left to right, in Double) because the anti-aliasing detector tests some
// brightness differences for being exactly 0: a reordered sum could turn 0 into 1e-13 and
// change which pixels count. These are free functions over raw bytes, inlined into the
// per-pixel loop of Pixelmatch.swift; nothing here allocates.

/// The YIQ distance of pixelmatch, on straight RGBA bytes.
enum YIQDelta {
    /// The largest possible ``squared(_:_:_:_:)`` value (white against black, and so on).
    static let maximum = 35215.0

    @inline(__always)
    static func brightness(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    @inline(__always)
    static func inPhase(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }

    @inline(__always)
    static func quadrature(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }

    /// Channel `c` (0...255) at opacity `a` (0...1) over white.
    @inline(__always)
    static func overWhite(_ c: Double, _ a: Double) -> Double {
        255 + (c - 255) * a
    }

    /// The RGB of the pixel at byte `offset`, blended over white when it is translucent.
    @inline(__always)
    static func blendedRGB(_ pixels: UnsafePointer<UInt8>, _ offset: Int) -> (Double, Double, Double) {
        let r = Double(pixels[offset]), g = Double(pixels[offset + 1]), b = Double(pixels[offset + 2])
        let alpha = pixels[offset + 3]
        if alpha == 255 { return (r, g, b) }
        let a = Double(alpha) / 255
        return (overWhite(r, a), overWhite(g, a), overWhite(b, a))
    }

    @inline(__always)
    static func samePixel(_ first: UnsafePointer<UInt8>, _ i: Int, _ second: UnsafePointer<UInt8>, _ j: Int) -> Bool {
        UnsafeRawPointer(first).loadUnaligned(fromByteOffset: i, as: UInt32.self)
            == UnsafeRawPointer(second).loadUnaligned(fromByteOffset: j, as: UInt32.self)
    }

    /// Squared YIQ distance between pixel `i` of `first` and pixel `j` of `second` (byte offsets).
    @inline(__always)
    static func squared(_ first: UnsafePointer<UInt8>, _ i: Int, _ second: UnsafePointer<UInt8>, _ j: Int) -> Double {
        if samePixel(first, i, second, j) { return 0 }
        let (r1, g1, b1) = blendedRGB(first, i)
        let (r2, g2, b2) = blendedRGB(second, j)
        let y = brightness(r1, g1, b1) - brightness(r2, g2, b2)
        let inPhaseDelta = inPhase(r1, g1, b1) - inPhase(r2, g2, b2)
        let quadratureDelta = quadrature(r1, g1, b1) - quadrature(r2, g2, b2)
        return 0.5053 * y * y + 0.299 * inPhaseDelta * inPhaseDelta + 0.1957 * quadratureDelta * quadratureDelta
    }

    /// Signed brightness difference, pixel `i` minus pixel `j` of the same image: negative when
    /// `j` is brighter.
    @inline(__always)
    static func brightnessDifference(_ pixels: UnsafePointer<UInt8>, _ i: Int, _ j: Int) -> Double {
        if samePixel(pixels, i, pixels, j) { return 0 }
        let (r1, g1, b1) = blendedRGB(pixels, i)
        let (r2, g2, b2) = blendedRGB(pixels, j)
        return brightness(r1, g1, b1) - brightness(r2, g2, b2)
    }
}
