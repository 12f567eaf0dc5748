// swift-tools-version:6.1
// kbplay — a keyboard-layout playground. GPL-3.0-or-later (it links GNU readline).
import PackageDescription

// The executable links the Swift runtime and Foundation statically: a
// `kbplay run` of a one-line script then starts without resolving the
// symbols of a dozen shared libraries (the dynamic loader's relocations and
// the runtime's conformance scans were most of its start-up). GNU readline,
// libxml2 and the C libraries stay shared. Foundation's static archives
// refer to each other both ways, so they are linked as one group.
let staticSwiftRuntime: [LinkerSetting] = [
    .unsafeFlags(
        ["-static-stdlib", "-Xlinker", "--start-group"]
            + ["FoundationXML", "_CFXMLInterface", "Foundation", "CoreFoundation", "FoundationInternationalization",
               "_FoundationICU", "FoundationEssentials", "_FoundationCollections", "_FoundationCShims"]
                .flatMap { ["-Xlinker", "-l\($0)"] }
            + ["-Xlinker", "--end-group", "-lxml2", "-lstdc++"],
        .when(platforms: [.linux])
    ),
]

// Release code: each function in a section of its own, so the release
// link (SwiftPM passes `--gc-sections`) drops the functions nothing calls
// and packs the rest closer: the hot paths of a command then span fewer
// pages (BENCHMARKS.md §22: `replay` about 1.5 % faster, kbplay-bench's
// code 2.5 % smaller).
let releaseCode: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release)),
]

let package = Package(
    name: "kbplay",
    products: [
        .executable(name: "kbplay", targets: ["kbplay"]),
        .executable(name: "kbplay-bench", targets: ["kbplay-bench"]),
        .library(name: "KBSolver", targets: ["KBSolver"]),
        .library(name: "KBModel", targets: ["KBModel"]),
        .library(name: "KBInterop", targets: ["KBInterop"]),
        .library(name: "KBShell", targets: ["KBShell"]),
        .library(name: "KBDaemon", targets: ["KBDaemon"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "603.0.1"),
    ],
    targets: [
        // Pure incremental Cassowary solver: no I/O, no UIKit words.
        .target(name: "KBSolver", swiftSettings: releaseCode),
        // Pure UIKit-like model: devices, views, constraints, keyboard, layout, diff.
        .target(
            name: "KBModel",
            dependencies: ["KBSolver"],
            resources: [.embedInCode("Resources/devices.json")],
            swiftSettings: releaseCode
        ),
        // Reads a developer's Swift source (swift-syntax) into KBModel values:
        // the screen built in code and what the keyboard handling code does.
        .target(
            name: "KBSwiftImport",
            dependencies: [
                "KBModel",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ],
            swiftSettings: releaseCode
        ),
        // What kbplay reads from and writes for other tools: Interface
        // Builder documents, UIKit's console logs, Swift source. KBModel
        // values in and out; no shell.
        .target(name: "KBInterop", dependencies: ["KBModel"], swiftSettings: releaseCode),
        // Command language, renderers, session codec: text in, text out; and
        // the subcommands `kbplay run` and `kbplay import` (their arguments
        // and what they do).
        .target(
            name: "KBShell",
            dependencies: [
                "KBModel", "KBSwiftImport", "KBInterop",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: releaseCode
        ),
        // The daemon: sessions served over a Unix socket, and its web pages
        // over HTTP and WebSocket (SwiftNIO); the subcommands `serve`,
        // `sessions`, `clone` and `close`.
        .target(
            name: "KBDaemon",
            dependencies: [
                "KBModel",
                "KBShell",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
            ],
            swiftSettings: releaseCode
        ),
        // GNU readline, linked by the executable only (`repl` and `attach`
        // read a terminal through it).
        .systemLibrary(name: "CReadline", path: "Sources/CReadline"),
        .executableTarget(
            name: "kbplay",
            dependencies: [
                "KBShell", "KBDaemon", "CReadline",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: releaseCode,
            linkerSettings: staticSwiftRuntime
        ),
        .executableTarget(
            name: "kbplay-bench",
            dependencies: [
                "KBSolver", "KBModel", "KBShell", "KBDaemon",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: releaseCode
        ),
        .testTarget(
            name: "KBSolverTests",
            dependencies: [
                "KBSolver",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "KBModelTests", dependencies: ["KBModel"]),
        // KBInterop on its own: no shell in the test's dependencies.
        .testTarget(name: "KBInteropTests", dependencies: ["KBInterop"]),
        .testTarget(name: "KBSwiftImportTests", dependencies: ["KBSwiftImport"], exclude: ["Golden"]),
        // What the test targets share: the built kbplay, a pseudo-terminal
        // to run it at, and a headless browser to open its pages in. The
        // drivers and the golden transcripts are used from the source tree
        // (by #filePath).
        .target(name: "KBTestSupport", path: "Tests/Support", exclude: ["pty_driver.py", "browser_driver.py"]),
        .testTarget(name: "KBShellTests", dependencies: ["KBShell", "KBInterop", "KBTestSupport"], exclude: ["Golden", "UIKitStub"]),
        .testTarget(
            name: "KBDaemonTests",
            dependencies: [
                "KBDaemon", "KBTestSupport",
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
