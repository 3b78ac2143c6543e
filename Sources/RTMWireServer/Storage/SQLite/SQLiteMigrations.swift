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
        """,
        // 2: what an envelope is about (edits, reactions, stream chunks, read receipts find
        // their message by it); metadata sets, their locks, and the store-wide revision; when
        // each media id the server has seen stops working.
        """
        ALTER TABLE envelopes ADD COLUMN referenced_id TEXT;
        CREATE INDEX envelopes_referenced ON envelopes (history, referenced_id)
            WHERE referenced_id IS NOT NULL;
        CREATE TABLE metadata_sets (
            target TEXT PRIMARY KEY,
            -- The set as an encoded rtmwire.v1.Metadata message.
            metadata BLOB NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE metadata_locks (
            target TEXT NOT NULL,
            name TEXT NOT NULL,
            holder TEXT NOT NULL,
            PRIMARY KEY (target, name)
        ) WITHOUT ROWID;
        CREATE TABLE counters (
            name TEXT PRIMARY KEY,
            value INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE media (
            media_id TEXT PRIMARY KEY,
            expires_ms INTEGER NOT NULL
        ) WITHOUT ROWID;
        """,
        // 3: the retention sweep finds expired envelopes by when they were stored, without
        // reading every stored envelope (it covers the sweep's query: the table's key is in it).
        """
        CREATE INDEX envelopes_stored ON envelopes (stored_ms);
        """,
        // 4: the salt a history's first epoch is derived from (HistoryEpoch): a random 64-bit
        // number, one per database.
        """
        INSERT INTO counters (name, value) VALUES ('epoch_salt', random());
        """,
    ]
}
