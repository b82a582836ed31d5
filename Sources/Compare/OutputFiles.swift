import Foundation
import Images

// Design note: the few file writes of this module (diff images, report pages, copied frames)
// in one place, each turning Foundation's errors into CompareError.unwritableOutput with the
// path and the operating system's reason, so no caller sees an NSError.

enum OutputFiles {
    static func createFolder(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CompareError.unwritableOutput(path: path, reason: fileInTheWay(of: path) ?? reason(error))
        }
    }

    static func write(_ data: Data, to path: String) throws {
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CompareError.unwritableOutput(path: path, reason: reason(error))
        }
    }

    static func write(_ image: RGBAImage, to path: String) throws {
        let bytes: [UInt8]
        do {
            bytes = try image.pngData()
        } catch {
            throw CompareError.unwritableOutput(path: path, reason: "\(error)")
        }
        try write(Data(bytes), to: path)
    }

    /// Copies a file byte for byte, replacing what is at `destination`.
    static func copy(_ source: String, to destination: String) throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: source))
        } catch {
            throw CompareError.unreadableImage(path: source, error: .unreadableFile(path: source, reason: reason(error)))
        }
        try write(data, to: destination)
    }

    /// "a-file is a file, not a folder" when a file stands where a folder of `path` must go
    /// (Foundation says only "error 512" then), else nil.
    private static func fileInTheWay(of path: String) -> String? {
        var folder = path
        while !folder.isEmpty && folder != "/" && folder != "." {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
                return isFolder.boolValue ? nil : "\(folder) is a file, not a folder"
            }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return nil
    }

    private static func reason(_ error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        return underlying?.localizedDescription ?? error.localizedDescription
    }
}
