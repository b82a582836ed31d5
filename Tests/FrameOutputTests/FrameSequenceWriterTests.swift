import Foundation
@testable import FrameOutput
import FrameFiles
import Rendering
import Images
import XCTest

// The frame folder contract: contiguous frames, a manifest whose hashes match the files, the
// same bytes for any job count, atomic replacement (no stale frames, the previous render
// survives a failure, no temporary folders left), frame ranges, trace order, typed errors.

final class FrameSequenceWriterTests: XCTestCase {
    var scratch: ScratchFolder!
    override func setUp() { scratch = ScratchFolder() }
    override func tearDown() { scratch.remove() }

    func testWritesContiguousFramesAndAManifestWhoseHashesMatchTheFiles() throws {
        let out = scratch.child("output")
        let manifest = try writeSequence(to: out, frameCount: 10)
        let folder = (out as NSString).appendingPathComponent("rain")
        XCTAssertEqual(scratch.entries(out), ["rain"], "nothing but OUT/ID, no hidden siblings")
        XCTAssertEqual(scratch.entries(folder), frameNames(0..<10) + ["manifest.json"])
        XCTAssertEqual(frameNames(0..<3), ["frame_00000.png", "frame_00001.png", "frame_00002.png"])

        let onDisk = try FrameManifest.read(fromFolder: folder)
        XCTAssertEqual(onDisk, manifest)
        XCTAssertEqual(manifest.sceneID, "rain")
        XCTAssertEqual(manifest.frameCount, 10)
        XCTAssertEqual(manifest.range, 0..<10)
        XCTAssertEqual(manifest.pixelWidth, 64)
        XCTAssertEqual(manifest.pixelHeight, 48)
        XCTAssertEqual(manifest.frames.map(\.index), Array(0..<10))
        XCTAssertEqual(manifest.frames.map(\.file), frameNames(0..<10))
        for frame in manifest.frames {
            let path = (folder as NSString).appendingPathComponent(frame.file)
            XCTAssertEqual(try SHA256.hash(fileAt: path).hex, frame.sha256)
            XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, frame.bytes)
            let image = try RGBAImage.decodePNG(path: path)
            XCTAssertEqual(image.width, 64)
            XCTAssertEqual(image.height, 48)
        }
        XCTAssertEqual(Set(manifest.frames.map(\.sha256)).count, 10, "every rain frame differs")
        // The frames are exactly what a renderer draws.
        let renderer = FrameRenderer()
        try renderer.render(rainFrame(7))
        XCTAssertEqual(FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent("frame_00007.png")),
                       Data(try renderer.pngData()))
    }

    func testManifestTextIsStable() throws {
        let out = scratch.child("output")
        try writeSequence(to: out, frameCount: 3)
        let text = String(decoding: FileManager.default.contents(atPath: out + "/rain/manifest.json")!, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        XCTAssertEqual(Array(lines.prefix(14)), [
            "{",
            "  \"manifestVersion\": 1,",
            "  \"scene\": \"rain\",",
            "  \"title\": \"Rain test\",",
            "  \"sceneSHA256\": \"\(SHA256.hexDigest(of: Array("scene rain".utf8)))\",",
            "  \"toolVersion\": \"0.0.0-test\",",
            "  \"fps\": 60,",
            "  \"frameCount\": 3,",
            "  \"range\": [0, 3],",
            "  \"width\": 64,",
            "  \"height\": 48,",
            "  \"scale\": 1,",
            "  \"png\": \"fast\",",
            "  \"trace\": false,",
        ])
        XCTAssertEqual(lines.count, 14 + 1 + 3 + 3)  // "frames": [, three frames, ], }, and the final newline
        XCTAssertTrue(lines[15].hasPrefix("    {\"index\": 0, \"file\": \"frame_00000.png\", \"bytes\": "))
        XCTAssertEqual(lines.last, "")

    }

    /// A manifest is read back only when its numbers can describe the folder: frame files
    /// named by their numbers (a reader copies them), a range inside [0, frameCount] (a reader
    /// lists it), a positive frame rate; a folder whose manifest cannot be read says why.
    func testAManifestIsReadOnlyWhenItCanDescribeTheFolder() throws {
        let out = scratch.child("output")
        try writeSequence(to: out, frameCount: 3)
        let text = String(decoding: FileManager.default.contents(atPath: out + "/rain/manifest.json")!, as: UTF8.self)
        XCTAssertEqual(try FrameManifest(jsonData: Data(text.utf8)).range, 0..<3)
        let tampered: [(String, String, String)] = [
            ("\"file\": \"frame_00001.png\"", "\"file\": \"../frame_00001.png\"", "frame 1's file is \"../frame_00001.png\""),
            ("\"file\": \"frame_00001.png\"", "\"file\": \"frame_00002.png\"", "not frame_00001.png"),
            ("\"range\": [0, 3]", "\"range\": [0, 4611686018427387904]", "'range' is not [first, end]"),
            ("\"range\": [0, 3]", "\"range\": [0, 2.5]", "'range' is not [first, end]"),
            ("\"frameCount\": 3", "\"frameCount\": -3", "'frameCount' is -3, not a whole number"),
            // Whole but too large: the bound is said (it was only "not a whole number").
            ("\"frameCount\": 3", "\"frameCount\": 4611686018427387904", "not a whole number of frames from 0 to 9e15"),
            ("\"fps\": 60", "\"fps\": 0", "'fps' is 0.0, not a positive frame rate"),
        ]
        for (old, new, says) in tampered {
            XCTAssertTrue(text.contains(old), old)
            XCTAssertThrowsError(try FrameManifest(jsonData: Data(text.replacingOccurrences(of: old, with: new).utf8)), new) { error in
                XCTAssertTrue("\(error)".contains(says), "\(error)")
            }
        }
        try "{ not json".write(toFile: out + "/rain/manifest.json", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try FrameFolder(path: out + "/rain")) { error in
            XCTAssertTrue("\(error)".contains("manifest.json: not valid JSON"), "\(error)")
        }
        XCTAssertEqual(try FrameFolder(path: out + "/rain", fps: 30).fps, 30, "a given frame rate needs no manifest")
    }

    func testFoldersAreByteIdenticalForOneTwoAndFourJobs() throws {
        var folders: [[String: Data]] = []
        for jobs in [1, 2, 4] {
            let out = scratch.child("jobs\(jobs)")
            try writeSequence(to: out, frameCount: 37, options: FrameSequenceOptions(jobs: jobs, batchSize: 3), trace: true)
            folders.append(snapshot(out + "/rain"))
        }
        XCTAssertEqual(folders[0].count, 37 + 2)
        XCTAssertEqual(folders[0], folders[1])
        XCTAssertEqual(folders[0], folders[2])
    }

    /// A frame whose state equals the one its worker drew last (a scene at rest) takes that
    /// frame's bytes: the same file a renderer makes of it, neither drawn nor encoded again;
    /// a state in which one item is turned by 0.02 radian more is drawn.
    func testFramesThatRepeatTheLastOneTakeItsBytes() throws {
        var nudged = rainFrame(0)
        nudged.items[3].angle += 0.02
        let states = [rainFrame(0), rainFrame(1), rainFrame(2), nudged]
        let order = [0, 0, 0, 1, 1, 2, 2, 2, 2, 0, 3, 3, 0, 0]
        let repeats = (1..<order.count).filter { order[$0] == order[$0 - 1] }.count
        XCTAssertEqual(repeats, 8)
        let pictures = try [0, 3].map { index -> [UInt8] in
            let renderer = FrameRenderer()
            try renderer.render(states[index])
            return try renderer.pngData()
        }
        XCTAssertTrue(pictures[0] != pictures[1], "the turn shows")
        var folders: [[String: Data]] = []
        for jobs in [1, 2] {
            let out = scratch.child("jobs\(jobs)")
            let writer = try FrameSequenceWriter(outputFolder: out, metadata: metadata(frameCount: order.count),
                                                 options: FrameSequenceOptions(jobs: jobs, batchSize: 1))
            while writer.needsMoreFrames { try writer.append(states[order[writer.nextFrameIndex]]) }
            let manifest = try writer.finish()
            if jobs == 1 { XCTAssertEqual(writer.repeatedFrames, repeats) } else { XCTAssertLessThanOrEqual(writer.repeatedFrames, repeats) }
            for (k, frame) in manifest.frames.enumerated() {
                let renderer = FrameRenderer()
                try renderer.render(states[order[k]])
                let file = FileManager.default.contents(atPath: out + "/rain/" + frame.file)
                XCTAssertEqual(file, Data(try renderer.pngData()), "frame \(k)")
            }
            folders.append(snapshot(out + "/rain"))
        }
        XCTAssertEqual(folders[0], folders[1])
    }

    func testRerenderWithFewerFramesLeavesNoStaleFrames() throws {
        let out = scratch.child("output")
        try writeSequence(to: out, frameCount: 12, trace: true)
        XCTAssertEqual(scratch.entries(out + "/rain").count, 12 + 2)
        let manifest = try writeSequence(to: out, frameCount: 5)
        XCTAssertEqual(scratch.entries(out + "/rain"), frameNames(0..<5) + ["manifest.json"])
        XCTAssertEqual(try FrameManifest.read(fromFolder: out + "/rain"), manifest)
        XCTAssertEqual(scratch.entries(out), ["rain"])
    }

    func testOtherScenesAndFilesInTheOutputFolderAreUntouched() throws {
        let out = scratch.child("output")
        try writeSequence(to: out, frameCount: 2, id: "other")
        _ = FileManager.default.createFile(atPath: out + "/README.md", contents: Data("keep".utf8))
        let before = snapshot(out + "/other")
        try writeSequence(to: out, frameCount: 3)
        try writeSequence(to: out, frameCount: 2)
        XCTAssertEqual(scratch.entries(out), ["README.md", "other", "rain"])
        XCTAssertEqual(snapshot(out + "/other"), before)
        XCTAssertEqual(FileManager.default.contents(atPath: out + "/README.md"), Data("keep".utf8))
    }

    func testAFrameThatCannotBeDrawnKeepsThePreviousRenderAndLeavesNoTemporaryFolder() throws {
        let out = scratch.child("output")
        try writeSequence(to: out, frameCount: 6)
        let previous = snapshot(out + "/rain")

        // An item with a NaN center: found by a worker while drawing frame 9.
        XCTAssertThrowsError(try writeSequence(to: out, frameCount: 20, frame: { k in
            var frame = rainFrame(k)
            if k == 9 { frame.items[3].center.x = .nan }
            return frame
        })) { error in
            guard case OutputError.renderFailed(frame: 9, .invalidItem(index: 3, _)) = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(snapshot(out + "/rain"), previous)
        XCTAssertEqual(scratch.entries(out), ["rain"])

        // A canvas of zero width: found on the producer's side before drawing.
        XCTAssertThrowsError(try writeSequence(to: out, frameCount: 8, frame: { k in
            var frame = rainFrame(k)
            if k == 4 { frame.width = 0 }
            return frame
        })) { error in
            guard case OutputError.renderFailed(frame: 4, .invalidCanvas) = error else { return XCTFail("\(error)") }
        }
        // A frame of another size.
        XCTAssertThrowsError(try writeSequence(to: out, frameCount: 8, frame: { rainFrame($0, width: $0 == 5 ? 80 : 64) })) { error in
            XCTAssertEqual(error as? OutputError, .frameSizeChanged(frame: 5, width: 80, height: 48, expectedWidth: 64, expectedHeight: 48))
        }
        XCTAssertEqual(snapshot(out + "/rain"), previous)
        XCTAssertEqual(scratch.entries(out), ["rain"])
        XCTAssertEqual(InterruptCleanup.registeredPaths.filter { $0.hasPrefix(scratch.path) }, [])
    }

    func testAWriterDroppedWithoutFinishingRemovesItsTemporaryFolder() throws {
        let out = scratch.child("output")
        try writeSequence(to: out, frameCount: 4)
        let previous = snapshot(out + "/rain")
        do {
            let writer = try FrameSequenceWriter(outputFolder: out, metadata: metadata(frameCount: 30),
                                                 options: FrameSequenceOptions(jobs: 2))
            for k in 0..<10 { try writer.append(rainFrame(k)) }
            XCTAssertTrue(scratch.entries(out).contains(".rain.tmp-\(getpid())"))
            XCTAssertThrowsError(try writer.finish()) { error in
                XCTAssertEqual(error as? OutputError, .missingFrames(expected: 30, received: 10))
            }
            XCTAssertThrowsError(try writer.append(rainFrame(10))) { XCTAssertEqual($0 as? OutputError, .writerClosed) }
        }
        do {
            let writer = try FrameSequenceWriter(outputFolder: out, metadata: metadata(frameCount: 30))
            for k in 0..<10 { try writer.append(rainFrame(k)) }
            // dropped here
        }
        XCTAssertEqual(scratch.entries(out), ["rain"])
        XCTAssertEqual(snapshot(out + "/rain"), previous)
    }

    func testAnUnwritableOutputFolderFailsWithATypedError() throws {
        // Tests run as root, which ignores permission bits: a path below a regular file fails
        // for everyone (ENOTDIR).
        let file = scratch.child("not-a-folder")
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        XCTAssertThrowsError(try writeSequence(to: file + "/output", frameCount: 3)) { error in
            guard case OutputError.unwritableFolder(let path, let reason) = error else { return XCTFail("\(error)") }
            // The folder in the way is named, not the one that could not be made below it.
            XCTAssertEqual(path, file)
            XCTAssertEqual(reason, "it is a file, not a folder")
        }
        XCTAssertThrowsError(try writeSequence(to: file, frameCount: 3)) { error in
            guard case OutputError.unwritableFolder(let path, _) = error else { return XCTFail("\(error)") }
            XCTAssertEqual(path, file)
        }
        // A file where the scene's folder would go is not replaced.
        let out = scratch.child("output")
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: out + "/rain", contents: Data("mine".utf8))
        XCTAssertThrowsError(try writeSequence(to: out, frameCount: 3)) { error in
            XCTAssertEqual(error as? OutputError, .notAFolder(path: out + "/rain"))
        }
        XCTAssertEqual(FileManager.default.contents(atPath: out + "/rain"), Data("mine".utf8))
        XCTAssertEqual(scratch.entries(out), ["rain"])
        for id in ["", ".", "..", "a/b"] {
            XCTAssertThrowsError(try writeSequence(to: out, frameCount: 1, id: id)) {
                XCTAssertEqual($0 as? OutputError, .invalidSceneID(id))
            }
        }
    }

    func testAFullDiskIsReportedAsSuch() {
        // /dev/full accepts open() and fails every write with ENOSPC.
        XCTAssertThrowsError(try OutputFile.write([UInt8](repeating: 1, count: 100), to: "/dev/full")) { error in
            XCTAssertEqual(error as? OutputError, .diskFull(path: "/dev/full"))
            XCTAssertTrue("\(error)".contains("disk is full"))
        }
    }

    func testFrameRangeEqualsTheSameFramesOfAFullRender() throws {
        let full = try writeSequence(to: scratch.child("full"), frameCount: 20, trace: true)
        let part = try writeSequence(to: scratch.child("part"), frameCount: 20,
                                     options: FrameSequenceOptions(jobs: 2, frames: try FrameRange(parsing: "5:12")), trace: true)
        let folder = scratch.child("part/rain")
        XCTAssertEqual(scratch.entries(folder), frameNames(5..<12) + ["manifest.json", "trace.jsonl"])
        let fullFiles = snapshot(scratch.child("full/rain")), partFiles = snapshot(folder)
        for name in frameNames(5..<12) {
            XCTAssertEqual(partFiles[name], fullFiles[name], name)
        }
        XCTAssertEqual(part.range, 5..<12)
        XCTAssertEqual(part.frameCount, 20)
        XCTAssertTrue(part.isPartial)
        XCTAssertFalse(full.isPartial)
        XCTAssertEqual(part.frames, Array(full.frames[5..<12]))
        XCTAssertTrue(String(decoding: partFiles["manifest.json"]!, as: UTF8.self).contains("\"range\": [5, 12],"))
        XCTAssertEqual(String(decoding: partFiles["trace.jsonl"]!, as: UTF8.self),
                       (5..<12).map { "{\"frame\": \($0)}\n" }.joined())
    }

    func testFramesBeforeTheRangeCanBeSkippedWithoutAState() throws {
        let out = scratch.child("output")
        let writer = try FrameSequenceWriter(outputFolder: out, metadata: metadata(frameCount: 20),
                                             options: FrameSequenceOptions(jobs: 1, frames: FrameRange(parsing: "15:17")))
        var skipped = 0
        while writer.needsMoreFrames {
            if writer.writesNextFrame { try writer.append(rainFrame(writer.nextFrameIndex)) } else { try writer.skipFrame(); skipped += 1 }
        }
        XCTAssertEqual(skipped, 15)
        XCTAssertEqual(writer.nextFrameIndex, 17)
        XCTAssertThrowsError(try writer.skipFrame()) { error in
            guard case OutputError.invalidFrameRange = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try writer.finish()) { XCTAssertEqual($0 as? OutputError, .writerClosed) }
        XCTAssertEqual(scratch.entries(out), [], "a misused writer publishes nothing")

        let manifest = try writeSequence(to: out, frameCount: 20, options: FrameSequenceOptions(frames: FrameRange(parsing: "15:17")))
        XCTAssertEqual(manifest.frames.map(\.file), frameNames(15..<17))
    }

    func testSmallPresetIsRecordedAndDecodesToTheSamePixels() throws {
        let fast = try writeSequence(to: scratch.child("fast"), frameCount: 3)
        let small = try writeSequence(to: scratch.child("small"), frameCount: 3, options: FrameSequenceOptions(preset: .small))
        XCTAssertEqual(fast.png, "fast")
        XCTAssertEqual(small.png, "small")
        XCTAssertEqual(PNGPreset(name: "small"), .small)
        XCTAssertNil(PNGPreset(name: "tiny"))
        for k in 0..<3 {
            XCTAssertNotEqual(small.frames[k].sha256, fast.frames[k].sha256)
            XCTAssertLessThan(small.frames[k].bytes, fast.frames[k].bytes)
            XCTAssertEqual(try RGBAImage.decodePNG(path: scratch.child("small/rain/") + small.frames[k].file),
                           try RGBAImage.decodePNG(path: scratch.child("fast/rain/") + fast.frames[k].file))
        }
    }

    func testFrameRangeParsing() throws {
        XCTAssertEqual(try FrameRange(parsing: "5:12").resolved(frameCount: 20), 5..<12)
        XCTAssertEqual(try FrameRange(parsing: ":3").resolved(frameCount: 20), 0..<3)
        XCTAssertEqual(try FrameRange(parsing: "4:").resolved(frameCount: 20), 4..<20)
        XCTAssertEqual(try FrameRange(parsing: ":").resolved(frameCount: 20), 0..<20)
        XCTAssertEqual(try FrameRange(parsing: "4:").description, "4:")
        for bad in ["5:5", "6:2", "a:b", "1:2:3", "-1:4", "7"] {
            XCTAssertThrowsError(try FrameRange(parsing: bad), bad) { error in
                guard case OutputError.invalidFrameRange = error else { return XCTFail("\(error)") }
            }
        }
        XCTAssertThrowsError(try FrameRange(parsing: "10:21").resolved(frameCount: 20))
        XCTAssertThrowsError(try FrameRange(parsing: "20:").resolved(frameCount: 20))
    }

    func testTraceLinesAreWrittenInFrameOrder() throws {
        let out = scratch.child("output")
        try writeSequence(to: out, frameCount: 9, options: FrameSequenceOptions(jobs: 3, batchSize: 2), trace: true)
        XCTAssertEqual(String(decoding: FileManager.default.contents(atPath: out + "/rain/trace.jsonl")!, as: UTF8.self),
                       (0..<9).map { "{\"frame\": \($0)}\n" }.joined())
        XCTAssertTrue(try FrameManifest.read(fromFolder: out + "/rain").hasTrace)

        let writer = try FrameSequenceWriter(outputFolder: out, metadata: metadata(frameCount: 3),
                                             options: FrameSequenceOptions(writesTrace: true))
        try writer.append(rainFrame(0), traceLine: "{}\n")
        XCTAssertThrowsError(try writer.append(rainFrame(1), traceLine: "{\n}")) {
            XCTAssertEqual($0 as? OutputError, .invalidTraceLine(frame: 1))
        }
        XCTAssertEqual(scratch.entries(out), ["rain"])
    }

    func testProgressEndsWithEveryFrameDone() throws {
        var reports: [RenderProgress] = []
        try writeSequence(to: scratch.child("output"), frameCount: 25,
                          options: FrameSequenceOptions(jobs: 2, progressInterval: 0), progress: { reports.append($0) })
        XCTAssertEqual(reports.last?.framesDone, 25)
        XCTAssertEqual(reports.last?.frameTotal, 25)
        XCTAssertTrue(reports.last?.isComplete ?? false)
        XCTAssertEqual(reports.map(\.framesDone), reports.map(\.framesDone).sorted())
        XCTAssertEqual(reports.map(\.elapsed), reports.map(\.elapsed).sorted())
        XCTAssertGreaterThan(reports.last!.framesPerSecond, 0)
    }

    func testTooManyFramesAndBadMetadataAreTypedErrors() throws {
        let out = scratch.child("output")
        let writer = try FrameSequenceWriter(outputFolder: out, metadata: metadata(frameCount: 2))
        try writer.append(rainFrame(0))
        try writer.append(rainFrame(1))
        XCTAssertFalse(writer.needsMoreFrames)
        XCTAssertThrowsError(try writer.append(rainFrame(2))) { XCTAssertEqual($0 as? OutputError, .tooManyFrames(frameCount: 2)) }
        XCTAssertThrowsError(try FrameSequenceWriter(outputFolder: out, metadata: metadata(frameCount: 0))) { error in
            guard case FrameFilesError.invalidMetadata = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try FrameSequenceWriter(outputFolder: out, metadata: metadata(frameCount: 3, fps: .nan)))
        XCTAssertEqual(scratch.entries(out), [])
    }

    func testTwoWritersOfOneFolderInOneProcessAreRefused() throws {
        let out = scratch.child("output")
        let first = try FrameSequenceWriter(outputFolder: out, metadata: metadata(frameCount: 2))
        XCTAssertThrowsError(try FrameSequenceWriter(outputFolder: out, metadata: metadata(frameCount: 2))) {
            XCTAssertEqual($0 as? OutputError, .alreadyWriting(path: out + "/rain"))
        }
        first.cancel()
        XCTAssertEqual(scratch.entries(out), [])
    }

    func testLeftoversOfADeadProcessAreRemoved() throws {
        let out = scratch.child("output")
        // A PID no process has (one within the kernel's range: a larger number is no PID).
        let deadPID = try XCTUnwrap((1...4_000).lazy.map { 4_194_305 - $0 }.first { kill(Int32($0), 0) != 0 && errno == ESRCH })
        for name in [".rain.tmp-\(deadPID)", ".rain.old-\(deadPID)", ".rainbow.tmp-\(deadPID)", ".rain.tmp-\(getppid())"] {
            try FileManager.default.createDirectory(atPath: out + "/" + name, withIntermediateDirectories: true)
        }
        try writeSequence(to: out, frameCount: 2)
        // Another scene's leftover and a live process's folder are not ours to remove.
        XCTAssertEqual(scratch.entries(out), [".rain.tmp-\(getppid())", ".rainbow.tmp-\(deadPID)", "rain"])
    }

    func testInterruptCleanupRemovesRegisteredPaths() throws {
        let folder = scratch.child(".scene.tmp-test")
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/sub/frame_00000.png", contents: Data([1, 2, 3]))
        InterruptCleanup.register(path: folder)
        XCTAssertTrue(InterruptCleanup.registeredPaths.contains(folder))
        // Only this test's path is removed: other tests' writers are not running now.
        let removed = InterruptCleanup.cleanUpNow()
        XCTAssertEqual(removed, [folder])
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder))
        XCTAssertEqual(InterruptCleanup.registeredPaths, [])
    }
}

/// The swap that publishes a render: the new folder and the old one trade places in one
/// rename (RENAME_EXCHANGE), so there is no moment without `OUT/ID` (with two renames, a
/// process killed between them left only the hidden old copy, and the next render deleted it).
final class StagingSwapTests: XCTestCase {
    func testTwoFoldersTradePlacesInOneStep() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let a = scratch.child("a"), b = scratch.child("b")
        try FileManager.default.createDirectory(atPath: a, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: b, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: a + "/from-a", contents: Data("A".utf8)))
        XCTAssertTrue(FileManager.default.createFile(atPath: b + "/from-b", contents: Data("B".utf8)))
        // This machine's kernel and filesystems (ext4, tmpfs, overlay) all exchange.
        XCTAssertTrue(StagingFolder.exchange(a, b))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: a), ["from-b"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: b), ["from-a"])
        // A missing side: refused, nothing moved.
        XCTAssertFalse(StagingFolder.exchange(a, scratch.child("missing")))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: a), ["from-b"])
    }

    func testARenderOverAnotherLeavesOnlyTheNewOne() throws {
        let scratch = ScratchFolder()
        defer { scratch.remove() }
        let out = scratch.child("output")
        _ = try writeSequence(to: out, frameCount: 8)
        let manifest = try writeSequence(to: out, frameCount: 3)
        XCTAssertEqual(manifest.frames.count, 3)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out), ["rain"], "no hidden sibling left")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: out + "/rain").filter { $0.hasSuffix(".png") }
        XCTAssertEqual(pngs.count, 3, "none of the longer render's frames remain")
    }
}
