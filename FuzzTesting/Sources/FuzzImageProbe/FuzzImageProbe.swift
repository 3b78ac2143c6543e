// libFuzzer entry point of FuzzTarget.imageProbe (the checks live in RTMWireFuzzCheck).
import RTMWireFuzzCheck

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzTarget.imageProbe.fuzz(start, count)
}
