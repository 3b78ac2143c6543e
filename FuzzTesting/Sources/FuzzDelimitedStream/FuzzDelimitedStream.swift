// libFuzzer entry point of FuzzTarget.delimitedStream (the checks live in RTMWireFuzzCheck).
import RTMWireFuzzCheck

@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    FuzzTarget.delimitedStream.fuzz(start, count)
}
