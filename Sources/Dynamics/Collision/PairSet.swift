// Design note: the set of shape pairs that have a contact, asked once per candidate pair the
// broad phase finds (thousands of times a step in a moving pile). The standard Set hashes
// every key with SipHash, a visible part of the UIKit step; pair keys are two shape indices
// below 2^32, so a multiplicative (Fibonacci) hash spreads them well enough for open
// addressing with linear probing. Removal leaves a tombstone; the table is rebuilt at half
// load (live keys plus tombstones), which also clears them. Only membership is asked, never
// order, so nothing in the simulation depends on where a key lands.

/// An open-addressing set of pair keys (`pairKey(a, b)`).
struct PairSet {
    /// Never a pair key: a pair key's high half is the smaller shape index, below 2^32 - 1.
    private static let empty = UInt64.max
    private static let tombstone = UInt64.max - 1

    private var slots = [UInt64](repeating: PairSet.empty, count: 64)
    private var shift = 64 - 6
    private var used = 0
    /// Keys in the set.
    private(set) var count = 0

    @inline(__always) private func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// Whether `key` is in the set.
    func contains(_ key: UInt64) -> Bool {
        let mask = slots.count - 1
        var i = home(key)
        while true {
            let k = slots[i]
            if k == key { return true }
            if k == Self.empty { return false }
            i = (i + 1) & mask
        }
    }

    /// Adds `key`; returns false if it was there already. One probe: it walks to the key or
    /// to the first empty slot, remembering the first tombstone to reuse.
    @discardableResult
    mutating func insert(_ key: UInt64) -> Bool {
        precondition(key < Self.tombstone, "not a pair key")
        if 2 * (used + 1) > slots.count { rebuild(capacity: max(64, 4 * (count + 1))) }
        let mask = slots.count - 1
        var i = home(key)
        var reuse = -1
        while true {
            let k = slots[i]
            if k == key { return false }
            if k == Self.empty { break }
            if k == Self.tombstone && reuse < 0 { reuse = i }
            i = (i + 1) & mask
        }
        if reuse >= 0 {
            slots[reuse] = key
        } else {
            slots[i] = key
            used += 1
        }
        count += 1
        return true
    }

    /// Removes `key` if it is there.
    mutating func remove(_ key: UInt64) {
        let mask = slots.count - 1
        var i = home(key)
        while true {
            let k = slots[i]
            if k == key {
                slots[i] = Self.tombstone
                count -= 1
                return
            }
            if k == Self.empty { return }
            i = (i + 1) & mask
        }
    }

    /// Re-inserts the live keys into a table of at least `capacity` slots (a power of two).
    private mutating func rebuild(capacity: Int) {
        var size = 64
        while size < capacity { size <<= 1 }
        let old = slots
        slots = [UInt64](repeating: Self.empty, count: size)
        shift = 64 - size.trailingZeroBitCount
        used = 0
        let mask = size - 1
        for key in old where key < Self.tombstone {
            var i = home(key)
            while slots[i] != Self.empty { i = (i + 1) & mask }
            slots[i] = key
            used += 1
        }
        count = used
    }
}
