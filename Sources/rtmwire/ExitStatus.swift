/// The exit status of `rtmwire`: one per class of failure, so a script can tell bad data from a
/// bad command line, a missing file or a failed check without parsing the message. Listed in
/// `rtmwire --help`; the values never change meaning.
enum ExitStatus: Int32, CaseIterable {
    /// Everything worked (and every check passed).
    case success = 0
    /// The data given was refused: an `RTMWireError` code (`truncated`, `limitExceeded`, …),
    /// `emptyInput`, `invalidHex`, an invalid vector or expected-failures file.
    case invalidInput = 1
    /// The command line is wrong: a flag, a message type name, raw bytes to a terminal.
    case usage = 2
    /// A file, folder or program could not be opened, read, written or run (`io`, `noVectors`,
    /// `testeeFailed`).
    case unavailable = 3
    /// A check ran and found differences (`verifyFailed`, `conformanceFailed`, `demoFailed`).
    case checkFailed = 4

    /// The line `rtmwire --help` prints for this status.
    var helpLine: String {
        switch self {
        case .success: "0 success"
        case .invalidInput: "1 invalid input (an RTMWireError code, emptyInput, invalidHex, …)"
        case .usage: "2 usage (bad flags, unknown --type, binaryToTerminal)"
        case .unavailable:
            "3 a file, folder or program is unavailable (io, noVectors, testeeFailed)"
        case .checkFailed:
            "4 a check found differences (verifyFailed, conformanceFailed, demoFailed)"
        }
    }
}
