import RTMWire

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Foundation reads an error's text through `LocalizedError`: without it, `localizedDescription`
// prints "The operation could not be completed. (RTMWire.RTMWireError error 1.)". The core
// cannot conform (it imports only the standard library), so the conformance lives here, with the
// other Foundation glue. Like `Data: RTMContiguousBytes`, no other module should declare it.
extension RTMWireError: LocalizedError {
    /// The same one line as the error's `description`: `<code>: <detail>`, with the
    /// field path, offset or limit where there is one.
    public var errorDescription: String? { description }
}
