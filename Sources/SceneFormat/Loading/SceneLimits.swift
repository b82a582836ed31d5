/// The limits a scene file must stay within. They keep a typo (`duration: 50000`,
/// `scale: 80`) from turning into hours of rendering or gigabytes of frames, and keep
/// hostile files from exhausting memory or the stack. Each limit is checked during
/// validation and reported like any other error, naming the limit.
///
/// | what | limit |
/// |---|---|
/// | file size | 10 MiB (10,485,760 bytes), checked before the file is read |
/// | nesting of arrays/objects | 64 levels |
/// | drawn frames | width x scale x height x scale <= 33,177,600 pixels (3840 x 2160 x 4, an 8K frame); each side <= 16,384 pixels, at the scale the frames are drawn (after `--scale`); a canvas beyond it only warns in `validate` and still simulates |
/// | scale | 0.1 ... 8 |
/// | fps | 1 ... 240, a whole number |
/// | duration | > 0 and <= 600 s |
/// | frames | round(duration x fps) between 1 and 36,000 |
/// | items | 1 ... 10,000 |
/// | behaviors | 10,000 (the whole tree plus those added by events) |
/// | events, input gestures | 10,000 each |
/// | vertices of an item path | 3 ... 32 |
/// | points of a boundary path or a pan path | 10,000 |
/// | region nesting | 32 levels |
/// | coordinates, sizes, lengths, offsets | magnitude <= 1,000,000 points |
/// | ids | 1 ... 256 characters |
/// | numbers | finite everywhere (NaN and Infinity are refused) |
public enum SceneLimits {
    /// 10 MiB.
    public static let maximumFileSize = 10 * 1024 * 1024
    public static let maximumNesting = 64
    /// 3840 x 2160 x 4: an 8K UHD frame.
    public static let maximumCanvasPixels = 3840.0 * 2160.0 * 4.0
    public static let maximumCanvasSide = 16_384.0

    /// Why frames of `width` x `height` points drawn at `scale` pixels per point would be too
    /// large, or nil when they are within the limits. Frames are `round(width x scale)` x
    /// `round(height x scale)` pixels, at least 1 a side (as the renderer draws them).
    public static func drawnPixelProblem(width: Double, height: Double, scale: Double) -> String? {
        let w = max(1, (width * scale).rounded()), h = max(1, (height * scale).rounded())
        if w > maximumCanvasSide || h > maximumCanvasSide {
            return "frames of \(formatGrouped(w)) x \(formatGrouped(h)) pixels; each side is limited to \(formatGrouped(maximumCanvasSide)) pixels"
        }
        if w * h > maximumCanvasPixels {
            return "frames of \(formatGrouped(w)) x \(formatGrouped(h)) = \(formatGrouped(w * h)) pixels; the limit is \(formatGrouped(maximumCanvasPixels)) (3840 x 2160 x 4)"
        }
        return nil
    }
    public static let scaleRange: ClosedRange<Double> = 0.1...8
    public static let fpsRange: ClosedRange<Int> = 1...240
    public static let maximumDuration = 600.0
    public static let maximumFrameCount = 36_000
    public static let maximumItems = 10_000
    public static let maximumBehaviors = 10_000
    public static let maximumEvents = 10_000
    public static let maximumInputs = 10_000
    public static let maximumPathVertices = 32
    public static let maximumPolylinePoints = 10_000
    public static let maximumRegionDepth = 32
    public static let maximumCoordinate = 1_000_000.0
    public static let maximumIdentifierLength = 256
}

/// A byte count for messages: "10 MB", "52.4 MB", "512 bytes".
func formatByteCount(_ bytes: Int) -> String {
    let mb = Double(bytes) / (1024 * 1024)
    if mb >= 1 {
        let rounded = (mb * 10).rounded() / 10
        return "\(formatNumber(rounded)) MB"
    }
    if bytes >= 1024 { return "\(formatNumber((Double(bytes) / 1024 * 10).rounded() / 10)) KB" }
    return "\(bytes) bytes"
}

/// 1000000 -> "1,000,000".
func formatGrouped(_ value: Double) -> String {
    guard value == value.rounded(), abs(value) < 1e15 else { return formatNumber(value) }
    let digits = String(Int64(abs(value)))
    var result = ""
    for (i, c) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { result.append(",") }
        result.append(c)
    }
    return value < 0 ? "-" + result : result
}
