import CPNG

// Design note: the CRC-32 every PNG chunk ends with (ISO 3309, the one zlib computes). zlib is
// linked for PNG already, so its crc32 (through the C target, which owns every zlib call) is
// the one implementation.

/// CRC-32 as used by PNG, zlib and gzip.
public struct CRC32: Sendable {
    public private(set) var value: UInt32 = 0

    public init() {}

    /// Continues the checksum over `bytes`.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        value = cpng_crc32(value, base.assumingMemoryBound(to: UInt8.self), bytes.count)
    }

    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        if let done: Void = bytes.withContiguousStorageIfAvailable({ update(UnsafeRawBufferPointer($0)) }) {
            return done
        }
        let copy = Array(bytes)
        copy.withUnsafeBytes { update($0) }
    }

    /// The CRC-32 of `bytes`.
    public static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }
}
