import Foundation
import FrameFiles
import SceneFormat

// Design note: a scene rendered in pieces (`render --frames A:B` on several processes or
// machines) is joined back into one folder that is byte-identical to a single render of the
// same frames: the same frame files, the same trace lines in frame order, and a manifest
// written by the same writer from the same values. Every part is checked first (its manifest,
// its frames against their hashes), then the parts against each other: the same scene file,
// tool version, frame rate, frame count, pixel size, scale, PNG preset and trace setting;
// where two parts overlap they must hold identical frames; and the parts must leave no gap.
// The result is staged and swapped in like a render, so a refusal or an interrupt leaves the
// previous folder as it was.

/// Why parts cannot be merged (bad input: exit status 2 on the command line).
public enum MergeError: Error, Equatable, CustomStringConvertible {
    case noParts
    /// A part is not a render folder, or its frames do not match its manifest.
    case badPart(path: String, reason: String)
    /// Two parts were rendered from different scenes or with different settings.
    case mismatch(path: String, otherPath: String, what: String, value: String, otherValue: String)
    /// The parts leave frames out between them.
    case gap(from: Int, to: Int)
    /// Two parts hold a different frame file, or trace line, for the same frame.
    case overlapDiffers(frame: Int, path: String, otherPath: String, what: OverlapRecord)
    /// The merged folder (`target`, OUT/ID) would replace a part, a folder holding one or one
    /// inside it.
    case outputOverlapsPart(target: String, part: String)

    /// What of a frame two overlapping parts hold differently.
    public enum OverlapRecord: Equatable, Sendable {
        case frameFile, traceLine
    }

    public var description: String {
        switch self {
        case .noParts: return "merge needs at least one part"
        case let .badPart(path, reason): return "\(path) is not a usable part: \(reason)"
        case let .mismatch(path, other, what, value, otherValue):
            return "\(path) and \(other) are not parts of one render: \(what) is \(value) in one and \(otherValue) in the other"
        case let .gap(from, to):
            return "no part holds frames \(from)..<\(to); render them with --frames \(from):\(to) and merge again"
        case let .overlapDiffers(frame, path, other, what):
            let subject = what == .frameFile ? "frame \(frame)" : "the trace line of frame \(frame)"
            return "\(subject) differs between \(path) and \(other) (an overlap must hold identical frames and trace lines)"
        case let .outputOverlapsPart(target, part):
            return "the merged folder \(target) would replace the part \(part) (or a folder around or inside it); merge into another --out"
        }
    }
}

/// Joins frame folders rendered in pieces into one folder.
///
/// ```swift
/// // parts rendered with `animatic render scene --frames 0:150 --out part1` and so on
/// let manifest = try FrameFolderMerge.merge(parts: ["part1/scene", "part2/scene"], into: "output")
/// // output/scene now holds frames 0..<300 and one manifest
/// ```
public enum FrameFolderMerge {
    /// One part: its folder, manifest and trace lines (by frame number).
    struct Part {
        var path: String
        var manifest: FrameManifest
        var trace: [Substring]
    }

    /// Merges `parts` into `outputFolder/ID` and returns the new manifest. `addingFiles` runs
    /// on the staged folder before it is published (previews, a contact sheet).
    @discardableResult
    public static func merge(parts paths: [String], into outputFolder: String,
                             addingFiles: ((FrameFolder) throws -> Void)? = nil) throws -> FrameManifest {
        guard !paths.isEmpty else { throw MergeError.noParts }
        let parts = try paths.map(readPart).sorted { $0.manifest.range.lowerBound < $1.manifest.range.lowerBound }
        let first = parts[0]
        for part in parts.dropFirst() { try checkSameRender(first, part) }
        // The merge replaces OUT/ID whole: never a part's folder, one holding it or inside it.
        let targetPath = (outputFolder as NSString).appendingPathComponent(first.manifest.sceneID)
        let target = FilePath.resolvedAllowingMissing(targetPath)
        for part in parts where FilePath.overlap(target, FilePath.resolvedAllowingMissing(part.path)) {
            throw MergeError.outputOverlapsPart(target: targetPath, part: part.path)
        }
        // Walk the parts in order of their first frame: each frame from the first part that has it.
        var frames: [FrameManifest.Frame] = []
        var sources: [String] = []
        var traceLines: [Substring] = []
        var end = first.manifest.range.lowerBound
        var owner: [Int: String] = [:]
        for part in parts {
            let range = part.manifest.range
            guard range.lowerBound <= end else { throw MergeError.gap(from: end, to: range.lowerBound) }
            for (k, frame) in part.manifest.frames.enumerated() {
                if frame.index < end {
                    let kept = frames[frame.index - first.manifest.range.lowerBound]
                    guard kept == frame else {
                        throw MergeError.overlapDiffers(frame: frame.index, path: owner[frame.index] ?? "", otherPath: part.path,
                                                        what: .frameFile)
                    }
                    if part.manifest.hasTrace, traceLines[frame.index - first.manifest.range.lowerBound] != part.trace[k] {
                        throw MergeError.overlapDiffers(frame: frame.index, path: owner[frame.index] ?? "", otherPath: part.path,
                                                        what: .traceLine)
                    }
                    continue
                }
                frames.append(frame)
                sources.append((part.path as NSString).appendingPathComponent(frame.file))
                owner[frame.index] = part.path
                if part.manifest.hasTrace { traceLines.append(part.trace[k]) }
            }
            end = max(end, range.upperBound)
        }
        var manifest = first.manifest
        manifest.range = first.manifest.range.lowerBound..<end
        manifest.frames = frames

        let staging = try StagingFolder(parent: outputFolder, name: manifest.sceneID)
        do {
            for (frame, source) in zip(frames, sources) {
                // The bytes, not a link: a part's frame may be a symbolic link (checked through
                // it), which copied as a link would dangle or tie the merge to the part's folder.
                try FileManager.default.copyItem(atPath: FilePath.resolved(source), toPath: staging.file(frame.file))
            }
            if manifest.hasTrace {
                try OutputFile.write(Array(traceLines.map { $0 + "\n" }.joined().utf8), to: staging.file(FrameFolder.traceName))
            }
            try OutputFile.write(Array(manifest.jsonText.utf8), to: staging.file(FrameFolder.manifestName))
            if let addingFiles { try addingFiles(try FrameFolder(path: staging.path)) }
            try staging.publish()
        } catch {
            staging.discard()
            throw OutputError.writing(error, into: outputFolder)
        }
        return manifest
    }

    /// A part's manifest, its frames checked against their hashes, and its trace.
    static func readPart(_ path: String) throws -> Part {
        let manifest: FrameManifest
        do {
            manifest = try FrameManifest.read(fromFolder: path)
        } catch {
            throw MergeError.badPart(path: path, reason: "\(error)")
        }
        guard manifest.frames.map(\.index) == Array(manifest.range) else {
            throw MergeError.badPart(path: path, reason: "its manifest does not list the frames of its range")
        }
        // (No render writes an empty range; merged alone, it failed in the staged folder.)
        guard !manifest.frames.isEmpty else { throw MergeError.badPart(path: path, reason: "its manifest lists no frames") }
        for frame in manifest.frames {
            let file = (path as NSString).appendingPathComponent(frame.file)
            let digest: SHA256.Digest
            do { digest = try SHA256.hash(fileAt: file) } catch {
                let reason = (error as? FrameFilesError).flatMap { e -> String? in
                    if case .unreadableFile(_, let reason) = e { return reason } else { return nil }
                }
                throw MergeError.badPart(path: path, reason: "\(frame.file) is missing or unreadable" + (reason.map { " (\($0))" } ?? ""))
            }
            guard digest.hex == frame.sha256 else {
                throw MergeError.badPart(path: path, reason: "\(frame.file) does not match its SHA-256 in the manifest")
            }
            // The merged manifest copies the sizes: a wrong one would disagree with the file.
            let size = (try? FileManager.default.attributesOfItem(atPath: FilePath.resolved(file))[.size] as? NSNumber)?.intValue
            guard size == frame.bytes else {
                throw MergeError.badPart(path: path, reason: "\(frame.file) is \(size.map(String.init) ?? "of unknown size") bytes, "
                                         + "its manifest says \(frame.bytes)")
            }
        }
        var trace: [Substring] = []
        if manifest.hasTrace {
            let file = (path as NSString).appendingPathComponent(FrameFolder.traceName)
            guard let data = RegularFile.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
                throw MergeError.badPart(path: path, reason: "its manifest says it has trace.jsonl, which is missing, unreadable, not a regular file or not UTF-8")
            }
            // Lines end in "\n" as written; a copy that went through a tool writing "\r\n" still
            // splits (Swift reads "\r\n" as one character, which "\n" does not match).
            trace = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            // The empty piece after the last line's break; a last line without one is a line.
            if trace.last?.isEmpty == true { trace.removeLast() }
            guard trace.count == manifest.frames.count else {
                throw MergeError.badPart(path: path, reason: "trace.jsonl has \(trace.count) lines for \(manifest.frames.count) frames")
            }
        }
        return Part(path: path, manifest: manifest, trace: trace)
    }

    /// The settings two parts of one render share.
    static func checkSameRender(_ a: Part, _ b: Part) throws {
        let x = a.manifest, y = b.manifest
        let checks: [(String, String, String)] = [
            ("the scene", x.sceneID, y.sceneID),
            ("the scene file's SHA-256", x.sceneSHA256, y.sceneSHA256),
            ("the title", x.title, y.title),
            ("the tool version", x.toolVersion, y.toolVersion),
            ("the frame rate", JSON5Value.jsonNumber(x.fps), JSON5Value.jsonNumber(y.fps)),
            ("the frame count", String(x.frameCount), String(y.frameCount)),
            ("the frame size", "\(x.pixelWidth)x\(x.pixelHeight)", "\(y.pixelWidth)x\(y.pixelHeight)"),
            ("the scale", JSON5Value.jsonNumber(x.scale), JSON5Value.jsonNumber(y.scale)),
            ("the PNG preset", x.png, y.png),
            ("the trace setting", x.hasTrace ? "on" : "off", y.hasTrace ? "on" : "off"),
        ]
        for (what, u, v) in checks where u != v {
            throw MergeError.mismatch(path: a.path, otherPath: b.path, what: what, value: u, otherValue: v)
        }
    }
}
