// Design note: `simulate`: physics only, no images. With --trace it writes the same
// trace.jsonl lines `render --trace` writes, to a file or to standard output.
import Foundation
import FrameFiles
import FrameOutput
import SceneFormat
import ScenePlayer

enum SimulateCommand {
    /// Two physics threads where there are two cores: a step of 1,000 items or more splits
    /// its narrow phase, constraints and body loops between them (rain of 1,000 items, whole
    /// process: 0.85-0.97 s with one, 0.65-0.74 s with two), and a small scene never starts a split.
    static var defaultWorkers: Int { min(2, ProcessInfo.processInfo.activeProcessorCount) }

    static let help = """
    usage: animatic simulate SCENE [--duration S] [--fps N] [--trace FILE|-] [--debug [LIST]] [--workers N] [--quiet]
    Runs the physics of a scene without drawing. --trace writes one JSON line per frame.
    --quiet leaves out the summary line ("simulated ID: ... frames").
    --debug builds the debug overlay of every frame (and discards it), as `render --debug`
    does: the trace is the same with or without it. --workers N: threads for the physics
    (default 2 on a machine with two or more cores, else 1; small scenes never split their
    step, so the second thread only works on large ones); the trace is byte-identical for any N.
    """

    static func run(_ args: [String]) throws -> Int32 {
        let a = try Arguments(SceneArguments.normalizingDebugFlag(args), valueFlags: ["duration", "trace", "fps", "debug", "workers"],
                              boolFlags: ["help", "quiet"])
        if a.flags.contains("help") { print(help); return 0 }
        guard a.positional.count == 1 else { throw UsageError(message: "simulate takes exactly one SCENE") }
        let file = try SceneArguments.resolve(a.positional)[0]
        guard var scene = SceneArguments.load(file) else { return 2 }
        if let d = try a.double("duration", range: 0.001...600) { scene.duration = d }
        if let f = try a.int("fps", range: 1...240) { scene.fps = f }
        try SceneArguments.checkFrameCount(of: scene)
        let debug = try a.values["debug"].map { try DebugLayers(parsing: $0) } ?? []
        let workers = try a.int("workers", range: 1...64) ?? Self.defaultWorkers
        let runner = try SceneRunner(scene: scene, engineWorkers: workers)
        var sink: FileHandle?
        var tempPath: String?
        var traceLock: Int32 = -1
        defer { Leftovers.release(traceLock) }
        var streamsIntoNode = false
        var traceTarget: String?
        if let given = try a.path("trace", what: "a file name (or - for standard output)") {
            if given == "-" { sink = FileHandle.standardOutput } else {
                // Links are followed: the file they lead to is replaced and the links stay (a
                // rename over the link itself replaced /dev/stderr, a link, with a file); a
                // link to one of this process's descriptors (/dev/stdout, /dev/stderr) is
                // written into as it is (replacing the file behind `> log` cut the caller's
                // own redirection).
                let t: String
                switch try Self.followLinks(given) {
                case .descriptor(let fd):
                    sink = FileHandle(fileDescriptor: fd, closeOnDealloc: false)
                    streamsIntoNode = true
                    t = given
                case .file(let path):
                    t = path
                }
                if FilePath.resolvedAllowingMissing(file) == t {
                    throw UsageError(message: "--trace \(given) is the scene file \(file) it would replace; give the trace a file name of its own")
                }
                // The trace replaces a file, never a folder: a folder at the path (a render's
                // folder, "..") was deleted, whole, to make room for it.
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: t, isDirectory: &isFolder), isFolder.boolValue {
                    throw SceneRunError(message: "cannot write the trace file \(given): it is a folder; give a file name such as \((given as NSString).appendingPathComponent("trace.jsonl"))")
                }
                // A device or a FIFO (a terminal, /dev/null, a named pipe a reader waits on) is
                // written into, not replaced: a rename put a regular file in the place of a
                // device node.
                var info = stat()
                if streamsIntoNode {
                    // (A descriptor of this process, taken above.)
                } else if stat(t, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG, (info.st_mode & S_IFMT) != S_IFDIR {
                    guard let handle = FileHandle(forWritingAtPath: t) else {
                        throw SceneRunError(message: "cannot write the trace file \(given): \(String(cString: strerror(errno)))")
                    }
                    sink = handle
                    streamsIntoNode = true
                } else {
                    tempPath = t + ".tmp-\(getpid())"
                    traceTarget = t
                    // Ctrl-C removes the half-written trace; the previous file stays. One a
                    // killed run left beside it goes now (Leftovers); this one is locked.
                    let folder = FilePath.parent(of: t)
                    Leftovers.sweep(in: folder.isEmpty ? "." : folder, prefixes: [(t as NSString).lastPathComponent + ".tmp-"], kind: .file)
                    InterruptCleanup.install()
                    // Made with the cleanup held off: made just after it, it outlived the exit.
                    // Locked through the descriptor that makes it: no moment unlocked.
                    traceLock = InterruptCleanup.outsideCleanup {
                        InterruptCleanup.registerLocked(path: tempPath!)
                        let made = open(tempPath!, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
                        return made < 0 ? -2 : Leftovers.hold(descriptor: made)
                    }
                    guard traceLock != -2 else {
                        let reason = FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder)
                            ? "a file cannot be made in its folder" : "its folder \(folder) does not exist"
                        throw SceneRunError(message: "cannot write the trace file \(given): \(reason)")
                    }
                    sink = FileHandle(forWritingAtPath: tempPath!)
                }
            }
        }
        var buffer = ""
        // FileHandle.write(_: Data) traps on a write error (a full disk, /dev/full): the
        // throwing write is used, and its error told as the trace's.
        let destination = tempPath == nil && !streamsIntoNode ? "the trace to standard output" : "the trace file \(a.values["trace"] ?? "")"
        func flush(_ sink: FileHandle) throws {
            do { try sink.write(contentsOf: Data(buffer.utf8)) } catch {
                throw SceneRunError(message: "cannot write \(destination): \(OutputError.systemReason(error))")
            }
            buffer = ""
        }
        do {
            try FramePipeline.simulate(runner, debug: debug) { player in
                guard let sink else { return }
                buffer += player.traceLine() + "\n"
                if buffer.utf8.count > 1 << 16 { try flush(sink) }
            }
            if let sink, !buffer.isEmpty { try flush(sink) }
        } catch {
            if let tempPath {
                try? FileManager.default.removeItem(atPath: tempPath)
                InterruptCleanup.unregister(path: tempPath)
            }
            throw error
        }
        if let tempPath, let t = traceTarget {
            try? sink?.close()
            // One rename: it replaces the file at the path (links followed above) and fails on a folder,
            // which is then left as it is (it may have appeared since the check above).
            // Renamed with the cleanup held off: the trace is either published whole or
            // removed by it, and a rename that fails because the cleanup took the file does
            // not speak before the cleanup's exit.
            let failure: String? = InterruptCleanup.outsideCleanup {
                guard rename(tempPath, t) == 0 else { return String(cString: strerror(errno)) }
                InterruptCleanup.unregisterLocked(path: tempPath)
                return nil
            }
            if let reason = failure {
                InterruptCleanup.waitIfInterrupted()
                try? FileManager.default.removeItem(atPath: tempPath)
                InterruptCleanup.unregister(path: tempPath)
                throw SceneRunError(message: "cannot write the trace file \(t): \(reason)")
            }
        }
        if a.values["trace"] != "-" && !a.flags.contains("quiet") {
            print("simulated \(scene.id): \(runner.frameCount) frames, \(runner.stepCount) steps, contacts in \(runner.framesWithContacts.count) frames")
        }
        return 0
    }

    /// Where a trace path leads: a descriptor of this process (through /proc/self/fd/N or
    /// /dev/fd/N, as /dev/stdout and /dev/stderr do), or the file at the end of its links (the
    /// last may not exist yet: a dangling link's target is the file to make).
    enum TraceTarget { case descriptor(Int32), file(String) }

    static func followLinks(_ path: String) throws -> TraceTarget {
        var current = path
        for _ in 0..<40 {
            for prefix in ["/proc/self/fd/", "/dev/fd/"] where current.hasPrefix(prefix) {
                if let fd = Int32(current.dropFirst(prefix.count)) { return .descriptor(fd) }
            }
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK,
                  let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                return .file(FilePath.resolvedAllowingMissing(current))
            }
            let folder = FilePath.parent(of: current)
            current = destination.hasPrefix("/") || folder.isEmpty ? destination : folder + "/" + destination
        }
        throw SceneRunError(message: "cannot write the trace file \(path): its links lead round in a loop")
    }
}
