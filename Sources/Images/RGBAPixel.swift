// Design note: one 8-bit straight-alpha pixel, the unit that tests and frame comparison talk
// in. Cairo keeps premultiplied native-endian 32-bit words; the conversion from those lives
// here, once, with the same rounding as the PNG encoder (c' = (c * 255 + a / 2) / a), so a
// pixel read from the surface equals the same pixel read back from the written PNG.

/// An 8-bit color with straight (not premultiplied) alpha.
public struct RGBAPixel: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    public var description: String { "RGBA(\(red), \(green), \(blue), \(alpha))" }

    /// The largest difference of any channel, for tolerant comparisons:
    /// `XCTAssertLessThanOrEqual(pixel.maximumDifference(to: expected), 1)`.
    public func maximumDifference(to other: RGBAPixel) -> Int {
        max(abs(Int(red) - Int(other.red)), abs(Int(green) - Int(other.green)),
            abs(Int(blue) - Int(other.blue)), abs(Int(alpha) - Int(other.alpha)))
    }

    /// A Cairo pixel word: ARGB32 (premultiplied) or, when `opaque`, RGB24 (top byte undefined).
    public init(cairoWord word: UInt32, opaque: Bool) {
        let red = (word >> 16) & 0xff, green = (word >> 8) & 0xff, blue = word & 0xff
        let alpha: UInt32 = opaque ? 255 : word >> 24
        switch alpha {
        case 255:
            self.init(red: UInt8(red), green: UInt8(green), blue: UInt8(blue), alpha: 255)
        case 0:
            self.init(red: 0, green: 0, blue: 0, alpha: 0)
        default:
            func straight(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + alpha / 2) / alpha)) }
            self.init(red: straight(red), green: straight(green), blue: straight(blue), alpha: UInt8(alpha))
        }
    }
}
