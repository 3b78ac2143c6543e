// libFuzzer entry point: the incremental FrameReader fed in pieces (see DelimitedStreamCheck).
import FuzzCheck

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    DelimitedStreamCheck.run(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
