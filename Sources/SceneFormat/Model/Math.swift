import Foundation

// Thin wrappers so the model files need not import Foundation for three functions.
@inline(__always) func atan2Double(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@inline(__always) func cosDouble(_ x: Double) -> Double { cos(x) }
@inline(__always) func sinDouble(_ x: Double) -> Double { sin(x) }

/// Numbers in messages and in written scene files: integers without ".0", others in the
/// shortest form that reads back to the same Double.
func formatNumber(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
    if value == value.rounded() && abs(value) < 1e15 {
        return String(Int64(value))
    }
    return "\(value)"
}
