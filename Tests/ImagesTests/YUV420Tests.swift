import BrowserSupport
import Foundation
@testable import Images
import XCTest

/// The workers' YUV 4:2:0 conversion (for MP4 previews) agrees with ffmpeg's own converter
/// and with the BT.601 limited-range values of plain colors.
final class YUV420Tests: XCTestCase {
    /// Cairo words for (r, g, b).
    func word(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt32 { UInt32(b) | UInt32(g) << 8 | UInt32(r) << 16 }

    func testPlainColorsHaveTheirBT601LimitedRangeValues() {
        // (R, G, B) -> (Y, U, V), the textbook 8-bit BT.601 studio-swing values.
        let cases: [((UInt8, UInt8, UInt8), (UInt8, UInt8, UInt8))] = [
            ((0, 0, 0), (16, 128, 128)), ((255, 255, 255), (235, 128, 128)),
            ((255, 0, 0), (81, 90, 240)), ((0, 255, 0), (145, 54, 34)), ((0, 0, 255), (41, 240, 110)),
        ]
        for ((r, g, b), (y, u, v)) in cases {
            var pixels = [UInt32](repeating: word(r, g, b), count: 4)
            let out = pixels.withUnsafeMutableBytes { YUV420.convert(bgrx: $0.baseAddress!, width: 2, height: 2, stride: 8, pad: (0, 0, 0)) }
            XCTAssertEqual(out.bytes, [y, y, y, y, u, v], "\((r, g, b))")
        }
    }

    func testOddSizesArePaddedWithTheGivenColor() {
        // 3 x 1 red frame, padded to 4 x 2 with white: the last column and the second row are white.
        var pixels = [UInt32](repeating: word(255, 0, 0), count: 3)
        let out = pixels.withUnsafeMutableBytes { YUV420.convert(bgrx: $0.baseAddress!, width: 3, height: 1, stride: 12, pad: (255, 255, 255)) }
        XCTAssertEqual(out.width, 4)
        XCTAssertEqual(out.height, 2)
        XCTAssertEqual(Array(out.bytes[0..<8]), [81, 81, 81, 235, 235, 235, 235, 235])
        XCTAssertEqual(out.bytes.count, 8 + 2 + 2)
    }

    /// Every path (32-pixel runs in C, pairs, the padded edge) against the formula written out
    /// here pixel by pixel, on a noisy odd-sized picture.
    func testMatchesTheFormulaPixelByPixel() {
        let width = 37, height = 9
        var state: UInt64 = 12345
        func next() -> UInt8 { state = state &* 6364136223846793005 &+ 1442695040888963407; return UInt8(truncatingIfNeeded: state >> 33) }
        var rgb: [(Int, Int, Int)] = []
        for _ in 0..<(width * height) { rgb.append((Int(next()), Int(next()), Int(next()))) }
        assertMatchesFormula(rgb, width: width, height: height, pad: (10, 200, 30))
    }

    /// The 16-bit lanes split every product in two; the channel extremes (each 2 x 2 block one
    /// corner of the RGB cube, or two corners side by side) drive both halves to their bounds.
    func testMatchesTheFormulaAtTheChannelExtremes() {
        let corners = (0..<8).map { ($0 & 4 != 0 ? 255 : 0, $0 & 2 != 0 ? 255 : 0, $0 & 1 != 0 ? 255 : 0) }
        let width = 128, height = 16
        var rgb: [(Int, Int, Int)] = []
        for y in 0..<height {
            for x in 0..<width {
                // Rows 0-7: whole blocks of one corner; rows 8-15: corners mixed inside blocks.
                let block = (x / 2) % 8, pair = (y / 2) % 8
                rgb.append(y < 8 ? corners[(block + pair) % 8] : corners[(x + 3 * y + pair) % 8])
            }
        }
        assertMatchesFormula(rgb, width: width, height: height, pad: (0, 0, 0))
    }

    /// Every one of the 2^24 colors, each as a plain 2 x 2 block (so its chroma is its own),
    /// against the formula, with every kernel this processor runs: the split 16-bit products
    /// must agree exactly, not only on average.
    func testEveryColorMatchesTheFormula() {
        for kernel in YUV420.Kernel.available { assertEveryColorMatchesTheFormula(kernel) }
    }

    func testTheProcessorsWidestKernelIsUsed() throws {
        // This machine class has AVX2; elsewhere only the portable kernel exists.
        #if arch(x86_64)
        let flags = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let avx2 = flags.split(separator: "\n").contains { $0.hasPrefix("flags") && $0.split(separator: " ").contains("avx2") }
        XCTAssertEqual(YUV420.Kernel.available, avx2 ? [.portable, .avx2] : [.portable])
        XCTAssertEqual(YUV420.Kernel.fastest, avx2 ? .avx2 : .portable)
        #else
        XCTAssertEqual(YUV420.Kernel.available, [.portable])
        #endif
    }

    func assertEveryColorMatchesTheFormula(_ kernel: YUV420.Kernel) {
        let blocks = 65536, width = 2 * blocks
        var pixels = [UInt32](repeating: 0, count: width * 2)
        var out = [UInt8](repeating: 0, count: YUV420.byteCount(width: width, height: 2))
        var wrong = 0
        for r in 0..<256 {
            for k in 0..<blocks {
                let w = word(UInt8(r), UInt8(k >> 8), UInt8(k & 255))
                pixels[2 * k] = w; pixels[2 * k + 1] = w; pixels[width + 2 * k] = w; pixels[width + 2 * k + 1] = w
            }
            pixels.withUnsafeBytes { p in
                out.withUnsafeMutableBufferPointer {
                    YUV420.convert(bgrx: p.baseAddress!, width: width, height: 2, stride: width * 4, pad: (0, 0, 0),
                                   into: $0.baseAddress!, kernel: kernel)
                }
            }
            for k in 0..<blocks {
                let g = k >> 8, b = k & 255
                // Int's >> floors negative values too, like the 32-bit formula.
                let y = ((16829 * r + 33039 * g + 6416 * b + 32768) >> 16) + 16
                let u = ((-9714 * r - 19071 * g + 28784 * b + 32768) >> 16) + 128
                let v = ((28784 * r - 24103 * g - 4681 * b + 32768) >> 16) + 128
                let luma = [out[2 * k], out[2 * k + 1], out[width + 2 * k], out[width + 2 * k + 1]]
                if luma.contains(where: { Int($0) != y }) || Int(out[2 * width + k]) != u || Int(out[2 * width + blocks + k]) != v {
                    wrong += 1
                    if wrong <= 5 { XCTFail("\(kernel) (\(r), \(g), \(b)): Y \(luma) U \(out[2 * width + k]) V \(out[2 * width + blocks + k]), want \(y) \(u) \(v)") }
                }
            }
        }
        XCTAssertEqual(wrong, 0)
    }

    /// Converts `rgb` (row by row) with every kernel and checks every sample against BT.601
    /// limited range in 16-bit fixed point, computed here in plain integers.
    func assertMatchesFormula(_ rgb: [(Int, Int, Int)], width: Int, height: Int, pad: (Int, Int, Int),
                              file: StaticString = #filePath, line: UInt = #line) {
        for kernel in YUV420.Kernel.available {
            assertMatchesFormula(rgb, width: width, height: height, pad: pad, kernel: kernel, file: file, line: line)
        }
    }

    func assertMatchesFormula(_ rgb: [(Int, Int, Int)], width: Int, height: Int, pad: (Int, Int, Int), kernel: YUV420.Kernel,
                              file: StaticString, line: UInt) {
        var pixels = rgb.map { word(UInt8($0.0), UInt8($0.1), UInt8($0.2)) }
        var bytes = [UInt8](repeating: 0, count: YUV420.byteCount(width: width, height: height))
        pixels.withUnsafeMutableBytes { p in
            bytes.withUnsafeMutableBufferPointer {
                YUV420.convert(bgrx: p.baseAddress!, width: width, height: height, stride: width * 4,
                               pad: (UInt8(pad.0), UInt8(pad.1), UInt8(pad.2)), into: $0.baseAddress!, kernel: kernel)
            }
        }
        let out = (bytes: bytes, width: width + width % 2, height: height + height % 2)
        let w = width + width % 2, h = height + height % 2
        func at(_ x: Int, _ y: Int) -> (Int, Int, Int) { x < width && y < height ? rgb[y * width + x] : pad }
        func shift(_ v: Int) -> Int { Int((Double(v) / 65536).rounded(.down)) }
        var failures = 0
        for y in 0..<h {
            for x in 0..<w {
                let (r, g, b) = at(x, y)
                let expected = shift(16829 * r + 33039 * g + 6416 * b + 32768) + 16
                if Int(out.bytes[y * w + x]) != expected, failures < 10 {
                    failures += 1
                    XCTFail("\(kernel) Y \(x),\(y): \(out.bytes[y * w + x]) != \(expected)", file: file, line: line)
                }
            }
        }
        for cy in 0..<(h / 2) {
            for cx in 0..<(w / 2) {
                let block = [at(2 * cx, 2 * cy), at(2 * cx + 1, 2 * cy), at(2 * cx, 2 * cy + 1), at(2 * cx + 1, 2 * cy + 1)]
                let r = (block.map(\.0).reduce(0, +) + 2) / 4, g = (block.map(\.1).reduce(0, +) + 2) / 4, b = (block.map(\.2).reduce(0, +) + 2) / 4
                let k = cy * (w / 2) + cx
                let u = shift(-9714 * r - 19071 * g + 28784 * b + 32768) + 128
                let v = shift(28784 * r - 24103 * g - 4681 * b + 32768) + 128
                let gotU = Int(out.bytes[w * h + k]), gotV = Int(out.bytes[w * h + (w / 2) * (h / 2) + k])
                if (gotU != u || gotV != v), failures < 10 {
                    failures += 1
                    XCTFail("\(kernel) UV \(cx),\(cy): \(gotU),\(gotV) != \(u),\(v)", file: file, line: line)
                }
            }
        }
    }

    func testAgreesWithFFmpegOnAGradient() throws {
        let ffmpeg = try ExternalTool.require("ffmpeg", install: "apt-get install -y ffmpeg")
        let width = 64, height = 48
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                pixels[y * width + x] = word(UInt8(x * 4), UInt8(y * 5), UInt8((x + y) * 2))
            }
        }
        let ours = pixels.withUnsafeMutableBytes { YUV420.convert(bgrx: $0.baseAddress!, width: width, height: height, stride: width * 4, pad: (0, 0, 0)) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("yuv-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.bgr0"), output = folder.appendingPathComponent("out.yuv")
        try pixels.withUnsafeBytes { try Data($0).write(to: input) }
        let run = try ExternalTool.run(ffmpeg, ["-hide_banner", "-loglevel", "error", "-y", "-f", "rawvideo", "-pix_fmt", "bgr0",
                                                "-video_size", "\(width)x\(height)", "-i", input.path, "-f", "rawvideo",
                                                "-pix_fmt", "yuv420p", output.path])
        XCTAssertEqual(run.status, 0)
        let theirs = [UInt8](try Data(contentsOf: output))
        XCTAssertEqual(theirs.count, ours.bytes.count)
        // Luma matches to the unit; chroma within 2 on a smooth picture (ffmpeg filters chroma
        // with its own kernel and siting rather than a 2 x 2 mean).
        let luma = width * height
        var worstLuma = 0, worstChroma = 0
        for k in 0..<theirs.count {
            let d = abs(Int(theirs[k]) - Int(ours.bytes[k]))
            if k < luma { worstLuma = max(worstLuma, d) } else { worstChroma = max(worstChroma, d) }
        }
        XCTAssertLessThanOrEqual(worstLuma, 1)
        XCTAssertLessThanOrEqual(worstChroma, 2)
    }
}
