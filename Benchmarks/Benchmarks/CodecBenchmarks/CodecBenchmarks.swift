import Benchmark
import BenchmarkCorpus

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Encode and decode of the corpus (Sources/BenchmarkCorpus) by every implementation. Names are
// "<message> <operation> <implementation>", e.g. "A encode RTMWire"; Scripts/bench turns the
// results into one table.
//
// Each sample runs 1,000 operations (scalingFactor .kilo); times are recorded in nanoseconds per
// sample so that the table script can divide without rounding. With RTMWIRE_BENCH_SMOKE=1 (CI)
// each benchmark runs a few single-operation samples: it proves every benchmark runs, not how
// fast.

let smoke = getenv("RTMWIRE_BENCH_SMOKE").map { String(cString: $0) == "1" } ?? false

let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    timeUnits: .nanoseconds,
    units: [.mallocCountTotal: .count, .throughput: .count],
    warmupIterations: smoke ? 0 : 3,
    scalingFactor: smoke ? .one : .kilo,
    maxDuration: smoke ? .milliseconds(10) : .seconds(1),
    maxIterations: smoke ? 10 : 1_000)

func register<W: Workload>(_ workload: W) {
    registerEncode(workload)
    registerDecode(workload)
}

func registerEncode<W: EncodeWorkload>(_ workload: W) {
    let name = "\(workload.message.rawValue) encode \(workload.implementation.rawValue)"
    Benchmark(name, configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(workload.encode()) }
    }
}

func registerDecode<W: DecodeWorkload>(_ workload: W) {
    let name = "\(workload.message.rawValue) decode \(workload.implementation.rawValue)"
    Benchmark(name, configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(workload.decode()) }
    }
}

let benchmarks = {
    let suite = Suite()
    suite.rtmwire.forEach(register)
    suite.rtmwireBuffer.forEach(register)
    suite.rtmwireView.forEach(registerDecode)
    suite.rtmwireViewHeader.forEach(registerDecode)
    suite.protobufC.forEach(register)
    suite.swiftProtobuf.forEach(register)
    suite.cpp.forEach(register)
    suite.cppArena.forEach(registerDecode)
    suite.cppArray.forEach(registerEncode)
    suite.jsonSerialization.forEach(register)
    suite.jsonCodable.forEach(register)
    suite.memcpy.forEach(register)
}
