import Foundation
import XCTest

/// The module layering, checked on the sources: each module imports only what its job needs,
/// the scene format needs nothing but Foundation, and no module above the engine names the
/// engine's world (which is also internal to Dynamics, so the compiler refuses it).
final class LayeringTests: XCTestCase {
    /// What each module may import (C modules and system modules included).
    static let allowedImports: [String: Set<String>] = [
        "SceneFormat": ["Foundation"],
        "Dynamics": ["Foundation", "Synchronization", "CPUHints", "CKernels"],
        "Images": ["Foundation", "CPNG", "CKernels"],
        "Rendering": ["Foundation", "CCairo", "Images", "SceneFormat"],
        "FrameFiles": ["Foundation", "SceneFormat", "CKernels"],
        "FrameOutput": ["Foundation", "Dispatch", "Glibc", "CCairo", "Images", "Rendering", "FrameFiles", "SceneFormat"],
        "ScenePlayer": ["Foundation", "Dynamics", "SceneFormat", "Rendering", "Images", "FrameFiles", "FrameOutput"],
        "Compare": ["Foundation", "Images", "FrameFiles", "SceneFormat"],
        "animatic": ["Foundation", "Dynamics", "SceneFormat", "Rendering", "Images", "FrameFiles", "FrameOutput",
                     "ScenePlayer", "Compare"],
        "AnimaticUIKit": ["Foundation", "Dynamics", "SceneFormat", "Rendering", "FrameFiles", "ScenePlayer"],
        "recipes": ["Foundation", "AnimaticUIKit", "ScenePlayer", "FrameOutput", "SceneFormat"],
    ]

    var sources: String { CLI.packageRoot + "/Sources" }

    func swiftFiles(in module: String) throws -> [String] {
        let root = sources + "/" + module
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map { root + "/" + $0 }
    }

    /// The file without comments and string literals (good enough for this code base's style).
    func code(of file: String) throws -> String {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        var out = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var kept = ""
            var inString = false
            var previous: Character = " "
            for (k, c) in line.enumerated() {
                if !inString && c == "/" && previous == "/" { kept.removeLast(); break }
                if c == "\"" && previous != "\\" { inString.toggle(); kept.append(c) } else if !inString { kept.append(c) }
                previous = k > 0 && previous == "\\" && c == "\\" ? " " : c
            }
            out += kept + "\n"
        }
        return out
    }

    func imports(of file: String) throws -> Set<String> {
        var found = Set<String>()
        for line in try code(of: file).split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            if let k = words.firstIndex(of: "import"), k + 1 < words.count, words[..<k].allSatisfy({ $0.hasPrefix("@") }) {
                found.insert(words[k + 1])
            }
        }
        return found
    }

    func testEveryModuleImportsOnlyWhatItsJobNeeds() throws {
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources).filter { !["CCairo", "CPNG", "CPUHints", "CKernels"].contains($0) && !$0.hasPrefix(".") }
        XCTAssertEqual(Set(modules), Set(Self.allowedImports.keys), "a module was added or removed: extend the table")
        for module in modules {
            let allowed = Self.allowedImports[module] ?? []
            let files = try swiftFiles(in: module)
            XCTAssertFalse(files.isEmpty, module)
            for file in files {
                let extra = try imports(of: file).subtracting(allowed)
                XCTAssertTrue(extra.isEmpty, "\(file) imports \(extra.sorted()), beyond \(module)'s layer")
            }
        }
    }

    func testTheSceneFormatImportsOnlyFoundation() throws {
        let files = try swiftFiles(in: "SceneFormat")
        XCTAssertGreaterThan(files.count, 10)
        for file in files {
            let found = try imports(of: file)
            XCTAssertTrue(found.isSubset(of: ["Foundation"]), "\(file) imports \(found.sorted())")
        }
    }

    func testNothingAboveTheEngineNamesItsWorld() throws {
        let modules = Self.allowedImports.keys.filter { $0 != "Dynamics" }
        var checked = 0
        for module in modules {
            for file in try swiftFiles(in: module) {
                let code = try code(of: file)
                checked += 1
                XCTAssertNil(code.range(of: #"\bWorld\b"#, options: .regularExpression), "\(file) names the engine's World")
                XCTAssertNil(code.range(of: #"\.world\b"#, options: .regularExpression), "\(file) reaches into an animator's world")
            }
        }
        XCTAssertGreaterThan(checked, 50)
    }

    /// The check itself must be able to fail: a file naming World is caught.
    func testTheWorldCheckCatchesAReference() throws {
        let file = try CLI.temporaryDirectory("layering") + "/Leak.swift"
        defer { try? FileManager.default.removeItem(atPath: (file as NSString).deletingLastPathComponent) }
        try "import Dynamics // World in a comment is fine\nlet w = animator.world\nlet s = \"World\"\nfunc f(_ w: World) {}\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        let code = try code(of: file)
        XCTAssertNotNil(code.range(of: #"\bWorld\b"#, options: .regularExpression))
        XCTAssertNotNil(code.range(of: #"\.world\b"#, options: .regularExpression))
        XCTAssertEqual(code.components(separatedBy: "World").count - 1, 1, "only the parameter type counts: \(code)")
        XCTAssertEqual(try imports(of: file), ["Dynamics"])
    }
}
