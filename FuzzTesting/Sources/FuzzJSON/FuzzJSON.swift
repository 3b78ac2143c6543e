// libFuzzer entry point of FuzzTarget.json (the checks live in RTMWireFuzzCheck).
import RTMWireFuzzCheck

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzTarget.json.fuzz(start, count)
}
