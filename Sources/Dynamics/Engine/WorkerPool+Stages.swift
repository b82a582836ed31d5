// Design note: a phase of dependent stages (the colors of every velocity iteration, say) as
// one job of the worker pool. Run as one job per stage, each color cost the pool's whole
// hand-over (publish the job, the worker's announcement, the cursors' lines, the count of
// finished chunks, the end of the job): in the rain of 1,000 items the two-worker velocity
// iterations, some sixty jobs per step, took as long as one thread alone. Here the threads
// enter once and walk the stages together; between two stages each waits only for a single
// shared count of finished pieces to reach the total so far. Every thread's claims on a
// stage come from cursors prepared before the job (its own home share first, as the pool's
// jobs do, then whatever is left of the others'), so no thread ever waits for another to
// show up: a late or descheduled thread finds the stages already done and walks through
// them, and a thread alone does all of it. What a piece computes depends only on its stage
// and index, and every piece of a stage runs before any piece of the next, so the result is
// the one of running the stages one after another on one thread.
import Foundation
import CPUHints

/// One stage of `WorkerPool.forEach(stages:)`: a range cut into pieces of at least `grain`
/// items (as `forEach(in:grain:)` cuts it), every one of which runs before any piece of the
/// next stage. `Int.max` as the grain keeps the range in one piece.
struct PoolStage {
    var range: Range<Int>
    var grain: Int

    /// The stages one after another on this thread, each range in one piece: what a staged
    /// job computes, without a pool.
    static func runInOrder(_ stages: [PoolStage], _ body: (_ stage: Int, _ piece: Range<Int>) -> Void) {
        for (s, stage) in stages.enumerated() where !stage.range.isEmpty { body(s, stage.range) }
    }

    /// The smallest value `body` returns over the stages run in order (infinity for none).
    static func minimumInOrder(_ stages: [PoolStage], _ body: (_ stage: Int, _ piece: Range<Int>) -> Double) -> Double {
        var smallest = Double.infinity
        for (s, stage) in stages.enumerated() where !stage.range.isEmpty { smallest = min(smallest, body(s, stage.range)) }
        return smallest
    }
}

/// The cursors and the finished count of a staged job, kept by the pool between jobs.
final class StageTeam: @unchecked Sendable {
    private let threads: Int
    /// Per thread a block of (next, end) pairs, one per stage; blocks start on their own
    /// 128-byte lines, so a thread claiming its own share touches only its own lines.
    private var cursors: UnsafeMutablePointer<Int>
    private var blockStride: Int
    private var stageCapacity: Int
    /// Pieces finished so far in the job, alone on its 128 bytes.
    private let finished: UnsafeMutablePointer<Int>
    /// Pieces per stage of the current job.
    private var pieces: [Int] = []
    /// All the current job's pieces.
    private(set) var pieceTotal = 0

    init(threads: Int) {
        self.threads = threads
        stageCapacity = 0
        blockStride = 0
        cursors = Self.allocate(words: 16)
        finished = Self.allocate(words: 16)
    }

    deinit {
        UnsafeMutableRawPointer(cursors).deallocate()
        UnsafeMutableRawPointer(finished).deallocate()
    }

    private static func allocate(words: Int) -> UnsafeMutablePointer<Int> {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: words * MemoryLayout<Int>.stride, alignment: 128)
        return raw.initializeMemory(as: Int.self, repeating: 0, count: words)
    }

    /// Cuts the stages into pieces and points every thread's cursors at its home share.
    func prepare(_ stages: [PoolStage], pool: WorkerPool) {
        if stages.count > stageCapacity {
            UnsafeMutableRawPointer(cursors).deallocate()
            stageCapacity = max(stages.count, 2 * stageCapacity)
            blockStride = (2 * stageCapacity + 15) / 16 * 16
            cursors = Self.allocate(words: threads * blockStride)
        }
        pieces.removeAll(keepingCapacity: true)
        pieceTotal = 0
        for (s, stage) in stages.enumerated() {
            let n = stage.range.isEmpty ? 0 : pool.pieceCount(stage.range.count, grain: stage.grain)
            pieces.append(n)
            pieceTotal += n
            for t in 0..<threads {
                let c = cursors + t * blockStride + 2 * s
                c[0] = n * t / threads
                c[1] = n * (t + 1) / threads
            }
        }
        finished.pointee = 0
    }

    /// Thread `slot`'s walk through the stages: `body(stage, piece number in the whole job,
    /// piece)`.
    func play(_ slot: Int, _ stages: [PoolStage], _ body: (_ stage: Int, _ number: Int, _ piece: Range<Int>) -> Void) {
        var total = 0
        for s in 0..<stages.count {
            let n = pieces[s]
            if n == 0 { continue }
            let first = total
            total += n
            var done = 0
            for offset in 0..<threads {
                let c = cursors + ((slot + offset) % threads) * blockStride + 2 * s
                let end = c[1]
                // Another's share: look before taking its line for a claim that would fail.
                if offset > 0 && animatic_atomic_load(c) >= end { continue }
                while true {
                    let k = animatic_atomic_fetch_add(c, 1)
                    if k >= end { break }
                    body(s, first + k, WorkerPool.piece(k, of: n, stages[s].range))
                    done += 1
                }
            }
            if done > 0 { _ = animatic_atomic_fetch_add(finished, done) }
            var spins = 0
            while animatic_atomic_load(finished) < total {
                spins += 1
                if spins < 4_000 { animatic_spin_pause() } else { sched_yield() }
            }
        }
    }
}

extension WorkerPool {
    /// Runs every stage's pieces on the pool, stage after stage, in one job (see the design
    /// note above), as `body(stage index, piece)`. A piece must write only what it owns among
    /// the pieces of its stage.
    func forEach(stages: [PoolStage], _ body: (_ stage: Int, _ piece: Range<Int>) -> Void) {
        if threadCount == 1 { PoolStage.runInOrder(stages, body); return }
        stageTeam.prepare(stages, pool: self)
        let team = stageTeam
        run(chunks: threadCount) { slot in team.play(slot, stages) { stage, _, piece in body(stage, piece) } }
    }

    /// The smallest value `body` returns over the pieces of the stages (infinity for none),
    /// run as `forEach(stages:)` runs them. A minimum is the same in any grouping, so the
    /// result does not depend on the thread count.
    func minimum(stages: [PoolStage], _ body: (_ stage: Int, _ piece: Range<Int>) -> Double) -> Double {
        if threadCount == 1 { return PoolStage.minimumInOrder(stages, body) }
        stageTeam.prepare(stages, pool: self)
        let team = stageTeam
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: max(team.pieceTotal, 1)) { mins in
            mins.initialize(repeating: .infinity)
            run(chunks: threadCount) { slot in team.play(slot, stages) { stage, number, piece in mins[number] = body(stage, piece) } }
            return mins.reduce(Double.infinity) { min($0, $1) }
        }
    }
}
