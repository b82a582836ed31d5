import CKernels
import Foundation

// Design note: SHA-256 (FIPS 180-4) of our own, because the manifest promises a digest per
// frame and the project links no crypto library. Frames are hashed on the render workers right
// after encoding. Where the processor has the SHA extensions the compression function is
// CKernels' (about ten times the plain code's speed: hashing was 3.6% of a rain render);
// elsewhere it is the plain Swift below, on unsafe buffers with the 64 round constants in a
// static array and the message schedule in a fixed 64-word scratch buffer: nothing is
// allocated per block. Both give the same digests (tested). Input is buffered only up to one
// 64-byte block; whole blocks of a large update are compressed straight from the caller's
// memory.

/// A SHA-256 hash, fed incrementally or all at once.
///
/// ```swift
/// let digest = SHA256.hexDigest(of: Array("abc".utf8))
/// // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
///
/// var hasher = SHA256()
/// hasher.update(part1)
/// hasher.update(part2)
/// let hex = hasher.finalize().hex
/// ```
public struct SHA256: Sendable {
    /// A finished 32-byte digest.
    public struct Digest: Equatable, Hashable, Sendable, CustomStringConvertible {
        /// The 32 digest bytes, most significant first.
        public let bytes: [UInt8]
        /// Lower-case hexadecimal, 64 characters (as `sha256sum` prints it).
        public var hex: String {
            let digits = Array("0123456789abcdef".utf8)
            var text = [UInt8]()
            text.reserveCapacity(64)
            for byte in bytes {
                text.append(digits[Int(byte >> 4)])
                text.append(digits[Int(byte & 15)])
            }
            return String(decoding: text, as: UTF8.self)
        }
        public var description: String { hex }
    }

    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
    /// Bytes of an incomplete block.
    private var buffer = [UInt8]()
    /// Total message length in bytes.
    private var length: UInt64 = 0
    /// Whether blocks go to the SHA extensions' kernel.
    let hardware: Bool

    /// Whether this processor has the SHA extensions.
    static let hasSHAExtensions = ckernels_has_sha() != 0

    /// A hasher with no input yet.
    public init() {
        self.init(hardware: Self.hasSHAExtensions)
    }

    /// A hasher on the plain code (`hardware` false) or the SHA extensions (only where
    /// ``hasSHAExtensions``); for the tests.
    init(hardware: Bool) {
        precondition(!hardware || Self.hasSHAExtensions, "no SHA extensions on this processor")
        self.hardware = hardware
        buffer.reserveCapacity(64)
    }

    /// Feeds `bytes` to the hash.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var input = bytes.baseAddress else { return }
        var remaining = bytes.count
        length &+= UInt64(remaining)
        if !buffer.isEmpty {
            let take = min(64 - buffer.count, remaining)
            buffer.append(contentsOf: UnsafeRawBufferPointer(start: input, count: take))
            input += take
            remaining -= take
            guard buffer.count == 64 else { return }
            let block = buffer
            block.withUnsafeBytes { compress(blocks: $0.baseAddress!, count: 1) }
            buffer.removeAll(keepingCapacity: true)
        }
        let whole = remaining / 64
        if whole > 0 {
            compress(blocks: input, count: whole)
            input += whole * 64
            remaining -= whole * 64
        }
        if remaining > 0 {
            buffer.append(contentsOf: UnsafeRawBufferPointer(start: input, count: remaining))
        }
    }

    /// Feeds `data` (`[UInt8]`, `Data`, ...) to the hash.
    public mutating func update<Bytes: ContiguousBytes>(_ data: Bytes) {
        data.withUnsafeBytes { update($0) }
    }

    /// Pads the message and returns the digest. The hasher should not be fed afterwards.
    public mutating func finalize() -> Digest {
        let bitLength = length &* 8
        var tail = buffer
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) {
            tail.append(UInt8(truncatingIfNeeded: bitLength >> UInt64(shift)))
        }
        tail.withUnsafeBytes { compress(blocks: $0.baseAddress!, count: tail.count / 64) }
        buffer.removeAll()
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        var bytes = [UInt8]()
        bytes.reserveCapacity(32)
        for word in words {
            bytes.append(UInt8(truncatingIfNeeded: word >> 24))
            bytes.append(UInt8(truncatingIfNeeded: word >> 16))
            bytes.append(UInt8(truncatingIfNeeded: word >> 8))
            bytes.append(UInt8(truncatingIfNeeded: word))
        }
        return Digest(bytes: bytes)
    }

    /// The digest of `data` in one call.
    public static func hash<Bytes: ContiguousBytes>(_ data: Bytes) -> Digest {
        var hasher = SHA256()
        hasher.update(data)
        return hasher.finalize()
    }

    /// The lower-case hex digest of `data` in one call.
    public static func hexDigest<Bytes: ContiguousBytes>(of data: Bytes) -> String {
        hash(data).hex
    }

    /// The digest of the regular file at `path`, read in 1 MiB pieces (a scene file, a frame).
    /// Throws ``FrameFilesError/unreadableFile(path:reason:)``, also for anything but a regular
    /// file (``RegularFile``: a FIFO made a merge wait for a writer for ever and a link to
    /// /dev/zero hashed for ever).
    public static func hash(fileAt path: String) throws -> Digest {
        let handle: FileHandle
        do { handle = try RegularFile.handle(forReadingAtPath: path) } catch let e as RegularFile.Unreadable {
            throw FrameFilesError.unreadableFile(path: path, reason: e.reason)
        }
        var hasher = SHA256()
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch {
                throw FrameFilesError.unreadableFile(path: path, reason: error.localizedDescription)
            }
            guard let chunk, !chunk.isEmpty else { break }
            hasher.update(chunk)
        }
        return hasher.finalize()
    }

    /// FIPS 180-4's 64 round constants, from CKernels (the one copy of the table).
    private static let roundConstants = UnsafeBufferPointer(start: ckernels_sha256_round_constants(), count: 64)

    @inline(__always)
    private static func rotateRight(_ x: UInt32, _ n: UInt32) -> UInt32 { (x >> n) | (x << (32 - n)) }

    /// FIPS 180-4, 6.2.2 on `count` consecutive 64-byte blocks.
    private mutating func compress(blocks: UnsafeRawPointer, count: Int) {
        if hardware {
            // The tuple of eight UInt32 lies in memory as eight consecutive words.
            withUnsafeMutableBytes(of: &state) {
                ckernels_sha256_blocks($0.baseAddress!.assumingMemoryBound(to: UInt32.self),
                                       blocks.assumingMemoryBound(to: UInt8.self), count)
            }
            return
        }
        var h = state
        do {
            let k = Self.roundConstants
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
                for blockIndex in 0..<count {
                    let block = blocks + blockIndex * 64
                    for t in 0..<16 {
                        w[t] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self))
                    }
                    for t in 16..<64 {
                        let x = w[t - 15], y = w[t - 2]
                        let s0 = Self.rotateRight(x, 7) ^ Self.rotateRight(x, 18) ^ (x >> 3)
                        let s1 = Self.rotateRight(y, 17) ^ Self.rotateRight(y, 19) ^ (y >> 10)
                        w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
                    }
                    var a = h.0, b = h.1, c = h.2, d = h.3, e = h.4, f = h.5, g = h.6, hh = h.7
                    for t in 0..<64 {
                        let sigma1 = Self.rotateRight(e, 6) ^ Self.rotateRight(e, 11) ^ Self.rotateRight(e, 25)
                        let choose = (e & f) ^ (~e & g)
                        let t1 = hh &+ sigma1 &+ choose &+ k[t] &+ w[t]
                        let sigma0 = Self.rotateRight(a, 2) ^ Self.rotateRight(a, 13) ^ Self.rotateRight(a, 22)
                        let majority = (a & b) ^ (a & c) ^ (b & c)
                        let t2 = sigma0 &+ majority
                        hh = g; g = f; f = e; e = d &+ t1
                        d = c; c = b; b = a; a = t1 &+ t2
                    }
                    h.0 &+= a; h.1 &+= b; h.2 &+= c; h.3 &+= d
                    h.4 &+= e; h.5 &+= f; h.6 &+= g; h.7 &+= hh
                }
            }
        }
        state = h
    }
}
