import Foundation
import FrameFiles
import Rendering
import Images

// Design note: the physics simulation is sequential and cheap next to drawing and PNG
// encoding, so one producer (the caller's thread) hands frame states to N worker threads,
// each owning one FrameRenderer (Cairo allows one context per thread; a renderer reuses its
// surface). Work moves in small batches through a bounded FIFO: when it is full the producer
// waits, so memory stays bounded by the queue depth, not by the frame count. Every frame's
// bytes depend only on its own state and are written straight to its own file, so no
// reordering buffer is needed and the output is identical for any job count; only the small
// per-frame records (name, size, hash) are kept, indexed by frame number. One NSCondition
// guards the whole state; the first failure (the lowest frame number among those seen)
// stops all workers and is rethrown to the producer.

/// Runs `work` on frame states across worker threads, with a bounded queue.
final class RenderWorkerPool<Record>: @unchecked Sendable {
    struct Job {
        var index: Int
        var state: FrameState
    }

    typealias Work = (WorkerRenderers, Job) throws -> Record

    /// A worker's renderers: one for the frames, one made on first use for previews drawn at
    /// another size (each worker thread owns its own, as Cairo wants).
    final class WorkerRenderers {
        let frame = FrameRenderer()
        private(set) lazy var preview = FrameRenderer()
        /// The last frame this worker drew and encoded: its state, preset, PNG and digest.
        /// Drawing is a function of the state alone, so a frame whose state equals it (a
        /// scene at rest: every item asleep, nothing animating) is the same picture, already
        /// on the renderers' surfaces, and takes these bytes without drawing or encoding.
        var lastFrame: (state: FrameState, preset: PNGPreset, png: [UInt8], sha256: String)?
        /// Frames that took the last frame's bytes (tests read it).
        var repeatedFrames = 0
    }

    private let condition = NSCondition()
    private var queue: [[Job]] = []
    private var queueHead = 0
    private let capacity: Int
    private var closed = false
    private var cancelled = false
    private var failure: (index: Int, error: Error)?
    private var runningWorkers = 0
    private(set) var completed = 0
    /// Frames the workers that have ended wrote from their last frame's bytes.
    private(set) var repeatedFrames = 0
    private var records: [Record?]
    private let firstIndex: Int

    /// Starts `jobs` workers for frames in `frames`; at most `capacity` batches wait in the queue.
    init(jobs: Int, capacity: Int, frames: Range<Int>, work: @escaping Work) {
        self.capacity = max(1, capacity)
        records = Array(repeating: nil, count: frames.count)
        firstIndex = frames.lowerBound
        runningWorkers = jobs
        for number in 0..<jobs {
            let thread = Thread { [self] in self.runWorker(work) }
            thread.name = "animatic.render.\(number)"
            thread.start()
        }
    }

    /// Queues a batch, waiting while the queue is full. Returns the frames completed so far.
    /// Throws the first worker failure.
    @discardableResult
    func submit(_ batch: [Job]) throws -> Int {
        condition.lock()
        defer { condition.unlock() }
        while queue.count - queueHead >= capacity, failure == nil, !cancelled {
            condition.wait()
        }
        if let failure { throw failure.error }
        guard !cancelled else { throw OutputError.writerClosed }
        queue.append(batch)
        condition.broadcast()
        return completed
    }

    /// Closes the queue and waits for the workers to drain it, calling `report` (without the
    /// lock held) whenever the completed count changes. Returns the records in frame order.
    func finish(report: (Int) -> Void) throws -> [Record] {
        condition.lock()
        closed = true
        condition.broadcast()
        var reported = -1
        while runningWorkers > 0 {
            if completed != reported {
                reported = completed
                condition.unlock()
                report(reported)
                condition.lock()
                continue
            }
            condition.wait()
        }
        defer { condition.unlock() }
        if let failure { throw failure.error }
        return records.compactMap { $0 }
    }

    /// Drops queued work and waits until every worker has stopped (so none writes afterwards).
    func cancel() {
        condition.lock()
        cancelled = true
        queue.removeAll()
        queueHead = 0
        condition.broadcast()
        while runningWorkers > 0 { condition.wait() }
        condition.unlock()
    }

    private func runWorker(_ work: Work) {
        let renderer = WorkerRenderers()
        condition.lock()
        while true {
            while queueHead == queue.count, !closed, !cancelled { condition.wait() }
            if cancelled || failure != nil || queueHead == queue.count { break }
            let batch = queue[queueHead]
            queueHead += 1
            if queueHead > 64, queueHead * 2 > queue.count {  // keep the FIFO array small
                queue.removeFirst(queueHead)
                queueHead = 0
            }
            condition.broadcast()  // room for the producer
            condition.unlock()

            var done: [(Int, Record)] = []
            var batchFailure: (index: Int, error: Error)?
            for job in batch {
                do {
                    done.append((job.index, try work(renderer, job)))
                } catch {
                    batchFailure = (job.index, error)
                    break
                }
            }

            condition.lock()
            for (index, record) in done { records[index - firstIndex] = record }
            completed += done.count
            if let batchFailure, failure.map({ batchFailure.index < $0.index }) ?? true {
                failure = batchFailure
            }
            condition.broadcast()
        }
        runningWorkers -= 1
        repeatedFrames += renderer.repeatedFrames
        condition.broadcast()
        condition.unlock()
    }
}
