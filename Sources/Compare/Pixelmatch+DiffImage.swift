import Images

// Design note: painting of the diff image. Flagged pixels get a flat color; every other pixel
// gets the expected pixel's brightness faded toward white, truncated to an integer as the
// reference does (so the image matches pixelmatch's byte for byte). UI frames are mostly long
// runs of one color, so the grey of the last pixel value is remembered and reused: the color
// math runs once per run instead of once per pixel.

extension Pixelmatch {
    @inline(__always)
    static func paint(_ diff: UnsafeMutablePointer<UInt8>, at offset: Int, _ color: RGBAPixel) {
        diff[offset] = color.red
        diff[offset + 1] = color.green
        diff[offset + 2] = color.blue
        diff[offset + 3] = 255
    }

    /// The unchanged background of the diff image, with a one-entry cache.
    struct GreyBackground {
        let alpha: Double
        private var lastPixel: UInt32 = 0
        private var lastGrey: UInt8 = 0
        private var hasLast = false

        init(alpha: Double) {
            self.alpha = alpha
        }

        /// Paints the pixels in the byte range `bytes` (a multiple of 4 long) from `image` into `diff`.
        @inline(__always)
        mutating func paint(_ bytes: Range<Int>, of image: UnsafePointer<UInt8>, into diff: UnsafeMutablePointer<UInt8>) {
            let source = UnsafeRawPointer(image)
            var offset = bytes.lowerBound
            while offset < bytes.upperBound {
                let pixel = source.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
                if !hasLast || pixel != lastPixel {
                    lastPixel = pixel
                    lastGrey = grey(image, offset)
                    hasLast = true
                }
                diff[offset] = lastGrey
                diff[offset + 1] = lastGrey
                diff[offset + 2] = lastGrey
                diff[offset + 3] = 255
                offset += 4
            }
        }

        /// Brightness of the pixel, blended with white at opacity `alpha` x the pixel's alpha.
        @inline(__always)
        private func grey(_ image: UnsafePointer<UInt8>, _ offset: Int) -> UInt8 {
            let luma = YIQDelta.brightness(Double(image[offset]), Double(image[offset + 1]), Double(image[offset + 2]))
            return UInt8(clamping: Int(YIQDelta.overWhite(luma, alpha * Double(image[offset + 3]) / 255)))
        }
    }
}
