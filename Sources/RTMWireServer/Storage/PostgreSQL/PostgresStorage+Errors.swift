import PostgresNIO

extension StorageError {
    /// The storage error for a failure of PostgreSQL, or of the connection to it, while `doing`.
    /// postgres-nio's own description of an error hides the server's message (it may quote
    /// data), so the detail is built from the parts that say what failed: the SQLSTATE and
    /// message the server sent, or the connection's failure.
    init(postgres error: any Error, doing: String) {
        if let error = error as? StorageError {
            self = error
            return
        }
        if error is PostgresDecodingError {
            self.init(.corrupt, "could not \(doing): a stored value does not decode: \(error)")
            return
        }
        guard let error = error as? PSQLError else {
            self.init(.unavailable, "could not \(doing): \(error)")
            return
        }
        if error.code == .server, let info = error.serverInfo {
            let state = info[.sqlState] ?? "?????"
            let code: Code =
                switch state {
                // disk_full, out_of_memory
                case "53100", "53200": .full
                // read_only_sql_transaction
                case "25006": .readOnly
                // data_corrupted, index_corrupted
                case "XX001", "XX002": .corrupt
                // invalid_catalog_name: the database does not exist
                case "3D000": .cannotOpen
                default: .unavailable
                }
            self.init(
                code, "could not \(doing): PostgreSQL \(state): \(info[.message] ?? "no message")")
            return
        }
        var reason = "\(error.code)"
        if let underlying = error.underlying { reason += ": \(underlying)" }
        self.init(.unavailable, "could not \(doing): \(reason)")
    }
}
