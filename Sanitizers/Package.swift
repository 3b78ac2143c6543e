// swift-tools-version:6.0
// What ThreadSanitizer checks (Scripts/sanitize thread): the transport and NIO tests and the
// helpers they share, linked against the RTMWire package one folder up. SwiftPM builds every
// test target of a package before it runs any, so a package of only these tests keeps the
// ThreadSanitizer build to the code it checks (no CLI, C peer, conformance or codec-only tests).
// Tests/ holds symbolic links to the main package's test folders: the tests are the same files.
import PackageDescription

let rtmwire = "RTMWire"

// What both test targets import from the main package, as its Package.swift gives them.
let testDependencies: [Target.Dependency] = [
    "RTMWireTestSupport",
    .product(name: "RTMWire", package: rtmwire),
    .product(name: "RTMWireJSON", package: rtmwire),
    .product(name: "RTMWireTransport", package: rtmwire),
    .product(name: "RTMWireNIO", package: rtmwire),
    .product(name: "RTMWireReferencePeers", package: rtmwire),
]

let package = Package(
    name: "RTMWireSanitizers",
    // The main package's floors (see its Package.swift): a dependency cannot ask for more.
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    dependencies: [
        .package(name: rtmwire, path: ".."),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    ],
    targets: [
        .target(
            name: "RTMWireTestSupport",
            dependencies: [
                .product(name: "RTMWire", package: rtmwire),
                .product(name: "RTMWireTransport", package: rtmwire),
                .product(name: "RTMWireNIO", package: rtmwire),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/RTMWireTestSupport"),
        .testTarget(
            name: "RTMWireTransportTests",
            dependencies: testDependencies + [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        .testTarget(
            name: "RTMWireNIOTests",
            dependencies: testDependencies + [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ],
            exclude: ["Soak/README.md"]),
    ],
    swiftLanguageModes: [.v6]
)
