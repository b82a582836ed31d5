import BrowserSupport
import Foundation
import XCTest

/// Ctrl-C through the real binary, while frames render and while previews encode: the
/// previous render stays byte for byte (frames, manifest, trace, previews, sheet, poster),
/// nothing staged is left behind, and no ffmpeg keeps running.
final class InterruptTests: XCTestCase {
    /// Every file of a folder with its bytes.
    func snapshot(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return files
    }

    /// Processes whose command line mentions `text`.
    func processes(mentioning text: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { Int($0) != nil }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return line.contains(text) ? line : nil
        }
    }

    /// Starts a render, waits until `ready(stagingFolder)` holds, sends SIGINT; returns the status.
    func interruptedRender(_ args: [String], out: String, when ready: (String) -> Bool) throws -> (status: Int32, staging: String) {
        let (status, staging, running) = try CLI.signalledRender(args, out: out, signal: SIGINT, when: ready)
        XCTAssertTrue(running, "the render finished before the moment to interrupt it")
        return (status, staging)
    }

    func testInterruptsDuringFramesAndDuringPreviewsKeepThePreviousRender() throws {
        _ = try ExternalTool.require("ffmpeg", install: "apt-get install -y ffmpeg")
        let out = try CLI.temporaryDirectory("interrupt")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let first = try CLI.run(["render", "push", "--out", out, "--trace", "--sheet", "--poster", "--video", "mp4,gif,apng",
                                 "--duration", "3", "--quiet"])
        XCTAssertEqual(first.status, 0, first.stderr)
        let before = try snapshot(out + "/push")
        XCTAssertEqual(Set(before.keys).intersection(["manifest.json", "trace.jsonl", "sheet.png", "poster.png", "preview.mp4",
                                                      "preview.gif", "preview.apng"]).count, 7)
        // The new render would differ (other preview sizes, a longer scene), so any leak shows.
        let again = ["render", "push", "--out", out, "--trace", "--sheet", "--poster", "--video", "mp4,gif,apng",
                     "--preview-width", "200", "--duration", "4", "--quiet"]
        let moments: [(String, (String) -> Bool)] = [
            ("while frames render", { FileManager.default.fileExists(atPath: $0 + "/frame_00050.png") }),
            // The streamed previews keep pace with the frames (the writer waits for them), so
            // they finish within about 10 ms of the last frame: the interrupt lands then or, when
            // this polling thread is descheduled on the busy machine, early in the APNG phase
            // that follows. Either way the render is still running and must be undone.
            ("right after the last frame, as the streamed previews finish", {
                FileManager.default.fileExists(atPath: $0 + "/frame_00239.png")
            }),
            ("while the APNG and the sheet are made", { FileManager.default.fileExists(atPath: $0 + "/manifest.json") }),
        ]
        for (moment, ready) in moments {
            let (status, staging) = try interruptedRender(again, out: out, when: ready)
            XCTAssertEqual(status, 130, moment)
            XCTAssertEqual(try snapshot(out + "/push"), before, "\(moment): the previous render changed")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out).sorted(), ["push"], "\(moment): something staged is left")
            XCTAssertEqual(processes(mentioning: staging), [], "\(moment): a child still runs")
        }
    }
}
