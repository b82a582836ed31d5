// Design note: which contacts the soft step solves, and in what order. A scan judges every
// contact on the workers (often already done by the narrow phase, which has the contact in
// cache); one pass on this thread gathers the candidates in contact order and colors them
// greedily, Box2D v3's constraint graph: within a color no two constraints share a dynamic
// body, so a color's batches are solved side by side and four lanes at a time, and
// Gauss-Seidel sweeps a pile in layers. Constraints that find no free color among the
// `graphColorCount` go to the overflow, solved one after another. Greedy in creation order,
// so the colors, and the states, are the same for any worker count. The sequential step
// (UIKit's) colors its candidates with the same masks.

/// The two bodies of a constraint to color, recorded while the candidates are chosen (the
/// contacts and bodies are in cache then), so the coloring reads eight bytes per candidate.
struct ColoredPair {
    var a: Int32
    var b: Int32
}

/// What the candidate scan found for one contact.
struct CandidateScan {
    enum Kind: UInt8 {
        /// Not solved this step (no points, a sensor, or no awake body).
        case skipped
        /// Solved; its points have not touched yet.
        case candidate
        /// Solved and already touching: its bodies are constrained.
        case touching
    }
    var kind = Kind.skipped
    /// Zeros, written with the rest: the bytes after `kind` are a field, not padding, so two
    /// scans compare byte for byte (ConstraintChoiceCache).
    var filler: (UInt8, UInt8, UInt8) = (0, 0, 0)
    var bodyA: Int32 = 0
    var bodyB: Int32 = 0
    var colored = ColoredPair(a: -1, b: -1)
}

extension World {
    /// Which contacts the solver takes: judged on the workers, each into its own slot (the
    /// contacts and their bodies are most of the memory a step walks); `chooseConstraints`
    /// then gathers them in contact order. Usually done already by this step's narrow phase
    /// (see `candidateScanFresh`).
    func scanCandidates() {
        if !candidateScanFresh {
            if candidateScan.count < contacts.count {
                candidateScan.append(contentsOf: repeatElement(CandidateScan(), count: contacts.count - candidateScan.count))
            }
            candidateScan.withUnsafeMutableBufferPointer { scan in
            contacts.withUnsafeBufferPointer { ct in
            bodies.withUnsafeBufferPointer { bs in
                parallelRanges(ct.count, grain: 256) { range in
                    for ci in range { scan[ci] = self.scanCandidate(ct.baseAddress! + ci, bs) }
                }
            }
            }
            }
        }
        candidateScanFresh = false
    }

    /// The step's constraints: the scanned candidates gathered in contact order, colored,
    /// and laid out lane by lane in solve order (colors first, then the overflow one
    /// constraint per batch); `batches` sized to match. Touches neither the bodies nor what
    /// `loadPreparedBodies` and the velocity integration write, so it may run beside them.
    func chooseConstraints() {
        let dummy = Int32(bodies.count)
        // Serial, so through pointers: appends checked the arrays' uniqueness three times a
        // contact, a visible share of what the second worker cannot take. One pass gathers the
        // candidates in contact order, colors each as it comes and counts the colors (three
        // passes before, all on this thread while the other waited).
        let contactCount = contacts.count
        let colorCount = World.graphColorCount
        // (The colors are the sequential step's too.)
        sequentialLayoutCache.invalidate()
        // Last step's candidates, in the same order: last step's choice (ConstraintChoiceCache).
        if constraintChoiceCache.holds(self, contactCount: contactCount) {
            constraintChoiceCache.keep()
            markHeldBodies(contactCount)
            return
        }
        candidates.removeAll(keepingCapacity: true)
        candidates.append(contentsOf: repeatElement(0, count: contactCount))
        colorOf.removeAll(keepingCapacity: true)
        colorOf.append(contentsOf: repeatElement(0, count: contactCount))
        var perColor = [Int](repeating: 0, count: colorCount + 1)
        var candidateCount = 0
        let stamp = beginColoring()
        candidateScan.withUnsafeBufferPointer { scan in
        candidates.withUnsafeMutableBufferPointer { out in
        colorOf.withUnsafeMutableBufferPointer { colors in
        bodyColors.withUnsafeMutableBufferPointer { masks in
        perColor.withUnsafeMutableBufferPointer { perColor in
        constrained.withUnsafeMutableBufferPointer { held in
            for ci in 0..<contactCount where scan[ci].kind != .skipped {
                let found = scan[ci]
                out[candidateCount] = Int32(ci)
                let color = takeColor(found.colored, masks.baseAddress!, stamp: stamp)
                colors[candidateCount] = color
                perColor[Int(color)] += 1
                candidateCount += 1
                if found.kind == .touching { held[Int(found.bodyA)] = true; held[Int(found.bodyB)] = true }
            }
        }
        }
        }
        }
        }
        }
        candidates.removeLast(contactCount - candidateCount)
        colorOf.removeLast(contactCount - candidateCount)

        let firstBatch = batchStarts(perColor: perColor)
        batchColorStarts = firstBatch
        let batchCount = firstBatch[colorCount + 1]
        // Which candidate sits in each lane (-1: empty), and each candidate's lane, decided in
        // candidate order so the layout is the same for any worker count; the preparation then
        // fills the lanes candidate by candidate (each lane is a store of its own four bytes,
        // so two threads filling lanes of one batch do not interfere).
        laneCandidates.removeAll(keepingCapacity: true)
        laneCandidates.append(contentsOf: repeatElement(-1, count: 4 * batchCount))
        candidateLanes.removeAll(keepingCapacity: true)
        candidateLanes.append(contentsOf: repeatElement(0, count: candidateCount))
        var filled = [Int](repeating: 0, count: colorCount + 1)
        colorOf.withUnsafeBufferPointer { colors in
        laneCandidates.withUnsafeMutableBufferPointer { lanes in
        candidateLanes.withUnsafeMutableBufferPointer { lanesOf in
        filled.withUnsafeMutableBufferPointer { filled in
        firstBatch.withUnsafeBufferPointer { firstBatch in
            for k in 0..<candidateCount {
                let color = Int(colors[k])
                let slot = filled[color]
                filled[color] += 1
                let overflow = color == colorCount
                let batch = firstBatch[color] + (overflow ? slot : slot >> 2)
                let lane = 4 * batch + (overflow ? 0 : slot & 3)
                lanes[lane] = Int32(k)
                lanesOf[k] = Int32(lane)
            }
        }
        }
        }
        }
        }
        if batches.count > batchCount { batches.removeLast(batches.count - batchCount) }
        while batches.count < batchCount { batches.append(ContactBatch(dummy: dummy)) }
        constraintChoiceCache.record(self, contactCount: contactCount)
    }

    /// Marks the two bodies of every touching candidate among the first `contactCount`
    /// contacts as held (what the choice's own pass marks).
    private func markHeldBodies(_ contactCount: Int) {
        candidateScan.withUnsafeBufferPointer { scan in
        constrained.withUnsafeMutableBufferPointer { held in
            for ci in 0..<contactCount where scan[ci].kind == .touching {
                held[Int(scan[ci].bodyA)] = true
                held[Int(scan[ci].bodyB)] = true
            }
        }
        }
    }

    /// Graph colors before the overflow (Box2D v3's constraint graph has as many).
    static let graphColorCount = 24

    /// Assigns each of `candidateBodies` a graph color (Box2D v3's constraint graph) so that
    /// within one color no two constraints share a dynamic body: Gauss-Seidel sweeps the pile
    /// in layers instead of in creation order, which otherwise biases big stacks to one side,
    /// and a color can be solved four lanes at a time. Greedy in creation order every step, so
    /// the order stays deterministic. Returns the color count; `colorOf` holds that index for
    /// the overflow.
    func colorConstraints() -> Int {
        // (The colors are the soft step's too.)
        constraintChoiceCache.invalidate()
        colorOf.removeAll(keepingCapacity: true)
        colorOf.append(contentsOf: repeatElement(0, count: candidateBodies.count))
        // Grouped in regions (World+SequentialRegions), each group is colored on its own: the
        // two regions share no colored body, so one coloring covers both, and the seam, whose
        // bodies sit in either, takes a second one.
        let grouped = sequentialGroupCount > 1
        sequentialSeam.removeAll(keepingCapacity: true)
        var stamp = beginColoring()
        bodyColors.withUnsafeMutableBufferPointer { masks in
        candidateBodies.withUnsafeBufferPointer { pairs in
        sequentialGroupOf.withUnsafeBufferPointer { groupOf in
        colorOf.withUnsafeMutableBufferPointer { colors in
            for (k, p) in pairs.enumerated() {
                if grouped && groupOf[k] == 2 { sequentialSeam.append(k); continue }
                colors[k] = takeColor(p, masks.baseAddress!, stamp: stamp)
            }
        }
        }
        }
        }
        if grouped {
            stamp = beginColoring()
            bodyColors.withUnsafeMutableBufferPointer { masks in
            candidateBodies.withUnsafeBufferPointer { pairs in
            colorOf.withUnsafeMutableBufferPointer { colors in
            sequentialSeam.withUnsafeBufferPointer { seam in
                for k in seam { colors[k] = takeColor(pairs[k], masks.baseAddress!, stamp: stamp) }
            }
            }
            }
            }
        }
        return World.graphColorCount
    }

    /// Starts a coloring: every body's mask reads as empty from now on, and `bodyColors`
    /// covers every body. Returns the stamp that marks this coloring's masks. (After 2^32
    /// colorings a body untouched for exactly that many reads an old mask as its own: the
    /// colors it marks as taken are then a superset, which is still a valid coloring.)
    func beginColoring() -> UInt32 {
        if bodyColors.count < bodies.count {
            bodyColors.append(contentsOf: repeatElement(0, count: bodies.count - bodyColors.count))
        }
        coloringStamp &+= 1
        return coloringStamp
    }

    /// The color of a constraint between the colored bodies of `p` (-1: none): the lowest
    /// color neither body sits in yet, marked in both masks; `graphColorCount` (the overflow)
    /// when all are taken. Only dynamic awake bodies' masks are read or kept.
    @inline(__always) func takeColor(_ p: ColoredPair, _ masks: UnsafeMutablePointer<UInt64>, stamp: UInt32) -> Int32 {
        let a = Int(p.a), b = Int(p.b)
        let tag = UInt64(stamp) << 32
        @inline(__always) func used(_ i: Int) -> UInt32 {
            guard i >= 0 else { return 0 }
            let m = masks[i]
            return m & 0xFFFF_FFFF_0000_0000 == tag ? UInt32(truncatingIfNeeded: m) : 0
        }
        let maskA = used(a), maskB = used(b)
        let color = (~(maskA | maskB)).trailingZeroBitCount
        if color >= World.graphColorCount { return Int32(World.graphColorCount) }
        let bit = UInt32(1) << UInt32(color)
        if a >= 0 { masks[a] = tag | UInt64(maskA | bit) }
        if b >= 0 { masks[b] = tag | UInt64(maskB | bit) }
        return Int32(color)
    }

    /// Whether the solver takes contact `c` this step, and how (read through pointers the
    /// caller holds, so the narrow phase can run it on a contact it has in cache).
    @inline(__always) func scanCandidate(_ c: UnsafePointer<Contact>, _ bs: UnsafeBufferPointer<Body>) -> CandidateScan {
        if c.pointee.manifold.count == 0 || !c.pointee.solid { return CandidateScan() }
        let bodyA = c.pointee.bodyA, bodyB = c.pointee.bodyB
        let awakeA = bs[bodyA].isAwake && bs[bodyA].type != .staticBody
        let awakeB = bs[bodyB].isAwake && bs[bodyB].type != .staticBody
        if !awakeA && !awakeB { return CandidateScan() }
        return CandidateScan(kind: c.pointee.touching ? .touching : .candidate, bodyA: Int32(bodyA), bodyB: Int32(bodyB),
                             colored: coloredBodies(bodyA, bodyB))
    }

    /// A candidate's two bodies as the coloring sees them: -1 for one that is not dynamic
    /// and awake (static, kinematic and sleeping bodies take no color).
    @inline(__always) func coloredBodies(_ bodyA: Int, _ bodyB: Int) -> ColoredPair {
        ColoredPair(a: isSolverDynamic(bodyA) ? Int32(bodyA) : -1, b: isSolverDynamic(bodyB) ? Int32(bodyB) : -1)
    }
}
