import CPNG
import CTestSupport
import Foundation
import Images
import XCTest

/// The frame encoder (cpng's own deflate for opaque frames) against zlib's inflate: every
/// block form it can write, on images made to need each of them, decodes to the very rows.
final class FrameDeflateTests: XCTestCase {
    /// Rows of `width` RGB pixels, each after a filter byte of 0, as the frame encoder takes them.
    struct Rows {
        let name: String
        let width: Int
        let height: Int
        var bytes: [UInt8]
        var rowBytes: Int { 1 + 3 * width }
    }

    static func corpus() -> [Rows] {
        var state: UInt32 = 5
        func next() -> UInt8 { state = state &* 1_664_525 &+ 1_013_904_223; return UInt8(state >> 24) }
        func make(_ name: String, _ width: Int, _ height: Int, _ pixel: (Int, Int) -> (UInt8, UInt8, UInt8)) -> Rows {
            var bytes: [UInt8] = []
            bytes.reserveCapacity((1 + 3 * width) * height)
            for y in 0..<height {
                bytes.append(0)
                for x in 0..<width {
                    let (r, g, b) = pixel(x, y)
                    bytes += [r, g, b]
                }
            }
            return Rows(name: name, width: width, height: height, bytes: bytes)
        }
        // Runs of 1, 2, ... 100 pixels of one color each, shifted by a pixel a row: matches of
        // every length at the left pixel's distance and at the row's, and literals between.
        var runColors: [(UInt8, UInt8, UInt8)] = []
        for _ in 0..<200 { runColors.append((next(), next(), next())) }
        var runOf: [Int] = []
        for length in 1...100 { runOf += Array(repeating: runOf.isEmpty ? 0 : (runOf.last! + 1) % 200, count: length) }
        return [
            make("noise", 640, 60) { _, _ in (next(), next(), next()) },
            make("flat", 1280, 72) { _, _ in (242, 242, 247) },
            make("gradient", 400, 100) { x, y in (UInt8(x & 255), UInt8(y & 255), UInt8((x + y) & 255)) },
            make("boxes and a noisy band", 750, 60) { x, y in
                if y % 29 == 3 { return (next(), next(), next()) }
                return y % 17 < 5 && x % 23 < 11 ? (0, 122, 255) : (242, 242, 247)
            },
            make("runs", runOf.count / 4, 12) { x, y in runColors[runOf[(x + y) % runOf.count]] },
            make("one pixel wide", 1, 5000) { _, y in y % 7 < 3 ? (10, 20, 30) : (next(), 0, 0) },
            // A row of more than 32,768 bytes: the pixel above is out of deflate's window.
            make("rows past the window", 11000, 3) { x, _ in x % 50 < 40 ? (200, 30, 30) : (next(), next(), 9) },
            make("one row", 20000, 1) { x, _ in x % 13 < 9 ? (1, 2, 3) : (next(), 5, 5) },
            make("no rows", 10, 0) { _, _ in (0, 0, 0) },
        ]
    }

    /// The stream of `rows` with blocks of `forms`, or nil (with a failure) when cpng refuses.
    func deflate(_ rows: Rows, forms: Int32) -> [UInt8]? {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = rows.bytes.withUnsafeBufferPointer {
            cpng_frame_deflate($0.baseAddress, rows.rowBytes, rows.height, 3, forms, &out, &size)
        }
        defer { cpng_free(out) }
        XCTAssertEqual(status, CPNG_OK, rows.name)
        guard status == CPNG_OK, let out else { return nil }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    /// zlib's inflate of `stream`, or nil when zlib refuses it or it holds more than `limit` bytes.
    func inflate(_ stream: [UInt8], limit: Int) -> [UInt8]? {
        var out = [UInt8](repeating: 0, count: limit)
        var written = 0
        let status = stream.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { test_inflate_raw(input.baseAddress, input.count, $0.baseAddress, limit, &written) }
        }
        return status == 0 ? Array(out[0..<written]) : nil
    }

    /// BTYPE of the stream's first block (RFC 1951, 3.2.3: bits 1-2 of the first byte).
    func firstBlockType(_ stream: [UInt8]) -> Int { Int(stream[0] >> 1 & 3) }

    /// A PNG of RGB24 words through cpng_encode's frame encoder (this thread's, with its history).
    static func encodeFast(_ words: [UInt32], _ width: Int, _ height: Int) throws -> [UInt8] {
        try words.withUnsafeBytes {
            try PNGEncoder.encode(pixels: $0.baseAddress!, width: width, height: height, stride: width * 4,
                                  format: .rgb24, preset: .fast)
        }
    }

    func testEveryBlockFormInflatesToItsRows() throws {
        let forms: [(String, Int32)] = [("stored", Int32(CPNG_DEFLATE_STORED)), ("fixed", Int32(CPNG_DEFLATE_FIXED)),
                                        ("dynamic", Int32(CPNG_DEFLATE_DYNAMIC)), ("any", Int32(CPNG_DEFLATE_ANY))]
        for rows in Self.corpus() {
            var sizes: [String: Int] = [:]
            for (name, mask) in forms {
                let stream = try XCTUnwrap(deflate(rows, forms: mask))
                let back = try XCTUnwrap(inflate(stream, limit: rows.bytes.count), "\(rows.name), \(name): zlib refuses it")
                XCTAssertTrue(back == rows.bytes, "\(rows.name), \(name): inflates to other bytes")
                // Never much more than the rows: five bytes per stored piece of 65,535 at worst.
                let raw = rows.bytes.count
                XCTAssertLessThanOrEqual(stream.count, raw + 5 * (raw / 65_535 + 2) + 8, "\(rows.name), \(name)")
                sizes[name] = stream.count
                guard raw > 0 else { continue }
                let compressible = rows.name != "noise"
                switch name {
                case "stored": XCTAssertEqual(firstBlockType(stream), 0, rows.name)
                case "fixed": XCTAssertEqual(firstBlockType(stream), compressible ? 1 : 0, rows.name)
                case "dynamic": XCTAssertEqual(firstBlockType(stream), compressible ? 2 : 0, rows.name)
                default: break
                }
            }
            // Choosing per block is never worse than any one form throughout (a byte a block
            // for the stored form's padding, which the choice estimates).
            let best = min(sizes["stored"]!, sizes["fixed"]!, sizes["dynamic"]!)
            XCTAssertLessThanOrEqual(sizes["any"]!, best + rows.bytes.count / 32_768 + 2, rows.name)
            if rows.name == "flat" { XCTAssertLessThan(sizes["any"]!, rows.bytes.count / 100, "flat rows compress") }
        }
    }

    /// The same rows give the same stream, and cpng_encode's per-thread encoder, reused across
    /// frames of other sizes and run on two threads at once, gives the bytes of a fresh one.
    func testFrameEncoderIsAFunctionOfTheRows() throws {
        let corpus = Self.corpus()
        for rows in corpus {
            XCTAssertEqual(deflate(rows, forms: Int32(CPNG_DEFLATE_ANY)), deflate(rows, forms: Int32(CPNG_DEFLATE_ANY)), rows.name)
        }
        var state: UInt32 = 9
        func frame(_ width: Int, _ height: Int) -> [UInt32] {
            (0..<(width * height)).map { i in
                state = state &* 1_664_525 &+ 1_013_904_223
                return (i / width) % 11 < 4 ? 0xFF00_7AFF : i % 31 == 0 ? state : 0xFFF2_F2F7
            }
        }
        let frames = [(1280, 72, frame(1280, 72)), (333, 211, frame(333, 211)), (1280, 72, frame(1280, 72))]
        func encode(_ index: Int) throws -> [UInt8] {
            let (width, height, words) = frames[index]
            return try Self.encodeFast(words, width, height)
        }
        let sequential = try (0..<frames.count).map(encode)
        var parallel = [[[UInt8]]](repeating: [], count: 2)
        let lock = NSLock()
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            // Each thread walks the frames in its own order.
            let order = thread == 0 ? [0, 1, 2, 1, 0] : [2, 1, 0, 0, 1]
            let got = order.map { try? encode($0) }
            lock.lock()
            parallel[thread] = zip(order, got).sorted { $0.0 < $1.0 }.compactMap { $0.1 }
            lock.unlock()
        }
        XCTAssertEqual(parallel[0], [sequential[0], sequential[0], sequential[1], sequential[1], sequential[2]])
        XCTAssertEqual(parallel[1], [sequential[0], sequential[0], sequential[1], sequential[1], sequential[2]])
    }
    /// Runs `body` on a thread of its own, whose frame encoder has seen no frame before.
    func onFreshThread<T>(_ body: @escaping @Sendable () throws -> T) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.result = Result { try body() }
            done.signal()
        }
        thread.start()
        done.wait()
        return try box.result!.get()
    }

    /// Regression: where a row ends less than eight bytes after a position, the encoder used to
    /// choose between the pixel to the left and the one above by how far each matched past
    /// the row's end, into bytes an earlier, larger image had left in its buffer. A frame after
    /// a large noisy one then came out (valid, but) other than from a fresh encoder, a few bytes
    /// smaller here: frames encoded on different threads could differ in bytes.
    func testBytesPastTheRowsAnEarlierImageLeftDoNotChangeTheStream() throws {
        var state: UInt32 = 1
        func next() -> UInt32 { state = state &* 1_664_525 &+ 1_013_904_223; return state >> 8 }
        let width = 1280, height = 140, rowBytes = 1 + 3 * width
        // Rows of mostly 242 with a random byte in every fifth run of 97, as RGB24 words.
        var bytes = [UInt8](repeating: 0, count: rowBytes * height)
        for i in bytes.indices where i % rowBytes != 0 { bytes[i] = (i / 97) % 5 != 0 ? 242 : UInt8(truncatingIfNeeded: next()) }
        var words = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let at = y * rowBytes + 1 + 3 * x
                words[y * width + x] = 0xFF00_0000 | UInt32(bytes[at]) << 16 | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2])
            }
        }
        let noise = (0..<(2000 * 400)).map { _ in next() | 0xFF00_0000 }
        let frame = words
        let fresh = try onFreshThread { try Self.encodeFast(frame, width, height) }
        let afterNoise = try onFreshThread { () throws -> [UInt8] in
            _ = try Self.encodeFast(noise, 2000, 400)
            _ = try Self.encodeFast(noise, 2000, 400)
            return try Self.encodeFast(frame, width, height)
        }
        XCTAssertEqual(afterNoise.count, fresh.count)
        XCTAssertTrue(afterNoise == fresh, "the stream depends on what an earlier image left past the rows")
    }

    /// Frames that repeat most of the frame before take those bands' bytes from it: the same
    /// bytes a fresh encoder makes, and only the bands whose rows (or the row just before
    /// them) changed are compressed again. 1280 pixels a row: bands of
    /// ceil(262,144 / 3,841) = 69 rows, six of them in 400 rows.
    func testUnchangedBandsAreCopiedAndGiveTheBytesOfAFreshEncoder() throws {
        let width = 1280, height = 400, bandRows = (262_144 + 3_840) / 3_841
        XCTAssertEqual(bandRows, 69)
        var state: UInt32 = 17
        var base = [UInt32](repeating: 0, count: width * height)
        for i in base.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            let x = i % width, y = i / width
            base[i] = (x / 40 + y / 30) % 3 == 0 ? 0xFF00_7AFF : i % 37 == 0 ? state | 0xFF00_0000 : 0xFFF2_F2F7
        }
        func changed(_ frame: [UInt32], rows: [Int]) -> [UInt32] {
            var frame = frame
            for y in rows { for x in 0..<width { frame[y * width + x] ^= 0x0010_2030 } }
            return frame
        }
        let a = base
        let b = changed(a, rows: [150, 151, 152])        // band 2 (rows 138-206)
        let c = changed(b, rows: [0])                     // band 0
        let d = a                                         // bands 0 and 2 against c
        let e = changed(a, rows: [bandRows - 1])          // band 0's last row: bands 0 and 1
        let sequence = [a, b, c, d, d, e]
        let fresh = try sequence.map { frame in try onFreshThread { try Self.encodeFast(frame, width, height) } }
        let (streams, reused) = try onFreshThread { () throws -> ([[UInt8]], [Int]) in
            var streams: [[UInt8]] = [], reused: [Int] = []
            for frame in sequence {
                streams.append(try Self.encodeFast(frame, width, height))
                reused.append(Int(cpng_frame_bands_reused()))
            }
            return (streams, reused)
        }
        XCTAssertEqual(reused, [0, 5, 5, 4, 6, 4])
        for k in sequence.indices { XCTAssertTrue(streams[k] == fresh[k], "frame \(k): other bytes than a fresh encoder's") }
        XCTAssertNotEqual(fresh[0], fresh[1], "a change of three rows changes the stream")
        // And the copies decode to their own frame's pixels.
        for k in sequence.indices {
            let image = try RGBAImage.decodePNG(data: streams[k])
            let expected = sequence[k].flatMap { word -> [UInt8] in [UInt8(word >> 16 & 255), UInt8(word >> 8 & 255), UInt8(word & 255), 255] }
            XCTAssertTrue(image.pixels == expected, "frame \(k) decodes to other pixels")
        }
    }
}

/// A result handed from one thread to another (read only after the semaphore says so).
private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, Error>?
}
