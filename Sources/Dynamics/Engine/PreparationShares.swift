// Design note: which candidates each thread of the pool prepares in the soft step's contact
// preparation, kept from one step to the next. A thread prepares the candidates whose lanes
// lie in its own share of their color's batches (the share the solve's stages give it first),
// and that set depends only on the choice of constraints (lanes, colors, color starts) and
// the thread count. Found by a walk over every candidate each step, it cost each thread
// passes over all of them (the second thread's candidates are the later half, so it started
// late); the choice is kept step after step in a resting heap (`ConstraintChoiceCache`), and
// so are these lists, keyed by the count of choices made.
import Foundation

/// Per pool thread, the candidates it prepares, in candidate order; valid for one choice of
/// constraints (`ConstraintChoiceCache.made`), thread count and candidate count.
struct PreparationShares {
    /// Thread t's list starts at t * candidates (room for every candidate).
    private var lists: [Int32] = []
    /// Per thread, how many candidates its list holds.
    private var counts: [Int] = []
    private var choice = -1
    private var threads = 0
    private var candidates = 0

    /// Whether the lists are those of this choice, thread count and candidate count.
    func holds(choice: Int, threads: Int, candidates: Int) -> Bool {
        self.choice == choice && self.threads == threads && self.candidates == candidates
    }

    /// Forgets the lists and makes room for `threads` lists of up to `candidates` each.
    mutating func reserve(threads: Int, candidates: Int) {
        choice = -1
        // Grown by doubling, so a rain whose candidates grow by a few each step does not
        // allocate each time (a step allocates nothing once the world has warmed up).
        if lists.count < threads * candidates {
            lists = [Int32](repeating: 0, count: max(threads * candidates, 2 * lists.count))
        }
        if counts.count < threads { counts = [Int](repeating: 0, count: threads) }
    }

    /// The lists (thread t's at offset t * candidates) and their counts, to read or fill.
    mutating func withLists<R>(_ body: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int>) -> R) -> R {
        lists.withUnsafeMutableBufferPointer { l in
            counts.withUnsafeMutableBufferPointer { c in body(l.baseAddress!, c.baseAddress!) }
        }
    }

    /// Marks the lists just filled as those of this choice, thread count and candidate count.
    mutating func record(choice: Int, threads: Int, candidates: Int) {
        self.choice = choice
        self.threads = threads
        self.candidates = candidates
    }
}
