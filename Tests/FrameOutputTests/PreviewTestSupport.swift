import Foundation
import FrameOutput
import FrameFiles
import Rendering
import Images
import XCTest

// An independent reader for the tests of the previews: PNG chunks with a bitwise CRC-32 (not
// the module's table), the APNG control chunks decoded field by field, and ffprobe.

struct TestChunk {
    var type: String
    var data: [UInt8]
    var crcIsValid: Bool

    func uint32(at offset: Int) -> UInt32 {
        UInt32(data[offset]) << 24 | UInt32(data[offset + 1]) << 16 | UInt32(data[offset + 2]) << 8 | UInt32(data[offset + 3])
    }

    func uint16(at offset: Int) -> UInt16 { UInt16(data[offset]) << 8 | UInt16(data[offset + 1]) }
}

func bitwiseCRC32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xEDB8_8320 : 0) }
    }
    return ~crc
}

/// The chunks of a PNG/APNG file; fails the test on a bad signature or a cut-off chunk.
func readChunks(_ path: String, file: StaticString = #filePath, line: UInt = #line) -> [TestChunk] {
    guard let data = FileManager.default.contents(atPath: path) else {
        XCTFail("cannot read \(path)", file: file, line: line)
        return []
    }
    let bytes = [UInt8](data)
    XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], file: file, line: line)
    var chunks = [TestChunk]()
    var offset = 8
    while offset + 12 <= bytes.count {
        let length = Int(UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3]))
        guard offset + 12 + length <= bytes.count else { break }
        let typeAndData = Array(bytes[(offset + 4)..<(offset + 8 + length)])
        let stored = bytes[(offset + 8 + length)..<(offset + 12 + length)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        chunks.append(TestChunk(type: String(decoding: typeAndData.prefix(4), as: UTF8.self), data: Array(typeAndData.dropFirst(4)),
                                crcIsValid: bitwiseCRC32(typeAndData) == stored))
        offset += 12 + length
    }
    XCTAssertEqual(offset, bytes.count, "the file ends after the last whole chunk", file: file, line: line)
    return chunks
}

func serializedChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeAndData = Array(type.utf8) + data
    func bigEndian(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    return bigEndian(UInt32(data.count)) + typeAndData + bigEndian(bitwiseCRC32(typeAndData))
}

/// Runs ffprobe (when installed) and returns its trimmed stdout, or nil without ffprobe.
func ffprobe(_ arguments: [String]) throws -> String? {
    guard let tool = FFmpeg.locate("ffprobe") else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = ["-v", "error"] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}

/// Frames ffprobe decodes from the first video stream (nil without ffprobe).
func ffprobeFrameCount(_ path: String) throws -> Int? {
    try ffprobe(["-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames",
                 "-of", "default=nokey=1:noprint_wrappers=1", path]).flatMap { Int($0) }
}
