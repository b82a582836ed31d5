import Images

// Design note: the two-PNG-files entry point (`animatic diff a.png b.png`). It only adds
// decoding, with decode failures turned into CompareError so that a caller handles one error
// type, and size mismatches that name the files.

extension Pixelmatch {
    /// Decodes two PNG files and compares them.
    ///
    /// Throws ``CompareError/unreadableImage(path:error:)`` for a missing or damaged file,
    /// ``CompareError/sizeMismatch(frame:expected:actual:expectedFile:actualFile:)`` (naming
    /// both files) when the sizes differ, and what ``compare(_:_:options:producingDiffImage:)``
    /// throws.
    public static func compareFiles(expected expectedPath: String, actual actualPath: String,
                                    options: PixelmatchOptions = PixelmatchOptions(),
                                    producingDiffImage: Bool = false) throws -> ImageDiff {
        try compareFiles(expected: expectedPath, actual: actualPath, frame: nil,
                         options: options, producingDiffImage: producingDiffImage)
    }

    static func compareFiles(expected expectedPath: String, actual actualPath: String, frame: Int?,
                             options: PixelmatchOptions, producingDiffImage: Bool) throws -> ImageDiff {
        let expected = try decode(expectedPath)
        let actual = try decode(actualPath)
        guard expected.width == actual.width, expected.height == actual.height else {
            throw CompareError.sizeMismatch(frame: frame,
                                            expected: PixelSize(width: expected.width, height: expected.height),
                                            actual: PixelSize(width: actual.width, height: actual.height),
                                            expectedFile: expectedPath, actualFile: actualPath)
        }
        return try compare(expected, actual, options: options, producingDiffImage: producingDiffImage)
    }

    static func decode(_ path: String) throws -> RGBAImage {
        do {
            return try RGBAImage.decodePNG(path: path)
        } catch let error as PNGError {
            throw CompareError.unreadableImage(path: path, error: error)
        }
    }
}
