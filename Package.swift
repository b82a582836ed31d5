// swift-tools-version:5.10
// Animatic: UIKit Dynamics on Linux, scenes rendered to PNG with Cairo.
// Modules by job; data flows one way:
//   scene file -> SceneFormat (model) -> ScenePlayer (animator of Dynamics, frame states)
//   -> Rendering (Cairo drawing) -> Images (pixels, PNG) -> FrameOutput (frames, previews)
//   -> FrameFiles (the on-disk render) <- Compare (frame comparison); animatic calls them all.
// Swift code takes the same road: AnimaticUIKit (UIKit's names on Dynamics, views, gestures)
// records a view controller through ScenePlayer's pipeline.
import PackageDescription

/// Release builds drop exclusivity checks in the hot engine loops; the code never relies on them.
let fast: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "Animatic",
    products: [
        .executable(name: "animatic", targets: ["animatic"]),
        .library(name: "Dynamics", targets: ["Dynamics"]),
        .library(name: "SceneFormat", targets: ["SceneFormat"]),
        .library(name: "ScenePlayer", targets: ["ScenePlayer"]),
        .library(name: "Rendering", targets: ["Rendering"]),
        .library(name: "FrameOutput", targets: ["FrameOutput"]),
        .library(name: "Compare", targets: ["Compare"]),
        .library(name: "AnimaticUIKit", targets: ["AnimaticUIKit"]),
        .executable(name: "recipes", targets: ["recipes"]),
    ],
    targets: [
        .systemLibrary(name: "CCairo", path: "Sources/CCairo", pkgConfig: "cairo",
                       providers: [.apt(["libcairo2-dev"])]),
        // Kernels in C on the processor's extensions: YUV 4:2:0 and PNG rows (AVX2), SHA-256 (SHA),
        // the sequential contact solver's velocity iteration eight lanes wide (AVX2).
        .target(name: "CKernels", path: "Sources/CKernels"),
        // A small C target owns every libpng and zlib call so that libpng's longjmp never crosses Swift.
        .target(name: "CPNG", dependencies: ["CKernels"], path: "Sources/CPNG", linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("z")]),
        // The scene file: JSON5, model, loader with located errors, writer (Foundation only).
        .target(name: "SceneFormat", swiftSettings: fast),
        // What the engine's hot loops need and Swift has no words for (static inline C): prefetch and
        // spin-pause hints, the four-lane square root, the 4x4 transpose by shuffles, glibc's sincos.
        .target(name: "CPUHints", path: "Sources/CPUHints"),
        // The rigid-body engine and the UIKit Dynamics API on it.
        .target(name: "Dynamics", dependencies: ["CPUHints", "CKernels"], swiftSettings: fast),
        // RGBA images and PNG encoding/decoding.
        .target(name: "Images", dependencies: ["CPNG", "CKernels"], swiftSettings: fast),
        // Frame states drawn with Cairo.
        .target(name: "Rendering", dependencies: ["CCairo", "Images", "SceneFormat"], swiftSettings: fast),
        // The on-disk layout of a render: frame file names, manifest, hashes.
        .target(name: "FrameFiles", dependencies: ["SceneFormat", "CKernels"], swiftSettings: fast),
        // Writing renders: frame sequences, the atomic swap, previews, contact sheets.
        .target(name: "FrameOutput", dependencies: ["CCairo", "Rendering", "Images", "FrameFiles", "SceneFormat"], swiftSettings: fast),
        // Playing scenes: runner, gestures, reactions, debug overlay, the render pipeline.
        .target(name: "ScenePlayer", dependencies: ["SceneFormat", "Dynamics", "Rendering", "FrameOutput", "FrameFiles"],
                swiftSettings: fast),
        // Frame comparison (pixelmatch), folder diffs and reports.
        .target(name: "Compare", dependencies: ["Images", "FrameFiles", "SceneFormat"], swiftSettings: fast),
        // UIKit's names on the Dynamics API (views, colors, paths, gestures, view animations)
        // and the recorder that plays a view controller into frames.
        .target(name: "AnimaticUIKit", dependencies: ["Dynamics", "SceneFormat", "Rendering", "FrameFiles", "ScenePlayer"],
                swiftSettings: fast),
        // The cookbook's recipes as view controllers, recorded into output/recipes/ID.
        .executableTarget(name: "recipes", dependencies: ["AnimaticUIKit", "ScenePlayer", "FrameOutput", "FrameFiles", "SceneFormat"],
                          swiftSettings: fast),
        .executableTarget(name: "animatic",
                          dependencies: ["SceneFormat", "ScenePlayer", "Dynamics", "Rendering", "FrameOutput", "FrameFiles",
                                         "Images", "Compare"],
                          swiftSettings: fast),
        // Test-only C helpers (inflating PNG rows to count their filters, libpng's own encoding).
        .target(name: "CTestSupport", path: "Tests/CTestSupport", linkerSettings: [.linkedLibrary("z"), .linkedLibrary("png16")]),
        // Test-only Swift helpers: headless Chromium, and locating external tools the tests need.
        .target(name: "BrowserSupport", path: "Tests/BrowserSupport"),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics"]),
        .testTarget(name: "SceneFormatTests", dependencies: ["SceneFormat", "BrowserSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "ScenePlayerTests", dependencies: ["ScenePlayer", "SceneFormat", "Dynamics", "Rendering"]),
        .testTarget(name: "ImagesTests", dependencies: ["Images", "CPNG", "CKernels", "CTestSupport", "BrowserSupport"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "Images", "SceneFormat", "CTestSupport"]),
        .testTarget(name: "FrameOutputTests", dependencies: ["FrameOutput", "FrameFiles", "Rendering", "Images", "SceneFormat", "BrowserSupport"]),
        .testTarget(name: "CompareTests", dependencies: ["Compare", "Images", "Rendering", "FrameFiles", "SceneFormat", "BrowserSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "AnimaticTests", dependencies: ["animatic", "SceneFormat", "Images", "FrameFiles", "BrowserSupport"]),
        .testTarget(name: "AnimaticUIKitTests", dependencies: ["AnimaticUIKit", "recipes", "animatic", "ScenePlayer", "SceneFormat",
                                                               "Rendering", "FrameFiles", "FrameOutput", "Compare", "Images", "BrowserSupport"]),
    ]
)
