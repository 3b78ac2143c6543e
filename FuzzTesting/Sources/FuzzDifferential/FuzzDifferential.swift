// libFuzzer entry point: RTMWire's decoder against protobuf-c (see DifferentialCheck).
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    DifferentialCheck.run(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
