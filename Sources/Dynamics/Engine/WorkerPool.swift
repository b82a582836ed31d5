// Design note: a small pool of worker threads for the parts of a step that split into
// independent pieces (the narrow phase's contacts, the batches of one graph color). A job is
// a count of chunks and a closure; each thread first claims the chunks of its own home range
// (the same share of every job, so a color's batches stay in the cache of the core that
// solved them in the last pass) through its own atomic cursor, then steals what is left of
// the others', and the call returns when every chunk is done. What a chunk computes depends
// only on its index, never on which thread ran it, so results are identical for any worker
// count (Box2D v3's task model, whose workers also start on their own blocks). Jobs come
// every few tens of microseconds during a step, too often for a sleeping thread's wake-up
// latency, so an idle worker spins for a few milliseconds (by the clock) before it backs
// off to short sleeps (a caller about to go on alone sends it to long naps at once, `rest`),
// and the caller waiting for a job's last chunk spins briefly and then yields its core (the
// worker may need it on a busy machine). The threads hold the shared state, not the pool, so
// dropping the pool stops them cleanly.
import Foundation
import Synchronization
import CPUHints

final class WorkerPool: @unchecked Sendable {
    /// One thread's claim on the chunks of a job, alone on its cache lines (the threads
    /// touch each other's only when they steal).
    private final class Cursor: @unchecked Sendable {
        private let padBefore: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
        /// The next chunk of this thread's home range to hand out.
        let next = Atomic<Int>(0)
        /// The end of the home range.
        var end = 0
        private let padAfter: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
    }

    /// A counter alone on its cache lines. The caller's and the workers' counters side by
    /// side in one object shared a line, so every write of one (the worker announcing itself,
    /// the caller publishing a job) took the line from the core spinning on another.
    private final class LoneCounter: @unchecked Sendable {
        private let padBefore: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
        let value: Atomic<Int>
        private let padAfter: (Int, Int, Int, Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0, 0, 0, 0)
        init(_ initial: Int) { value = Atomic<Int>(initial) }
    }

    /// What the caller and the workers share.
    private final class Core: @unchecked Sendable {
        /// Odd while idle or while a job is being written, even while a job runs (written by
        /// the caller, read by every spinning worker).
        let generation = LoneCounter(1)
        /// Per thread (the caller is 0): the chunks it takes first.
        let cursors: [Cursor]
        /// Chunks run so far in this job (each thread adds its count once).
        let finishedChunks = LoneCounter(0)
        let stopping = Atomic<Bool>(false)
        /// Set between jobs by `rest()`: the workers skip their spin and take long naps until
        /// the next job (which clears it).
        let resting = Atomic<Bool>(false)
        /// Workers inside a job right now.
        let active = LoneCounter(0)
        var job: ((Int) -> Void)?

        init(threads: Int) {
            cursors = (0..<threads).map { _ in Cursor() }
        }

        /// Thread `me` runs the chunks of its home range, then whatever is left of the
        /// others'. A thread's home range is the same part of every job, so the batches of
        /// a color stay in the cache of the core that solved them in the last pass (taken
        /// first come, first served, half of them moved between the cores every pass); a
        /// cursor hands out each of its chunks once, whoever asks.
        func work(_ me: Int) {
            guard let job else { return }
            let count = cursors.count
            // Counted here and published once: an add per chunk moved the shared counter's
            // line between the cores several times a job.
            var done = 0
            for offset in 0..<count {
                let cursor = cursors[(me + offset) % count]
                while true {
                    let k = cursor.next.add(1, ordering: .acquiringAndReleasing).oldValue
                    if k >= cursor.end { break }
                    job(k)
                    done += 1
                }
            }
            if done > 0 { finishedChunks.value.add(done, ordering: .releasing) }
        }

        func workerLoop(_ me: Int) {
            // The generation a new pool starts at, not the one this thread first reads: a
            // thread that started after the first job was published would count that job as
            // seen and leave all of it to the caller.
            animatic_tight_timer_slack()
            var seen = 1
            var idle = 0
            var idleSince: UInt64 = 0
            var napping = false
            while !stopping.load(ordering: .acquiring) {
                let now = generation.value.load(ordering: .acquiring)
                if now != seen && now & 1 == 0 {
                    seen = now
                    idle = 0
                    idleSince = 0
                    napping = false
                    active.value.add(1, ordering: .acquiringAndReleasing)
                    // Take part only if the job is still the one announced (see run).
                    if generation.value.load(ordering: .acquiring) == now { work(me) }
                    active.value.subtract(1, ordering: .acquiringAndReleasing)
                    continue
                }
                idle += 1
                if resting.load(ordering: .relaxed) { usleep(Self.restNapMicroseconds); continue }
                if napping { usleep(50); continue }
                pause()
                // Spin by the clock, not by a count of pauses: one pause takes from a few
                // nanoseconds to 27 (seen here), so 20,000 of them lasted half a millisecond,
                // shorter than some gaps between pooled jobs, and the job after such a gap
                // started with the worker asleep while the caller did most of it alone (in
                // four paired rounds of bench physics rain1000 on two workers, a spin ten
                // times longer ran 8-37% faster).
                if idle & 255 == 0 {
                    let clock = DispatchTime.now().uptimeNanoseconds
                    if idleSince == 0 {
                        idleSince = clock
                    } else if clock - idleSince > Self.idleSpinNanoseconds {
                        napping = true
                    }
                }
            }
        }

        /// How long an idle worker spins before it backs off to short sleeps.
        static let idleSpinNanoseconds: UInt64 = 4_000_000
        /// A resting worker's naps: long enough that its wake-ups do not take the core from a
        /// busy thread every few dozen microseconds.
        static let restNapMicroseconds: UInt32 = 500

        @inline(__always) func pause() {
            // The processor's spin-wait hint: the waiting core stops hammering the shared
            // cache line and yields its pipeline for a few dozen cycles.
            animatic_spin_pause()
        }

        /// Spins until `done` holds, giving the processor away after a while: on a busy
        /// machine the thread being waited for may be waiting for this very core, and spinning
        /// on would only burn the time slice it needs.
        @inline(__always) func wait(until done: () -> Bool) {
            var spins = 0
            while !done() {
                spins += 1
                if spins < 4_000 { pause() } else { sched_yield() }
            }
        }
    }

    /// Threads that take part, the caller included.
    let threadCount: Int
    private let core: Core
    /// The cursors of `forEach(stages:)`, used by the caller's thread only between jobs.
    let stageTeam: StageTeam

    init(threads: Int) {
        threadCount = max(1, threads)
        core = Core(threads: threadCount)
        stageTeam = StageTeam(threads: threadCount)
        for number in 1..<threadCount {
            let core = self.core
            let thread = Thread { core.workerLoop(number) }
            thread.name = "animatic.physics.\(number)"
            thread.stackSize = 1 << 20
            thread.start()
        }
    }

    deinit { core.stopping.store(true, ordering: .releasing) }

    /// Sends the idle workers to long naps now, rather than after their spin, until the next
    /// job: for a caller that goes on alone for a while (the `WorkerTuner`'s steps without
    /// the pool), whose core a spinning worker may be taking.
    func rest() {
        if !core.resting.load(ordering: .relaxed) { core.resting.store(true, ordering: .relaxed) }
    }

    /// Runs `body(0..<chunks)` on the pool and returns when all have run.
    ///
    /// The generation works like a sequence lock: odd while idle or while the caller writes a
    /// job, even while it runs. A worker takes part only if the generation is still the even
    /// value it saw after it announced itself, so it never reads a job being written or one
    /// that has ended; the caller clears the job only once no worker is inside.
    func run(chunks: Int, _ body: (Int) -> Void) {
        if threadCount == 1 || chunks <= 1 {
            for k in 0..<chunks { body(k) }
            return
        }
        if core.resting.load(ordering: .relaxed) { core.resting.store(false, ordering: .relaxed) }
        withoutActuallyEscaping(body) { escapable in
            core.wait { core.active.value.load(ordering: .acquiring) == 0 }
            core.job = escapable
            for (t, cursor) in core.cursors.enumerated() {
                cursor.next.store(chunks * t / threadCount, ordering: .relaxed)
                cursor.end = chunks * (t + 1) / threadCount
            }
            core.finishedChunks.value.store(0, ordering: .relaxed)
            core.generation.value.add(1, ordering: .acquiringAndReleasing) // even: ready
            core.work(0)
            core.wait { core.finishedChunks.value.load(ordering: .acquiring) >= chunks }
            core.generation.value.add(1, ordering: .acquiringAndReleasing) // odd: over
            core.wait { core.active.value.load(ordering: .acquiring) == 0 }
            core.job = nil
        }
    }

    /// Runs `body` over `range` split into pieces of at least `grain` items.
    func forEach(in range: Range<Int>, grain: Int, _ body: (Range<Int>) -> Void) {
        let chunks = pieceCount(range.count, grain: grain)
        if chunks <= 1 || threadCount == 1 { body(range); return }
        run(chunks: chunks) { k in
            let piece = Self.piece(k, of: chunks, range)
            if !piece.isEmpty { body(piece) }
        }
    }

    /// Runs two loops that share nothing as one job: `first` over `a` and `second` over `b`,
    /// each cut into pieces as `forEach(in:grain:_:)` would cut it, rounded up to a multiple
    /// of the thread count, and each thread's home range holding its share of both (its
    /// pieces of the first loop, then of the second). One hand-over instead of two, and a
    /// loop over a list whose halves belong to one thread each (`parallelShares`) keeps them.
    func forEach(in a: Range<Int>, grain grainA: Int, _ first: (Range<Int>) -> Void,
                 and b: Range<Int>, grain grainB: Int, _ second: (Range<Int>) -> Void) {
        let threads = threadCount
        if threads == 1 {
            if !a.isEmpty { first(a) }
            if !b.isEmpty { second(b) }
            return
        }
        let perA = (pieceCount(a.count, grain: grainA) + threads - 1) / threads
        let perB = (pieceCount(b.count, grain: grainB) + threads - 1) / threads
        run(chunks: (perA + perB) * threads) { k in
            let (ofFirst, piece) = Self.pairedPiece(k, perA: perA, perB: perB, threads: threads, a, b)
            guard !piece.isEmpty else { return }
            if ofFirst { first(piece) } else { second(piece) }
        }
    }

    /// Chunk `k` of a job of two loops (`forEach(in:grain:_:and:grain:_:)`) with `perA` and
    /// `perB` pieces of each a thread: whether it is a piece of the first loop, and which.
    /// Thread t's home range, chunks t * (perA + perB) ..< (t + 1) * (perA + perB), holds the
    /// t-th share of each loop's pieces.
    @inline(__always) static func pairedPiece(_ k: Int, perA: Int, perB: Int, threads: Int,
                                              _ a: Range<Int>, _ b: Range<Int>) -> (ofFirst: Bool, piece: Range<Int>) {
        let per = perA + perB
        let t = k / per, r = k % per
        return r < perA ? (true, piece(t * perA + r, of: perA * threads, a)) : (false, piece(t * perB + r - perA, of: perB * threads, b))
    }

    /// Runs `body` over the consecutive ranges `starts[g]..<starts[g + 1]` (the last entry
    /// ends the last range), loops that share nothing, as one job: each range cut as
    /// `forEach(in:grain:_:)` would cut it, rounded up to a multiple of the thread count, and
    /// each thread's home range holding its share of every range in order (as
    /// `forEach(in:grain:_:and:grain:_:)` does for two). One hand-over instead of one per range.
    func forEach(rangesFrom starts: [Int], grain: Int, _ body: (Range<Int>) -> Void) {
        let groups = starts.count - 1
        guard groups > 0 else { return }
        let threads = threadCount
        if threads == 1 {
            for g in 0..<groups where starts[g] < starts[g + 1] { body(starts[g]..<starts[g + 1]) }
            return
        }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: groups) { shares in
            // Per range, the chunks of each thread's share.
            var chunksPerThread = 0
            for g in 0..<groups {
                let n = starts[g + 1] - starts[g]
                shares[g] = n <= 0 ? 0 : (pieceCount(n, grain: grain) + threads - 1) / threads
                chunksPerThread += shares[g]
            }
            let perThread = chunksPerThread
            guard perThread > 0 else { return }
            // Chunk t * perThread + r: thread t's r-th chunk, walking the ranges in order.
            run(chunks: perThread * threads) { k in
                let t = k / perThread
                var r = k % perThread, g = 0
                while r >= shares[g] { r -= shares[g]; g += 1 }
                let piece = Self.piece(t * shares[g] + r, of: shares[g] * threads, starts[g]..<starts[g + 1])
                if !piece.isEmpty { body(piece) }
            }
        }
    }

    /// How many pieces of at least `grain` items a job of `count` items is cut into.
    func pieceCount(_ count: Int, grain: Int) -> Int {
        min(max(count / max(grain, 1), 1), 4 * threadCount)
    }

    /// Piece `k` of `range` cut into `chunks` nearly equal pieces.
    @inline(__always) static func piece(_ k: Int, of chunks: Int, _ range: Range<Int>) -> Range<Int> {
        let count = range.count
        return (range.lowerBound + count * k / chunks)..<(range.lowerBound + count * (k + 1) / chunks)
    }
}
