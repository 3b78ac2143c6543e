// libFuzzer entry point: JSON parsing and the proto3 JSON mapping of Envelope (see JSONCheck),
// and the legacy JSON bridge on the same input (see LegacyJSONCheck).
import FuzzCheck

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    JSONCheck.run(bytes)
    LegacyJSONCheck.run(bytes)
    return 0
}
