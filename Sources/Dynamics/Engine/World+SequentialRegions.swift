// Design note: the sequential step's constraints in two regions and a seam. The velocity and
// position passes go color by color; on two threads each color was a stage of the pool, so
// a pass over a pile of 1,000 items took a dozen hand-overs, eight velocity passes and three
// position passes a hundred per step, each waiting for the slower thread, and every color
// passed the bodies' lines from one core to the other. With enough constraints
// (`sequentialRegionThreshold`) the moving bodies are cut in two at the median of their
// centres along the axis they spread widest (a histogram, not a sort), and each constraint
// joins the region of its moving bodies, or the seam when they sit on both sides. Each group
// is colored on its own and laid out after the one before (region 0's colors and overflow,
// region 1's, the seam's), and a pass runs in two stages: both regions side by side, each
// color after color on one thread, then the seam on one thread. The regions share no moving
// body, so running them side by side gives what running them one after the other gives: the
// states are the same for any worker count, with two hand-overs a pass. (The order in which
// constraints meet is another than with one group, as any coloring's is: Box2D 2.2's own is
// the contact list's.) Fewer constraints keep a single group and the plain color stages.
import Foundation

extension World {
    /// From this many constraints on, the sequential step solves them as two regions and a
    /// seam (below it, the hand-overs a color costs are not worth a plan of their own).
    static let sequentialRegionThreshold = 256

    /// Histogram bins of the median cut.
    private static let regionBins = 64

    /// Which group each of the step's constraints (`candidateBodies`) belongs to: 0 and 1 the
    /// regions, 2 the seam; or one group for all (`sequentialGroupCount` 1) below the
    /// threshold or when the bodies cannot be cut (`cut`: what `cutSequentialRegions` said).
    func groupSequentialConstraints(cut: Bool) {
        sequentialGroupOf.removeAll(keepingCapacity: true)
        sequentialGroupCount = 1
        let count = candidateBodies.count
        guard cut else { return }
        sequentialGroupCount = 3
        sequentialGroupOf.append(contentsOf: repeatElement(0, count: count))
        bodyRegions.withUnsafeBufferPointer { regions in
        candidateBodies.withUnsafeBufferPointer { pairs in
        sequentialGroupOf.withUnsafeMutableBufferPointer { groups in
            // (Every colored body moves, so `regionCut` gave it its region.)
            @inline(__always) func region(_ i: Int32) -> UInt8 { regions[Int(i)] }
            for k in 0..<count {
                let a = pairs[k].a, b = pairs[k].b
                // -1: not a moving body (static, kinematic, asleep), on neither side.
                if a < 0 { groups[k] = b < 0 ? 0 : region(b); continue }
                let ra = region(a)
                groups[k] = b < 0 || region(b) == ra ? ra : 2
            }
        }
        }
        }
    }

    /// Lists the awake bodies (`regionOrderedBodies`) with those of last step's region 0 first
    /// and the others after them, each part in body order. The pool's body loops give each
    /// thread its own share of a list, the first or the second half (`parallelShares`), so in
    /// this order each thread loads, integrates and stores mostly the bodies whose
    /// constraints it solves, and their lines stay in its core's cache (in body order, half
    /// of each thread's bodies were the other's). Which thread runs a body changes nothing.
    func orderAwakeBodiesByRegion() {
        let count = awakeBodies.count
        regionOrderedBodies.removeAll(keepingCapacity: true)
        regionOrderedBodies.append(contentsOf: repeatElement(0, count: count))
        let known = bodyRegions.count >= bodies.count
        awakeBodies.withUnsafeBufferPointer { awake in
        bodyRegions.withUnsafeBufferPointer { regions in
        regionOrderedBodies.withUnsafeMutableBufferPointer { order in
            var front = 0
            for i in awake where !known || regions[i] == 0 { order[front] = i; front += 1 }
            if known { for i in awake where regions[i] != 0 { order[front] = i; front += 1 } }
        }
        }
        }
    }

    /// Whether this step's constraints go in regions: enough of them, and the moving bodies
    /// cut (`bodyRegions`, World+SequentialRegions' `regionCut`).
    func cutSequentialRegions() -> Bool {
        candidateBodies.count >= Self.sequentialRegionThreshold && regionCut()
    }

    /// Gives each of the step's moving constrained bodies (`batchBodies`) its slot in `states`
    /// for the velocity passes, and returns the slots of the dummy body that empty lanes and
    /// lanes of bodies that do not move point at (the second for the second region's lanes).
    /// One group: a body's own index, the dummy after the last body. In regions, each
    /// region's bodies together, the second's 128 bytes after the first's, and the two
    /// dummies 128 bytes after that and apart: with the bodies in index order, the two
    /// threads wrote to one cache line wherever a body of one region sat next to one of the
    /// other (in the rain of 1,000 items a region's pass took 40% longer beside the other
    /// than alone), and every batch with an empty lane or a static body stores the dummy's
    /// unchanged velocity.
    func assignVelocitySlots() -> (dummy: Int32, secondDummy: Int32) {
        if velocitySlots.count < bodies.count {
            velocitySlots.append(contentsOf: repeatElement(0, count: bodies.count - velocitySlots.count))
        }
        let stride = 4 // BodyStates in 128 bytes
        @inline(__always) func roundUp(_ n: Int) -> Int { (n + stride - 1) / stride * stride }
        var dummy = bodies.count
        let grouped = sequentialGroupCount == 3
        batchBodies.withUnsafeBufferPointer { moving in
        bodyRegions.withUnsafeBufferPointer { regions in
        velocitySlots.withUnsafeMutableBufferPointer { slots in
            guard grouped else {
                for i in moving { slots[i] = Int32(i) }
                return
            }
            var firstCount = 0
            for i in moving where regions[i] == 0 { firstCount += 1 }
            var next = (0, roundUp(firstCount) + stride)
            for i in moving {
                if regions[i] == 0 {
                    slots[i] = Int32(next.0); next.0 += 1
                } else {
                    slots[i] = Int32(next.1); next.1 += 1
                }
            }
            dummy = roundUp(next.1) + stride
        }
        }
        }
        let dummies = (Int32(dummy), Int32(dummy + stride))
        clearVelocityDummies(dummies)
        return dummies
    }

    /// Gives the two dummies (`assignVelocitySlots`) their slots in `states`, at rest.
    func clearVelocityDummies(_ dummies: (Int32, Int32)) {
        let (first, second) = (Int(dummies.0), Int(dummies.1))
        while states.count < second + 1 { states.append(BodyState()) }
        states[first] = BodyState()
        states[second] = BodyState()
    }

    /// Cuts the moving bodies at the median of their centres along the axis they spread
    /// widest (to a histogram bin): each one's side goes into `bodyRegions` (0 before the cut,
    /// 1 from it on). False when they do not spread. The centres are read once, into
    /// `regionCentres`: the solver bodies are 104-byte records.
    private func regionCut() -> Bool {
        let n = batchBodies.count
        regionCentres.removeAll(keepingCapacity: true)
        regionCentres.append(contentsOf: repeatElement(.zero, count: n))
        if bodyRegions.count < bodies.count { bodyRegions.append(contentsOf: repeatElement(0, count: bodies.count - bodyRegions.count)) }
        // Through pointers: the arrays are the world's, and every write to one in a loop
        // checked that its storage was not shared (a call per write: that, not the arithmetic,
        // was most of this pass).
        return batchBodies.withUnsafeBufferPointer { moving in
        sequentialBodies.withUnsafeBufferPointer { sb in
        regionCentres.withUnsafeMutableBufferPointer { centres in
        bodyRegions.withUnsafeMutableBufferPointer { regions in
            var lower = Vec2(.infinity, .infinity), upper = Vec2(-.infinity, -.infinity)
            for j in 0..<n {
                let c = sb[moving[j]].c
                centres[j] = c
                lower = minVec(lower, c)
                upper = maxVec(upper, c)
            }
            let alongX = upper.x - lower.x >= upper.y - lower.y
            let low = alongX ? lower.x : lower.y, width = alongX ? upper.x - lower.x : upper.y - lower.y
            guard width > 0, width.isFinite else { return false }
            let bins = Self.regionBins
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: bins) { counts in
                counts.initialize(repeating: 0)
                for c in centres {
                    // (A centre that is not a number, set from outside, counts in the first bin.)
                    let t = ((alongX ? c.x : c.y) - low) / width * Double(bins)
                    counts[t >= 0 ? min(Int(t), bins - 1) : 0] += 1
                }
                var below = 0, at = Double.nan
                for bin in 0..<bins {
                    below += counts[bin]
                    if 2 * below >= n { at = low + width * Double(bin + 1) / Double(bins); break }
                }
                guard at.isFinite else { return false }
                for j in 0..<n { regions[moving[j]] = (alongX ? centres[j].x : centres[j].y) < at ? 0 : 1 }
                return true
            }
        }
        }
        }
        }
    }

    /// The colors (and overflow) of the layout per group: `colorCount + 1` layout colors each.
    var sequentialLayoutColorsPerGroup: Int { World.graphColorCount + 1 }

    /// Whether layout color `color` is a group's overflow: one constraint to a batch, in its
    /// first lane; the other colors fill their lanes from the first one on.
    @inline(__always) func isSequentialOverflow(_ color: Int) -> Bool {
        color % sequentialLayoutColorsPerGroup == sequentialLayoutColorsPerGroup - 1
    }

    /// The lane (batch * 4 + lane) of the `i`th constraint of layout color `color`.
    @inline(__always) func sequentialLane(color: Int, _ i: Int) -> Int {
        isSequentialOverflow(color) ? 4 * (sequentialBatchColorStarts[color] + i) : 4 * sequentialBatchColorStarts[color] + i
    }

    /// Adds the stages of one pass over the sequential batches to the stage plan (see the design
    /// note); returns how many. Pieces are batch ranges, except in the first stage of a
    /// grouped pass, whose pieces are regions (`forEachBatchRange` tells them apart).
    @discardableResult func planSequentialPass() -> Int {
        let starts = sequentialBatchColorStarts
        // The batch count from the layout (`buildSequentialBatches` sizes the batches to its
        // last start), not from `sequentialBatches`: the passes are planned inside that
        // array's mutable access, where reading it breaks Swift's exclusive access (a trap in
        // debug builds).
        let count = starts.last ?? 0
        guard sequentialGroupCount == 3 else { return planColorStages(starts, count: count) }
        planStage(0..<2, grain: 1)
        planStage(starts[2 * sequentialLayoutColorsPerGroup]..<count, grain: .max)
        return 2
    }

    /// The batch ranges of a piece of stage `stageInPass` of a pass planned by
    /// `planSequentialPass`, in solve order.
    @inline(__always) func forEachBatchRange(stageInPass: Int, _ piece: Range<Int>, _ body: (Range<Int>) -> Void) {
        guard sequentialGroupCount == 3, stageInPass == 0 else { body(piece); return }
        let starts = sequentialBatchColorStarts, colors = sequentialLayoutColorsPerGroup
        for region in piece { body(starts[region * colors]..<starts[(region + 1) * colors]) }
    }
}
