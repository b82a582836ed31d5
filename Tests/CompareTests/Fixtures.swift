import Compare
import Foundation
import Rendering
import Images
import XCTest

// Design note: access to Fixtures/ (image pairs, pixelmatch oracle numbers and diff images
// written once by Fixtures/make_fixtures.py), plus small helpers to make images and frame
// folders on the fly. Tests never need Python: they assert against the recorded numbers.

/// One recorded comparison of Fixtures/expectations.json.
struct OracleCase: Decodable {
    struct DiffImage: Decodable {
        var file: String
        var alpha: Double
        var aaColor: [UInt8]
        var diffColor: [UInt8]
        var diffMask: Bool
    }

    var name: String
    var expected: String
    var actual: String
    var width: Int
    var height: Int
    var threshold: Double
    var includeAA: Bool
    var differentPixels: Int
    var antiAliasedPixels: Int
    var boundingBox: PixelBox?
    var diffImage: DiffImage?

    var options: PixelmatchOptions {
        var options = PixelmatchOptions(threshold: threshold, includeAA: includeAA)
        if let diffImage {
            options.alpha = diffImage.alpha
            options.aaColor = RGBAPixel(red: diffImage.aaColor[0], green: diffImage.aaColor[1], blue: diffImage.aaColor[2])
            options.diffColor = RGBAPixel(red: diffImage.diffColor[0], green: diffImage.diffColor[1],
                                          blue: diffImage.diffColor[2])
            options.diffMask = diffImage.diffMask
        }
        return options
    }
}

enum Fixtures {
    static var folder: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
    }

    static func path(_ name: String) -> String {
        folder.appendingPathComponent(name).path
    }

    static func image(_ name: String) throws -> RGBAImage {
        try RGBAImage.decodePNG(path: path(name))
    }

    static func oracleCases() throws -> [OracleCase] {
        struct File: Decodable { var cases: [OracleCase] }
        let data = try Data(contentsOf: folder.appendingPathComponent("expectations.json"))
        return try JSONDecoder().decode(File.self, from: data).cases
    }

    static func oracleCase(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> OracleCase {
        guard let found = try oracleCases().first(where: { $0.name == name }) else {
            XCTFail("no oracle case '\(name)' in expectations.json", file: file, line: line)
            throw CocoaError(.fileReadCorruptFile)
        }
        return found
    }
}

/// A fresh, empty temporary folder; the caller removes it.
func makeTemporaryFolder(_ label: String = "compare") throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("animatic-\(label)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// An opaque image of one color.
func solidImage(width: Int, height: Int, _ color: RGBAPixel) -> RGBAImage {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    for offset in stride(from: 0, to: pixels.count, by: 4) {
        pixels[offset] = color.red; pixels[offset + 1] = color.green
        pixels[offset + 2] = color.blue; pixels[offset + 3] = color.alpha
    }
    return RGBAImage(width: width, height: height, pixels: pixels)
}

extension RGBAImage {
    /// A copy with the pixels of `box` set to `color`.
    func filling(_ box: PixelBox, with color: RGBAPixel) -> RGBAImage {
        var copy = self
        for y in box.y..<(box.y + box.height) {
            for x in box.x..<(box.x + box.width) {
                let offset = (y * width + x) * 4
                copy.pixels[offset] = color.red; copy.pixels[offset + 1] = color.green
                copy.pixels[offset + 2] = color.blue; copy.pixels[offset + 3] = color.alpha
            }
        }
        return copy
    }

    func write(to url: URL) throws {
        try Data(pngData()).write(to: url)
    }
}

let white = RGBAPixel(red: 255, green: 255, blue: 255)
let black = RGBAPixel(red: 0, green: 0, blue: 0)
