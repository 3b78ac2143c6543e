import Crypto

/// The epoch a history starts with: derived from its key and the database's epoch salt (a
/// random number its first migration stored), not drawn at random and stored when first read.
///
/// A read of a history nobody wrote then keeps nothing (no row, no cached head) and still
/// names the epoch the first envelope will have, on every node of a shared database. A new
/// database (one lost and made again) has a new salt, so each history's epoch changes and a
/// client that kept positions of the old one is told to reload. Histories stored before the
/// salt existed keep the epochs they have.
enum HistoryEpoch {
    /// The name of the salt's row in the `counters` table of both backends.
    static let saltCounter = "epoch_salt"

    /// 16 hexadecimal digits: the first 8 bytes of SHA-256 over the salt (8 bytes, little
    /// endian) and the key's UTF-8, the form random epochs had.
    static func of(_ key: String, salt: Int64) -> String {
        var input = withUnsafeBytes(of: salt.littleEndian) { Array($0) }
        input += Array(key.utf8)
        let digest = SHA256.hash(data: input)
        var text = ""
        for byte in digest.prefix(8) {
            text += byte < 16 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }
        return text
    }
}
