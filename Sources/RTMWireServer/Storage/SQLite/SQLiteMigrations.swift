/// The SQLite database's schema, as numbered migrations: a database records the last one it
/// ran (`PRAGMA user_version`) and a newer RTMWire runs the ones after it, each in a transaction
/// of its own. A migration, once released, is never edited: a change is a new one.
enum SQLiteMigrations {
    /// The migrations, in order; the schema version is their count.
    static let all: [String] = [
        // 1: histories, their envelopes, group members.
        """
        CREATE TABLE histories (
            key TEXT PRIMARY KEY,
            epoch TEXT NOT NULL,
            last_position INTEGER NOT NULL,
            -- Every position at or below this one was deleted by retention.
            trimmed_through INTEGER NOT NULL DEFAULT 0
        ) WITHOUT ROWID;
        CREATE TABLE envelopes (
            history TEXT NOT NULL,
            position INTEGER NOT NULL,
            message_id TEXT NOT NULL,
            sender_id TEXT NOT NULL,
            stored_ms INTEGER NOT NULL,
            bytes BLOB NOT NULL,
            PRIMARY KEY (history, position),
            UNIQUE (history, message_id)
        ) WITHOUT ROWID;
        CREATE TABLE group_members (
            group_id TEXT NOT NULL,
            user_id TEXT NOT NULL,
            role INTEGER NOT NULL,
            PRIMARY KEY (group_id, user_id)
        ) WITHOUT ROWID;
        """
    ]
}
