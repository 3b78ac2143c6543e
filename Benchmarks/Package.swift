// swift-tools-version:6.1
import Foundation
import PackageDescription

// The RTMWire package one folder up, by path. Its identity is its folder's name (`main` in the
// project's checkout, something else in another clone), so it is derived rather than spelled.
let rtmwirePath = ".."
let rtmwireIdentity = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "RTMWireBenchmarks",
    dependencies: [
        .package(path: rtmwirePath),
        .package(
            url: "https://github.com/ordo-one/benchmark", from: "1.38.1",
            traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        .target(
            name: "CRTMWirePeerBench",
            cSettings: [.headerSearchPath("generated")],
            linkerSettings: [.linkedLibrary("protobuf-c")]),
        // Google's C++ protobuf: libprotobuf 3.21 and protoc's C++ code for Schemas/ (generated/
        // links to the C++ conformance testee's), behind a C interface.
        .target(
            name: "CRTMWireCppBench",
            cxxSettings: [.headerSearchPath("generated")],
            linkerSettings: [.linkedLibrary("protobuf")]),
        .target(
            name: "SwiftProtobufMessages",
            dependencies: [.product(name: "SwiftProtobuf", package: "swift-protobuf")]),
        .target(
            name: "BenchmarkCorpus",
            dependencies: [
                .product(name: "RTMWire", package: rtmwireIdentity),
                .product(name: "RTMWireViews", package: rtmwireIdentity),
                "CRTMWirePeerBench",
                "CRTMWireCppBench",
                "SwiftProtobufMessages",
            ]),
        // Checks every implementation against the corpus and prints encoded sizes.
        // The C allocator's bytes in use, for `bench-check memory`.
        .target(name: "CMallocStats"),
        .executableTarget(
            name: "bench-check",
            dependencies: [
                "BenchmarkCorpus", "CMallocStats",
                .product(name: "RTMWireViews", package: rtmwireIdentity),
            ]),
        // MB/s of FrameReader and the NIO decoder on a stream of mixed envelopes (report-only;
        // neither Scripts/bench nor CI builds it: `swift run -c release stream-bench`).
        .executableTarget(
            name: "stream-bench",
            dependencies: [
                "BenchmarkCorpus",
                .product(name: "RTMWireNIO", package: rtmwireIdentity),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]),
        .executableTarget(
            name: "CodecBenchmarks",
            dependencies: [
                "BenchmarkCorpus",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/CodecBenchmarks",
            // package-benchmark's entry point (a global `benchmarks` closure) predates strict
            // concurrency checking.
            swiftSettings: [.swiftLanguageMode(.v5)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)
