// libFuzzer entry point: JSON parsing and the proto3 JSON mapping of Envelope (see JSONCheck).
import FuzzCheck

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    JSONCheck.run(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
