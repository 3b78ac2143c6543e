import BenchmarkCorpus

// Sets up every workload of the suite, which checks that every implementation encodes each
// corpus message to the canonical bytes and decodes them back (a mismatch stops here, loudly),
// then prints the encoded size of each message per implementation, tab-separated, for
// Scripts/bench's table.
//
// `bench-check memory MESSAGE` prints the heap bytes one decode of MESSAGE holds, per
// implementation (Memory.swift).
//
// `bench-check bytes` prints each message's canonical bytes, `NAME<TAB>HEX` per line: the input
// of the WebAssembly module's heap figures (Embedded/README.md).
//
// `bench-check loop MESSAGE OPERATION IMPLEMENTATION COUNT` instead runs one workload COUNT
// times, for profilers: e.g. `valgrind --tool=callgrind --toggle-collect='*measuredLoop*' bench-check loop A decode RTMWire 10000`.
let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "loop" {
    runLoop(Array(arguments.dropFirst()))
} else if arguments.first == "memory" {
    runMemory(Array(arguments.dropFirst()))
} else if arguments.first == "bytes" {
    let digits = Array("0123456789abcdef".utf8)
    for message in CorpusMessage.allCases {
        var hex: [UInt8] = []
        for byte in message.canonicalBytes {
            hex += [digits[Int(byte >> 4)], digits[Int(byte & 15)]]
        }
        print(message.rawValue + "\t" + String(decoding: hex, as: UTF8.self))
    }
} else {
    let suite = Suite()
    print("message\timplementation\tbytes")
    func row(_ workload: some CorpusWorkload) {
        print(
            "\(workload.message.rawValue)\t\(workload.implementation.rawValue)\t\(workload.encodedCount)"
        )
    }
    suite.rtmwire.forEach(row)
    suite.rtmwireBuffer.forEach(row)
    suite.rtmwireView.forEach(row)
    suite.rtmwireViewHeader.forEach(row)
    suite.protobufC.forEach(row)
    suite.swiftProtobuf.forEach(row)
    suite.cpp.forEach(row)
    suite.cppArena.forEach(row)
    suite.cppArray.forEach(row)
    suite.jsonSerialization.forEach(row)
    suite.jsonCodable.forEach(row)
    suite.memcpy.forEach(row)
}

func runLoop(_ arguments: [String]) {
    guard arguments.count == 4, let message = CorpusMessage(rawValue: arguments[0]),
        ["encode", "decode"].contains(arguments[1]),
        let implementation = Implementation(rawValue: arguments[2]), let count = Int(arguments[3])
    else {
        fatalError("usage: bench-check loop A|B|C|D|E|F|G|H encode|decode IMPLEMENTATION COUNT")
    }
    let suite = Suite(messages: [message])
    let encode = arguments[1] == "encode"
    func run(_ workloads: [some Workload]) {
        for workload in workloads where workload.implementation == implementation {
            if encode {
                measuredLoop(count) { blackHole(workload.encode()) }
            } else {
                measuredLoop(count) { blackHole(workload.decode()) }
            }
        }
    }
    func runDecodeOnly(_ workloads: [some DecodeWorkload]) {
        for workload in workloads where workload.implementation == implementation {
            guard !encode else { fatalError("\(implementation.rawValue) only decodes") }
            measuredLoop(count) { blackHole(workload.decode()) }
        }
    }
    func runEncodeOnly(_ workloads: [some EncodeWorkload]) {
        for workload in workloads where workload.implementation == implementation {
            guard encode else { fatalError("\(implementation.rawValue) only encodes") }
            measuredLoop(count) { blackHole(workload.encode()) }
        }
    }
    run(suite.rtmwire)
    run(suite.rtmwireBuffer)
    runDecodeOnly(suite.rtmwireView)
    runDecodeOnly(suite.rtmwireViewHeader)
    run(suite.protobufC)
    run(suite.swiftProtobuf)
    run(suite.cpp)
    runDecodeOnly(suite.cppArena)
    runEncodeOnly(suite.cppArray)
    run(suite.jsonSerialization)
    run(suite.jsonCodable)
    run(suite.memcpy)
}

/// The loop a profiler measures (`--toggle-collect='*measuredLoop*'`), setup excluded.
@inline(never)
func measuredLoop(_ count: Int, _ body: () -> Void) {
    for _ in 0..<count { body() }
}

@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
