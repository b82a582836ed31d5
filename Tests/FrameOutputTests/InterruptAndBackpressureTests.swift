import Foundation
@testable import FrameOutput
import FrameFiles
import Rendering
import Images
import XCTest

// Two properties that need more than one thread or process: a SIGTERM/SIGINT during a render
// removes the staging folder and keeps the previous render (checked in a child process, this
// test binary run again as the "render" side), and the worker pool's bounded queue makes the
// producer wait instead of piling up frame states.

final class InterruptAndBackpressureTests: XCTestCase {
    static let childVariable = "ANIMATIC_INTERRUPT_CHILD_OUT"
    static let readyMarker = "ANIMATIC-CHILD-READY"

    func testInterruptRemovesTheStagingFolderAndKeepsThePreviousRender() throws {
        if let out = ProcessInfo.processInfo.environment[Self.childVariable] {
            return try runAsChild(out: out)
        }
        for (signalNumber, status) in [(SIGTERM, Int32(143)), (SIGINT, Int32(130))] {
            let scratch = ScratchFolder()
            defer { scratch.remove() }
            let out = scratch.child("output")
            try writeSequence(to: out, frameCount: 3)
            let previous = snapshot(out + "/rain")

            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = ["FrameOutputTests.InterruptAndBackpressureTests/testInterruptRemovesTheStagingFolderAndKeepsThePreviousRender"]
            child.environment = ProcessInfo.processInfo.environment.merging([Self.childVariable: out]) { $1 }
            let pipe = Pipe()
            child.standardOutput = pipe
            child.standardError = FileHandle.nullDevice
            try child.run()
            // Wait (at most 60 s) until the child has frames in its staging folder.
            var seen = ""
            let deadline = Date().addingTimeInterval(60)
            while !seen.contains(Self.readyMarker), Date() < deadline {
                let data = pipe.fileHandleForReading.availableData
                if data.isEmpty { break }
                seen += String(decoding: data, as: UTF8.self)
            }
            guard seen.contains(Self.readyMarker) else {
                child.terminate()
                return XCTFail("the child did not start rendering: \(seen)")
            }
            let staging = out + "/.rain.tmp-\(child.processIdentifier)"
            XCTAssertTrue(scratch.entries(staging).contains("frame_00000.png"))

            kill(child.processIdentifier, signalNumber)
            child.waitUntilExit()
            XCTAssertEqual(child.terminationReason, .exit)
            XCTAssertEqual(child.terminationStatus, status, "128 + signal")
            XCTAssertFalse(FileManager.default.fileExists(atPath: staging), "the staging folder is removed")
            XCTAssertEqual(scratch.entries(out), ["rain"])
            XCTAssertEqual(snapshot(out + "/rain"), previous)
        }
    }

    /// The child: starts a long render, reports when frames are on disk, waits for a signal.
    private func runAsChild(out: String) throws {
        InterruptCleanup.install()
        let writer = try FrameSequenceWriter(outputFolder: out, metadata: metadata(frameCount: 1000),
                                             options: FrameSequenceOptions(jobs: 2, batchSize: 1))
        for k in 0..<8 { try writer.append(rainFrame(k)) }
        let first = writer.folderPath.replacingOccurrences(of: "/rain", with: "/.rain.tmp-\(getpid())/frame_00000.png")
        while !FileManager.default.fileExists(atPath: first) { usleep(10_000) }
        FileHandle.standardOutput.write(Data("\(Self.readyMarker)\n".utf8))
        while true { sleep(1) }  // the signal handler exits the process
    }

    /// Regression: an interrupt as the streamed previews finished left the staging folder
    /// behind (`InterruptTests`, once in a few CI runs): workers were still writing files into
    /// it, and removing a folder that keeps gaining files failed every retry. Here two threads
    /// create files in a registered folder as fast as they can while the cleanup runs.
    func testCleanupRemovesAFolderThatWritersKeepFilling() throws {
        for round in 0..<20 {
            let folder = NSTemporaryDirectory() + "animatic-cleanup-\(getpid())-\(round)"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            InterruptCleanup.register(path: folder)
            let stop = ManagedAtomicFlag()
            let writers = DispatchGroup()
            for writer in 0..<2 {
                DispatchQueue.global().async(group: writers) {
                    var k = 0
                    while !stop.isSet {
                        // As the frame writers do: a new file by its path (fails once the folder is gone).
                        _ = FileManager.default.createFile(atPath: folder + "/w\(writer)-\(k).png", contents: Data(count: 64))
                        k += 1
                    }
                }
            }
            // Let the folder fill up first.
            while ((try? FileManager.default.contentsOfDirectory(atPath: folder))?.count ?? 0) < 400 { usleep(100) }
            let removed = InterruptCleanup.cleanUpNow()
            let leftAfterCleanup = FileManager.default.fileExists(atPath: folder)
            stop.set()
            writers.wait()
            XCTAssertEqual(removed, [folder])
            XCTAssertFalse(leftAfterCleanup, "round \(round): the folder survived the cleanup")
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    func testTheProducerWaitsWhenTheQueueIsFull() throws {
        let gate = DispatchSemaphore(value: 0)
        let pool = RenderWorkerPool<Int>(jobs: 1, capacity: 2, frames: 0..<10) { _, job in
            gate.wait()
            return job.index * 10
        }
        final class Counter: @unchecked Sendable {
            private let lock = NSLock()
            private var value = 0
            func increment() { lock.withLock { value += 1 } }
            var current: Int { lock.withLock { value } }
        }
        let submitted = Counter()
        let producerDone = DispatchSemaphore(value: 0)
        Thread {
            for k in 0..<10 {
                _ = try? pool.submit([.init(index: k, state: rainFrame(k))])
                submitted.increment()
            }
            producerDone.signal()
        }.start()
        // One batch in the worker and two queued; the fourth submission waits.
        let deadline = Date().addingTimeInterval(5)
        while submitted.current < 3, Date() < deadline { usleep(1000) }
        usleep(200_000)
        XCTAssertEqual(submitted.current, 3)
        for _ in 0..<10 { gate.signal() }
        XCTAssertEqual(producerDone.wait(timeout: .now() + 10), .success)
        XCTAssertEqual(try pool.finish { _ in }, (0..<10).map { $0 * 10 })
    }
}

/// A flag set by one thread and polled by others.
final class ManagedAtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
