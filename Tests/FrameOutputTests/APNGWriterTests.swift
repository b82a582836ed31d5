import Foundation
@testable import FrameOutput
import FrameFiles
import Rendering
import Images
import SceneFormat
import XCTest

// The APNG written without ffmpeg: chunk order, one shared sequence counter, valid CRCs, the
// frame count, loop forever, the delay; every frame rebuilt as a stand-alone PNG decodes to
// the same pixels as its frame file; fps and width options; and ffprobe's frame count.

final class APNGWriterTests: XCTestCase {
    var scratch: ScratchFolder!
    override func setUp() { scratch = ScratchFolder() }
    override func tearDown() { scratch.remove() }

    /// A finished folder of `count` rain frames at 60 fps.
    func folder(count: Int, width: Double = 64, height: Double = 48, background: SceneColor = .white) throws -> FrameFolder {
        let out = scratch.child("output")
        try writeSequence(to: out, frameCount: count, frame: { k in
            var frame = rainFrame(k, width: width, height: height)
            frame.background = background
            return frame
        })
        return try FrameFolder(path: out + "/rain")
    }

    /// Checks the structure and returns each frame's (fcTL, image data).
    func checkStructure(_ path: String, frames: Int, width: Int, height: Int,
                        delay: (UInt16, UInt16), line: UInt = #line) -> [(control: TestChunk, data: [UInt8])] {
        let chunks = readChunks(path, line: line)
        XCTAssertTrue(chunks.allSatisfy(\.crcIsValid), "every CRC-32 is valid", line: line)
        XCTAssertEqual(chunks.first?.type, "IHDR", line: line)
        XCTAssertEqual(chunks.first?.uint32(at: 0), UInt32(width), line: line)
        XCTAssertEqual(chunks.first?.uint32(at: 4), UInt32(height), line: line)
        XCTAssertEqual(chunks.last?.type, "IEND", line: line)
        guard let actl = chunks.first(where: { $0.type == "acTL" }) else { XCTFail("no acTL", line: line); return [] }
        XCTAssertEqual(chunks.firstIndex { $0.type == "acTL" }, 1, "acTL right after IHDR", line: line)
        XCTAssertEqual(actl.uint32(at: 0), UInt32(frames), "num_frames", line: line)
        XCTAssertEqual(actl.uint32(at: 4), 0, "num_plays 0: loop forever", line: line)

        var sequence: UInt32 = 0
        var result: [(TestChunk, [UInt8])] = []
        var sawIDAT = false
        for chunk in chunks {
            switch chunk.type {
            case "fcTL":
                XCTAssertEqual(chunk.data.count, 26, line: line)
                XCTAssertEqual(chunk.uint32(at: 0), sequence, "fcTL sequence", line: line)
                XCTAssertEqual(chunk.uint32(at: 4), UInt32(width), line: line)
                XCTAssertEqual(chunk.uint32(at: 8), UInt32(height), line: line)
                XCTAssertEqual(chunk.uint32(at: 12), 0, line: line)
                XCTAssertEqual(chunk.uint32(at: 16), 0, line: line)
                XCTAssertEqual(chunk.uint16(at: 20), delay.0, "delay_num", line: line)
                XCTAssertEqual(chunk.uint16(at: 22), delay.1, "delay_den", line: line)
                XCTAssertEqual(chunk.data[24], 0, "dispose none", line: line)
                XCTAssertEqual(chunk.data[25], 0, "blend source", line: line)
                sequence += 1
                result.append((chunk, []))
            case "IDAT":
                XCTAssertEqual(result.count, 1, "IDAT belongs to the first frame, after its fcTL", line: line)
                sawIDAT = true
                result[result.count - 1].1 += chunk.data
            case "fdAT":
                XCTAssertGreaterThan(result.count, 1, line: line)
                XCTAssertEqual(chunk.uint32(at: 0), sequence, "fdAT sequence", line: line)
                sequence += 1
                result[result.count - 1].1 += chunk.data.dropFirst(4)
            default:
                break
            }
        }
        XCTAssertTrue(sawIDAT, line: line)
        XCTAssertEqual(result.count, frames, "fcTL count", line: line)
        return result
    }

    /// A stand-alone PNG of one APNG frame: IHDR with the frame's size, its data as IDAT.
    func standalonePNG(ihdr: [UInt8], width: UInt32, height: UInt32, data: [UInt8]) -> [UInt8] {
        var header = ihdr
        for (i, shift) in [24, 16, 8, 0].enumerated() {
            header[i] = UInt8(truncatingIfNeeded: width >> UInt32(shift))
            header[4 + i] = UInt8(truncatingIfNeeded: height >> UInt32(shift))
        }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + serializedChunk("IHDR", header)
            + serializedChunk("IDAT", data) + serializedChunk("IEND", [])
    }

    func testAPNGStructureAndFramesMatchTheFrameFiles() throws {
        let frames = try folder(count: 7)
        let path = scratch.child("output/rain/preview.apng")
        let preview = try APNGWriter.write(from: frames, to: path, jobs: 2)
        XCTAssertEqual(preview.frameCount, 7)
        XCTAssertEqual(preview.width, 64)
        XCTAssertEqual(preview.height, 48)
        XCTAssertEqual(preview.byteCount, try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)

        let parsed = checkStructure(path, frames: 7, width: 64, height: 48, delay: (1, 60))
        let ihdr = readChunks(path)[0].data
        for (k, frame) in parsed.enumerated() {
            let png = standalonePNG(ihdr: ihdr, width: 64, height: 48, data: frame.data)
            XCTAssertEqual(try RGBAImage.decodePNG(data: png), try RGBAImage.decodePNG(path: frames.path(ofFrame: k)), "frame \(k)")
        }
        XCTAssertEqual(scratch.entries(scratch.child("output/rain")).filter { $0.hasPrefix(".") }, [], "no temporary file left")
        // Same bytes again with one job.
        let again = scratch.child("again.apng")
        try APNGWriter.write(from: frames, to: again, jobs: 1)
        XCTAssertEqual(FileManager.default.contents(atPath: again), FileManager.default.contents(atPath: path))

        if let count = try ffprobeFrameCount(path) {
            XCTAssertEqual(count, 7, "ffprobe counts the APNG's frames")
        }
    }

    func testLowerFPSPicksFramesAndSetsTheDelay() throws {
        let frames = try folder(count: 12)
        let path = scratch.child("half.apng")
        let preview = try APNGWriter.write(from: frames, to: path, options: PreviewOptions(fps: 30))
        XCTAssertEqual(preview.frameCount, 6)
        let parsed = checkStructure(path, frames: 6, width: 64, height: 48, delay: (1, 30))
        let ihdr = readChunks(path)[0].data
        // Every other frame: 0, 2, 4, ...
        for (k, frame) in parsed.enumerated() {
            let png = standalonePNG(ihdr: ihdr, width: 64, height: 48, data: frame.data)
            XCTAssertEqual(try RGBAImage.decodePNG(data: png), try RGBAImage.decodePNG(path: frames.path(ofFrame: 2 * k)))
        }
        XCTAssertEqual(frames.sample(atFPS: 25).frames, [0, 2, 5, 7, 10])  // nearest frame to k / 25 s
        XCTAssertEqual(frames.sample(atFPS: 120).frames, Array(0..<12))
        XCTAssertTrue(APNGWriter.delay(forFPS: 60) == (1, 60))
        XCTAssertTrue(APNGWriter.delay(forFPS: 29.97) == (100, 2997))
        XCTAssertTrue(APNGWriter.delay(forFPS: 0.5) == (10, 5))
    }

    func testSmallerWidthScalesFramesDown() throws {
        let frames = try folder(count: 4)
        let path = scratch.child("small.apng")
        let preview = try APNGWriter.write(from: frames, to: path, options: PreviewOptions(width: 32))
        XCTAssertEqual(preview.width, 32)
        XCTAssertEqual(preview.height, 24)
        let parsed = checkStructure(path, frames: 4, width: 32, height: 24, delay: (1, 60))
        let ihdr = readChunks(path)[0].data
        XCTAssertEqual(ihdr[9], 2, "opaque frames stay RGB")
        for (k, frame) in parsed.enumerated() {
            let image = try RGBAImage.decodePNG(data: standalonePNG(ihdr: ihdr, width: 32, height: 24, data: frame.data))
            let full = try RGBAImage.decodePNG(path: frames.path(ofFrame: k))
            // Each pixel is close to the mean of its 2 x 2 source block (Cairo's GOOD filter).
            var total = 0
            for y in 0..<24 {
                for x in 0..<32 {
                    let p = image.pixel(x: x, y: y)!
                    let block = [full.pixel(x: 2 * x, y: 2 * y)!, full.pixel(x: 2 * x + 1, y: 2 * y)!,
                                 full.pixel(x: 2 * x, y: 2 * y + 1)!, full.pixel(x: 2 * x + 1, y: 2 * y + 1)!]
                    let mean = Int(block.map { Int($0.green) }.reduce(0, +) / 4)
                    total += abs(Int(p.green) - mean)
                }
            }
            XCTAssertLessThan(Double(total) / (32 * 24), 12, "frame \(k) is a faithful downscale")
        }
        // A width at or above the frames' keeps them (and copies their data).
        XCTAssertEqual(try APNGWriter.write(from: frames, to: scratch.child("same.apng"), options: PreviewOptions(width: 640)).width, 64)
    }

    func testTransparentFramesKeepAlpha() throws {
        let frames = try folder(count: 3, background: .clear)
        let path = scratch.child("clear.apng")
        try APNGWriter.write(from: frames, to: path, options: PreviewOptions(width: 32))
        let ihdr = readChunks(path)[0].data
        XCTAssertEqual(ihdr[9], 6, "RGBA")
        let parsed = checkStructure(path, frames: 3, width: 32, height: 24, delay: (1, 60))
        let image = try RGBAImage.decodePNG(data: standalonePNG(ihdr: ihdr, width: 32, height: 24, data: parsed[0].data))
        XCTAssertEqual(image.pixel(x: 31, y: 0)?.alpha, 0)
    }

    func testBadInputsAreTypedErrors() throws {
        XCTAssertThrowsError(try FrameFolder(path: scratch.child("missing"), fps: 60)) { error in
            guard case FrameFilesError.notAFrameFolder = error else { return XCTFail("\(error)") }
        }
        let frames = try folder(count: 4)
        try FileManager.default.removeItem(atPath: frames.path(ofFrame: 2))
        XCTAssertThrowsError(try FrameFolder(path: frames.path)) { error in
            XCTAssertEqual(error as? FrameFilesError, .notAFrameFolder(path: frames.path, reason: "frame_00002.png is missing; frames must be contiguous"))
        }
        try FileManager.default.removeItem(atPath: frames.path + "/manifest.json")
        try FileManager.default.removeItem(atPath: frames.path(ofFrame: 3))
        XCTAssertThrowsError(try FrameFolder(path: frames.path)) { XCTAssertEqual($0 as? FrameFilesError, .unknownFPS(path: frames.path)) }
        // A damaged frame is reported, and no preview file appears.
        let damaged = try FrameFolder(path: frames.path, fps: 60)
        var bytes = [UInt8](FileManager.default.contents(atPath: frames.path(ofFrame: 1))!)
        bytes[40] ^= 0xFF
        XCTAssertTrue(FileManager.default.createFile(atPath: frames.path(ofFrame: 1), contents: Data(bytes)))
        let path = scratch.child("broken.apng")
        XCTAssertThrowsError(try APNGWriter.write(from: damaged, to: path)) { error in
            guard case PreviewError.unreadableFrame(let framePath, .corrupt) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(framePath, frames.path(ofFrame: 1))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(scratch.entries().filter { $0.hasPrefix(".") }, [])
        XCTAssertThrowsError(try APNGWriter.write(from: damaged, to: path, options: PreviewOptions(fps: 0)))
    }

    func testCRC32MatchesTheStandardCheckValue() {
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(bitwiseCRC32(Array("123456789".utf8)), 0xCBF4_3926)
    }
}
