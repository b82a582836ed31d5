// Design note: the one hash map of the GIF quantizer, from a 24-bit color (or the quantizer's
// "unchanged" key) to a 32-bit value (a palette index while building an exact palette, a
// pixel count while counting). Open addressing with linear probing in two flat arrays, grown
// at half load: a frame's few colors stay in a few cache lines, and Swift's Dictionary, with
// its hashing and copy-on-write checks, was the slowest part of the quantizer. Keys are below
// 2^25, so all ones marks an empty slot. Nothing here depends on addresses or a random seed,
// so the order of `keys` is the same on every run.

/// A map from 25-bit color keys to 32-bit values.
struct GIFColorTable {
    static let empty = UInt32.max

    private(set) var keys: [UInt32]
    private(set) var values: [UInt32]
    private(set) var count = 0
    private var mask: Int
    private var shift: UInt32

    init(capacity: Int = 1024) {
        var size = 16
        while size < 2 * capacity { size <<= 1 }
        keys = [UInt32](repeating: Self.empty, count: size)
        values = [UInt32](repeating: 0, count: size)
        mask = size - 1
        shift = UInt32(32 - size.trailingZeroBitCount)
    }

    /// Empties the table, keeping its memory unless it grew large (a noisy frame's colors).
    mutating func removeAll() {
        if keys.count > 1 << 14 {
            self = GIFColorTable()
        } else if count > 0 {
            keys.withUnsafeMutableBufferPointer { $0.update(repeating: Self.empty) }
            count = 0
        }
    }

    @inline(__always) private func home(_ key: UInt32) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B1) >> shift)
    }

    /// The slot of `key`, or the empty slot where it would go.
    @inline(__always) func slot(of key: UInt32) -> Int {
        keys.withUnsafeBufferPointer { keys in
            var slot = home(key)
            while true {
                let found = keys[slot]
                if found == key || found == Self.empty { return slot }
                slot = (slot + 1) & mask
            }
        }
    }

    /// The value of `key`, or nil.
    @inline(__always) func value(of key: UInt32) -> UInt32? {
        let slot = slot(of: key)
        return keys[slot] == key ? values[slot] : nil
    }

    /// Stores `value` for `key`, which must not be in the table.
    @inline(__always) mutating func insert(_ key: UInt32, value: UInt32) {
        if 2 * (count + 1) > keys.count { grow() }
        let slot = slot(of: key)
        keys[slot] = key
        values[slot] = value
        count += 1
    }

    /// Adds `amount` to the value of `key` (0 when missing).
    @inline(__always) mutating func add(_ amount: UInt32, to key: UInt32) {
        let slot = slot(of: key)
        if keys[slot] == key {
            values[slot] &+= amount
        } else {
            insert(key, value: amount)
        }
    }

    /// Replaces the value of `key`, which must be in the table.
    @inline(__always) mutating func set(_ value: UInt32, for key: UInt32) {
        values[slot(of: key)] = value
    }

    /// Every key with its value, in slot order (deterministic for the same insertions).
    var entries: [(key: UInt32, value: UInt32)] {
        var result: [(key: UInt32, value: UInt32)] = []
        result.reserveCapacity(count)
        for slot in keys.indices where keys[slot] != Self.empty { result.append((keys[slot], values[slot])) }
        return result
    }

    private mutating func grow() {
        var larger = GIFColorTable(capacity: keys.count)
        for slot in keys.indices where keys[slot] != Self.empty { larger.insert(keys[slot], value: values[slot]) }
        self = larger
    }
}
