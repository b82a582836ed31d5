import Foundation
import XCTest

/// Checks on the sources: the recipes are UIKit code that imports AnimaticUIKit where UIKit
/// code imports UIKit, with no Objective-C runtime features; every public declaration of
/// AnimaticUIKit is documented.
final class SourceTests: XCTestCase {
    func swiftFiles(_ folder: String) throws -> [String] {
        let root = packageRoot + "/Sources/" + folder
        return try FileManager.default.subpathsOfDirectory(atPath: root).filter { $0.hasSuffix(".swift") }.sorted().map { root + "/" + $0 }
    }

    func testRecipesImportAnimaticUIKitInPlaceOfUIKitAndUseNoSelectors() throws {
        let files = try swiftFiles("recipes").filter { !$0.hasSuffix("RecipesCommand.swift") }
        XCTAssertEqual(files.count, 14, "12 recipes, their shared code and the list")
        for file in files {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }
            XCTAssertEqual(imports, ["import AnimaticUIKit"], file)
            for forbidden in ["#selector", "@objc", "import UIKit", "Dynamics.", "DynamicView"] {
                XCTAssertFalse(text.contains(forbidden), "\(file) uses \(forbidden)")
            }
        }
    }

    /// Every `public` or `open` declaration of AnimaticUIKit has a `///` comment, except the
    /// members a protocol or the compiler asks for (==, hash(into:), description, rawValue).
    func testEveryPublicDeclarationOfAnimaticUIKitIsDocumented() throws {
        var undocumented: [String] = []
        var checked = 0
        for file in try swiftFiles("AnimaticUIKit") {
            let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (k, line) in lines.enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard code.hasPrefix("public ") || code.hasPrefix("open ") else { continue }
                if ["static func ==", "func hash(into", "var description", "let rawValue", "init(rawValue"].contains(where: code.contains) { continue }
                if code.contains("typealias") && code.contains("= AttachedType") { checked += 1 }
                checked += 1
                var j = k - 1
                while j >= 0, lines[j].trimmingCharacters(in: .whitespaces).hasPrefix("@") { j -= 1 }
                let previous = j >= 0 ? lines[j].trimmingCharacters(in: .whitespaces) : ""
                if !previous.hasPrefix("///") { undocumented.append("\((file as NSString).lastPathComponent):\(k + 1): \(code)") }
            }
        }
        XCTAssertGreaterThan(checked, 150)
        XCTAssertEqual(undocumented, [], "undocumented:\n" + undocumented.joined(separator: "\n"))
    }
}
