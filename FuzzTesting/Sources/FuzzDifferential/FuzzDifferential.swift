// libFuzzer entry point of FuzzTarget.differential (the checks live in RTMWireFuzzCheck).
import RTMWireFuzzCheck

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzTarget.differential.fuzz(start, count)
}
