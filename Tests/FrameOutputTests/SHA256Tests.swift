import Foundation
import FrameOutput
@testable import FrameFiles
import Rendering
import Images
import XCTest

// SHA-256 against the FIPS 180-4 / NIST example vectors, streaming in awkward pieces against
// one-shot, a file against the system's sha256sum, and the SHA extensions' kernel against the
// plain code.

final class SHA256Tests: XCTestCase {
    func testKnownVectors() {
        XCTAssertEqual(SHA256.hexDigest(of: [UInt8]()),
                       "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hexDigest(of: Array("abc".utf8)),
                       "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hexDigest(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(SHA256.hexDigest(of: Array(("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
                                                   + "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu").utf8)),
                       "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    func testMillionAs() {
        var hasher = SHA256()
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        for _ in 0..<1000 { hasher.update(piece) }
        XCTAssertEqual(hasher.finalize().hex, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func testStreamingInAnyPiecesEqualsOneShot() {
        let message = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let expected = SHA256.hash(message)
        XCTAssertEqual(expected.bytes.count, 32)
        for pieceSize in [1, 3, 55, 56, 63, 64, 65, 127, 128, 999] {
            var hasher = SHA256()
            var start = 0
            while start < message.count {
                let end = min(message.count, start + pieceSize)
                hasher.update(message[start..<end].withUnsafeBytes { Array($0) })
                start = end
            }
            XCTAssertEqual(hasher.finalize(), expected, "pieces of \(pieceSize) bytes")
        }
        // Padding boundaries: 55 bytes fit one block with the length, 56 need a second.
        XCTAssertEqual(SHA256.hexDigest(of: [UInt8](repeating: 0x61, count: 55)),
                       "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        XCTAssertEqual(SHA256.hexDigest(of: [UInt8](repeating: 0x61, count: 56)),
                       "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    }

    func testFileDigestMatchesSha256sum() throws {
        let path = NSTemporaryDirectory() + "animatic-sha-\(UUID().uuidString).bin"
        defer { try? FileManager.default.removeItem(atPath: path) }
        // 2.5 MiB: more than one 1 MiB read, and not a whole number of blocks.
        let bytes = (0..<(5 << 19) + 17).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let digest = try SHA256.hash(fileAt: path)
        XCTAssertEqual(digest, SHA256.hash(bytes))

        guard let tool = ["/usr/bin/sha256sum", "/bin/sha256sum"].first(where: FileManager.default.isExecutableFile) else {
            throw XCTSkip("sha256sum is not installed")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = [path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(output.split(separator: " ").first.map(String.init), digest.hex)
    }

    func testMissingFileIsATypedError() {
        XCTAssertThrowsError(try SHA256.hash(fileAt: "/nonexistent/animatic/scene.json")) { error in
            guard case FrameFilesError.unreadableFile(let path, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(path, "/nonexistent/animatic/scene.json")
        }
    }

    /// Both compression paths, each on its own: the NIST vectors, and every length from 0 to
    /// 300 bytes (every padding case, one to six blocks) plus a 1 MiB message, fed whole and in
    /// 100-byte pieces, to the same digests.
    func testTheSHAExtensionsAndThePlainCodeAgree() throws {
        func digest(_ bytes: [UInt8], hardware: Bool, piece: Int? = nil) -> String {
            var hasher = SHA256(hardware: hardware)
            if let piece {
                for start in stride(from: 0, to: bytes.count, by: piece) { hasher.update(Array(bytes[start..<min(bytes.count, start + piece)])) }
            } else {
                hasher.update(bytes)
            }
            return hasher.finalize().hex
        }
        let paths = SHA256.hasSHAExtensions ? [false, true] : [false]
        for hardware in paths {
            XCTAssertEqual(digest(Array("abc".utf8), hardware: hardware),
                           "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "hardware \(hardware)")
            XCTAssertEqual(digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8), hardware: hardware),
                           "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1", "hardware \(hardware)")
        }
        guard SHA256.hasSHAExtensions else { throw XCTSkip("this processor has no SHA extensions: only the plain code runs") }
        let message = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 11) }
        for length in 0...300 {
            let part = Array(message[0..<length])
            XCTAssertEqual(digest(part, hardware: true), digest(part, hardware: false), "\(length) bytes")
        }
        XCTAssertEqual(digest(message, hardware: true, piece: 100), digest(message, hardware: false))
    }

    func testTheSHAExtensionsAreUsedWhereTheProcessorHasThem() throws {
        #if arch(x86_64)
        let info = try String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)
        let flag = info.split(separator: "\n").contains { $0.hasPrefix("flags") && $0.split(separator: " ").contains("sha_ni") }
        XCTAssertEqual(SHA256.hasSHAExtensions, flag)
        XCTAssertEqual(SHA256().hardware, flag, "a default hasher takes the fastest path")
        #else
        XCTAssertFalse(SHA256.hasSHAExtensions)
        #endif
    }
}
