import Foundation

// Design note: what the manifest says about a render that the frames themselves cannot: where
// they come from (scene id, title, the scene file's hash) and how to play them (fps, frame
// count). The caller computes it (the scene layer knows the file, the command line the tool
// version); the writer only checks it and copies it into manifest.json.

/// What the writer records about the scene and the tool in `manifest.json`.
public struct FrameSequenceMetadata: Equatable, Sendable {
    /// The scene id, which is also the folder name (`push` for `scenes/push.json`).
    public var sceneID: String
    public var title: String
    /// Frames per second.
    public var fps: Double
    /// Frames of the whole scene: round(duration x fps).
    public var frameCount: Int
    /// Lower-case hex SHA-256 of the scene file (``SHA256/hash(fileAt:)``).
    public var sceneSHA256: String
    /// The version of the tool that renders, e.g. `0.1.0`.
    public var toolVersion: String

    public init(sceneID: String, title: String, fps: Double, frameCount: Int, sceneSHA256: String, toolVersion: String) {
        self.sceneID = sceneID; self.title = title; self.fps = fps; self.frameCount = frameCount
        self.sceneSHA256 = sceneSHA256; self.toolVersion = toolVersion
    }

    public func validate() throws {
        guard fps.isFinite, fps > 0 else { throw FrameFilesError.invalidMetadata("fps must be a positive number, not \(fps)") }
        guard frameCount > 0 else { throw FrameFilesError.invalidMetadata("a sequence needs at least one frame, not \(frameCount)") }
    }
}
