import CCairo
import Foundation
import SceneFormat
import FrameFiles
import Rendering
import Images

// Design note: a contact sheet shows a whole render at a glance: N frames evenly spaced from
// the first to the last, in a grid read left to right, top to bottom, each with its time (and
// frame number) underneath. Cells whose stretch of time saw a contact are framed in red with a
// red dot by the label, so a reviewer sees at once when things hit. A cell stands for the
// frames after the previous cell's frame up to its own (as a trace line's events are those
// since the previous frame), so a contact between two sampled frames still shows. The layout
// is a pure function of the frame size and the options, so its numbers can be tested and the
// sheet's pixel size predicted. Frames are decoded one at a time: memory holds one frame and
// the sheet. Labels use the locked toy text API (CairoText).

/// Options of a contact sheet.
public struct ContactSheetOptions: Equatable, Sendable {
    /// Frames shown (fewer when the folder holds fewer).
    public var cellCount: Int
    /// Columns of the grid; nil picks a near-square sheet.
    public var columns: Int?
    /// Width of a cell's picture in pixels; its height keeps the frames' aspect ratio.
    public var cellWidth: Int
    /// Frames at which contacts began (from the trace); cells covering one are marked.
    public var contactFrames: Set<Int>
    /// PNG compression of the sheet.
    public var preset: PNGPreset

    public init(cellCount: Int = 12, columns: Int? = nil, cellWidth: Int = 240, contactFrames: Set<Int> = [],
                preset: PNGPreset = .fast) {
        self.cellCount = cellCount; self.columns = columns; self.cellWidth = cellWidth
        self.contactFrames = contactFrames; self.preset = preset
    }
}

/// Draws `sheet.png`: sampled frames in a grid, with times and contact markers.
///
/// ```swift
/// let folder = try FrameFolder(path: "output/push")
/// try ContactSheet.write(from: folder, to: "output/push/sheet.png",
///                        options: ContactSheetOptions(cellCount: 16, contactFrames: [42, 97]))
/// ```
public enum ContactSheet {
    /// `sheet.png`.
    public static let defaultFileName = "sheet.png"

    /// Where everything goes on a sheet, in pixels.
    public struct Layout: Equatable, Sendable {
        public var columns: Int
        public var rows: Int
        public var cellWidth: Int
        public var cellHeight: Int
        /// Space around and between cells.
        public var gap: Int
        /// Height of the label strip under each picture.
        public var labelHeight: Int
        /// Size of the whole sheet.
        public var width: Int { columns * cellWidth + (columns + 1) * gap }
        public var height: Int { rows * (cellHeight + labelHeight) + (rows + 1) * gap }

        /// Top-left corner of cell `index`'s picture.
        public func origin(ofCell index: Int) -> (x: Int, y: Int) {
            let column = index % columns, row = index / columns
            return (gap + column * (cellWidth + gap), gap + row * (cellHeight + labelHeight + gap))
        }
    }

    /// The layout for `cellCount` frames of `frameWidth` x `frameHeight` pixels.
    public static func layout(cellCount: Int, frameWidth: Int, frameHeight: Int, options: ContactSheetOptions) -> Layout {
        let cellWidth = max(1, options.cellWidth)
        let cellHeight = max(1, Int((Double(frameHeight) * Double(cellWidth) / Double(max(1, frameWidth))).rounded()))
        let gap = 8, labelHeight = 20
        let count = max(1, cellCount)
        let columns: Int
        if let requested = options.columns {
            columns = min(count, max(1, requested))
        } else {
            // Near square: columns x (cellWidth + gap) ~ rows x (cellHeight + label + gap).
            let ratio = Double(cellHeight + labelHeight + gap) / Double(cellWidth + gap)
            columns = min(count, max(1, Int((Double(count) * ratio).squareRoot().rounded(.up))))
        }
        let rows = (count + columns - 1) / columns
        return Layout(columns: columns, rows: rows, cellWidth: cellWidth, cellHeight: cellHeight, gap: gap, labelHeight: labelHeight)
    }

    /// `count` frame numbers evenly spaced over `frames`, first and last included.
    public static func sampledFrames(count: Int, in frames: Range<Int>) -> [Int] {
        let n = min(max(1, count), frames.count)
        guard n > 1 else { return [frames.lowerBound] }
        return (0..<n).map { k in
            frames.lowerBound + Int((Double(k) * Double(frames.count - 1) / Double(n - 1)).rounded())
        }
    }

    /// The largest sheet side in pixels (Cairo's image surfaces stop at 32,767).
    public static let maxSide = 32_767
    /// The most pixels a sheet may have (400 MB of image).
    public static let maxPixels = 100_000_000

    /// Writes the sheet of `folder` to `path`. Throws ``PreviewError`` or ``OutputError``.
    @discardableResult
    public static func write(from folder: FrameFolder, to path: String,
                             options: ContactSheetOptions = ContactSheetOptions()) throws -> PreviewFile {
        guard options.cellCount >= 1, options.cellWidth >= 1 else {
            throw PreviewError.invalidOption("a contact sheet needs at least one cell at least one pixel wide")
        }
        let picked = sampledFrames(count: options.cellCount, in: folder.frames)
        let firstPath = folder.path(ofFrame: picked[0])
        let header: PNGHeader
        do { header = try PNGHeader.read(fileAt: firstPath) } catch let error as PNGError {
            throw PreviewError.unreadableFrame(path: firstPath, error)
        }
        let layout = layout(cellCount: picked.count, frameWidth: header.width, frameHeight: header.height, options: options)
        // Cairo's limit is 32,767 pixels a side; the pixel cap keeps a sheet of 4,096-pixel
        // cells from asking for gigabytes. Refused as options, before anything is drawn.
        guard layout.width <= maxSide, layout.height <= maxSide, layout.width * layout.height <= maxPixels else {
            throw PreviewError.invalidOption("a contact sheet of \(picked.count) cells of \(layout.cellWidth) x \(layout.cellHeight) pixels "
                + "in \(layout.columns == 1 ? "one column" : "\(layout.columns) columns") would be \(layout.width) x \(layout.height) pixels, more than \(maxSide) a side "
                + "or \(maxPixels / 1_000_000) million in all; use fewer cells, other columns or narrower cells")
        }
        let sheet = try CairoImageSurface(width: layout.width, height: layout.height, opaque: true,
                                          background: SceneColor(red: 0.93, green: 0.93, blue: 0.93))
        let red = SceneColor(red: 0.88, green: 0.1, blue: 0.1)
        let contactFrames = options.contactFrames.sorted()
        // The first cell's stretch is its own frame: contacts before the folder's first frame
        // (a part rendered with --frames A:B plays from frame 0) are not in the folder.
        var previous = folder.frames.lowerBound - 1
        for (cell, index) in picked.enumerated() {
            let picture = try CairoImageSurface.load(framePath: folder.path(ofFrame: index), opaque: header.isOpaque)
            let marked = contactFrames.contains { $0 > previous && $0 <= index }
            previous = index
            let (x, y) = layout.origin(ofCell: cell)
            let (w, h) = (Double(layout.cellWidth), Double(layout.cellHeight))
            try sheet.draw { cr in
                CairoImageSurface.paint(picture, into: cr, x: Double(x), y: Double(y), width: w, height: h)
                if marked {
                    cairo_set_source_rgb(cr, red.red, red.green, red.blue)
                    cairo_set_line_width(cr, 3)
                    cairo_rectangle(cr, Double(x) - 1.5, Double(y) - 1.5, w + 3, h + 3)
                    cairo_stroke(cr)
                    cairo_arc(cr, Double(x) + w - 6, Double(y) + h + 11, 4, 0, 2 * Double.pi)
                    cairo_fill(cr)
                } else {
                    cairo_set_source_rgb(cr, 0.7, 0.7, 0.7)
                    cairo_set_line_width(cr, 1)
                    cairo_rectangle(cr, Double(x) - 0.5, Double(y) - 0.5, w + 1, h + 1)
                    cairo_stroke(cr)
                }
                CairoText.show(label(frame: index, fps: folder.fps), in: cr, x: Double(x) + 1, y: Double(y) + h + 15,
                               size: 12, color: SceneColor(red: 0.2, green: 0.2, blue: 0.2))
            }
        }
        let png = try sheet.pngData(preset: options.preset)
        let byteCount = try OutputFile.replace(path) { try OutputFile.write(png, to: $0) }
        return PreviewFile(path: path, byteCount: byteCount, frameCount: picked.count, width: layout.width, height: layout.height)
    }

    /// `1.25 s  #75`: the frame's time at `fps` and its number.
    static func label(frame: Int, fps: Double) -> String {
        String(format: "%.2f s  #%d", Double(frame) / fps, frame)
    }
}
