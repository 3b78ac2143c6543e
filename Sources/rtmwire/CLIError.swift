/// An error of the command-line tool itself (files, I/O, failed checks), printed as
/// `error: <kind>: <detail>`.
struct CLIError: Error {
    /// A stable word scripts can match (`io`, `verifyFailed`, `demoFailed`).
    var kind: String
    /// What happened.
    var detail: String
    /// The process exit status (1 unless a usage problem).
    var exitCode: Int32 = 1
}
