import BenchmarkCorpus
import Foundation
import NIOCore
import NIOEmbedded
import RTMWire
import RTMWireNIO

// Item 4 of the performance issue, report-only: throughput of the two stream decoders on
// 10,000 mixed envelopes (the corpus A to H in turn, delimited), and the memory decoding G
// holds. Wall time: the best and the median of 7 runs (the machine may be shared; the best is
// the least disturbed). Run with `swift run -c release --package-path Benchmarks stream-bench`.

let envelopes = CorpusMessage.allCases.map(\.rtmwireEnvelope)
let count = 10_000
/// The delimited frames of `count` envelopes, A to H in turn.
func makeStream() throws -> [UInt8] {
    var stream: [UInt8] = []
    for index in 0..<count {
        stream += try envelopes[index % envelopes.count].delimitedBytes()
    }
    return stream
}
let stream = try makeStream()
let chunkSize = 64 * 1024
let chunks = stride(from: 0, to: stream.count, by: chunkSize).map {
    Array(stream[$0..<min($0 + chunkSize, stream.count)])
}

/// Runs `body` 7 times; prints MB/s of the best and the median run.
func measure(_ name: String, _ body: () throws -> Int) rethrows {
    var seconds: [Double] = []
    for _ in 0..<7 {
        let start = DispatchTime.now().uptimeNanoseconds
        let decoded = try body()
        seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        precondition(decoded == count, "\(name) decoded \(decoded) of \(count) envelopes")
    }
    seconds.sort()
    let megabytes = Double(stream.count) / 1e6
    print(
        "\(name)\t\(String(format: "%.0f", megabytes / seconds[0])) MB/s best\t"
            + "\(String(format: "%.0f", megabytes / seconds[3])) MB/s median\t"
            + "\(String(format: "%.2f", seconds[0] * 1e3)) ms for \(count) envelopes")
}

print(
    "stream: \(count) envelopes (A-H in turn), \(stream.count) bytes, \(chunks.count) chunks of 64 KiB"
)

try measure("FrameReader<Envelope>") {
    var reader = FrameReader<Envelope>()
    var decoded = 0
    for chunk in chunks {
        reader.append(chunk)
        while try reader.next() != nil { decoded += 1 }
    }
    try reader.finish()
    return decoded
}

try measure("NIO MessageFrameDecoder<Envelope> (EmbeddedChannel)") {
    let channel = EmbeddedChannel(
        handler: ByteToMessageHandler(MessageFrameDecoder<Envelope>()))
    var decoded = 0
    for chunk in chunks {
        try channel.writeInbound(channel.allocator.buffer(bytes: chunk))
        while try channel.readInbound(as: Envelope.self) != nil { decoded += 1 }
    }
    _ = try channel.finish()
    return decoded
}
