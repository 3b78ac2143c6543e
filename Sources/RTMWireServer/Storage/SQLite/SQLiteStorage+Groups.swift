import RTMWire
import SQLiteNIO

extension SQLiteStorage {
    public func groupMembers(_ groupID: String) async throws(StorageError) -> [GroupMember] {
        try await read("read the members of group \(groupID)") { reader in
            let rows = try await reader.query(
                "SELECT user_id, role FROM group_members WHERE group_id = ? ORDER BY user_id",
                [.text(groupID)])
            return try rows.map { row in
                guard let userID = row.column("user_id")?.string,
                    let raw = row.column("role")?.integer,
                    let role = GroupRole.knownValues.first(where: { $0.rawValue == raw }),
                    role != .unspecified
                else {
                    throw StorageError(.corrupt, "a group_members row has an unknown role")
                }
                return GroupMember(userID: userID, role: role)
            }
        }
    }

    public func updateGroup(_ groupID: String, _ changes: [String: GroupRole?])
        async throws(StorageError)
    {
        guard !changes.isEmpty else { return }
        try await writeTransaction("change the members of group \(groupID)") {
            for (userID, role) in changes.sorted(by: { $0.key < $1.key }) {
                if let role, role != .unspecified {
                    _ = try await self.writer.query(
                        "INSERT INTO group_members (group_id, user_id, role) VALUES (?, ?, ?) "
                            + "ON CONFLICT (group_id, user_id) DO UPDATE SET role = excluded.role",
                        [.text(groupID), .text(userID), .integer(Int(role.rawValue))])
                } else {
                    _ = try await self.writer.query(
                        "DELETE FROM group_members WHERE group_id = ? AND user_id = ?",
                        [.text(groupID), .text(userID)])
                }
            }
        }
    }
}
