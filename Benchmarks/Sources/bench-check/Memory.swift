import BenchmarkCorpus
import CMallocStats
import RTMWire
import RTMWireViews

/// `bench-check memory MESSAGE`: the heap memory one decode of MESSAGE holds, per
/// implementation, from glibc's allocator statistics (`mallinfo2`: bytes in use), before and
/// after the decode with its result alive. RTMWire reserves each repeated field once and builds
/// the value in place, so what it holds is also its peak (plus the input). Meant for the large
/// messages (G): glibc counts the chunks in its per-thread cache as in use, so a decode served
/// from that cache (small messages) shows 0. Linux only.
func runMemory(_ arguments: [String]) {
    #if os(Linux)
        guard arguments.count == 1, let message = CorpusMessage(rawValue: arguments[0]) else {
            fatalError("usage: bench-check memory A|B|C|D|E|F|G|H")
        }
        let suite = Suite(messages: [message])
        func inUse() -> Int { Int(rtmwire_bench_heap_in_use()) }
        func report(_ name: String, _ decode: () -> Any) {
            let before = inUse()
            let value = decode()
            let after = inUse()
            withExtendedLifetime(value) {
                print(
                    "\(message.rawValue)\t\(name)\t\(after - before) bytes held by the decoded message"
                )
            }
        }
        let bytes = message.canonicalBytes
        report("RTMWire") {
            (try? Envelope(serializedBytes: bytes)) as Any
        }
        report("RTMWire-view") {
            (try? Envelope.withView(of: bytes) { $0.messageID.count }) as Any
        }
        report("swift-protobuf") { suite.swiftProtobuf[0].decode() }
        report("protobuf-c (unpack, not freed)") { suite.protobufC[0].unpackRetained() }
        report("C++ (ParseFromString into a heap message)") { suite.cpp[0].decodeRetained() }
    #else
        fatalError("bench-check memory needs glibc's mallinfo2")
    #endif
}
