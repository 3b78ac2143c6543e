import RTMWire

extension Envelope.Body {
    /// The media id of an image or file message and the expiry its message gives (0: none).
    var media: (id: String, expireTimeMs: Int64)? {
        switch self {
        case .image(let image): (image.mediaID, image.expireTimeMs)
        case .file(let file): (file.mediaID, file.expireTimeMs)
        default: nil
        }
    }
}

extension ChatServer {
    /// The media record an image or file envelope is stored with, or nil after refusing it: a
    /// media id stops working when the message that first carried it said, or
    /// ``ServerConfiguration/mediaLifetimeMs`` (7 days) after the server first saw it, and a
    /// message that carries one past its end is refused (`notFound`), as Agora's file server
    /// no longer has the upload.
    func mediaRecord(
        _ media: (id: String, expireTimeMs: Int64), of envelope: Envelope,
        in conversation: Conversation, _ turn: inout Turn
    ) async -> (id: String, expiresAtMs: Int64)? {
        let now = clock()
        let known: Int64?
        do {
            known = try await storage.mediaExpiry(of: media.id)
        } catch {
            refuse(.storageUnavailable, "\(error)", of: envelope.messageID, in: conversation, &turn)
            return nil
        }
        let lifetime = now + configuration.mediaLifetimeMs
        let expiresAtMs =
            known ?? (media.expireTimeMs > 0 ? min(media.expireTimeMs, lifetime) : lifetime)
        guard now < expiresAtMs, media.expireTimeMs == 0 || now < media.expireTimeMs else {
            refuse(
                .notFound, "media id \(media.id) stopped working at \(expiresAtMs) ms",
                of: envelope.messageID, in: conversation, &turn)
            return nil
        }
        return (media.id, expiresAtMs)
    }
}
