import RTMWire

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// `Data` is a contiguous byte container with the four members RTMContiguousBytes asks for, so
// every generic encoding entry point writes straight into a new `Data`'s storage:
// `let data: Data = try envelope.serializedBytes()`. Decoding needs nothing here: a `Data` is a
// `Collection<UInt8>` with contiguous storage, read in place by `init(serializedBytes:)`.
//
// The conformance lives in this module because RTMWire imports nothing but the standard library.
// RTMWire owns the protocol and ships this conformance, so no other module should declare it.
extension Data: RTMContiguousBytes {}
