// swift-tools-version:6.0
// The fuzz targets of RTMWire: one libFuzzer executable per FuzzTarget, each a thin entry point
// over the checks of RTMWireFuzzCheck (in the main package, where `swift test` replays the kept
// inputs through the same checks). Build and run them with Scripts/fuzz (see README.md); they
// need `-sanitize=fuzzer`, which provides `main`.
import PackageDescription

let checks = Target.Dependency.product(name: "_RTMWireFuzzCheck", package: "RTMWire")

let package = Package(
    name: "FuzzTesting",
    dependencies: [.package(name: "RTMWire", path: "..")],
    targets: [
        .executableTarget(name: "FuzzEnvelopeBinary", dependencies: [checks]),
        .executableTarget(name: "FuzzDelimitedStream", dependencies: [checks]),
        .executableTarget(name: "FuzzJSON", dependencies: [checks]),
        .executableTarget(name: "FuzzImageProbe", dependencies: [checks]),
        .executableTarget(name: "FuzzDifferential", dependencies: [checks]),
        .executableTarget(name: "FuzzView", dependencies: [checks]),
    ],
    swiftLanguageModes: [.v6]
)
