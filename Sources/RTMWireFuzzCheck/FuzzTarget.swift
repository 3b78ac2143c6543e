import RTMWire
import RTMWireViews

/// The libFuzzer targets of `FuzzTesting/` and the check each one runs on an input: the single
/// list the fuzzers, `Scripts/fuzz` and the replay of `FuzzTesting/FailCases/` in `swift test`
/// share. The raw value is the fuzzer's name and its folder under `FailCases/`.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// `Envelope` binary decoding (``BinaryDecodingCheck``).
    case envelopeBinary = "FuzzEnvelopeBinary"
    /// The incremental frame reader fed in pieces (``DelimitedStreamCheck``).
    case delimitedStream = "FuzzDelimitedStream"
    /// JSON parsing, the proto3 JSON mapping (``JSONCheck``) and the legacy JSON bridge
    /// (``LegacyJSONCheck``) on the same input.
    case json = "FuzzJSON"
    /// The image probe (``ImageProbeCheck``).
    case imageProbe = "FuzzImageProbe"
    /// RTMWire against protobuf-c (``DifferentialCheck``).
    case differential = "FuzzDifferential"
    /// The view against the decoder (``ViewCheck``).
    case view = "FuzzView"

    /// Checks one input; a broken property throws ``CheckFailure``.
    public func check(_ input: [UInt8]) throws(CheckFailure) {
        switch self {
        case .envelopeBinary: try BinaryDecodingCheck.run(Envelope.self, input)
        case .delimitedStream: try DelimitedStreamCheck.run(input)
        case .json:
            try JSONCheck.run(input)
            try LegacyJSONCheck.run(input)
        case .imageProbe: try ImageProbeCheck.run(input)
        case .differential: try DifferentialCheck.run(input)
        case .view: try ViewCheck.run(input)
        }
    }

    /// Checks one input and hands a broken property to `onFailure`, the failure hook: a test
    /// records an issue there.
    public func run(_ input: [UInt8], onFailure: (CheckFailure) -> Void) {
        do { try check(input) } catch { onFailure(error) }
    }

    /// The body of a fuzzer's `LLVMFuzzerTestOneInput`: checks the input and stops the process
    /// on a broken property, so that libFuzzer reports it as a crash and saves the input.
    public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
        run(Array(UnsafeRawBufferPointer(start: start, count: count))) { failure in
            fatalError("fuzz check failed: \(failure)")
        }
        return 0
    }
}
