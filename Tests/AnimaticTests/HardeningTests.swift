import Foundation
import XCTest

/// Faults provoked through the real executable: interrupts, unwritable output, big canvases.
final class HardeningTests: XCTestCase {
    func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func testInterruptLeavesThePreviousRenderIntactAndNoTemporaryFolders() throws {
        let dir = try CLI.temporaryDirectory("sigint")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        XCTAssertEqual(try CLI.run(["render", "noise", "--out", dir, "--duration", "0.5", "--quiet"]).status, 0)
        let manifest = try Data(contentsOf: URL(fileURLWithPath: dir + "/noise/manifest.json"))
        // A long render, interrupted while it writes.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLI.executable)
        process.arguments = ["render", "noise", "--out", dir, "--duration", "60", "--quiet"]
        process.currentDirectoryURL = URL(fileURLWithPath: CLI.packageRoot)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until its staging folder exists, then interrupt.
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            if names.contains(where: { $0.hasPrefix(".noise.tmp") }) { break }
            usleep(20_000)
        }
        usleep(300_000)
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 130)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: dir + "/noise/manifest.json")), manifest, "previous render intact")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".") }
        XCTAssertEqual(leftovers, [], "no temporary folders left")
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir + "/noise").filter { $0.hasPrefix("frame_") }
        XCTAssertEqual(frames.count, 30)
    }

    func testUnwritableOutputIsAClearErrorNotACrash() throws {
        let dir = try CLI.temporaryDirectory("unwritable")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write("not a folder", to: dir + "/file")
        let r = try CLI.run(["render", "snap", "--out", dir + "/file/out", "--duration", "0.2", "--quiet"])
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains(dir + "/file"), r.stderr)
        XCTAssertEqual(try String(contentsOfFile: dir + "/file", encoding: .utf8), "not a folder")
    }

    func testA4KCanvasWithTwoJobsStaysUnderOneGigabyte() throws {
        let dir = try CLI.temporaryDirectory("4k")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var items: [String] = []
        for k in 0..<60 {
            items.append("{ id: \"i\(k)\", size: [60, 40], center: [\(100 + (k % 12) * 140), \(100 + (k / 12) * 150)], color: \"orange\", angle: \(Double(k) * 0.1) }")
        }
        let ids = (0..<60).map { "\"i\($0)\"" }.joined(separator: ", ")
        try write("""
        { title: "4K", canvas: { width: 1920, height: 1080, scale: 2, background: "white" }, duration: 0.25,
          items: [ \(items.joined(separator: ",\n")) ],
          behaviors: [ { type: "gravity", items: [\(ids)] },
                       { type: "collision", items: [\(ids)], referenceBoundsAsBoundary: true } ] }
        """, to: dir + "/big.json")
        var before = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &before)
        let r = try CLI.run(["render", dir + "/big.json", "--out", dir + "/out", "--jobs", "2", "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        var after = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &after)
        let peakMB = Double(after.ru_maxrss) / 1024
        print("4K render peak RSS (largest child so far): \(peakMB) MB")
        XCTAssertLessThan(peakMB, 1024)
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir + "/out/big").filter { $0.hasPrefix("frame_") }
        XCTAssertEqual(frames.count, 15)
    }

    func testJobsOneTwoAndFourGiveIdenticalManifests() throws {
        var manifests: [Data] = []
        for jobs in [1, 2, 4] {
            let dir = try CLI.temporaryDirectory("jobs\(jobs)")
            defer { try? FileManager.default.removeItem(atPath: dir) }
            XCTAssertEqual(try CLI.run(["render", "magnetic", "--out", dir, "--duration", "1", "--jobs", "\(jobs)", "--quiet"]).status, 0)
            manifests.append(try Data(contentsOf: URL(fileURLWithPath: dir + "/magnetic/manifest.json")))
        }
        XCTAssertEqual(manifests[0], manifests[1])
        XCTAssertEqual(manifests[0], manifests[2])
    }
}
