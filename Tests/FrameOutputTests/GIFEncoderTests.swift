import Foundation
@testable import FrameOutput
import FrameFiles
@testable import Images
import SceneFormat
import XCTest

// Our GIF encoder read back by the tests' own reader (GIFTestSupport): LZW edge cases (one
// pixel, one color, 256 colors, growth to 12-bit codes and clear codes), the changed
// rectangle and its transparent pixels, identical frames, palettes exact up to 256 colors and
// close beyond, the timing of 60 and 30 fps sequences, the file around the frames, and the
// same bytes on one thread and on several.

/// A small deterministic generator (64-bit LCG, high bits), so noisy images are the same each run.
struct TestRandom {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
}

final class GIFEncoderTests: XCTestCase {
    var scratch: ScratchFolder!
    override func setUp() { scratch = ScratchFolder() }
    override func tearDown() { scratch.remove() }

    /// The image of one block, parsed as part of a one-frame file.
    func readBlock(_ block: [UInt8], width: Int, height: Int, line: UInt = #line) -> TestGIFImage? {
        readTestGIF(GIFFormat.header(width: width, height: height) + block + GIFFormat.trailer, line: line)?.images.first
    }

    /// Encodes `frames` (0xRRGGBB each) as a GIF and reads it back.
    func roundTrip(_ frames: [[UInt32]], width: Int, height: Int, delay: Int = 2, line: UInt = #line) -> TestGIF? {
        let encoder = GIFFrameEncoder()
        var bytes = GIFFormat.header(width: width, height: height)
        for (k, frame) in frames.enumerated() {
            bytes += encoder.encode(frame: cairoBytes(frame), previous: k > 0 ? cairoBytes(frames[k - 1]) : nil,
                                    width: width, height: height, delay: delay)
        }
        return readTestGIF(bytes + GIFFormat.trailer, line: line)
    }

    // MARK: LZW

    func lzw(_ indices: [UInt8], codeSize: Int, line: UInt = #line) -> TestLZWResult {
        let data = indices.withUnsafeBufferPointer { GIFLZWEncoder().compress($0, minimumCodeSize: codeSize) }
        let decoded = testLZWDecode(data, minimumCodeSize: codeSize)
        XCTAssertTrue(decoded.sawEnd, "ends with the end code", line: line)
        XCTAssertEqual(decoded.indices, indices, "decodes to the same indices", line: line)
        return decoded
    }

    func testLZWOfOnePixel() {
        for size in 2...8 {
            let result = lzw([1], codeSize: size)
            XCTAssertEqual(result.clearCodes, 1)
            XCTAssertEqual(result.widestCode, size + 1)
        }
    }

    func testLZWOfOneColor() {
        let result = lzw([UInt8](repeating: 3, count: 100_000), codeSize: 2)
        XCTAssertEqual(result.clearCodes, 1, "a run of 100,000 needs about 450 codes: no clear")
        XCTAssertLessThanOrEqual(result.widestCode, 9)
    }

    func testLZWOf256Colors() {
        let indices = (0..<20).flatMap { _ in (0..<256).map(UInt8.init) }
        let result = lzw(indices, codeSize: 8)
        XCTAssertEqual(result.widestCode, 11, "9-bit codes at first, grown as the table fills")
    }

    /// A large noisy image fills the table: codes grow to 12 bits and clear codes restart it;
    /// the same for every code size the encoder uses.
    func testLZWOfNoiseGrowsTo12BitsAndClears() {
        var random = TestRandom(state: 42)
        for size in [2, 5, 8] {
            let indices = (0..<200_000).map { _ in UInt8(random.next(1 << size)) }
            let result = lzw(indices, codeSize: size)
            XCTAssertEqual(result.widestCode, 12, "size \(size)")
            XCTAssertGreaterThan(result.clearCodes, 5, "size \(size)")
        }
        // Every way runs and noise can meet at a clear: the KwKwK case, runs right after a clear.
        let mixed = (0..<150_000).map { k in k % 7_000 < 3_000 ? UInt8(random.next(4)) : UInt8(k / 7_000 % 4) }
        XCTAssertGreaterThan(lzw(mixed, codeSize: 2).clearCodes, 1)
    }

    // MARK: Frames

    /// A large noisy frame of 256 colors through the whole encoder: 12-bit codes, clear codes,
    /// and still every pixel exact; a one-color frame is a few bytes.
    func testNoisyAndOneColorFrames() throws {
        var random = TestRandom(state: 7)
        let palette = (0..<256).map { UInt32($0) * 0x01_0203 & 0xFF_FFFF }
        let noise = (0..<(300 * 200)).map { _ in palette[random.next(256)] }
        let gif = try XCTUnwrap(roundTrip([noise], width: 300, height: 200))
        assertSameColors(gif.frames[0], noise, width: 300, "noise")
        XCTAssertEqual(gif.images[0].lzw.widestCode, 12)
        XCTAssertGreaterThan(gif.images[0].lzw.clearCodes, 10)
        XCTAssertEqual(gif.images[0].palette.count, 256)

        let flat = [UInt32](repeating: 0x336699, count: 300 * 200)
        let block = GIFFrameEncoder.encode(frame: cairoBytes(flat), previous: nil, width: 300, height: 200, delay: 2)
        XCTAssertLessThan(block.count, 600, "60,000 pixels of one color")
        let one = try XCTUnwrap(readBlock(block, width: 300, height: 200))
        XCTAssertEqual(Set(one.lzw.indices.map { one.palette[Int($0)] }), [0x336699])
        XCTAssertEqual(one.lzw.clearCodes, 1)
    }

    func testFirstFrameIsTheWholeFrameWithItsExactColors() throws {
        let width = 5, height = 3
        let pixels: [UInt32] = [0xFF0000, 0xFF0000, 0x00FF00, 0x0000FF, 0x123456,
                                0xFF0000, 0xFFFFFF, 0xFFFFFF, 0x0000FF, 0x123456,
                                0x000000, 0x000000, 0x00FF00, 0x0000FF, 0x123457]
        let image = try XCTUnwrap(readBlock(GIFFrameEncoder.encode(frame: cairoBytes(pixels), previous: nil,
                                                                   width: width, height: height, delay: 7),
                                            width: width, height: height))
        XCTAssertEqual(image.rect, PixelBox(x: 0, y: 0, width: 5, height: 3))
        XCTAssertEqual(image.delay, 7)
        XCTAssertEqual(image.disposal, 1, "do not dispose")
        XCTAssertNil(image.transparentIndex)
        XCTAssertEqual(image.palette.count, 8, "7 colors in an 8-entry table")
        XCTAssertEqual(image.lzw.indices.map { image.palette[Int($0)] }, pixels)
    }

    func testOnePixelFrames() throws {
        let gif = try XCTUnwrap(roundTrip([[0xABCDEF], [0xABCDEF], [0x010203]], width: 1, height: 1))
        XCTAssertEqual(gif.frames, [[0xABCDEF], [0xABCDEF], [0x010203]])
        XCTAssertEqual(gif.images.map(\.rect), Array(repeating: PixelBox(x: 0, y: 0, width: 1, height: 1), count: 3))
        XCTAssertEqual(gif.images[1].transparentIndex, 0, "unchanged: one transparent pixel")
        XCTAssertEqual(gif.images[0].palette.count, 2, "the smallest table")
        XCTAssertEqual(gif.images[0].minimumCodeSize, 2, "GIF's smallest code size")
    }

    func testChangedRectangleOnly() throws {
        let width = 40, height = 30
        let background = [UInt32](repeating: 0xF0F0F0, count: width * height)
        var moved = background
        for y in 10..<14 { for x in 5..<9 { moved[y * width + x] = 0x3366CC } }
        moved[20 * width + 30] = 0x000000
        var back = moved
        for y in 10..<14 { for x in 5..<9 { back[y * width + x] = 0xF0F0F0 } }
        let gif = try XCTUnwrap(roundTrip([background, moved, back, back], width: width, height: height, delay: 3))
        XCTAssertEqual(gif.frames, [background, moved, back, back])
        XCTAssertEqual(gif.images[1].rect, PixelBox(x: 5, y: 10, width: 26, height: 11))
        XCTAssertEqual(gif.images[2].rect, PixelBox(x: 5, y: 10, width: 4, height: 4))
        XCTAssertEqual(gif.images[3].rect, PixelBox(x: 0, y: 0, width: 1, height: 1), "identical: one pixel")
        XCTAssertEqual(gif.images[3].transparentIndex, 0)
        XCTAssertEqual(gif.images.map(\.delay), [3, 3, 3, 3], "every frame keeps its delay")
        XCTAssertEqual(gif.images[1].transparentIndex, 1, "the unchanged background inside the rectangle")
        XCTAssertNil(gif.images[2].transparentIndex, "every pixel changed: no transparent entry")
    }

    /// Only the colors count: the unused top byte of Cairo's RGB24 words may differ.
    func testTheUnusedByteIsIgnored() throws {
        let colors: [UInt32] = (0..<64).map { UInt32($0 * 3) }
        let block = GIFFrameEncoder.encode(frame: cairoBytes(colors, x: 0x00), previous: cairoBytes(colors, x: 0xFF),
                                           width: 8, height: 8, delay: 2)
        XCTAssertEqual(try XCTUnwrap(readBlock(block, width: 8, height: 8)).rect, PixelBox(x: 0, y: 0, width: 1, height: 1))
    }

    /// A rectangle whose pixels that did not change continue a run of their color keeps that
    /// color's index (one run for LZW); elsewhere they are transparent.
    func testUnchangedPixelsContinueRuns() throws {
        let width = 10, height = 1
        let before: [UInt32] = [1, 2, 9, 9, 9, 9, 9, 9, 5, 6]
        let after: [UInt32] = [1, 9, 9, 9, 9, 9, 9, 9, 7, 6]
        let image = try XCTUnwrap(readBlock(GIFFrameEncoder.encode(frame: cairoBytes(after), previous: cairoBytes(before),
                                                                   width: width, height: height, delay: 2),
                                            width: width, height: height))
        XCTAssertEqual(image.rect, PixelBox(x: 1, y: 0, width: 8, height: 1))
        let nine = try XCTUnwrap(image.palette.firstIndex(of: 9))
        XCTAssertEqual(image.lzw.indices, Array(repeating: UInt8(nine), count: 7) + [UInt8(image.palette.firstIndex(of: 7)!)])
        XCTAssertNil(image.transparentIndex)
    }

    func test256ColorsAreExact() throws {
        let width = 32, height = 16
        let exactly256 = (0..<(width * height)).map { UInt32($0 % 256) &* 0x01_0307 & 0xFF_FFFF }
        XCTAssertEqual(Set(exactly256).count, 256)
        var changed = exactly256
        for k in 0..<(width * height) where k % 3 == 0 { changed[k] = exactly256[(k + 17) % (width * height)] }
        let gif = try XCTUnwrap(roundTrip([exactly256, changed], width: width, height: height))
        assertSameColors(gif.frames[0], exactly256, width: width, "frame 0")
        assertSameColors(gif.frames[1], changed, width: width, "frame 1")
        XCTAssertEqual(gif.images[0].palette.count, 256)
        XCTAssertEqual(gif.images[0].minimumCodeSize, 8)
    }

    /// 256 changed colors leave no room for a transparent entry: the whole rectangle is coded
    /// with its colors, still exactly.
    func test256ChangedColorsWithoutTransparency() throws {
        let width = 256, height = 2
        let palette = (0..<256).map { UInt32($0) * 0x01_0101 ^ 0x80 }
        let before = (0..<256).map { palette[($0 + 1) % 256] } + palette
        var after = palette + palette
        after[width + 7] = palette[8]
        let gif = try XCTUnwrap(roundTrip([before, after], width: width, height: height))
        assertSameColors(gif.frames[0], before, width: width, "frame 0")
        assertSameColors(gif.frames[1], after, width: width, "frame 1")
        XCTAssertEqual(gif.images[1].rect, PixelBox(x: 0, y: 0, width: 256, height: 2))
        XCTAssertNil(gif.images[1].transparentIndex)
        XCTAssertEqual(gif.images[1].palette.count, 256)
    }

    /// More than 256 colors: every pixel close, the most frequent colors exact.
    func testManyColorsAreClose() throws {
        let width = 120, height = 90
        // Flat shapes (large areas in 12 colors) with soft edges: blends of neighbors in many levels.
        let fills: [UInt32] = [0xFFFFFF, 0xE53935, 0x1E88E5, 0x43A047, 0xFDD835, 0x8E24AA,
                               0x00ACC1, 0x6D4C41, 0x212121, 0xFB8C00, 0xC0CA33, 0xD81B60]
        func mix(_ a: UInt32, _ b: UInt32, _ t: Int) -> UInt32 {
            [16, 8, 0].reduce(UInt32(0)) { sum, shift in
                let ca = Int(a >> UInt32(shift) & 0xFF), cb = Int(b >> UInt32(shift) & 0xFF)
                return sum | UInt32((ca * (64 - t) + cb * t) / 64) << UInt32(shift)
            }
        }
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let cell = (y / 15) * 8 + x / 15
                let a = fills[cell % fills.count], b = fills[(cell * 5 + 3) % fills.count]
                let inCell = (x % 15) + (y % 15)
                pixels[y * width + x] = inCell < 22 ? a : mix(a, b, (inCell * 7 + x + 3 * y) % 64)
            }
        }
        var counts: [UInt32: Int] = [:]
        for p in pixels { counts[p, default: 0] += 1 }
        XCTAssertGreaterThan(counts.count, 400, "the test needs more colors than a GIF table holds")
        let gif = try XCTUnwrap(roundTrip([pixels], width: width, height: height))
        let shown = gif.frames[0]
        var worst = 0, total = 0
        for k in pixels.indices {
            let d = channelDifference(shown[k], pixels[k])
            worst = max(worst, d)
            total += d
        }
        print("GIF of \(counts.count) colors: largest channel difference \(worst), mean \(Double(total) / Double(pixels.count))")
        XCTAssertLessThanOrEqual(worst, 10, "every pixel within 10 levels per channel")
        XCTAssertLessThan(Double(total) / Double(pixels.count), 0.5, "mean difference below half a level")
        let frequent = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(64)
        for (color, _) in frequent {
            for k in pixels.indices where pixels[k] == color { XCTAssertEqual(shown[k], color) }
        }
    }

    // MARK: Timing

    func testTimingOf60FPSIs50FPSWithTheNearestFrames() throws {
        let timing = GIFTiming(sequenceFPS: 60, frameCount: 600)
        XCTAssertEqual(timing.fps, 50)
        XCTAssertEqual(timing.frames.count, 500)
        XCTAssertEqual(Array(timing.frames.prefix(7)), [0, 1, 2, 4, 5, 6, 7])
        XCTAssertEqual(Set(timing.delays), [2])
        XCTAssertEqual(timing.duration, 1000)
        XCTAssertEqual(timing.position(ofFrame: 4), 3)
        XCTAssertNil(timing.position(ofFrame: 3))
        // The frames the APNG preview and ffmpeg's fps filter would pick.
        let out = scratch.child("output")
        try writeSequence(to: out, frameCount: 37, options: FrameSequenceOptions(jobs: 1, frames: FrameRange(5..<37)))
        let folder = try FrameFolder(path: out + "/rain")
        XCTAssertEqual(GIFTiming(sequenceFPS: 60, frameCount: folder.frames.count).frames.map { $0 + 5 },
                       folder.sample(atFPS: 50).frames)
    }

    func testTimingCarriesTheRoundingError() {
        let thirty = GIFTiming(sequenceFPS: 30, frameCount: 90)
        XCTAssertEqual(thirty.frames, Array(0..<90))
        XCTAssertEqual(Array(thirty.delays.prefix(6)), [3, 3, 4, 3, 3, 4])
        XCTAssertEqual(thirty.duration, 300)
        let film = GIFTiming(sequenceFPS: 24, frameCount: 25)
        XCTAssertEqual(film.delays.reduce(0, +), 104, "25 / 24 s rounded down to a centisecond")
        XCTAssertEqual(Set(film.delays), [4, 5])
        let slow = GIFTiming(sequenceFPS: 60, frameCount: 60, previewFPS: 12.5)
        XCTAssertEqual(slow.frames.count, 12)
        XCTAssertEqual(Set(slow.delays), [8])
        XCTAssertEqual(slow.frames[1], 5)
        XCTAssertEqual(GIFTiming(sequenceFPS: 29.97, frameCount: 2997).duration, 10000)
    }

    // MARK: The file

    func testFileWriter() throws {
        let path = scratch.child("x.gif")
        let gif = try GIFFileWriter(path: path, width: 2, height: 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "written under a temporary name")
        let encoder = GIFFrameEncoder()
        try gif.append(encoder.encode(frame: cairoBytes([1, 2]), previous: nil, width: 2, height: 1, delay: 5))
        try gif.append(encoder.encode(frame: cairoBytes([1, 3]), previous: cairoBytes([1, 2]), width: 2, height: 1, delay: 6))
        let file = try gif.finish()
        XCTAssertEqual(file.frameCount, 2)
        XCTAssertEqual(file.byteCount, Int(try FileManager.default.attributesOfItem(atPath: path)[.size] as! UInt64))
        let read = try XCTUnwrap(readTestGIF(path: path))
        XCTAssertEqual(read.loopCount, 0, "loops forever")
        XCTAssertFalse(read.hasGlobalTable)
        XCTAssertEqual(read.frames, [[1, 2], [1, 3]])
        XCTAssertEqual(read.images.map(\.delay), [5, 6])
        XCTAssertEqual(scratch.entries().filter { $0.hasPrefix(".") }, [])

        let empty = try GIFFileWriter(path: scratch.child("empty.gif"), width: 1, height: 1)
        XCTAssertThrowsError(try empty.finish())
        XCTAssertEqual(scratch.entries(), ["x.gif"], "nothing left of a failed GIF")
        XCTAssertThrowsError(try GIFFileWriter(path: scratch.child("big.gif"), width: 70_000, height: 1))
    }

    /// The blocks do not depend on the thread or order they are encoded in, nor do the files on
    /// the job count.
    func testSameBytesOnOneAndTwoThreads() throws {
        let width = 64, height = 48
        let frames = (0..<24).map { k -> [UInt8] in
            var random = TestRandom(state: UInt64(k / 6))
            return cairoBytes((0..<(width * height)).map { i in
                let x = i % width, y = i / width
                let inBox = abs(x - 10 - k) < 6 && abs(y - 20) < 6
                return inBox ? 0x3366CC : (k % 6 == 5 ? UInt32(random.next(1 << 24)) : 0xFFFFFF)
            })
        }
        let encoder = GIFFrameEncoder()
        let serial = frames.indices.map { k in
            encoder.encode(frame: frames[k], previous: k > 0 ? frames[k - 1] : nil, width: width, height: height, delay: 2)
        }
        var parallel = [[UInt8]](repeating: [], count: frames.count)
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: frames.count) { i in
            let k = frames.count - 1 - i
            let block = GIFFrameEncoder.encode(frame: frames[k], previous: k > 0 ? frames[k - 1] : nil,
                                               width: width, height: height, delay: 2)
            lock.withLock { parallel[k] = block }
        }
        XCTAssertEqual(serial, parallel)

        let out = scratch.child("output")
        try writeSequence(to: out, frameCount: 40)
        let folder = try FrameFolder(path: out + "/rain")
        try GIFWriter.write(from: folder, to: scratch.child("one.gif"), jobs: 1)
        try GIFWriter.write(from: folder, to: scratch.child("two.gif"), jobs: 2)
        try GIFWriter.write(from: folder, to: scratch.child("five.gif"), jobs: 5)
        let one = FileManager.default.contents(atPath: scratch.child("one.gif"))
        XCTAssertNotNil(one)
        XCTAssertEqual(one, FileManager.default.contents(atPath: scratch.child("two.gif")))
        XCTAssertEqual(one, FileManager.default.contents(atPath: scratch.child("five.gif")))
    }

    /// The folder's GIF shows the frames' own pixels (exactly with up to 256 colors, closely
    /// with more), at most 50 fps, scaled when asked.
    func testFolderGIF() throws {
        for items in [4, 14] {
            let out = scratch.child("output-\(items)")
            try writeSequence(to: out, frameCount: 30, frame: { rainFrame($0, count: items) })
            let folder = try FrameFolder(path: out + "/rain")
            let path = scratch.child("rain-\(items).gif")
            let file = try GIFWriter.write(from: folder, to: path)
            XCTAssertEqual(file.frameCount, 25)
            XCTAssertEqual(file.width, 64)
            let gif = try XCTUnwrap(readTestGIF(path: path))
            let timing = GIFTiming(sequenceFPS: 60, frameCount: 30)
            var approximated = 0
            for (k, frame) in gif.frames.enumerated() {
                let source = colors(of: try RGBAImage.decodePNG(path: folder.path(ofFrame: timing.frames[k])))
                if Set(source).count <= 256 {
                    assertSameColors(frame, source, width: 64, "frame \(k)")
                } else {
                    approximated += 1
                    XCTAssertLessThanOrEqual(zip(frame, source).map { channelDifference($0, $1) }.max()!, 10, "frame \(k)")
                }
            }
            XCTAssertEqual(approximated, items == 4 ? 0 : 25, "4 items: under 256 colors, 14: more (\(items) items)")
        }
        let folder = try FrameFolder(path: scratch.child("output-4") + "/rain")
        let small = try GIFWriter.write(from: folder, to: scratch.child("small.gif"), options: PreviewOptions(fps: 20, width: 32))
        XCTAssertEqual(small.frameCount, 10)
        XCTAssertEqual(small.height, 24)
        let read = try XCTUnwrap(readTestGIF(path: small.path))
        XCTAssertEqual(read.width, 32)
        XCTAssertEqual(Set(read.images.map(\.delay)), [5])
        XCTAssertThrowsError(try GIFWriter.write(from: folder, to: scratch.child("bad.gif"), options: PreviewOptions(fps: 0)))
    }

    /// GIF has no partial transparency: see-through frames are shown over white.
    func testSeeThroughFramesAreShownOverWhite() throws {
        let out = scratch.child("output")
        try writeSequence(to: out, frameCount: 3, frame: { k in
            var frame = rainFrame(k, count: 4)
            frame.background = SceneColor(red: 0, green: 0, blue: 1, alpha: 0.5)
            return frame
        })
        let folder = try FrameFolder(path: out + "/rain")
        let gif = try XCTUnwrap(readTestGIF(path: try GIFWriter.write(from: folder, to: scratch.child("clear.gif")).path))
        let source = try RGBAImage.decodePNG(path: folder.path(ofFrame: 0))
        for (k, shown) in gif.frames[0].enumerated() {
            let p = source.pixel(x: k % 64, y: k / 64)!
            func over(_ c: UInt8) -> Int { (Int(c) * Int(p.alpha) + 255 * (255 - Int(p.alpha))) / 255 }
            let expected = UInt32(over(p.red)) << 16 | UInt32(over(p.green)) << 8 | UInt32(over(p.blue))
            XCTAssertLessThanOrEqual(channelDifference(shown, expected), 2, "pixel \(k)")
            if channelDifference(shown, expected) > 2 { break }
        }
    }

    /// A damaged frame is a typed error, and no GIF (nor its temporary file) is left.
    func testDamagedFrameLeavesNoFile() throws {
        let out = scratch.child("output")
        try writeSequence(to: out, frameCount: 12)
        let folder = try FrameFolder(path: out + "/rain")
        var bytes = [UInt8](FileManager.default.contents(atPath: folder.path(ofFrame: 10))!)
        bytes[40] ^= 0xFF
        XCTAssertTrue(FileManager.default.createFile(atPath: folder.path(ofFrame: 10), contents: Data(bytes)))
        let path = scratch.child("broken.gif")
        XCTAssertThrowsError(try GIFWriter.write(from: folder, to: path, jobs: 2)) { error in
            guard case PreviewError.unreadableFrame(let framePath, .corrupt) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(framePath, folder.path(ofFrame: 10))
        }
        XCTAssertEqual(scratch.entries(), ["output"])
    }
}
