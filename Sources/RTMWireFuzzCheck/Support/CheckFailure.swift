import RTMWire

/// A broken property: what every check reports, with the check's source location.
///
/// The checks throw it and never trap; whoever runs a check decides what a failure does (the
/// failure hook of ``FuzzTarget/run(_:onFailure:)``): a fuzzer stops the process so that
/// libFuzzer saves the input, a test records an issue and goes on with the next input.
public struct CheckFailure: Error, CustomStringConvertible {
    /// What went wrong, naming the property.
    public var message: String
    /// Where the check stands.
    public var fileID: String
    /// The file's full path, for test reports.
    public var filePath: String
    /// The line of the check.
    public var line: Int
    /// The column of the check.
    public var column: Int

    /// Creates a failure at the caller's location.
    public init(
        _ message: String, fileID: String = #fileID, filePath: String = #filePath,
        line: Int = #line, column: Int = #column
    ) {
        self.message = message
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// `<file>:<line>: <message>`.
    public var description: String { "\(fileID):\(line): \(message)" }
}

/// Throws a ``CheckFailure`` with `message` when `condition` is false.
@inline(__always)
func check(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    fileID: String = #fileID, filePath: String = #filePath, line: Int = #line,
    column: Int = #column
) throws(CheckFailure) {
    if !condition() {
        throw CheckFailure(
            message(), fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// Lower-case hex of `bytes`, for failure messages.
func hex(_ bytes: some Sequence<UInt8>) -> String {
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
func outcome<T>(_ body: () throws(RTMWireError) -> T) -> Result<T, RTMWireError> {
    do { return .success(try body()) } catch { return .failure(error) }
}
