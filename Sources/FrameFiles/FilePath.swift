// Design note: Foundation's NSString.deletingLastPathComponent traps on a one-character path
// ("a") in this toolchain's Foundation, and `--out a` is a perfectly good output folder. The
// parent of a path is computed here instead, with the same results otherwise: "" for a bare
// name, "/" for a child of the root, trailing slashes ignored. Foundation's
// resolvingSymlinksInPath leaves a relative path through a relative link as it is, so the
// file a path names is found with realpath(3).
import Foundation

/// Path arithmetic that Foundation gets wrong.
public enum FilePath {
    /// The folder that holds `path`: "a/b" -> "a", "a" -> "", "/a" -> "/", "a/b/" -> "a".
    public static func parent(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        if slash == trimmed.startIndex { return "/" }
        var parent = trimmed[..<slash]
        while parent.count > 1 && parent.hasSuffix("/") { parent = parent.dropLast() }
        return String(parent)
    }

    /// The file `path` names with every symbolic link followed (realpath(3)), or `path` when
    /// it cannot be resolved (a missing file: whoever opens it then says so).
    public static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}
