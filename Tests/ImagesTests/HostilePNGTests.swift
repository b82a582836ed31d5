import Foundation
import Images
import XCTest

/// PNG inputs an audit found harmful, each refused with the file and the reason, at once and
/// without a large allocation: a decompression bomb (a 1.5 MB file of 20000 x 20000 pixels
/// took 3 GB and aborted the process), a FIFO (waited for ever), a large file that is no PNG
/// and a device (read whole before the signature was checked).
final class HostilePNGTests: XCTestCase {
    /// The header of a PNG of `width` x `height` RGBA pixels, written by hand, with an IDAT
    /// of five zero bytes in one stored deflate block: far less data than the image needs,
    /// which is all a bomb's header has to say.
    func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            return be(UInt32(data.count)) + body + be(CRC32.checksum(body))
        }
        let ihdr = be(width) + be(height) + [8, 6, 0, 0, 0]
        // zlib header, a final stored block of 5 zero bytes, their Adler-32 (a = 1, b = 5).
        let idat: [UInt8] = [0x78, 0x01, 0x01, 0x05, 0x00, 0xFA, 0xFF, 0, 0, 0, 0, 0, 0x00, 0x05, 0x00, 0x01]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    func scratch() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-png-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: dir) }
        return dir
    }

    func testAnImageOfMoreThanAHundredMillionPixelsIsRefusedBeforeDecoding() throws {
        let path = try scratch() + "/bomb.png"
        try Data(pngHeader(width: 20_000, height: 20_000)).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try RGBAImage.decodePNG(path: path)) { error in
            guard case PNGError.tooLarge(let source, let detail) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(source, "file '\(path)'")
            XCTAssertTrue(detail.contains("20000 x 20000 pixels, more than the 100 million"), detail)
        }
        // 10,000 x 10,000 is at the limit: decoded as far as its data goes (here: cut short).
        try Data(pngHeader(width: 10_000, height: 10_000)).write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try RGBAImage.decodePNG(path: path)) { error in
            if case PNGError.tooLarge = error { XCTFail("10,000 x 10,000 is within the limit: \(error)") }
        }
    }

    func testOnlyRegularFilesAreRead() throws {
        let dir = try scratch()
        XCTAssertEqual(mkfifo(dir + "/fifo.png", 0o600), 0)
        let start = Date()
        XCTAssertThrowsError(try RGBAImage.decodePNG(path: dir + "/fifo.png")) { error in
            XCTAssertTrue("\(error)".contains("not a regular file"), "\(error)")
        }
        XCTAssertThrowsError(try RGBAImage.decodePNG(path: "/dev/zero")) { error in
            XCTAssertTrue("\(error)".contains("not a regular file"), "\(error)")
        }
        XCTAssertThrowsError(try RGBAImage.decodePNG(path: dir)) { error in
            XCTAssertTrue("\(error)".contains("Is a directory"), "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "nothing waited")
    }

    func testALargeFileThatIsNoPNGIsSaidSoWithoutReadingIt() throws {
        let path = try scratch() + "/big.bin"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("not a png".utf8)))
        XCTAssertEqual(truncate(path, 3 << 30), 0, "a sparse 3 GB file")
        XCTAssertThrowsError(try RGBAImage.decodePNG(path: path)) { error in
            guard case PNGError.notPNG = error else { return XCTFail("\(error)") }
        }
        // A PNG signature and 2 GB of (sparse) nothing: too large a file.
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        try handle.close()
        XCTAssertThrowsError(try RGBAImage.decodePNG(path: path)) { error in
            guard case PNGError.tooLarge(_, let detail) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.contains("more than the 1024 MiB"), detail)
        }
    }
}
