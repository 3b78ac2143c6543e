// swift-tools-version:6.0
// The fuzz targets of RTMWire: one libFuzzer executable per entry point, sharing the checks in
// FuzzCheck. Build and run them with Scripts/fuzz (see README.md); they need
// `-sanitize=fuzzer`, which provides `main`.
import PackageDescription

let rtmwire = Target.Dependency.product(name: "RTMWire", package: "RTMWire")

let package = Package(
    name: "FuzzTesting",
    dependencies: [.package(name: "RTMWire", path: "..")],
    targets: [
        .target(name: "FuzzCheck", dependencies: [rtmwire]),
        .executableTarget(name: "FuzzEnvelopeBinary", dependencies: ["FuzzCheck", rtmwire]),
        .executableTarget(name: "FuzzDelimitedStream", dependencies: ["FuzzCheck"]),
        .executableTarget(
            name: "FuzzJSON",
            dependencies: [
                "FuzzCheck", rtmwire, .product(name: "RTMWireLegacy", package: "RTMWire"),
            ]),
        .executableTarget(name: "FuzzImageProbe", dependencies: ["FuzzCheck"]),
        .executableTarget(
            name: "FuzzDifferential",
            dependencies: [
                "FuzzCheck", rtmwire, .product(name: "RTMWirePeer", package: "RTMWire"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
