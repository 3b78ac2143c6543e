// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "RTMWire",
    products: [
        .library(name: "RTMWire", targets: ["RTMWire"]),
    ],
    targets: [
        // The pure-Swift codec: no dependency beyond the Swift standard library.
        .target(name: "RTMWire"),
        .testTarget(name: "RTMWireTests", dependencies: ["RTMWire"]),
    ],
    swiftLanguageModes: [.v6]
)
