// swift-tools-version:6.0
// The swift-protobuf testee (Conformance/PROTOCOL.md): a package of its own, so that RTMWire's
// package never depends on swift-protobuf. Built by Scripts/build-testee swift-protobuf.
import PackageDescription

let package = Package(
    name: "RTMWireSwiftProtobufTestee",
    dependencies: [
        .package(url: "https://github.com/apple/swift-protobuf", exact: "1.39.0")
    ],
    targets: [
        .executableTarget(
            name: "swift-protobuf-testee",
            dependencies: [.product(name: "SwiftProtobuf", package: "swift-protobuf")],
            // Testee/main.swift, and protoc-gen-swift's code with a registry in Generated/
            // (Scripts/generate-runtimes)
            path: "Sources")
    ]
)
