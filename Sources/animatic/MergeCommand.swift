// Design note: `merge` joins the folders of one scene rendered in pieces into OUT/ID, the
// folder a single render would have written (FrameFolderMerge checks and stages it), and can
// make the same previews, sheet and poster as `render` on the result.
import Foundation
import FrameFiles
import FrameOutput
import ScenePlayer

enum MergeCommand {
    static let help = """
    usage: animatic merge PART ... [--out DIR] [--video LIST] [--preview-fps N] [--preview-width W]
                          [--sheet] [--poster] [--jobs N]
    Joins frame folders of one scene rendered in pieces (render --frames A:B) into DIR/ID
    (default output/ID): the same bytes, manifest included, as a single render of those frames.
    Refuses parts of different scenes or settings, overlapping frames that differ, and gaps
    (exit status 2). --video, --sheet and --poster work as for render.
    """

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(args, valueFlags: ["out", "video", "preview-fps", "preview-width", "jobs"],
                              boolFlags: ["help", "sheet", "poster"])
        if a.flags.contains("help") { print(help); return 0 }
        guard !a.positional.isEmpty else { throw UsageError(message: "merge needs the part folders (e.g. part1/ID part2/ID)") }
        var settings = RenderSettings(outputFolder: try a.path("out") ?? "output")
        settings.previews = try RenderCommand.previewFormats(a.values["video"])
        settings.preview = PreviewOptions(fps: try a.double("preview-fps", range: 1...240),
                                          width: try a.int("preview-width", range: 16...7680))
        settings.sheet = a.flags.contains("sheet")
        settings.poster = a.flags.contains("poster")
        settings.frames.jobs = try a.int("jobs", range: 1...256) ?? settings.frames.jobs
        InterruptCleanup.install()
        var extras: [String] = []
        do {
            let manifest = try FrameFolderMerge.merge(parts: a.positional, into: settings.outputFolder) { staged in
                extras = try FramePipeline.writeExtras(into: staged, previews: settings.previews, settings: settings,
                                                       contactFrames: SheetCommand.contactFrames(fromTraceIn: staged.path))
            }
            let folder = (settings.outputFolder as NSString).appendingPathComponent(manifest.sceneID)
            let parts = a.positional.count == 1 ? "1 part" : "\(a.positional.count) parts"
            let line = "\(manifest.sceneID): \(manifest.frames.count) frames from \(parts) -> \(folder)"
            print(extras.isEmpty ? line : line + " (+ " + extras.joined(separator: ", ") + ")")
        } catch let error as MergeError {
            printError("animatic merge: \(error)")
            return 2
        }
        return 0
    }
}
