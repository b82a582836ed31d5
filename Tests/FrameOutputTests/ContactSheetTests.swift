import Foundation
import FrameOutput
import FrameFiles
import Rendering
import Images
import XCTest

// The contact sheet: its layout numbers, the frames it samples, its pixel size on disk, that a
// marked cell differs from an unmarked one exactly at the marker, and that labels are drawn;
// and the poster, a byte copy of one frame.

final class ContactSheetTests: XCTestCase {
    var scratch: ScratchFolder!
    override func setUp() { scratch = ScratchFolder() }
    override func tearDown() { scratch.remove() }

    /// `count` frames of 64 x 48 pixels, all showing the same still state.
    func stillFolder(count: Int) throws -> FrameFolder {
        let out = scratch.child("output")
        try writeSequence(to: out, frameCount: count, frame: { _ in rainFrame(20) })
        return try FrameFolder(path: out + "/rain")
    }

    func testLayoutAndSampling() {
        XCTAssertEqual(ContactSheet.sampledFrames(count: 5, in: 0..<101), [0, 25, 50, 75, 100])
        XCTAssertEqual(ContactSheet.sampledFrames(count: 4, in: 10..<20), [10, 13, 16, 19])
        XCTAssertEqual(ContactSheet.sampledFrames(count: 12, in: 0..<3), [0, 1, 2])
        XCTAssertEqual(ContactSheet.sampledFrames(count: 1, in: 0..<30), [0])

        let layout = ContactSheet.layout(cellCount: 12, frameWidth: 1280, frameHeight: 720, options: ContactSheetOptions(cellWidth: 240))
        XCTAssertEqual(layout.cellHeight, 135)
        XCTAssertEqual(layout.columns, 3)  // near square: 3 x 248 wide, 4 x 163 high
        XCTAssertEqual(layout.rows, 4)
        XCTAssertEqual(layout.width, 3 * 240 + 4 * 8)
        XCTAssertEqual(layout.height, 4 * (135 + 20) + 5 * 8)
        XCTAssertTrue(layout.origin(ofCell: 4) == (8 + 248, 8 + 163))
        let tall = ContactSheet.layout(cellCount: 12, frameWidth: 750, frameHeight: 1334, options: ContactSheetOptions(cellWidth: 120))
        XCTAssertEqual(tall.cellHeight, 213)
        XCTAssertEqual(tall.columns, 5)  // 5 x 128 = 640 wide, 3 x 241 = 723 high
        XCTAssertEqual(tall.rows, 3)
        let fixed = ContactSheet.layout(cellCount: 10, frameWidth: 64, frameHeight: 48, options: ContactSheetOptions(columns: 4, cellWidth: 32))
        XCTAssertEqual(fixed.columns, 4)
        XCTAssertEqual(fixed.rows, 3)
    }

    func testSheetSizeMarkersAndLabels() throws {
        let frames = try stillFolder(count: 31)
        let options = ContactSheetOptions(cellCount: 4, columns: 2, cellWidth: 128, contactFrames: [7, 30])
        let path = frames.path + "/" + ContactSheet.defaultFileName
        let sheet = try ContactSheet.write(from: frames, to: path, options: options)
        // Cells 0, 10, 20, 30; a cell covers the frames since the previous cell's: 7 marks cell 1
        // (frames 1...10), 30 marks cell 3.
        XCTAssertEqual(sheet.frameCount, 4)
        XCTAssertEqual(sheet.width, 2 * 128 + 3 * 8)
        XCTAssertEqual(sheet.height, 2 * (96 + 20) + 3 * 8)
        let image = try RGBAImage.decodePNG(path: path)
        XCTAssertEqual(image.width, 280)
        XCTAssertEqual(image.height, 256)

        let layout = ContactSheet.layout(cellCount: 4, frameWidth: 64, frameHeight: 48, options: options)
        func cell(_ index: Int) -> (picture: [RGBAPixel], border: [RGBAPixel], label: [RGBAPixel]) {
            let (x, y) = layout.origin(ofCell: index)
            let picture = (0..<96).flatMap { dy in (0..<128).map { dx in image.pixel(x: x + dx, y: y + dy)! } }
            let border = (-3..<131).flatMap { dx in [image.pixel(x: x + dx, y: y - 2)!, image.pixel(x: x + dx, y: y + 97)!] }
            let label = (0..<18).flatMap { dy in (0..<128).map { dx in image.pixel(x: x + dx, y: y + 97 + 2 + dy)! } }
            return (picture, border, label)
        }
        let cells = (0..<4).map(cell)
        // Same still frame in every cell: pictures equal, borders differ only where marked.
        XCTAssertEqual(cells[0].picture, cells[1].picture)
        XCTAssertEqual(cells[0].picture, cells[3].picture)
        XCTAssertEqual(cells[0].border, cells[2].border)
        XCTAssertEqual(cells[1].border, cells[3].border)
        XCTAssertNotEqual(cells[0].border, cells[1].border)
        // The marker color (0.88, 0.1, 0.1) as Cairo rounds it, give or take.
        func isRed(_ pixel: RGBAPixel) -> Bool { pixel.maximumDifference(to: RGBAPixel(red: 225, green: 25, blue: 25)) <= 2 }
        XCTAssertEqual(cells[1].border.filter(isRed).count, cells[1].border.count, "a marked cell has a red frame")
        XCTAssertEqual(cells[0].border.filter(isRed).count, 0)
        // Labels: text pixels are drawn, and different times give different labels.
        let background = RGBAPixel(red: 237, green: 237, blue: 237)
        XCTAssertGreaterThan(cells[0].label.filter { $0 != background }.count, 50)
        XCTAssertNotEqual(cells[0].label, cells[2].label)
        // The scaled picture is the frame: its center matches the frame's center pixel.
        let frame = try RGBAImage.decodePNG(path: frames.path(ofFrame: 0))
        let (x, y) = layout.origin(ofCell: 0)
        XCTAssertEqual(image.pixel(x: x + 2, y: y + 2), frame.pixel(x: 1, y: 1))
    }

    /// A part rendered with --frames 10:31 plays from frame 0: a contact at frame 3 is not in
    /// the folder and marked no cell (its first cell's stretch was everything before it).
    func testTheFirstCellOfAPartIsNotMarkedForContactsBeforeIt() throws {
        let whole = try stillFolder(count: 31)
        let part = scratch.child("part")
        try FileManager.default.createDirectory(atPath: part, withIntermediateDirectories: true)
        for k in 10..<31 {
            try FileManager.default.copyItem(atPath: whole.path(ofFrame: k), toPath: part + "/" + FrameFolder.fileName(forFrame: k))
        }
        let folder = try FrameFolder(path: part, fps: 60)
        let options = ContactSheetOptions(cellCount: 3, columns: 3, cellWidth: 64, contactFrames: [3, 10])
        let path = part + "/" + ContactSheet.defaultFileName
        try ContactSheet.write(from: folder, to: path, options: ContactSheetOptions(cellCount: 3, columns: 3, cellWidth: 64,
                                                                                    contactFrames: [3]))
        let unmarked = try RGBAImage.decodePNG(path: path)
        try ContactSheet.write(from: folder, to: path, options: options)
        let marked = try RGBAImage.decodePNG(path: path)
        let layout = ContactSheet.layout(cellCount: 3, frameWidth: 64, frameHeight: 48, options: options)
        let (x, y) = layout.origin(ofCell: 0)
        func isRed(_ pixel: RGBAPixel?) -> Bool {
            pixel.map { $0.maximumDifference(to: RGBAPixel(red: 225, green: 25, blue: 25)) <= 2 } ?? false
        }
        XCTAssertFalse(isRed(unmarked.pixel(x: x + 10, y: y - 2)), "frame 3 is before the folder")
        XCTAssertTrue(isRed(marked.pixel(x: x + 10, y: y - 2)), "frame 10 is the first cell's own")
    }

    /// Options inside their ranges that add up to a sheet Cairo cannot make (or gigabytes)
    /// are refused as options (exit status 2), before anything is drawn or written.
    func testASheetTooLargeIsRefusedAsAnOption() throws {
        let frames = try stillFolder(count: 31)
        let path = frames.path + "/" + ContactSheet.defaultFileName
        // 31 cells of 4,096 x 3,072 (and a 20-pixel label) in one column, 8-pixel gaps: 4,112 x 96,108.
        XCTAssertThrowsError(try ContactSheet.write(from: frames, to: path, options: ContactSheetOptions(cellCount: 31, columns: 1,
                                                                                                        cellWidth: 4096))) { error in
            guard case let PreviewError.invalidOption(message) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(message.contains("in one column would be 4112 x 96108 pixels"), message)
            // Told as an option of the sheet (it said "invalid preview option").
            XCTAssertTrue("\(error)".hasPrefix("invalid option: a contact sheet of 31 cells"), "\(error)")
        }
        // 9 cells of 4,096 x 3,072 in 3 columns: 12,320 x 9,308 = 115 million pixels.
        XCTAssertThrowsError(try ContactSheet.write(from: frames, to: path, options: ContactSheetOptions(cellCount: 9, columns: 3,
                                                                                                        cellWidth: 4096)))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        // Inside: 4 cells in 2 columns, 8,216 x 6,208.
        XCTAssertNoThrow(try ContactSheet.write(from: frames, to: path, options: ContactSheetOptions(cellCount: 4, columns: 2,
                                                                                                    cellWidth: 4096)))
    }

    func testPosterIsACopyOfTheLastFrame() throws {
        let out = scratch.child("output")
        let manifest = try writeSequence(to: out, frameCount: 5)
        let frames = try FrameFolder(path: out + "/rain")
        let path = frames.path + "/" + Poster.defaultFileName
        let poster = try Poster.write(from: frames, to: path)
        XCTAssertEqual(try SHA256.hash(fileAt: path).hex, manifest.frames[4].sha256)
        XCTAssertEqual(poster.width, 64)
        try Poster.write(from: frames, frame: 2, to: path)
        XCTAssertEqual(try SHA256.hash(fileAt: path).hex, manifest.frames[2].sha256)
        XCTAssertThrowsError(try Poster.write(from: frames, frame: 5, to: path)) { error in
            guard case PreviewError.invalidOption = error else { return XCTFail("\(error)") }
        }
        // The previews do not disturb the folder's frames.
        XCTAssertEqual(try FrameFolder(path: frames.path).frames, 0..<5)
    }
}
