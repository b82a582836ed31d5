import Foundation
import FrameOutput
import FrameFiles
import Rendering
import Images
import SceneFormat
import XCTest

// Shared builders for the output tests: a scratch folder per test, a small "rain" sequence
// (boxes and pentagons falling at frame-dependent positions, so every frame differs), folder
// snapshots to compare byte for byte, and a writer run in one call.

/// A fresh folder under the system's temporary folder, removed by `tearDown`.
final class ScratchFolder {
    let path: String
    init() {
        path = NSTemporaryDirectory() + "animatic-out-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    func remove() { try? FileManager.default.removeItem(atPath: path) }
    func child(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }
    /// Entry names of `folder` (default: the scratch folder), sorted, hidden ones included.
    func entries(_ folder: String? = nil) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder ?? path)) ?? []).sorted()
    }
}

/// Frame `k` of a small rain-like scene: `count` items falling and turning.
func rainFrame(_ k: Int, count: Int = 14, width: Double = 64, height: Double = 48, scale: Double = 1) -> FrameState {
    let pentagon = (0..<5).map { i -> DrawPoint in
        let a = 2 * Double.pi * Double(i) / 5
        return DrawPoint(4 * cos(a), 4 * sin(a))
    }
    let items = (0..<count).map { i -> DrawItem in
        let x = 4 + Double((i * 37) % 56)
        let y = (Double(k) * 1.7 + Double(i * 11)).truncatingRemainder(dividingBy: height + 10) - 5
        let fill = SceneColor(red: Double(i % 3) / 2, green: Double((i + 1) % 4) / 3, blue: Double(i % 5) / 4)
        return DrawItem(shape: i.isMultiple(of: 2) ? .rectangle(cornerRadius: 1) : .polygon(pentagon), width: 8, height: 8,
                        center: DrawPoint(x, y), angle: Double(k) * 0.05 + Double(i), fill: fill,
                        stroke: i % 4 == 1 ? DrawStroke(color: .black, width: 1) : nil, alpha: i % 3 == 2 ? 0.7 : 1)
    }
    return FrameState(width: width, height: height, scale: scale, background: .white, items: items)
}

func metadata(id: String = "rain", frameCount: Int, fps: Double = 60, title: String = "Rain test") -> FrameSequenceMetadata {
    FrameSequenceMetadata(sceneID: id, title: title, fps: fps, frameCount: frameCount,
                          sceneSHA256: SHA256.hexDigest(of: Array("scene \(id)".utf8)), toolVersion: "0.0.0-test")
}

/// Renders frames 0..<frameCount of `frame` (as far as the writer needs them) into `out`.
@discardableResult
func writeSequence(to out: String, frameCount: Int, options: FrameSequenceOptions = FrameSequenceOptions(jobs: 2),
                   id: String = "rain", trace: Bool = false, progress: ((RenderProgress) -> Void)? = nil,
                   frame: (Int) -> FrameState = { rainFrame($0) }) throws -> FrameManifest {
    var options = options
    options.writesTrace = trace
    let writer = try FrameSequenceWriter(outputFolder: out, metadata: metadata(id: id, frameCount: frameCount),
                                         options: options, progress: progress)
    while writer.needsMoreFrames {
        let k = writer.nextFrameIndex
        try writer.append(frame(k), traceLine: trace ? "{\"frame\": \(k)}" : nil)
    }
    return try writer.finish()
}

/// Every file of `folder` by name with its bytes.
func snapshot(_ folder: String) -> [String: Data] {
    var files = [String: Data]()
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
        files[name] = FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent(name))
    }
    return files
}

func frameNames(_ range: Range<Int>) -> [String] {
    range.map { FrameFolder.fileName(forFrame: $0) }
}
