import RTMWire

/// Fuzz checks stop the process on the first broken property, so that libFuzzer reports the
/// input as a crash and saves it. Every message names the property; the input itself is saved by
/// libFuzzer (`crash-<sha1>` under the artifact prefix).

/// Stops the process when `condition` is false.
@inline(__always)
public func fuzzExpect(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() { fuzzFail(message(), file: file, line: line) }
}

/// Stops the process with `message`.
public func fuzzFail(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError("fuzz check failed: \(message)", file: file, line: line)
}

/// Lower-case hex of `bytes`, for failure messages.
public func fuzzHex(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for byte in bytes {
        text.append(digits[Int(byte >> 4)])
        text.append(digits[Int(byte & 0xF)])
    }
    return String(decoding: text, as: UTF8.self)
}

/// Runs a typed-throwing body and returns its outcome as a value.
@inline(__always)
public func outcome<T>(_ body: () throws(RTMWireError) -> T) -> Result<T, RTMWireError> {
    do { return .success(try body()) } catch { return .failure(error) }
}
