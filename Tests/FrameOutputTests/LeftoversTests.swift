import Foundation
@testable import FrameOutput
import XCTest

/// What a killed process leaves (temporary paths named after its PID) is removed by the next
/// run, unless a process holds its lock: a render in another PID namespace, whose PID this
/// process cannot see, had its live staging folder emptied by a second render (which then
/// published a manifest listing frames that were gone, exit 0). Also the `.removing` form an
/// interrupt's cleanup gives a folder, which a SIGKILL right after a SIGTERM left for good.
final class LeftoversTests: XCTestCase {
    /// A PID no process has, at most the largest the kernel hands out (2^22).
    let deadPID: Int32 = (1...4_000).lazy.map { 4_194_305 - Int32($0) }.first { kill($0, 0) != 0 && errno == ESRCH }!
    /// Another.
    var otherDeadPID: Int32 { (1...4_000).lazy.map { self.deadPID - Int32($0) }.first { kill($0, 0) != 0 && errno == ESRCH }! }

    func folder() throws -> String {
        let path = NSTemporaryDirectory() + "leftovers-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func testNamesAreReadAsThePrefixThePIDAndAnOptionalRemovingSuffix() {
        XCTAssertEqual(Leftovers.processID(of: ".push.tmp-123", prefix: ".push.tmp-"), 123)
        XCTAssertEqual(Leftovers.processID(of: ".push.tmp-123.removing", prefix: ".push.tmp-"), 123)
        XCTAssertNil(Leftovers.processID(of: ".push.tmp-12x", prefix: ".push.tmp-"))
        XCTAssertNil(Leftovers.processID(of: ".push.tmp-0123", prefix: ".push.tmp-"))
        XCTAssertNil(Leftovers.processID(of: ".push.tmp-", prefix: ".push.tmp-"))
        XCTAssertNil(Leftovers.processID(of: ".pushy.tmp-123", prefix: ".push.tmp-"))
        XCTAssertNil(Leftovers.processID(of: "push", prefix: ".push.tmp-"))
        // Past the kernel's largest PID: no PID (a name such as run.jsonl.tmp-20240101).
        XCTAssertEqual(Leftovers.processID(of: ".push.tmp-4194304", prefix: ".push.tmp-"), 4_194_304)
        XCTAssertNil(Leftovers.processID(of: ".push.tmp-4194305", prefix: ".push.tmp-"))
        XCTAssertNil(Leftovers.processID(of: "run.jsonl.tmp-20240101", prefix: "run.jsonl.tmp-"))
    }

    func testTheSweepRemovesOnlyPathsOfItsKind() throws {
        // A user's folder named like a trace's temporary file, and a file named like a
        // staging folder: neither is what the sweep looks for.
        let parent = try folder()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        try FileManager.default.createDirectory(atPath: parent + "/run.jsonl.tmp-\(deadPID)/mine", withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: parent + "/.push.tmp-\(deadPID)", contents: Data([1])))
        Leftovers.sweep(in: parent, prefixes: ["run.jsonl.tmp-"], kind: .file)
        Leftovers.sweep(in: parent, prefixes: [".push.tmp-"], kind: .folder)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent).sorted(), [".push.tmp-\(deadPID)", "run.jsonl.tmp-\(deadPID)"])
    }

    func testAPathNamedWithThisPIDIsKeptWhileAnotherProcessHoldsIt() throws {
        // Another process with this PID (in another container) writing the same folder: its
        // path reads as this process's own, and only its lock tells.
        let parent = try folder()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let path = parent + "/.push.tmp-\(getpid())"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let lock = Leftovers.hold(path)
        Leftovers.sweep(in: parent, prefixes: [".push.tmp-"], kind: .folder, includingOwn: true)
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
        XCTAssertThrowsError(try StagingFolder(parent: parent, name: "push")) { error in
            XCTAssertEqual(error as? OutputError, .alreadyWriting(path: parent + "/push"))
        }
        Leftovers.release(lock)
        Leftovers.sweep(in: parent, prefixes: [".push.tmp-"], kind: .folder, includingOwn: true)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testTheSweepRemovesWhatNobodyHoldsAndKeepsWhatIsHeld() throws {
        let parent = try folder()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let left = parent + "/.push.tmp-\(deadPID)", removing = parent + "/.push.old-\(deadPID).removing"
        let held = parent + "/.push.tmp-\(otherDeadPID)", heldFile = parent + "/trace.jsonl.tmp-\(deadPID)"
        for path in [left, removing, held] {
            try FileManager.default.createDirectory(atPath: path + "/inner", withIntermediateDirectories: true)
            XCTAssertTrue(FileManager.default.createFile(atPath: path + "/inner/frame_00000.png", contents: Data([1, 2, 3])))
        }
        XCTAssertTrue(FileManager.default.createFile(atPath: heldFile, contents: Data("{}\n".utf8)))
        // Held by another open file description (as another process, or a process in another
        // PID namespace, holds it): kept although no process here has its PID.
        let lock = Leftovers.hold(held), fileLock = Leftovers.hold(heldFile)
        XCTAssertGreaterThanOrEqual(lock, 0)
        XCTAssertGreaterThanOrEqual(fileLock, 0)
        Leftovers.sweep(in: parent, prefixes: [".push.tmp-", ".push.old-"], kind: .folder)
        Leftovers.sweep(in: parent, prefixes: ["trace.jsonl.tmp-"], kind: .file)
        XCTAssertFalse(FileManager.default.fileExists(atPath: left))
        XCTAssertFalse(FileManager.default.fileExists(atPath: removing))
        XCTAssertTrue(FileManager.default.fileExists(atPath: held + "/inner/frame_00000.png"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: heldFile))
        Leftovers.release(lock)
        Leftovers.release(fileLock)
        Leftovers.sweep(in: parent, prefixes: [".push.tmp-", ".push.old-"], kind: .folder)
        Leftovers.sweep(in: parent, prefixes: ["trace.jsonl.tmp-"], kind: .file)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent), [])
    }

    func testALiveProcessesPathIsKeptWhateverItsLock() throws {
        // Our parent process (the test runner's) is alive: its PID protects its path.
        let parent = try folder()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let live = parent + "/.push.tmp-\(getppid())"
        try FileManager.default.createDirectory(atPath: live, withIntermediateDirectories: true)
        Leftovers.sweep(in: parent, prefixes: [".push.tmp-"], kind: .folder)
        XCTAssertTrue(FileManager.default.fileExists(atPath: live))
    }

    func testAStagingFolderHoldsItsLockUntilItIsPublishedAndSweepsWhatWasLeft() throws {
        let parent = try folder()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let left = parent + "/.push.tmp-\(deadPID).removing"
        try FileManager.default.createDirectory(atPath: left, withIntermediateDirectories: true)
        let staging = try StagingFolder(parent: parent, name: "push")
        XCTAssertFalse(FileManager.default.fileExists(atPath: left), "the leftover went when the new staging folder was made")
        // Its lock is taken: another open file description cannot take it.
        XCTAssertEqual(Leftovers.hold(staging.path), -1)
        XCTAssertTrue(FileManager.default.createFile(atPath: staging.file("frame_00000.png"), contents: Data([7])))
        try staging.publish()
        let published = Leftovers.hold(parent + "/push")
        XCTAssertGreaterThanOrEqual(published, 0, "the lock was given up with the publication")
        Leftovers.release(published)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: parent), ["push"])
    }

    func testSomethingElseInTheStagingFoldersPlaceIsNamed() throws {
        // A file where this process's staging folder goes: not a folder the sweep takes, and
        // nobody holds it: named as in the way, not as another writer.
        let parent = try folder()
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let path = parent + "/.push.tmp-\(getpid())"
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data([1])))
        XCTAssertThrowsError(try StagingFolder(parent: parent, name: "push")) { error in
            XCTAssertEqual(error as? OutputError, .unwritableFolder(path: parent, reason: "\(path) is in the way; remove it"))
        }
    }
}
