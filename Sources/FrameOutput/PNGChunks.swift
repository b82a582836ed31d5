import Foundation
import FrameFiles
import Rendering
import Images

// Design note: a PNG file is an 8-byte signature followed by chunks (length, type, data,
// CRC-32 of type + data). The APNG writer needs only this level: it copies the compressed
// image data (IDAT) of frames that libpng already encoded into fdAT chunks, so no pixel is
// decoded or compressed twice. Reading checks lengths and CRCs, so a damaged frame file is
// reported instead of being copied into a broken animation.

/// One PNG chunk.
struct PNGChunk: Equatable {
    /// Four ASCII letters, e.g. `IHDR`.
    var type: String
    var data: [UInt8]

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The chunk as stored: length, type, data, CRC-32.
    func appendSerialized(to output: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4, "a PNG chunk type has four letters")
        output.appendBigEndian(UInt32(data.count))
        output.append(contentsOf: typeBytes)
        output.append(contentsOf: data)
        var crc = CRC32()
        crc.update(typeBytes)
        crc.update(data)
        output.appendBigEndian(crc.value)
    }

    /// The chunks of a PNG file, checked (signature, lengths, CRCs, IHDR first, IEND last).
    /// `source` names the file in errors.
    static func chunks(of png: [UInt8], source: String) throws -> [PNGChunk] {
        guard png.count >= 8, Array(png[0..<8]) == signature else { throw PNGError.notPNG(source: source) }
        var chunks = [PNGChunk]()
        var offset = 8
        while offset < png.count {
            guard offset + 12 <= png.count else {
                throw PNGError.truncated(source: source, detail: "a chunk header is cut off at byte \(offset)")
            }
            let length = Int(png.bigEndianUInt32(at: offset))
            guard length <= png.count - offset - 12 else {
                throw PNGError.truncated(source: source, detail: "a chunk of \(length) bytes is cut off at byte \(offset)")
            }
            let typeBytes = png[(offset + 4)..<(offset + 8)]
            guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
                throw PNGError.corrupt(source: source, detail: "bad chunk type at byte \(offset)")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            let data = Array(png[(offset + 8)..<(offset + 8 + length)])
            let stored = png.bigEndianUInt32(at: offset + 8 + length)
            guard CRC32.checksum(png[(offset + 4)..<(offset + 8 + length)]) == stored else {
                throw PNGError.corrupt(source: source, detail: "CRC mismatch in chunk \(type)")
            }
            chunks.append(PNGChunk(type: type, data: data))
            offset += 12 + length
            if type == "IEND" { break }
        }
        guard chunks.first?.type == "IHDR", chunks.first?.data.count == 13 else {
            throw PNGError.corrupt(source: source, detail: "the first chunk is not a valid IHDR")
        }
        guard chunks.last?.type == "IEND" else { throw PNGError.truncated(source: source, detail: "no IEND chunk") }
        return chunks
    }
}

/// The fields of an IHDR chunk.
struct PNGHeader: Equatable {
    var width: Int
    var height: Int
    var bitDepth: UInt8
    var colorType: UInt8
    var interlaced: Bool

    init(chunk: PNGChunk) {
        let d = chunk.data
        width = Int(d.bigEndianUInt32(at: 0))
        height = Int(d.bigEndianUInt32(at: 4))
        bitDepth = d[8]
        colorType = d[9]
        interlaced = d[12] != 0
    }

    /// Gray or RGB without an alpha channel (tRNS aside).
    var isOpaque: Bool { colorType == 0 || colorType == 2 || colorType == 3 }

    /// Reads the IHDR of the PNG file at `path` (its first 33 bytes).
    static func read(fileAt path: String) throws -> PNGHeader {
        // Regular files only (links followed): opening a FIFO named frame_00000.png waited
        // for a writer for ever.
        let handle: FileHandle
        do { handle = try RegularFile.handle(forReadingAtPath: path) } catch let e as RegularFile.Unreadable {
            throw PNGError.unreadableFile(path: path, reason: e.reason)
        }
        defer { try? handle.close() }
        let head = [UInt8](handle.readData(ofLength: 33))
        guard head.count >= 8, Array(head[0..<8]) == PNGChunk.signature else { throw PNGError.notPNG(source: "file '\(path)'") }
        guard head.count == 33, String(decoding: head[12..<16], as: UTF8.self) == "IHDR" else {
            throw PNGError.corrupt(source: "file '\(path)'", detail: "no IHDR chunk at the start")
        }
        return PNGHeader(chunk: PNGChunk(type: "IHDR", data: Array(head[16..<29])))
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(truncatingIfNeeded: value >> 24))
        append(UInt8(truncatingIfNeeded: value >> 16))
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }

    mutating func appendBigEndian(_ value: UInt16) {
        append(UInt8(truncatingIfNeeded: value >> 8))
        append(UInt8(truncatingIfNeeded: value))
    }

    func bigEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8 | UInt32(self[offset + 3])
    }
}
