// libFuzzer entry point of FuzzTarget.envelopeBinary (the checks live in RTMWireFuzzCheck).
import RTMWireFuzzCheck

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzTarget.envelopeBinary.fuzz(start, count)
}
