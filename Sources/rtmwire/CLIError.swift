/// An error of the command-line tool itself (files, I/O, failed checks), printed as
/// `error: <kind>: <detail>`.
struct CLIError: Error {
    /// A stable word scripts can match (`io`, `verifyFailed`, `demoFailed`).
    var kind: String
    /// What happened.
    var detail: String
    /// The class of failure, which sets the exit status.
    var status: ExitStatus
}
