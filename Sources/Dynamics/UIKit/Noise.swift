// Design note: seeded gradient noise for the noise and turbulence fields (Perlin's improved
// noise, 2002, in three dimensions: x, y and time). The permutation table is shuffled by a
// SplitMix64 generator from the scene's seed, so the same seed gives the same motion on every
// run and another seed another; nothing depends on the clock or on global random state.
import Foundation

/// SplitMix64: a tiny, fast, well-distributed seeded generator.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}

/// 3D gradient noise in about -1...1, smooth in every coordinate.
public struct GradientNoise: Sendable {
    private let perm: [Int]

    public init(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var p = Array(0..<256)
        for i in stride(from: 255, to: 0, by: -1) {
            let j = Int(rng.next() % UInt64(i + 1))
            p.swapAt(i, j)
        }
        perm = p + p
    }

    @inline(__always) private static func fade(_ t: Double) -> Double { t * t * t * (t * (t * 6 - 15) + 10) }
    @inline(__always) private static func grad(_ hash: Int, _ x: Double, _ y: Double, _ z: Double) -> Double {
        let h = hash & 15
        let u = h < 8 ? x : y
        let v = h < 4 ? y : (h == 12 || h == 14 ? x : z)
        return ((h & 1) == 0 ? u : -u) + ((h & 2) == 0 ? v : -v)
    }

    /// Noise at (x, y, z).
    public func value(_ x: Double, _ y: Double, _ z: Double) -> Double {
        guard x.isFinite && y.isFinite && z.isFinite else { return 0 }
        // The lattice repeats every 256 cells, so reducing the coordinates first changes no
        // value and keeps a far-flung item from overflowing the integer conversion below.
        let px = x.truncatingRemainder(dividingBy: 256), py = y.truncatingRemainder(dividingBy: 256)
        let pz = z.truncatingRemainder(dividingBy: 256)
        let fx = floor(px), fy = floor(py), fz = floor(pz)
        let X = Int(fx) & 255, Y = Int(fy) & 255, Z = Int(fz) & 255
        let x = px - fx, y = py - fy, z = pz - fz
        let u = Self.fade(x), v = Self.fade(y), w = Self.fade(z)
        let A = perm[X] + Y, AA = perm[A] + Z, AB = perm[A + 1] + Z
        let B = perm[X + 1] + Y, BA = perm[B] + Z, BB = perm[B + 1] + Z
        func lerp(_ t: Double, _ a: Double, _ b: Double) -> Double { a + t * (b - a) }
        return lerp(w,
                    lerp(v, lerp(u, Self.grad(perm[AA], x, y, z), Self.grad(perm[BA], x - 1, y, z)),
                            lerp(u, Self.grad(perm[AB], x, y - 1, z), Self.grad(perm[BB], x - 1, y - 1, z))),
                    lerp(v, lerp(u, Self.grad(perm[AA + 1], x, y, z - 1), Self.grad(perm[BA + 1], x - 1, y, z - 1)),
                            lerp(u, Self.grad(perm[AB + 1], x, y - 1, z - 1), Self.grad(perm[BB + 1], x - 1, y - 1, z - 1))))
    }

    /// A smooth 2D vector field: two decorrelated noise channels.
    public func vector(_ x: Double, _ y: Double, _ t: Double) -> Vec2 {
        Vec2(value(x, y, t), value(x + 31.416, y - 47.853, t + 12.345))
    }
}
