// Design note: how the engine's loops are cut for the worker pool. A loop whose indices
// write only what they own runs as ranges split across the threads (`parallelRanges`), or
// as each thread's own half of a region-ordered list (`parallelShares`); a pass over the
// constraint batches runs color by color, each color's batches split across the threads
// (they share no moving body) and the overflow in one piece. The sub-steps' passes are
// planned as stages (`planStage`, `planColorStages`) and run as one staged job of the pool
// (`runStagePlan`), every piece of a stage before any of the next. However a loop is cut,
// each index sees the same inputs, so the result is the same for any worker count.

extension World {
    /// Runs `body` over `0..<count` split across the worker pool when there is one and the
    /// work is worth splitting, else in one piece on this thread. Each index must write only
    /// what it owns, so the result is the same for any worker count.
    @inline(__always) func parallelRanges(_ count: Int, grain: Int, _ body: (Range<Int>) -> Void) {
        if let pool = workerPool, count >= 2 * grain {
            pool.forEach(in: 0..<count, grain: grain, body)
        } else if count > 0 {
            body(0..<count)
        }
    }

    /// `parallelRanges(countA, grain: grainA, first)` and then `parallelShares(countB, grain:
    /// grainB, second)` as one job of the pool (`WorkerPool.forEach(in:grain:_:and:grain:_:)`),
    /// for two loops that share nothing: one hand-over instead of two.
    @inline(__always) func parallelRangesAndShares(_ countA: Int, grain grainA: Int, _ first: (Range<Int>) -> Void,
                                                   _ countB: Int, grain grainB: Int, _ second: (Range<Int>) -> Void) {
        guard let pool = workerPool, countA >= 2 * grainA || countB >= 2 * grainB else {
            if countA > 0 { first(0..<countA) }
            if countB > 0 { second(0..<countB) }
            return
        }
        pool.forEach(in: 0..<countA, grain: grainA, first, and: 0..<countB, grain: shareGrain(countB, grain: grainB), second)
    }

    /// `parallelRanges` over a list whose halves belong to one thread each
    /// (`regionOrderedBodies`): cut into a multiple of the thread count of equal pieces, so
    /// that each thread's own share of the pieces is its half of the list (three pieces of a
    /// list of 1,000 gave one thread a third and the other two). Below `grain` items a
    /// piece, in fewer pieces.
    @inline(__always) func parallelShares(_ count: Int, grain: Int, _ body: (Range<Int>) -> Void) {
        parallelRanges(count, grain: shareGrain(count, grain: grain), body)
    }

    /// The grain `parallelShares` cuts a list of `count` items with: pieces of at least
    /// `grain` items, as many as the pool cuts a job into at most.
    @inline(__always) func shareGrain(_ count: Int, grain: Int) -> Int {
        max(grain, count / (4 * (workerPool?.threadCount ?? 1)))
    }

    /// Per layout color (the overflow last) and thread, the first batch of the thread's share
    /// of the color's batches as the solve's stages cut them (`planColorStages`, then
    /// `StageTeam`: a color in pieces of at least 16 batches, at most four a thread, each
    /// thread's share a run of pieces; the overflow in one piece), and the color's end:
    /// `threads + 1` entries a color.
    func solveShareBounds(threads: Int, pool: WorkerPool) -> [Int] {
        let starts = batchColorStarts
        let colors = starts.count - 1
        var bounds = [Int](repeating: 0, count: max(colors, 0) * (threads + 1))
        for c in 0..<max(colors, 0) {
            let range = starts[c]..<starts[c + 1]
            let pieces = range.isEmpty ? 1 : pool.pieceCount(range.count, grain: c == colors - 1 ? .max : 16)
            for t in 0...threads {
                bounds[c * (threads + 1) + t] = range.lowerBound + range.count * (pieces * t / threads) / pieces
            }
        }
        return bounds
    }

    /// Runs `body` over `0..<count` cut by graph color, `starts` being each color's first
    /// batch and, last, the end of the overflow batches (`count`). The batches of one color
    /// share no moving body, so with a worker pool each color's range is split across the
    /// threads, each thread taking the same share of it every time (so a batch stays in the
    /// cache of the core that prepared or last solved it); the overflow batches (the last
    /// color) stay in order on this thread. Either way each batch sees the same inputs, so
    /// the result is the same.
    @inline(__always) func forEachColorRange(_ starts: [Int], count: Int, _ body: (Range<Int>) -> Void) {
        guard let pool = workerPool, starts.count >= 2, starts[starts.count - 1] == count else {
            if count > 0 { body(0..<count) }
            return
        }
        for color in 0..<(starts.count - 2) {
            pool.forEach(in: starts[color]..<starts[color + 1], grain: 16, body)
        }
        if starts[starts.count - 2] < count { body(starts[starts.count - 2]..<count) }
    }

    /// `forEachColorRange` for a pass whose batches depend on nothing another batch writes,
    /// in any color (the preparation writes only its own batch, the store only the contacts
    /// of its own lanes): every color's pieces, and the overflow's, in one pool job
    /// (`WorkerPool.forEach(rangesFrom:grain:_:)`). Each color is cut about as the solve's
    /// stages cut it and thread t's home range holds its share of every color, so a batch
    /// mostly goes to the thread that solves it, as before; where each color was a job of its
    /// own (a hand-over and a wait for the slower thread, seven times over for a pyramid), the
    /// threads now wait once, at the end.
    func forEachColorRangeInOneJob(_ starts: [Int], count: Int, _ body: (Range<Int>) -> Void) {
        guard let pool = workerPool, starts.count >= 2, starts[starts.count - 1] == count else {
            if count > 0 { body(0..<count) }
            return
        }
        pool.forEach(rangesFrom: starts, grain: 16, body)
    }

    /// Empties the stage plan (`planStage`, `planColorStages`, `runStagePlan`).
    func beginStagePlan() { poolStages.removeAll(keepingCapacity: true) }

    /// Adds one stage to the plan: `range` in pieces of at least `grain` items, as
    /// `parallelRanges` cuts it.
    func planStage(_ range: Range<Int>, grain: Int) {
        poolStages.append(PoolStage(range: range, grain: grain))
    }

    /// Adds the colors of `starts` to the plan, as `forEachColorRange` runs them: a stage per
    /// color, split across the threads, and the overflow in one piece. Returns how many
    /// stages that was.
    @discardableResult func planColorStages(_ starts: [Int], count: Int) -> Int {
        guard starts.count >= 2, starts[starts.count - 1] == count else {
            planStage(0..<count, grain: .max)
            return 1
        }
        let colors = starts.count - 2
        for color in 0..<colors { planStage(starts[color]..<starts[color + 1], grain: 16) }
        // The overflow, whose constraints may share bodies, in one piece.
        planStage(starts[colors]..<count, grain: .max)
        return colors + 1
    }

    /// Runs the planned stages, `body(stage index, piece)`, every piece of a stage before any
    /// of the next: as one staged job of the worker pool when there is one (a hand-over per
    /// stage instead of a whole pool job per stage), else one after another on this thread.
    /// The same result for any worker count.
    func runStagePlan(_ body: (_ stage: Int, Range<Int>) -> Void) {
        if let pool = workerPool { pool.forEach(stages: poolStages, body) } else { PoolStage.runInOrder(poolStages, body) }
    }

    /// The smallest value `body(stage index, piece)` returns over the planned stages
    /// (infinity for none), run as `runStagePlan` runs them.
    func minimumOverStagePlan(_ body: (_ stage: Int, Range<Int>) -> Double) -> Double {
        if let pool = workerPool { return pool.minimum(stages: poolStages, body) }
        return PoolStage.minimumInOrder(poolStages, body)
    }
}
