// Design note: colors are plain straight-alpha RGBA doubles. The names are UIKit's class
// colors with UIKit's exact component values (UIColor.orange is (1, 0.5, 0), not CSS orange),
// so a recipe that says `UIColor.brownColor()` looks the same here.

/// A straight (not premultiplied) RGBA color, components in 0...1.
///
/// Written in a scene file as `#RRGGBB`, `#RRGGBBAA`, or a UIKit color name such as
/// `"orange"` or `"lightGray"` (see `SceneColor.named`).
public struct SceneColor: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A gray like `UIColor(white:alpha:)`.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    public static let black = SceneColor(white: 0)
    public static let darkGray = SceneColor(white: 1.0 / 3.0)
    public static let lightGray = SceneColor(white: 2.0 / 3.0)
    public static let white = SceneColor(white: 1)
    public static let gray = SceneColor(white: 0.5)
    public static let red = SceneColor(red: 1, green: 0, blue: 0)
    public static let green = SceneColor(red: 0, green: 1, blue: 0)
    public static let blue = SceneColor(red: 0, green: 0, blue: 1)
    public static let cyan = SceneColor(red: 0, green: 1, blue: 1)
    public static let yellow = SceneColor(red: 1, green: 1, blue: 0)
    public static let magenta = SceneColor(red: 1, green: 0, blue: 1)
    public static let orange = SceneColor(red: 1, green: 0.5, blue: 0)
    public static let purple = SceneColor(red: 0.5, green: 0, blue: 0.5)
    public static let brown = SceneColor(red: 0.6, green: 0.4, blue: 0.2)
    public static let clear = SceneColor(red: 0, green: 0, blue: 0, alpha: 0)

    /// The UIKit color names a scene file may use, with UIKit's component values.
    public static let named: [(name: String, color: SceneColor)] = [
        ("black", .black), ("darkGray", .darkGray), ("lightGray", .lightGray), ("white", .white),
        ("gray", .gray), ("red", .red), ("green", .green), ("blue", .blue), ("cyan", .cyan),
        ("yellow", .yellow), ("magenta", .magenta), ("orange", .orange), ("purple", .purple),
        ("brown", .brown), ("clear", .clear),
    ]

    /// Parses `#RRGGBB`, `#RRGGBBAA` or a UIKit color name; nil when it is none of these.
    public init?(parsing text: String) {
        if let entry = SceneColor.named.first(where: { $0.name == text }) {
            self = entry.color
            return
        }
        guard text.hasPrefix("#") else { return nil }
        let digits = Array(text.utf8.dropFirst())
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var components: [Double] = []
        var i = 0
        while i < digits.count {
            guard let high = hexDigit(digits[i]), let low = hexDigit(digits[i + 1]) else { return nil }
            components.append(Double(high * 16 + low) / 255)
            i += 2
        }
        self.init(red: components[0], green: components[1], blue: components[2],
                  alpha: components.count == 4 ? components[3] : 1)
    }

    /// `#RRGGBBAA`, each component rounded to the nearest of 256 steps (the trace format).
    public var hexString: String {
        func byte(_ c: Double) -> UInt8 { UInt8((min(max(c, 0), 1) * 255).rounded()) }
        return "#" + [red, green, blue, alpha].map { hex2(byte($0)) }.joined()
    }

    /// The UIKit name of this exact color, if it has one.
    public var name: String? {
        SceneColor.named.first(where: { $0.color == self })?.name
    }

    /// The name when there is one, otherwise `#RRGGBBAA`.
    public var description: String { name ?? hexString }
}

private func hexDigit(_ c: UInt8) -> Int? {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(c - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(c - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(c - UInt8(ascii: "A")) + 10
    default: return nil
    }
}
