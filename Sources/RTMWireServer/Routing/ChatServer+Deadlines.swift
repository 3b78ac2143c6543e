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
    /// Every ``ServerConfiguration/retentionSweepIntervalMs`` it also deletes what the storage's
    /// retention no longer keeps.
    public func tick() async -> [RelayAction] {
        let now = clock()
        let interval = configuration.retentionSweepIntervalMs
        let sweeps = lastSweepMs.withLockedValue { last in
            guard now - last >= interval else { return false }
            last = now
            return true
        }
        // A failed sweep is tried again at the next interval; nothing acknowledged depends on it.
        if sweeps { _ = try? await storage.deleteExpired(at: now) }
        guard case .tokens = configuration.authentication else { return [] }
        let timeout = configuration.signInTimeoutMs
        let due: [(Int, RefusalCode, String)] = directory.withLockedValue { directory in
            let due = directory.sessions.values.compactMap {
                session -> (Int, RefusalCode, String)? in
                let id = session.connection.id
                guard !session.isClosing else { return nil }
                guard let token = session.token else {
                    guard now - session.openedAtMs >= timeout else { return nil }
                    return (id, .unauthenticated, "no sign-in within \(timeout) ms")
                }
                guard token.hasExpired(at: now) else { return nil }
                return (id, .tokenExpired, "the token expired: sign in again with a new one")
            }
            for (id, _, _) in due { directory.markClosing(id) }
            return due
        }
        var actions: [RelayAction] = []
        for (id, code, detail) in due.sorted(by: { $0.0 < $1.0 }) {
            var turn = Turn(connection: RelayConnection(id: id, transport: .tcp))
            close(code, detail, of: "", in: nil, &turn)
            actions += turn.actions
        }
        return actions
    }
}
