// swift-tools-version:6.1
import Foundation
import PackageDescription

// The size benchmark's programs (Benchmarks/Scripts/size.py builds them, release, and measures
// them): each reads one Envelope from standard input and writes it again, with as little else as
// a program can have, so the difference to `empty` is what the codec costs an app.
//
// RTMWire comes by path, two folders up, with `traits: []`, as an app that wants the codec alone
// depends on it. Its identity is its folder's name, so it is derived rather than spelled.
let rtmwireIdentity = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()
let rtmwire = Target.Dependency.product(name: "RTMWire", package: rtmwireIdentity)
let rtmwireViews = Target.Dependency.product(name: "RTMWireViews", package: rtmwireIdentity)
let rtmwireJSON = Target.Dependency.product(name: "RTMWireJSON", package: rtmwireIdentity)

let package = Package(
    name: "RTMWireSize",
    dependencies: [
        .package(path: "../..", traits: []),
        .package(url: "https://github.com/apple/swift-protobuf", exact: "1.39.0"),
    ],
    targets: [
        // An empty program: what every Swift executable costs.
        .executableTarget(name: "empty"),
        // Standard input and output through the C library, shared by the programs below.
        .target(name: "SizeIO"),
        // Binary decode and encode of an Envelope.
        .executableTarget(name: "rtmwire-binary", dependencies: ["SizeIO", rtmwire]),
        // The same, and a view (EnvelopeView) of the input read (RTMWireViews).
        .executableTarget(name: "rtmwire-view", dependencies: ["SizeIO", rtmwire, rtmwireViews]),
        // The same as rtmwire-binary, and the envelope's proto3 JSON written (RTMWireJSON).
        .executableTarget(name: "rtmwire-json", dependencies: ["SizeIO", rtmwire, rtmwireJSON]),
        // The view and the JSON of the two above, together.
        .executableTarget(
            name: "rtmwire-view-json", dependencies: ["SizeIO", rtmwire, rtmwireViews, rtmwireJSON]),
        // swift-protobuf 1.39's generated code for the same schemas (a link to
        // Benchmarks/Sources/SwiftProtobufMessages) and the rtmwire-binary program written with it.
        .target(
            name: "SwiftProtobufMessages",
            dependencies: [.product(name: "SwiftProtobuf", package: "swift-protobuf")]),
        .executableTarget(
            name: "swift-protobuf",
            dependencies: [
                "SizeIO", "SwiftProtobufMessages",
                .product(name: "SwiftProtobuf", package: "swift-protobuf"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
