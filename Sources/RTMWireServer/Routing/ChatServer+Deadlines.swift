import RTMWire
import RTMWireNIO

extension ChatServer {
    /// Once a second: deadlines are checked to the second.
    public var tickInterval: Duration? { .seconds(1) }

    /// Closes the connections whose time is up: one that has not signed in within
    /// ``ServerConfiguration/signInTimeoutMs`` (`unauthenticated`), and one whose token expired
    /// without a new sign-in (`tokenExpired`), so a connection that only listens stops
    /// receiving when its token ends, not when it next sends.
    ///
    /// Every ``ServerConfiguration/retentionSweepIntervalMs`` it also starts deleting what the
    /// storage's retention no longer keeps, in a task of its own: a sweep waiting for the
    /// storage's writer does not hold up these refusals.
    public func tick() async -> [RelayAction] {
        let now = clock()
        retentionSweeper.startIfDue(
            at: now, every: configuration.retentionSweepIntervalMs, of: storage)
        guard case .tokens = configuration.authentication else { return [] }
        let timeout = configuration.signInTimeoutMs
        let due: [(RelayConnection, RefusalCode, String)] = directory.withLockedValue { directory in
            let due = directory.sessions.values.compactMap {
                session -> (RelayConnection, RefusalCode, String)? in
                let connection = session.connection
                guard !session.isClosing else { return nil }
                guard let token = session.token else {
                    guard now - session.openedAtMs >= timeout else { return nil }
                    return (connection, .unauthenticated, "no sign-in within \(timeout) ms")
                }
                guard token.hasExpired(at: now) else { return nil }
                return (
                    connection, .tokenExpired, "the token expired: sign in again with a new one"
                )
            }
            for (connection, _, _) in due { directory.markClosing(connection.id) }
            return due
        }
        var actions: [RelayAction] = []
        for (connection, code, detail) in due.sorted(by: { $0.0.id < $1.0.id }) {
            var turn = Turn(connection: connection)
            close(code, detail, of: "", in: nil, &turn)
            actions += turn.actions
        }
        return actions
    }
}
