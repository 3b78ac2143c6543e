// swift-tools-version:6.0
import PackageDescription

// A consumer of RTMWire, built against the checkout it sits in (by path): an app-style client
// that uses only the codec (RTMWire, RTMWireFoundation) over a socket it opens itself, and a
// small server on RTMWireNIO with logging and metrics. `Examples/run` builds and runs both.
let package = Package(
    name: "Chat",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [
        // An app names the release instead: .package(url: "…/rtmwire", from: "0.2.0"), with
        // `traits: []` when it needs the codec alone (this example runs a server too).
        .package(name: "RTMWire", path: "../.."),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    ],
    targets: [
        // What an app does: build messages, send them as Data, read replies as an AsyncSequence.
        // SwiftNIO only stands in for the app's socket (URLSession, a WebSocket, Network).
        .executableTarget(
            name: "ChatClient",
            dependencies: [
                .product(name: "RTMWire", package: "RTMWire"),
                .product(name: "RTMWireFoundation", package: "RTMWire"),
                .product(name: "RTMWireJSON", package: "RTMWire"),
                .product(name: "RTMWireText", package: "RTMWire"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ]),
        // What a server does: TCPServer on a host and port, receipts, logs and counters.
        .executableTarget(
            name: "ChatServer",
            dependencies: [
                .product(name: "RTMWire", package: "RTMWire"),
                .product(name: "RTMWireNIO", package: "RTMWire"),
                .product(name: "RTMWireReferencePeers", package: "RTMWire"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
