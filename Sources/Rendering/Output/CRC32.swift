// Design note: the CRC-32 every PNG chunk ends with (ISO 3309 / ITU-T V.42, the polynomial
// 0xEDB88320 reflected, as in zlib and the PNG specification's sample code). A 256-entry
// table built once is fast enough for previews; frames copied into an APNG are checksummed
// once per chunk.

/// CRC-32 as used by PNG, zlib and gzip.
struct CRC32 {
    private static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private(set) var value: UInt32 = 0

    /// Continues the checksum over `bytes`.
    mutating func update(_ bytes: UnsafeRawBufferPointer) {
        var c = ~value
        Self.table.withUnsafeBufferPointer { table in
            for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        }
        value = ~c
    }

    mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if let done: Void = bytes.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) {
            return done
        }
        let copy = Array(bytes)
        copy.withUnsafeBytes { update($0) }
    }

    /// The CRC-32 of `bytes`.
    static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }
}
