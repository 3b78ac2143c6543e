// libFuzzer entry point: ImageProbe.probe (see ImageProbeCheck).
import FuzzCheck

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    ImageProbeCheck.run(Array(UnsafeRawBufferPointer(start: start, count: count)))
    return 0
}
