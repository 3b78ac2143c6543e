import SQLiteNIO

extension SQLiteStorage {
    public func groupMembers(_ groupID: String) async throws(StorageError) -> [GroupMembership] {
        try checkOpen()
        do {
            let rows = try await reader.query(
                "SELECT user_id, role FROM group_members WHERE group_id = ? ORDER BY user_id",
                [.text(groupID)])
            return try rows.map { row in
                guard let userID = row.column("user_id")?.string,
                    let raw = row.column("role")?.integer,
                    let role = GroupMembership.Role(rawValue: Int(raw))
                else {
                    throw StorageError(.corrupt, "a group_members row has an unknown role")
                }
                return GroupMembership(userID: userID, role: role)
            }
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError(mapping: error, doing: "read the members of group \(groupID)")
        }
    }

    public func updateGroup(_ groupID: String, _ changes: [String: GroupMembership.Role?])
        async throws(StorageError)
    {
        guard !changes.isEmpty else { return }
        try await writeTransaction("change the members of group \(groupID)") {
            for (userID, role) in changes.sorted(by: { $0.key < $1.key }) {
                if let role {
                    _ = try await self.writer.query(
                        "INSERT INTO group_members (group_id, user_id, role) VALUES (?, ?, ?) "
                            + "ON CONFLICT (group_id, user_id) DO UPDATE SET role = excluded.role",
                        [.text(groupID), .text(userID), .integer(role.rawValue)])
                } else {
                    _ = try await self.writer.query(
                        "DELETE FROM group_members WHERE group_id = ? AND user_id = ?",
                        [.text(groupID), .text(userID)])
                }
            }
        }
    }
}
