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

    /// `path` made absolute with every symbolic link followed as the kernel follows them
    /// (`a/link/..` is the parent of the link's target, not `a`), also when its last
    /// components do not exist yet: the nearest existing ancestor resolved by realpath(3), the
    /// rest appended to it ("." dropped, ".." taking the resolved folder's parent). Where an
    /// output will be written, compared with where inputs are.
    public static func resolvedAllowingMissing(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var base = absolute
        var missing: [String] = []
        while true {
            if let real = realpath(base, nil) {
                defer { free(real) }
                var out = String(cString: real)
                for component in missing.reversed() {
                    switch component {
                    case "", ".": continue
                    case "..": out = parent(of: out).isEmpty ? "/" : parent(of: out)
                    default: out = (out == "/" ? "" : out) + "/" + component
                    }
                }
                return out
            }
            var trimmed = Substring(base)
            while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
            guard let slash = trimmed.lastIndex(of: "/") else { return absolute }
            missing.append(String(trimmed[trimmed.index(after: slash)...]))
            base = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
        }
    }

    /// Whether one of two resolved paths (`resolvedAllowingMissing`) is the other or lies
    /// inside it.
    public static func overlap(_ a: String, _ b: String) -> Bool {
        a == b || b.hasPrefix(a == "/" ? "/" : a + "/") || a.hasPrefix(b == "/" ? "/" : b + "/")
    }

    /// The file `path` names with every symbolic link followed (realpath(3)), or `path` when
    /// it cannot be resolved (a missing file: whoever opens it then says so).
    public static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }
}
