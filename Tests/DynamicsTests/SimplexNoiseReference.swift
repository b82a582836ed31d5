import Foundation

// Design note
// -----------
// An independent, test-only reference for Stefan Gustavson's "srdnoise3": 3D simplex noise
// with rotating gradients and an analytic derivative (from his public-domain srdnoise23.c,
// 2003-2005), in the variant UIKit's noise field uses: kernel 0.6 - d^2 with a t^4 falloff and
// a final scale of 28 for both the value and its gradient. It was written from the published
// algorithm for the tests to check the production noise against; the production implementation
// lives elsewhere, in the library sources, and shares no code with this file.
//
// It is deliberately plain and unoptimised: Double precision throughout, exact F3 = 1/3 and
// G3 = 1/6, a real floor, and the four simplex corners handled by one loop. Lattice indices wrap
// into 0...255 for every cell, which equals the spec's (i + 512) % 256 for all i >= -512.
//
// Two properties worth knowing when writing tests against it:
// - With the 0.6 kernel a corner's influence reaches past the simplices that own that corner,
//   so the noise jumps slightly (by up to about 0.004 in samples) across internal simplex
//   faces. Compare the analytic gradient with finite differences only away from those faces.
// - Which simplex a point lies in depends on ties between the cell offsets; the tie rules here
//   are the original's (x wins ties over y and z, y wins over z).
enum SimplexNoiseReference {

    /// Ken Perlin's reference permutation of 0...255 (from "Improved Noise", 2002).
    static let perlinPermutation: [Int] = [
        151, 160, 137, 91, 90, 15, 131, 13, 201, 95, 96, 53, 194, 233, 7, 225,
        140, 36, 103, 30, 69, 142, 8, 99, 37, 240, 21, 10, 23, 190, 6, 148,
        247, 120, 234, 75, 0, 26, 197, 62, 94, 252, 219, 203, 117, 35, 11, 32,
        57, 177, 33, 88, 237, 149, 56, 87, 174, 20, 125, 136, 171, 168, 68, 175,
        74, 165, 71, 134, 139, 48, 27, 166, 77, 146, 158, 231, 83, 111, 229, 122,
        60, 211, 133, 230, 220, 105, 92, 41, 55, 46, 245, 40, 244, 102, 143, 54,
        65, 25, 63, 161, 1, 216, 80, 73, 209, 76, 132, 187, 208, 89, 18, 169,
        200, 196, 135, 130, 116, 188, 159, 86, 164, 100, 109, 198, 173, 186, 3, 64,
        52, 217, 226, 250, 124, 123, 5, 202, 38, 147, 118, 126, 255, 82, 85, 212,
        207, 206, 59, 227, 47, 16, 58, 17, 182, 189, 28, 42, 223, 183, 170, 213,
        119, 248, 152, 2, 44, 154, 163, 70, 221, 153, 101, 155, 167, 43, 172, 9,
        129, 22, 39, 253, 19, 98, 108, 110, 79, 113, 224, 232, 178, 185, 112, 104,
        218, 246, 97, 228, 251, 34, 242, 193, 238, 210, 144, 12, 191, 179, 162, 241,
        81, 51, 145, 235, 249, 14, 239, 107, 49, 192, 214, 31, 181, 199, 106, 157,
        184, 84, 204, 176, 115, 121, 50, 45, 127, 4, 150, 254, 138, 236, 205, 93,
        222, 114, 67, 29, 24, 72, 243, 141, 128, 195, 78, 66, 215, 61, 156, 180,
    ]

    /// sqrt(2/3), written with the eight decimals of the published tables.
    private static let a = 0.81649658

    /// First vector of each gradient's rotation plane (the gradient at angle 0): the 12 cube-edge
    /// midpoints, then four (±a, ±a, ±a) vectors to make 16.
    static let gradientU: [(x: Double, y: Double, z: Double)] = [
        (1, 0, 1), (0, 1, 1), (-1, 0, 1), (0, -1, 1),
        (1, 0, -1), (0, 1, -1), (-1, 0, -1), (0, -1, -1),
        (a, a, a), (-a, a, -a), (-a, -a, a), (a, -a, -a),
        (-a, a, a), (a, -a, a), (a, -a, -a), (-a, a, -a),
    ]

    /// Second vector of each rotation plane, orthogonal to the matching `gradientU` entry
    /// (the gradient at angle pi/2).
    static let gradientV: [(x: Double, y: Double, z: Double)] = [
        (-a, a, a), (-a, -a, a), (a, -a, a), (a, a, a),
        (-a, -a, -a), (a, -a, -a), (a, a, -a), (-a, a, -a),
        (1, -1, 0), (1, 1, 0), (-1, 1, 0), (-1, -1, 0),
        (1, 0, 1), (-1, 0, 1), (0, 1, -1), (0, -1, -1),
    ]

    /// Wraps any lattice coordinate into 0...255.
    static func latticeIndex(_ i: Int) -> Int {
        let r = i % 256
        return r < 0 ? r + 256 : r
    }

    /// The permutation looked up with an index in 0...511 (the table "repeated twice").
    static func perm(_ index: Int) -> Int {
        perlinPermutation[index % 256]
    }

    /// Noise value and its gradient (dnoise/dx, dnoise/dy, dnoise/dz) at (x, y, z), with every
    /// lattice gradient rotated by `angle` radians in its own plane.
    static func srdnoise3(_ x: Double, _ y: Double, _ z: Double, angle: Double)
        -> (value: Double, gradient: (x: Double, y: Double, z: Double))
    {
        let skewFactor = 1.0 / 3.0    // F3
        let unskewFactor = 1.0 / 6.0  // G3

        // 1. Skew the point to find the cube of the simplex lattice it lies in.
        let skew = (x + y + z) * skewFactor
        let i = Int((x + skew).rounded(.down))
        let j = Int((y + skew).rounded(.down))
        let k = Int((z + skew).rounded(.down))

        // 2. Offset of the point from the cube's origin corner, back in ordinary space.
        let unskew = Double(i + j + k) * unskewFactor
        let d0 = (x: x - (Double(i) - unskew), y: y - (Double(j) - unskew), z: z - (Double(k) - unskew))

        // 3. Pick the tetrahedron: rank the three offsets (ties go to x before y before z).
        //    The second corner steps one unit along the largest offset, the third along the two
        //    largest; the fourth corner is the far corner (1, 1, 1).
        let xWinsOverY = d0.x >= d0.y
        let xWinsOverZ = d0.x >= d0.z
        let yWinsOverZ = d0.y >= d0.z
        let rankX = (xWinsOverY ? 1 : 0) + (xWinsOverZ ? 1 : 0)
        let rankY = (xWinsOverY ? 0 : 1) + (yWinsOverZ ? 1 : 0)
        let rankZ = (xWinsOverZ ? 0 : 1) + (yWinsOverZ ? 0 : 1)
        let cornerSteps: [(Int, Int, Int)] = [
            (0, 0, 0),
            (rankX == 2 ? 1 : 0, rankY == 2 ? 1 : 0, rankZ == 2 ? 1 : 0),
            (rankX >= 1 ? 1 : 0, rankY >= 1 ? 1 : 0, rankZ >= 1 ? 1 : 0),
            (1, 1, 1),
        ]

        let sinAngle = sin(angle)
        let cosAngle = cos(angle)
        let ii = latticeIndex(i)
        let jj = latticeIndex(j)
        let kk = latticeIndex(k)

        var value = 0.0
        var gradient = (x: 0.0, y: 0.0, z: 0.0)

        for (corner, step) in cornerSteps.enumerated() {
            // Offset from this corner to the point: corner n sits at step - n * G3 from d0's origin.
            let shift = Double(corner) * unskewFactor
            let d = (x: d0.x - Double(step.0) + shift,
                     y: d0.y - Double(step.1) + shift,
                     z: d0.z - Double(step.2) + shift)

            // Radial kernel: t = 0.6 - |d|^2, contributing nothing outside the sphere.
            let t = 0.6 - (d.x * d.x + d.y * d.y + d.z * d.z)
            if t < 0 { continue }

            // Hash the corner to one of 16 gradients, then rotate it in its plane.
            let hash = perm(ii + step.0 + perm(jj + step.1 + perm(kk + step.2)))
            let h = hash % 16
            let u = gradientU[h]
            let v = gradientV[h]
            let g = (x: cosAngle * u.x + sinAngle * v.x,
                     y: cosAngle * u.y + sinAngle * v.y,
                     z: cosAngle * u.z + sinAngle * v.z)

            // Contribution t^4 * (g . d) and its derivative t^4 * g - 8 * t^3 * (g . d) * d.
            let gDotD = g.x * d.x + g.y * d.y + g.z * d.z
            let t2 = t * t
            let t3 = t2 * t
            let t4 = t2 * t2
            value += t4 * gDotD
            gradient.x += t4 * g.x - 8 * t3 * gDotD * d.x
            gradient.y += t4 * g.y - 8 * t3 * gDotD * d.y
            gradient.z += t4 * g.z - 8 * t3 * gDotD * d.z
        }

        // The same factor scales the value and the derivative.
        let scale = 28.0
        return (value * scale, (gradient.x * scale, gradient.y * scale, gradient.z * scale))
    }
}
