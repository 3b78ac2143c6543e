import PostgresNIO
import RTMWire

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension PostgresStorage {
    public func groupMembers(_ groupID: String) async throws(StorageError) -> [GroupMember] {
        let doing = "read the members of group \(groupID)"
        let rows = try await read(
            doing,
            "SELECT user_id, role FROM group_members WHERE group_id = \(groupID) ORDER BY user_id"
        )
        do {
            return try rows.map { row in
                let (userID, raw) = try row.decode((String, Int32).self)
                guard let role = GroupRole.knownValues.first(where: { $0.rawValue == raw }),
                    role != .unspecified
                else {
                    throw StorageError(.corrupt, "a group_members row has an unknown role")
                }
                return GroupMember(userID: userID, role: role)
            }
        } catch {
            throw StorageError(postgres: error, doing: doing)
        }
    }

    public func updateGroup(_ groupID: String, _ changes: [String: GroupRole?])
        async throws(StorageError)
    {
        guard !changes.isEmpty else { return }
        let logger = configuration.logger
        try await transaction("change the members of group \(groupID)") { connection in
            let database = PostgresStatements(connection: connection, logger: logger)
            // In user order, so that two nodes changing one group lock its rows in one order.
            for (userID, role) in changes.sorted(by: { $0.key < $1.key }) {
                if let role, role != .unspecified {
                    try await database.run(
                        """
                        INSERT INTO group_members (group_id, user_id, role)
                        VALUES (\(groupID), \(userID), \(Int32(role.rawValue)))
                        ON CONFLICT (group_id, user_id) DO UPDATE SET role = excluded.role
                        """)
                } else {
                    try await database.run(
                        """
                        DELETE FROM group_members WHERE group_id = \(groupID) AND user_id = \(userID)
                        """)
                }
            }
        }
    }
}
