// Design note: palettes for flat-colored animation frames. A frame of solid shapes on a
// background has a few dozen colors plus the blends of its anti-aliased edges, so most frames
// (and nearly every changed rectangle) fit GIF's 256 colors exactly: the palette is then just
// the frame's own colors in order of first appearance, and the GIF shows the frame's pixels
// unchanged. Only when there are more colors is anything approximated. Half the table goes to
// the most frequent colors (the fills and the background, whose area is what a viewer sees),
// the other half by need: again and again, the color whose pixels would be worst off (count x
// distance to its nearest entry so far), so the blends of a rotated shape's edges get entries
// spread over their range instead of the ones that happen to be a little more frequent (on
// test frames with 350 to 750 colors the largest error is 7 to 9 levels per channel; with
// three quarters by frequency it was 11 to 12). Every other color maps to its nearest entry.
// There is no dithering: the colors that miss the palette are thin edge blends between colors
// that are in it, where the nearest entry is already within a few levels, and dither noise on
// flat areas would shimmer from frame to frame and defeat LZW's long runs. The distance is the
// "redmean" weighting of RGB (green counts most, red and blue by how red the pair is), in
// integers. Ties go to the earlier entry and sorting breaks count ties by color, so the same
// pixels always give the same bytes.

/// A frame region turned into palette indices.
struct GIFIndexedImage {
    /// 0xRRGGBB per entry; the transparent entry is 0.
    var palette: [UInt32]
    /// The entry that keeps the previous frame's pixel, if used.
    var transparentIndex: Int?
}

/// Builds palettes and index images from color keys (not thread-safe: one per worker).
struct GIFQuantizer {
    /// The key of a pixel that keeps the previous frame's color (drawn with the transparent index).
    static let unchanged: UInt32 = 1 << 24
    /// Colors a GIF table holds.
    static let maximumColors = 256

    private var table = GIFColorTable()

    /// What ``indexExactly(_:into:)`` found.
    enum ExactResult {
        /// Every key has its own entry.
        case indexed(GIFIndexedImage)
        /// More than ``maximumColors`` keys; `withUnchanged` when ``unchanged`` was one of them
        /// (without it, the colors alone might still fit).
        case tooManyColors(withUnchanged: Bool)
    }

    /// Writes the index of each of `keys` to `indices`, one entry per distinct key in order of
    /// first appearance, if they fit in a table.
    mutating func indexExactly(_ keys: UnsafeBufferPointer<UInt32>, into indices: UnsafeMutablePointer<UInt8>) -> ExactResult {
        table.removeAll()
        var palette: [UInt32] = []
        var transparent: Int?
        var lastKey = GIFColorTable.empty
        var lastIndex: UInt8 = 0
        for position in 0..<keys.count {
            let key = keys[position]
            if key != lastKey {
                if let found = table.value(of: key) {
                    lastIndex = UInt8(truncatingIfNeeded: found)
                } else {
                    guard palette.count < Self.maximumColors else {
                        return .tooManyColors(withUnchanged: transparent != nil || key == Self.unchanged)
                    }
                    lastIndex = UInt8(truncatingIfNeeded: palette.count)
                    table.insert(key, value: UInt32(palette.count))
                    if key == Self.unchanged { transparent = palette.count }
                    palette.append(key == Self.unchanged ? 0 : key)
                }
                lastKey = key
            }
            indices[position] = lastIndex
        }
        return .indexed(GIFIndexedImage(palette: palette, transparentIndex: transparent))
    }

    /// Writes the index of each of `keys` to `indices` with an approximated palette (see the
    /// design note); ``unchanged`` keeps an entry of its own.
    mutating func indexApproximately(_ keys: UnsafeBufferPointer<UInt32>, into indices: UnsafeMutablePointer<UInt8>) -> GIFIndexedImage {
        // Count each key, a run at a time.
        table.removeAll()
        var start = 0
        while start < keys.count {
            let key = keys[start]
            var end = start + 1
            while end < keys.count && keys[end] == key { end += 1 }
            table.add(UInt32(end - start), to: key)
            start = end
        }
        var counted = table.entries
        let hasUnchanged = counted.contains { $0.key == Self.unchanged }
        counted.removeAll { $0.key == Self.unchanged }
        counted.sort { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        let colors = Self.maximumColors - (hasUnchanged ? 1 : 0)
        var palette = Self.choosePalette(counted, size: colors)

        // Map every color to its nearest entry (each distinct color once), then every pixel.
        for (index, color) in palette.enumerated() { table.set(UInt32(index), for: color) }
        let entries = Set(palette)
        for (key, _) in counted where !entries.contains(key) {
            table.set(UInt32(Self.nearest(to: key, in: palette)), for: key)
        }
        var transparent: Int?
        if hasUnchanged {
            transparent = palette.count
            table.set(UInt32(palette.count), for: Self.unchanged)
            palette.append(0)
        }
        var lastKey = GIFColorTable.empty
        var lastIndex: UInt8 = 0
        for position in 0..<keys.count {
            let key = keys[position]
            if key != lastKey {
                lastIndex = UInt8(truncatingIfNeeded: table.value(of: key)!)
                lastKey = key
            }
            indices[position] = lastIndex
        }
        return GIFIndexedImage(palette: palette, transparentIndex: transparent)
    }

    /// `size` colors for `counted` (most frequent first, more than `size` of them).
    static func choosePalette(_ counted: [(key: UInt32, value: UInt32)], size: Int) -> [UInt32] {
        guard counted.count > size else { return counted.map(\.key) }
        let byFrequency = size - size / 2
        var palette = counted.prefix(byFrequency).map(\.key)
        // Candidates for the rest: the next most frequent colors (bounded, so a noisy frame
        // with a million colors costs no more than one with a few thousand).
        let candidates = Array(counted[byFrequency..<min(counted.count, byFrequency + 4096)])
        var nearest = candidates.map { candidate in palette.reduce(Int.max) { min($0, distance(candidate.key, $1)) } }
        var taken = [Bool](repeating: false, count: candidates.count)
        while palette.count < size {
            var best = -1
            var bestScore = 0
            for k in candidates.indices where !taken[k] {
                let score = Int(candidates[k].value) * nearest[k]
                if score > bestScore { best = k; bestScore = score }
            }
            guard best >= 0 else { break }
            taken[best] = true
            let color = candidates[best].key
            palette.append(color)
            for k in candidates.indices where !taken[k] { nearest[k] = min(nearest[k], distance(candidates[k].key, color)) }
        }
        return palette
    }

    /// The index of the entry of `palette` nearest to `color` (the first of equals).
    static func nearest(to color: UInt32, in palette: [UInt32]) -> Int {
        var best = 0
        var bestDistance = Int.max
        for (index, entry) in palette.enumerated() {
            let d = distance(color, entry)
            if d < bestDistance {
                best = index
                bestDistance = d
                if d == 0 { break }
            }
        }
        return best
    }

    /// The redmean distance of two 0xRRGGBB colors, scaled to integers (x 512).
    @inline(__always) static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        let ra = Int(a >> 16 & 0xFF), ga = Int(a >> 8 & 0xFF), ba = Int(a & 0xFF)
        let rb = Int(b >> 16 & 0xFF), gb = Int(b >> 8 & 0xFF), bb = Int(b & 0xFF)
        let redSum = ra + rb
        let dr = ra - rb, dg = ga - gb, db = ba - bb
        return (1024 + redSum) * dr * dr + 2048 * dg * dg + (1534 - redSum) * db * db
    }
}
