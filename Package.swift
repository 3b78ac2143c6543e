// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "RTMWire",
    // The core needs nothing newer; these are what Swift concurrency and SwiftNIO's async APIs
    // (transport, CLI) require on Apple platforms. Linux has no minimum.
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "RTMWire", targets: ["RTMWire"]),
        .library(name: "RTMWireTransport", targets: ["RTMWireTransport"]),
        // The protobuf-c peer, for differential fuzzing and comparisons (needs libprotobuf-c).
        .library(name: "RTMWirePeer", targets: ["RTMWirePeer"]),
        .executable(name: "rtmwire", targets: ["rtmwire"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // The pure-Swift codec: no dependency beyond the Swift standard library.
        .target(name: "RTMWire"),
        // Loopback transports (in-memory and TCP via SwiftNIO) and reference peers.
        .target(
            name: "RTMWireTransport",
            dependencies: [
                "RTMWire",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        // Golden vectors (loading, checking) and the conformance runner and Swift testee of
        // `rtmwire verify` and `rtmwire conformance`. Foundation is allowed here, never in RTMWire.
        .target(name: "RTMWireConformance", dependencies: ["RTMWire"]),
        // The command-line tool: encode, decode, verify, demo. No C peer dependency.
        .executableTarget(
            name: "rtmwire",
            dependencies: [
                "RTMWire", "RTMWireTransport", "RTMWireConformance",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // libprotobuf-c, for the C peer only (the RTMWire codec never links it).
        .systemLibrary(
            name: "CProtobufC",
            pkgConfig: "libprotobuf-c",
            providers: [.apt(["libprotobuf-c-dev"])]),
        // protoc-c output for Schemas/ (generated/ and rtmwire_peer_registry.c come from
        // Scripts/generate-c-peer) plus a small hand-written shim (include/rtmwire_peer.h).
        .target(
            name: "CRTMWirePeer",
            dependencies: ["CProtobufC"],
            cSettings: [.headerSearchPath("generated")]),
        // Swift wrapper of the C peer, for conformance tests and benchmarks.
        .target(name: "RTMWirePeer", dependencies: ["CRTMWirePeer"]),
        .testTarget(name: "RTMWireTests", dependencies: ["RTMWire"]),
        .testTarget(name: "RTMWirePeerTests", dependencies: ["RTMWirePeer"]),
        // Cross-implementation conformance: golden vectors against the Swift codec and the C peer.
        .testTarget(
            name: "RTMWireConformanceTests",
            dependencies: ["RTMWire", "RTMWireConformance", "RTMWirePeer"]),
        .testTarget(
            name: "RTMWireTransportTests",
            dependencies: [
                "RTMWire", "RTMWireTransport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
