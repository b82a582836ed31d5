// Design note: the noise behind UIKit's noise and turbulence fields [measured]: Stefan
// Gustavson's 3D simplex noise with rotating gradients and analytic derivative ("srdnoise3",
// 2003-2005), in the variant with the 0.6 - d^2 kernel and a final factor of 28. The lattice is
// hashed through Ken Perlin's reference permutation (seed 0: the one fixed pattern iOS has);
// any other seed shuffles that permutation with SplitMix64, an extension of ours so two scenes
// can wander differently. Computed in double precision (Apple's runs in float; the difference is
// below 1e-6 at screen-sized coordinates). Nothing depends on the clock or global random state.
import Foundation

/// SplitMix64: a tiny, fast, well-distributed seeded generator.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64
    /// A generator starting from `seed`: the same seed gives the same sequence.
    public init(seed: UInt64) { state = seed }
    /// The next 64-bit value of the sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}

/// Simplex noise in three dimensions with gradients rotated by an angle, and its derivative.
public struct SimplexNoise: Sendable {
    /// The permutation repeated twice, so hashed indices up to 511 need no wrap.
    private let perm: [UInt8]

    /// Apple's pattern for seed 0; a reshuffled one for any other seed.
    public init(seed: UInt64 = 0) {
        var p = SimplexNoise.perlinPermutation
        if seed != 0 {
            var rng = SplitMix64(seed: seed)
            for i in stride(from: 255, to: 0, by: -1) { p.swapAt(i, Int(rng.next() % UInt64(i + 1))) }
        }
        perm = p + p
    }

    /// The value and the gradient (d/dx, d/dy, d/dz) at a point, every lattice gradient turned
    /// by `angle` radians in its own plane.
    public func sample(_ x: Double, _ y: Double, _ z: Double, angle: Double) -> (value: Double, dx: Double, dy: Double, dz: Double) {
        guard x.isFinite && y.isFinite && z.isFinite && angle.isFinite,
              abs(x) < 1e12 && abs(y) < 1e12 && abs(z) < 1e12 else { return (0, 0, 0, 0) }
        // Skew into the simplex lattice and find the cell.
        let s = (x + y + z) / 3
        let fi = (x + s).rounded(.down), fj = (y + s).rounded(.down), fk = (z + s).rounded(.down)
        let t = (fi + fj + fk) / 6
        let x0 = x - (fi - t), y0 = y - (fj - t), z0 = z - (fk - t)
        // The tetrahedron: corner 1 steps along the largest offset, corner 2 along the two largest.
        let (i1, j1, k1, i2, j2, k2): (Int, Int, Int, Int, Int, Int)
        if x0 >= y0 {
            if y0 >= z0 { (i1, j1, k1, i2, j2, k2) = (1, 0, 0, 1, 1, 0) }
            else if x0 >= z0 { (i1, j1, k1, i2, j2, k2) = (1, 0, 0, 1, 0, 1) }
            else { (i1, j1, k1, i2, j2, k2) = (0, 0, 1, 1, 0, 1) }
        } else {
            if y0 < z0 { (i1, j1, k1, i2, j2, k2) = (0, 0, 1, 0, 1, 1) }
            else if x0 < z0 { (i1, j1, k1, i2, j2, k2) = (0, 1, 0, 0, 1, 1) }
            else { (i1, j1, k1, i2, j2, k2) = (0, 1, 0, 1, 1, 0) }
        }
        // Cell coordinates modulo 256 (Int(...) is exact: |coordinates| < 1e12).
        let ii = Int(fi) & 255, jj = Int(fj) & 255, kk = Int(fk) & 255
        let c = cos(angle), sn = sin(angle)
        var value = 0.0, gx = 0.0, gy = 0.0, gz = 0.0
        perm.withUnsafeBufferPointer { p in
            @inline(__always) func corner(_ di: Int, _ dj: Int, _ dk: Int, _ dx: Double, _ dy: Double, _ dz: Double) {
                let falloff = 0.6 - dx * dx - dy * dy - dz * dz
                guard falloff >= 0 else { return }
                let h = Int(p[ii + di + Int(p[jj + dj + Int(p[kk + dk])])]) & 15
                let u = SimplexNoise.gradientU[h], v = SimplexNoise.gradientV[h]
                let g = (c * u.0 + sn * v.0, c * u.1 + sn * v.1, c * u.2 + sn * v.2)
                let gd = g.0 * dx + g.1 * dy + g.2 * dz
                let f2 = falloff * falloff, f4 = f2 * f2, f3x8 = 8 * f2 * falloff * gd
                value += f4 * gd
                gx += f4 * g.0 - f3x8 * dx
                gy += f4 * g.1 - f3x8 * dy
                gz += f4 * g.2 - f3x8 * dz
            }
            let g3 = 1.0 / 6
            corner(0, 0, 0, x0, y0, z0)
            corner(i1, j1, k1, x0 - Double(i1) + g3, y0 - Double(j1) + g3, z0 - Double(k1) + g3)
            corner(i2, j2, k2, x0 - Double(i2) + 2 * g3, y0 - Double(j2) + 2 * g3, z0 - Double(k2) + 2 * g3)
            corner(1, 1, 1, x0 - 1 + 3 * g3, y0 - 1 + 3 * g3, z0 - 1 + 3 * g3)
        }
        return (28 * value, 28 * gx, 28 * gy, 28 * gz)
    }

    // Gustavson's gradient planes: gradient = cos(angle) u + sin(angle) v, u and v orthogonal.
    private static let a = 0.81649658
    private static let gradientU: [(Double, Double, Double)] = [
        (1, 0, 1), (0, 1, 1), (-1, 0, 1), (0, -1, 1), (1, 0, -1), (0, 1, -1), (-1, 0, -1), (0, -1, -1),
        (a, a, a), (-a, a, -a), (-a, -a, a), (a, -a, -a), (-a, a, a), (a, -a, a), (a, -a, -a), (-a, a, -a),
    ]
    private static let gradientV: [(Double, Double, Double)] = [
        (-a, a, a), (-a, -a, a), (a, -a, a), (a, a, a), (-a, -a, -a), (a, -a, -a), (a, a, -a), (-a, a, -a),
        (1, -1, 0), (1, 1, 0), (-1, 1, 0), (-1, -1, 0), (1, 0, 1), (-1, 0, 1), (0, 1, -1), (0, -1, -1),
    ]
    /// Ken Perlin's reference permutation ("Improved Noise", 2002).
    private static let perlinPermutation: [UInt8] = [
        151, 160, 137, 91, 90, 15, 131, 13, 201, 95, 96, 53, 194, 233, 7, 225, 140, 36, 103, 30, 69, 142, 8, 99,
        37, 240, 21, 10, 23, 190, 6, 148, 247, 120, 234, 75, 0, 26, 197, 62, 94, 252, 219, 203, 117, 35, 11, 32,
        57, 177, 33, 88, 237, 149, 56, 87, 174, 20, 125, 136, 171, 168, 68, 175, 74, 165, 71, 134, 139, 48, 27, 166,
        77, 146, 158, 231, 83, 111, 229, 122, 60, 211, 133, 230, 220, 105, 92, 41, 55, 46, 245, 40, 244, 102, 143, 54,
        65, 25, 63, 161, 1, 216, 80, 73, 209, 76, 132, 187, 208, 89, 18, 169, 200, 196, 135, 130, 116, 188, 159, 86,
        164, 100, 109, 198, 173, 186, 3, 64, 52, 217, 226, 250, 124, 123, 5, 202, 38, 147, 118, 126, 255, 82, 85, 212,
        207, 206, 59, 227, 47, 16, 58, 17, 182, 189, 28, 42, 223, 183, 170, 213, 119, 248, 152, 2, 44, 154, 163, 70,
        221, 153, 101, 155, 167, 43, 172, 9, 129, 22, 39, 253, 19, 98, 108, 110, 79, 113, 224, 232, 178, 185, 112, 104,
        218, 246, 97, 228, 251, 34, 242, 193, 238, 210, 144, 12, 191, 179, 162, 241, 81, 51, 145, 235, 249, 14, 239, 107,
        49, 192, 214, 31, 181, 199, 106, 157, 184, 84, 204, 176, 115, 121, 50, 45, 127, 4, 150, 254, 138, 236, 205, 93,
        222, 114, 67, 29, 24, 72, 243, 141, 128, 195, 78, 66, 215, 61, 156, 180,
    ]
}
