// swift-tools-version:5.10
// Animatic: UIKit Dynamics on a Box2D-grade engine, scenes rendered to PNG with Cairo.
// Layers (data flows one way): Scenes -> Dynamics (physics) -> frame states -> Rendering -> PNG.
import PackageDescription

/// Release builds drop exclusivity checks in the hot engine loops; the code never relies on them.
let fast: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "Animatic",
    products: [
        .executable(name: "animatic", targets: ["animatic"]),
        .library(name: "Dynamics", targets: ["Dynamics"]),
        .library(name: "Scenes", targets: ["Scenes"]),
        .library(name: "Rendering", targets: ["Rendering"]),
    ],
    targets: [
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        // A small C target owns every libpng call so that libpng's longjmp never crosses Swift.
        .target(name: "CPNG", path: "Sources/CPNG", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),
        .target(name: "Dynamics", swiftSettings: fast),
        .target(name: "Rendering", dependencies: ["CCairo", "CPNG"], swiftSettings: fast),
        .target(name: "Compare", dependencies: ["Rendering"], swiftSettings: fast),
        .target(name: "Scenes", dependencies: ["Dynamics", "Rendering"], swiftSettings: fast),
        .executableTarget(name: "animatic", dependencies: ["Scenes", "Rendering", "Dynamics", "Compare"], swiftSettings: fast),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Dynamics"], resources: [.copy("Fixtures")]),
        .testTarget(name: "AnimaticTests", dependencies: ["animatic", "Scenes", "Rendering"]),
        .testTarget(name: "CompareTests", dependencies: ["Compare", "Rendering"], resources: [.copy("Fixtures")]),
    ]
)
