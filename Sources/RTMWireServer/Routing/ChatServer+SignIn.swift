import RTMWire
import RTMWireNIO

extension ChatServer {
    /// Signs the turn's connection in with `token` (from its handshake, or the `sign_in`
    /// envelope `answering`); returns the access token, or nil after refusing and closing.
    /// A connection already signed in may only be signed in again as the same user.
    func signIn(with token: String, answering envelope: Envelope?, _ turn: inout Turn)
        -> AccessToken?
    {
        let now = clock()
        let messageID = envelope?.messageID ?? ""
        let access: AccessToken
        switch configuration.authentication {
        case .tokens(let verifier):
            do {
                access = try verifier.verify(token, at: now)
            } catch {
                close(
                    error.refusalCode, "\(error)", of: messageID, in: envelope?.conversation, &turn)
                return nil
            }
        case .unauthenticated:
            access = AccessToken(userID: envelope?.sender?.userID ?? "")
        }
        if let envelope, envelope.sender?.userID != access.userID {
            close(
                .senderMismatch,
                "the sign-in names '\(envelope.sender?.userID ?? "")' but the token '\(access.userID)'",
                of: messageID, in: envelope.conversation, &turn)
            return nil
        }
        let current = directory.withLockedValue { $0.sessions[turn.connection.id]?.token }
        if let current, current.userID != access.userID {
            close(
                .senderMismatch, "the connection is '\(current.userID)', not '\(access.userID)'",
                of: messageID, in: envelope?.conversation, &turn)
            return nil
        }
        directory.withLockedValue { $0.signIn(turn.connection.id, access) }
        if let envelope {
            reply(
                .acknowledgement(Acknowledgement(messageID: envelope.messageID)),
                in: envelope.conversation, &turn)
        }
        return access
    }

    /// The user the turn's connection is, for `envelope`: signs it in when `envelope` is a
    /// sign-in (or, without authentication, names the first sender); nil after refusing (and,
    /// when the connection may not go on, closing).
    func signedInUser(for envelope: Envelope, _ turn: inout Turn) -> AccessToken? {
        let current = directory.withLockedValue { $0.sessions[turn.connection.id]?.token }
        if case .signIn(let request)? = envelope.body {
            return signIn(with: request.token, answering: envelope, &turn)
        }
        guard let current else {
            if case .unauthenticated = configuration.authentication {
                // Without authentication the first envelope's sender is taken at its word.
                let access = AccessToken(userID: envelope.sender?.userID ?? "")
                directory.withLockedValue { $0.signIn(turn.connection.id, access) }
                return access
            }
            close(
                .unauthenticated, "sign in first: a sign_in envelope with a token",
                of: envelope.messageID, in: envelope.conversation, &turn)
            return nil
        }
        if current.hasExpired(at: clock()) {
            close(
                .tokenExpired, "the token expired: sign in again with a new one",
                of: "", in: envelope.conversation, &turn)
            return nil
        }
        guard envelope.sender?.userID == current.userID else {
            refuse(
                .senderMismatch,
                "the envelope names '\(envelope.sender?.userID ?? "")' but the connection is "
                    + "'\(current.userID)'", of: envelope.messageID, in: envelope.conversation,
                &turn)
            return nil
        }
        return current
    }

    /// Refuses and then closes the turn's connection (WebSocket close 1008 naming the code).
    func close(
        _ code: RefusalCode, _ detail: String, of messageID: String, in conversation: Conversation?,
        _ turn: inout Turn
    ) {
        refuse(code, detail, of: messageID, in: conversation, &turn)
        turn.actions.append(.close(turn.connection.id, reason: "\(code.name): \(detail)"))
        turn.isClosed = true
    }
}

extension TokenRefusal {
    /// The wire's refusal code for this token refusal.
    var refusalCode: RefusalCode {
        switch code {
        case .missing: .unauthenticated
        case .expired, .notYetValid: .tokenExpired
        case .wrongAudience, .wrongIssuer: .wrongAudience
        case .tooLarge, .malformed, .unsupportedAlgorithm, .badSignature, .missingSubject:
            .tokenInvalid
        }
    }
}

extension RefusalCode {
    /// The code as a close reason names it: `tokenExpired` for REFUSAL_CODE_TOKEN_EXPIRED.
    var name: String {
        let words = (protoName ?? "REFUSAL_CODE_\(rawValue)").dropFirst("REFUSAL_CODE_".count)
            .lowercased().split(separator: "_")
        return words.enumerated().map { $0 == 0 ? String($1) : $1.capitalized }.joined()
    }
}
