// Design note: the sequential step's loops walk lists of indices (constraints into contacts,
// contacts into shapes and bodies, region-ordered bodies into records) whose targets the
// hardware prefetcher cannot guess, and whose lines the other core wrote last as often as
// not: in the rain of 1,000 items a third of the constraints' making waited on those loads.
// Each such loop asks for the records of an iteration a few ahead. A prefetch never faults
// and changes no value, so the results are the same with or without it.
import CPUHints

enum Prefetch {
    /// How many iterations ahead a loop asks for what an iteration reads.
    static let distance = 4

    /// Every cache line of the `bytes` bytes at `start` (which need not be aligned), for reading.
    @inline(__always) static func lines(_ start: UnsafeRawPointer, bytes: Int) {
        // As many prefetches as the most lines `bytes` can touch, the last at the last byte:
        // a line asked for twice costs less than a loop whose length varies with alignment.
        let last = max(bytes, 1) - 1
        for k in 0...(last / 64 + 1) { animatic_prefetch(start + min(64 * k, last)) }
    }

    /// `lines`, for writing: the lines come owned by this core, so the stores that follow
    /// need not wait for the other core to let go of them. Only for records no other thread
    /// touches in the same pass.
    @inline(__always) static func linesForWriting(_ start: UnsafeRawPointer, bytes: Int) {
        let last = max(bytes, 1) - 1
        for k in 0...(last / 64 + 1) { animatic_prefetch_write(start + min(64 * k, last)) }
    }

    /// Runs `body` for each index of `list[range]` in order, first calling `ahead` with the
    /// index `distance` places further on (within the range), for the loop to ask for what
    /// that iteration will read.
    @inline(__always) static func walk(_ list: UnsafeBufferPointer<Int>, _ range: Range<Int>,
                                       ahead: (Int) -> Void, _ body: (Int) -> Void) {
        for j in range {
            if j + distance < range.upperBound { ahead(list[j + distance]) }
            body(list[j])
        }
    }

    /// The whole record at `pointer`.
    @inline(__always) static func record<T>(_ pointer: UnsafePointer<T>) {
        lines(UnsafeRawPointer(pointer), bytes: MemoryLayout<T>.size)
    }

    /// The whole record at `pointer`, for writing.
    @inline(__always) static func recordForWriting<T>(_ pointer: UnsafePointer<T>) {
        linesForWriting(UnsafeRawPointer(pointer), bytes: MemoryLayout<T>.size)
    }
}
