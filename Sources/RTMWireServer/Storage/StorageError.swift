/// Why storage could not do what was asked: the server then refuses the envelope to its sender
/// (a refusal with code `storageUnavailable`), never acknowledges it, and keeps serving.
public struct StorageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure, for a caller to switch on.
    public enum Code: String, Hashable, Sendable {
        /// The database cannot be opened or created (a missing or unwritable directory, a file
        /// that is no database).
        case cannotOpen
        /// The disk or the database is full.
        case full
        /// The database is read-only (permissions, a read-only file system).
        case readOnly
        /// The database was written by a newer RTMWire (its schema version is higher than this
        /// one knows).
        case newerSchema
        /// The database is corrupt.
        case corrupt
        /// Another failure of the database or its connection.
        case unavailable
        /// Storage is closed.
        case closed
    }

    /// The kind of failure.
    public var code: Code
    /// What happened, for a person.
    public var detail: String

    /// Creates an error.
    public init(_ code: Code, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    /// The code and detail, on one line.
    public var description: String { "storage error (\(code.rawValue)): \(detail)" }
}
