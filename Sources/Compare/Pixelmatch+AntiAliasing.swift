// Design note: the anti-aliasing detector of pixelmatch, after V. Vysniauskas, "Anti-aliased
// Pixel and Intensity Slope Detector" (2009). A differing pixel is taken for anti-aliasing
// when it sits on an intensity slope between two flat regions: among its 8 neighbours at most
// 2 have its brightness, some are darker and some brighter, and the darkest or the brightest
// of them lies inside a flat region (3+ identical neighbours) in both images. The caller asks
// both ways round (expected against actual, actual against expected).
//
// Order matters for equal results: neighbours are visited column by column (x outer, y inner)
// and only a strictly darker or brighter one replaces the current extreme, as in the reference,
// so ties pick the same neighbour. Pixels on the image border start with one "equal neighbour"
// already counted, again as the reference does.

extension Pixelmatch {
    /// Whether pixel (`x`, `y`) of `image` looks like anti-aliasing; `other` is the image it is
    /// compared with.
    static func isAntiAliased(x centerX: Int, y centerY: Int, in image: UnsafePointer<UInt8>,
                              comparedWith other: UnsafePointer<UInt8>, width: Int, height: Int) -> Bool {
        let x0 = max(centerX - 1, 0), y0 = max(centerY - 1, 0)
        let x2 = min(centerX + 1, width - 1), y2 = min(centerY + 1, height - 1)
        let center = (centerY * width + centerX) * 4
        var equalNeighbours = (centerX == x0 || centerX == x2 || centerY == y0 || centerY == y2) ? 1 : 0
        var darkest = 0.0, brightest = 0.0
        var darkestX = 0, darkestY = 0, brightestX = 0, brightestY = 0

        for x in x0...x2 {
            for y in y0...y2 where x != centerX || y != centerY {
                // Center minus neighbour: negative when the neighbour is brighter.
                let delta = YIQDelta.brightnessDifference(image, center, (y * width + x) * 4)
                if delta == 0 {
                    equalNeighbours += 1
                    if equalNeighbours > 2 { return false }
                } else if delta < darkest {
                    darkest = delta; darkestX = x; darkestY = y
                } else if delta > brightest {
                    brightest = delta; brightestX = x; brightestY = y
                }
            }
        }
        if darkest == 0 || brightest == 0 { return false }

        return (hasManySiblings(x: darkestX, y: darkestY, in: image, width: width, height: height)
                && hasManySiblings(x: darkestX, y: darkestY, in: other, width: width, height: height))
            || (hasManySiblings(x: brightestX, y: brightestY, in: image, width: width, height: height)
                && hasManySiblings(x: brightestX, y: brightestY, in: other, width: width, height: height))
    }

    /// Whether pixel (`x`, `y`) has 3 or more neighbours of exactly its RGBA value.
    static func hasManySiblings(x centerX: Int, y centerY: Int, in image: UnsafePointer<UInt8>,
                                width: Int, height: Int) -> Bool {
        let x0 = max(centerX - 1, 0), y0 = max(centerY - 1, 0)
        let x2 = min(centerX + 1, width - 1), y2 = min(centerY + 1, height - 1)
        let center = (centerY * width + centerX) * 4
        var equalNeighbours = (centerX == x0 || centerX == x2 || centerY == y0 || centerY == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where x != centerX || y != centerY {
                if YIQDelta.samePixel(image, center, image, (y * width + x) * 4) {
                    equalNeighbours += 1
                    if equalNeighbours > 2 { return true }
                }
            }
        }
        return false
    }
}
