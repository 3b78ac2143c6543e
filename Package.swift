// swift-tools-version:6.1
import PackageDescription

/// A product of another package that only the `Server` trait brings (see `traits` below).
func server(_ product: String, from package: String) -> Target.Dependency {
    .product(name: product, package: package, condition: .when(traits: ["Server"]))
}

let package = Package(
    name: "RTMWire",
    // The lowest Apple releases with Swift concurrency (async/await, actors, AsyncSequence),
    // which every product uses: RTMWire for `DelimitedMessages` (the codec alone needs nothing
    // beyond what Swift 6 deploys to), RTMWireTransport for `EnvelopeConnection`, RTMWireNIO for
    // SwiftNIO's async channels (the floor swift-nio itself sets for them), the CLI for
    // ArgumentParser's async commands. SwiftPM takes one floor per package, so the transport's
    // floor is the core's too. Newer APIs are marked where used: `TCPServer` (discarding task
    // groups) needs macOS 14 / iOS 17, `DelimitedMessages`' `next(isolation:)` macOS 15 / iOS 18.
    // Linux has no minimum.
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        // The binary codec: messages, encode and decode, validation, framing (issue 36: an app
        // that imports only this links no JSON, view or text-printing code).
        .library(name: "RTMWire", targets: ["RTMWire"]),
        // Proto3 JSON, views read in place, and `debugDescription`'s text: each its own module.
        .library(name: "RTMWireJSON", targets: ["RTMWireJSON"]),
        .library(name: "RTMWireViews", targets: ["RTMWireViews"]),
        .library(name: "RTMWireText", targets: ["RTMWireText"]),
        // `Data` as a serialisation container (Foundation; the core imports only the stdlib).
        .library(name: "RTMWireFoundation", targets: ["RTMWireFoundation"]),
        .library(name: "RTMWireTransport", targets: ["RTMWireTransport"]),
        .library(name: "RTMWireNIO", targets: ["RTMWireNIO"]),
        .library(name: "RTMWireReferencePeers", targets: ["RTMWireReferencePeers"]),
        // The bridge from the Swift RTM chat tutorial's JSON messages (pure Swift).
        .library(name: "RTMWireLegacy", targets: ["RTMWireLegacy"]),
        // The server `rtmwire serve` is built on: sign-in with signed tokens, group membership,
        // durable storage (SQLite or PostgreSQL), history (needs the `Server` trait).
        .library(name: "RTMWireServer", targets: ["RTMWireServer"]),
        // Not API (the leading underscore says so, as in swift-nio and swift-syntax): the
        // properties the fuzzers check, for FuzzTesting/ only, which can reach a target of this
        // package through a product alone. Needs libprotobuf-c; no release promises anything
        // about it.
        .library(name: "_RTMWireFuzzCheck", targets: ["RTMWireFuzzCheck"]),
        .executable(name: "rtmwire", targets: ["rtmwire"]),
    ],
    // `Server` (on by default) brings the packages that only RTMWireNIO and the `rtmwire` tool
    // use. SwiftPM neither fetches nor builds a dependency that only disabled traits use, so an
    // app that wants the codec alone writes `traits: []` and resolves no other package
    // (Scripts/check-packaging proves it). Nothing in the codec products changes with the trait.
    traits: [
        .trait(
            name: "Server",
            description:
                "RTMWireNIO (SwiftNIO, swift-log, swift-metrics), RTMWireServer (swift-crypto, "
                + "sqlite-nio, postgres-nio) and the rtmwire tool."),
        // Not default: swift-crypto's BoringSSL, SQLite and postgres-nio are most of a first
        // build's time, and `swift run rtmwire demo` needs none of them. `swift build --traits
        // Serve` builds the tool a deployment runs; Scripts/test and CI build with it.
        .trait(
            name: "Serve",
            description:
                "The server in the rtmwire tool: `rtmwire serve`, `rtmwire token` and "
                + "`rtmwire bench-relay --durable` (RTMWireServer: swift-crypto, SQLite, "
                + "postgres-nio).",
            enabledTraits: ["Server"]),
        .default(enabledTraits: ["Server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        // Signed tokens (HMAC-SHA256, Ed25519, P-256): Apple's CryptoKit API, BoringSSL off Apple
        // platforms. 3.x keeps the package's macOS 10.15 floor (jwt-kit 5 would raise it to 13).
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"4.0.0"),
        // SQLite, the server's embedded database: vendored (one SQLite version everywhere) and
        // driven through SwiftNIO, as postgres-nio drives PostgreSQL.
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        // PostgreSQL, the database several server nodes share (`rtmwire serve --database
        // postgres://…`): the Swift Server Workgroup's driver, on the same SwiftNIO event loops
        // as the rest of the server, with a connection pool (PostgresClient) and parameters
        // bound by the protocol, never spliced into SQL text.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // `swift package generate-documentation` (Scripts/docs): a command plugin that no target
        // uses, so SwiftPM does not even resolve it for a package that depends on this one.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The pure-Swift codec: no dependency beyond the Swift standard library.
        .target(name: "RTMWire"),
        // What an app pays for only when it imports it (pure Swift, like the core): the proto3
        // JSON mapping, the views, and the text of `debugDescription`.
        .target(name: "RTMWireJSON", dependencies: ["RTMWire"]),
        .target(name: "RTMWireViews", dependencies: ["RTMWire"]),
        .target(name: "RTMWireText", dependencies: ["RTMWire"]),
        // `extension Data: RTMContiguousBytes`, where Foundation is allowed.
        .target(name: "RTMWireFoundation", dependencies: ["RTMWire"]),
        // The transport contract (EnvelopeConnection) and the in-memory pair: no SwiftNIO.
        .target(name: "RTMWireTransport", dependencies: ["RTMWire"]),
        // The reference peers (stream assembler, receipts, metadata store and service): they
        // work over any EnvelopeConnection and need no SwiftNIO.
        .target(name: "RTMWireReferencePeers", dependencies: ["RTMWire", "RTMWireTransport"]),
        // SwiftNIO: the framing handlers for any pipeline, TCP servers and clients on any address,
        // loopback for tests; logs with swift-log and counts with swift-metrics (dependencies of
        // this target only).
        .target(
            name: "RTMWireNIO",
            dependencies: [
                "RTMWire", "RTMWireJSON", "RTMWireViews", "RTMWireTransport",
                server("NIOConcurrencyHelpers", from: "swift-nio"),
                server("NIOCore", from: "swift-nio"),
                server("NIOPosix", from: "swift-nio"),
                // The WebSocket transport (WebSocket/): NIO's own upgrader and frame codec.
                server("NIOHTTP1", from: "swift-nio"),
                server("NIOWebSocket", from: "swift-nio"),
                server("Logging", from: "swift-log"),
                server("CoreMetrics", from: "swift-metrics"),
            ]),
        // The server: authentication (signed tokens), authorization (who may read and write a
        // conversation), storage (SQLite, or PostgreSQL that several nodes share), the services
        // that answer the domain documents' server flows, and the routing between connections.
        .target(
            name: "RTMWireServer",
            dependencies: [
                "RTMWire", "RTMWireTransport", "RTMWireNIO", "RTMWireReferencePeers",
                server("Crypto", from: "swift-crypto"),
                server("SQLiteNIO", from: "sqlite-nio"),
                server("PostgresNIO", from: "postgres-nio"),
                server("NIOConcurrencyHelpers", from: "swift-nio"),
                server("NIOCore", from: "swift-nio"),
                server("NIOPosix", from: "swift-nio"),
                server("Logging", from: "swift-log"),
            ]),
        // The tutorial's JSON messages: model, strict parser/printer, ISO 8601, the envelope
        // bridge and a receiver of both formats. Pure Swift, like the core.
        .target(name: "RTMWireLegacy", dependencies: ["RTMWire", "RTMWireJSON"]),
        // Golden vectors (loading, checking) and the conformance runner and Swift testee of
        // `rtmwire verify` and `rtmwire conformance`. Foundation is allowed here, never in RTMWire.
        .target(name: "RTMWireConformance", dependencies: ["RTMWire", "RTMWireJSON"]),
        // The command-line tool: encode, decode, convert, verify, and the demo (Demo/, with its
        // fixtures); the server's commands with the `Serve` trait. No C peer dependency.
        .executableTarget(
            name: "rtmwire",
            dependencies: [
                "RTMWire", "RTMWireJSON", "RTMWireViews", "RTMWireTransport", "RTMWireNIO",
                "RTMWireReferencePeers", "RTMWireConformance", "RTMWireLegacy",
                .target(name: "RTMWireServer", condition: .when(traits: ["Serve"])),
                server("ArgumentParser", from: "swift-argument-parser"),
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
        // The fuzz checks (FuzzTesting/ runs them under libFuzzer; RTMWireTests replays every
        // kept input through them), the legacy bridge's and the differential one against the C
        // peer included.
        .target(
            name: "RTMWireFuzzCheck",
            dependencies: [
                "RTMWire", "RTMWireJSON", "RTMWireViews", "RTMWireConformance", "RTMWireLegacy",
                "RTMWirePeer",
            ]),
        // Helpers the test targets share: envelope fixtures, a seeded generator, both transports,
        // a raw hostile TCP peer, and the soaks' sampling and slopes (Soak/; the transport's soak
        // and the durable server's). Never RTMWireServer: Sanitizers/ compiles this target too.
        .target(
            name: "RTMWireTestSupport",
            dependencies: [
                "RTMWire", "RTMWireTransport", "RTMWireNIO",
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Tests/RTMWireTestSupport"),
        .testTarget(
            name: "RTMWireTests",
            dependencies: [
                "RTMWire", "RTMWireJSON", "RTMWireViews", "RTMWireText", "RTMWireFoundation",
                "RTMWireFuzzCheck", "RTMWireTestSupport",
            ]),
        .testTarget(name: "RTMWirePeerTests", dependencies: ["RTMWirePeer"]),
        .testTarget(
            name: "RTMWireLegacyTests", dependencies: ["RTMWire", "RTMWireJSON", "RTMWireLegacy"]),
        // The command-line tool: runs the built `rtmwire` as a script would (exit codes, stdout,
        // stderr), and the demo exchange (@testable import).
        .testTarget(
            name: "RTMWireCLITests",
            dependencies: [
                "rtmwire", "RTMWire", "RTMWireJSON", "RTMWireTransport", "RTMWireNIO",
                "RTMWireServer", "RTMWireTestSupport",
            ]),
        // Cross-implementation conformance: golden vectors against the Swift codec and the C peer.
        .testTarget(
            name: "RTMWireConformanceTests",
            dependencies: [
                "RTMWire", "RTMWireJSON", "RTMWireViews", "RTMWireConformance", "RTMWirePeer",
            ]),
        // Both transports against the EnvelopeConnection contract, faults included.
        .testTarget(
            name: "RTMWireTransportTests",
            dependencies: [
                "RTMWire", "RTMWireTransport", "RTMWireNIO", "RTMWireReferencePeers",
                "RTMWireTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        .testTarget(
            name: "RTMWireNIOTests",
            dependencies: [
                "RTMWire", "RTMWireJSON", "RTMWireTransport", "RTMWireNIO", "RTMWireReferencePeers",
                "RTMWireTestSupport",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "InMemoryLogging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ],
            // The soak's notes for maintainers (how it measures, what issue 27 was).
            exclude: ["Soak/README.md"]),
        .testTarget(
            name: "RTMWireServerTests",
            dependencies: [
                "RTMWire", "RTMWireServer", "RTMWireNIO", "RTMWireTransport", "RTMWireTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                // The storage tests make a database of their own for each test.
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // The query-plan tests and the durable soak read the database.
                .product(name: "SQLiteNIO", package: "sqlite-nio"),
            ],
            // The durable soak's notes for maintainers (how it bounds the database, figures).
            exclude: ["Soak/README.md"]),
        .testTarget(
            name: "RTMWireReferencePeersTests",
            dependencies: [
                "RTMWire", "RTMWireReferencePeers", "RTMWireTestSupport", "RTMWireTransport",
            ]),
        // A reader built from the baseline schema (Schemas/baseline): its codec generated into
        // this module (Generated/, by Scripts/generate-swift), read against newer envelopes.
        .testTarget(
            name: "RTMWireBaselineReaderTests",
            dependencies: ["RTMWire", "RTMWireJSON", "RTMWireText", "RTMWireTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
