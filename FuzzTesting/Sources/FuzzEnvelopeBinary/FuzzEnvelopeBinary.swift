// libFuzzer entry point: Envelope binary decoding, wire-only and checked (see BinaryDecodingCheck).
import FuzzCheck
import RTMWire

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    BinaryDecodingCheck.run(
        Envelope.self, Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
