import CRTMWireCppBench

/// Google's C++ protobuf (libprotobuf 3.21) set up for one corpus message, through
/// `Sources/CRTMWireCppBench`: the canonical bytes (what a decode parses), the message parsed from
/// them once (what an encode serializes), a buffer of the encoded size and an arena with a block
/// of its own. Every way of encoding and decoding is checked on creation: each encoding must be
/// the canonical bytes, and each decoding must encode back to them.
public final class CppMessage {
    public let message: CorpusMessage
    public let encodedCount: Int
    @usableFromInline let bench: OpaquePointer

    public init(_ message: CorpusMessage, canonical: [UInt8]) {
        self.message = message
        encodedCount = canonical.count
        guard let bench = rtmwire_cpp_bench_create(canonical, canonical.count) else {
            verificationFailure(.cpp, message, "ParseFromString rejected the canonical bytes")
        }
        self.bench = bench
        let checks: [(RTMWireCppOperation, Implementation, String)] = [
            (RTMWIRE_CPP_ENCODE_STRING, .cpp, "SerializeToString"),
            (RTMWIRE_CPP_ENCODE_ARRAY, .cppArray, "SerializeToArray"),
            (RTMWIRE_CPP_DECODE_HEAP, .cpp, "ParseFromArray, then SerializeToString"),
            (RTMWIRE_CPP_DECODE_ARENA, .cppArena, "arena ParseFromArray, then SerializeToString"),
        ]
        for (operation, implementation, name) in checks {
            var output = [UInt8](repeating: 0, count: canonical.count + 64)
            let count = rtmwire_cpp_bench_output(bench, operation, &output, output.count)
            guard count > 0 else { verificationFailure(implementation, message, "\(name) failed") }
            output.removeLast(output.count - min(count, output.count))
            guard count == canonical.count, output == canonical else {
                verificationFailure(
                    implementation, message, "\(name): " + firstDifference(output, canonical))
            }
            guard rtmwire_cpp_bench_run(bench, operation) == canonical.count else {
                verificationFailure(implementation, message, "\(name) failed when run again")
            }
        }
    }

    deinit { rtmwire_cpp_bench_destroy(bench) }

    /// Does one operation; returns the bytes encoded or decoded.
    @inlinable
    func run(_ operation: RTMWireCppOperation) -> Int {
        rtmwire_cpp_bench_run(bench, operation)
    }

    /// Parses the message into a new heap message and keeps it until the result is released
    /// (for memory figures).
    public func decodeRetained() -> AnyObject { Decoded(rtmwire_cpp_bench_decode_retained(bench)) }

    /// A message parsed by libprotobuf, destroyed with its owner.
    final class Decoded {
        let message: UnsafeMutableRawPointer?
        init(_ message: UnsafeMutableRawPointer?) { self.message = message }
        deinit { rtmwire_cpp_bench_release(message) }
    }
}

/// C++ as most C++ code calls it: encode with `SerializeToString` (a new `std::string`, released
/// at once), decode with `ParseFromArray` into a new message (on the stack, its strings and
/// sub-messages on the heap; destroyed at once). Checks UTF-8 of strings on decode, like RTMWire.
public struct CppWorkload: Workload {
    public var implementation: Implementation { .cpp }
    public var message: CorpusMessage { cpp.message }
    public var encodedCount: Int { cpp.encodedCount }
    @usableFromInline let cpp: CppMessage

    public init(_ cpp: CppMessage) { self.cpp = cpp }

    @inlinable
    public func encode() -> Int { cpp.run(RTMWIRE_CPP_ENCODE_STRING) }

    @inlinable
    public func decode() -> Int { cpp.run(RTMWIRE_CPP_DECODE_HEAP) }

    /// Decodes into a heap message kept until the result is released (for memory figures).
    public func decodeRetained() -> AnyObject { cpp.decodeRetained() }
}

/// C++ decode on an arena: the message created on an `Arena` whose first block (256 KiB, more than
/// any corpus message uses) was allocated once, `ParseFromArray`, then `Arena::Reset()`, which
/// runs the string destructors and keeps the block: the cheapest way to reuse an arena per
/// message. Strings longer than 15 bytes still allocate their characters on the heap.
public struct CppArenaWorkload: DecodeWorkload {
    public var implementation: Implementation { .cppArena }
    public var message: CorpusMessage { cpp.message }
    public var encodedCount: Int { cpp.encodedCount }
    @usableFromInline let cpp: CppMessage

    public init(_ cpp: CppMessage) { self.cpp = cpp }

    @inlinable
    public func decode() -> Int { cpp.run(RTMWIRE_CPP_DECODE_ARENA) }
}

/// C++ encode into caller-owned memory, like protobuf-c's `pack`: `SerializeToArray` into a buffer
/// of `ByteSizeLong()` bytes allocated once (`SerializeToArray` computes the size itself).
public struct CppArrayWorkload: EncodeWorkload {
    public var implementation: Implementation { .cppArray }
    public var message: CorpusMessage { cpp.message }
    public var encodedCount: Int { cpp.encodedCount }
    @usableFromInline let cpp: CppMessage

    public init(_ cpp: CppMessage) { self.cpp = cpp }

    @inlinable
    public func encode() -> Int { cpp.run(RTMWIRE_CPP_ENCODE_ARRAY) }
}
