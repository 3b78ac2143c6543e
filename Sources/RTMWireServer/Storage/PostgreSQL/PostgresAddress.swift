import PostgresNIO

/// Where a PostgreSQL database is, read from a `postgres://` URL: what both the first
/// connection and the pool connect with.
struct PostgresAddress: Sendable, CustomStringConvertible {
    /// Whether the connection is encrypted (libpq's `sslmode`, the values it shares with it).
    enum TLSMode: String, Sendable {
        /// Never.
        case disable
        /// When the server offers it (libpq's default).
        case prefer
        /// Always: a server without TLS is refused.
        case require
    }

    var host: String
    var port: Int
    var username: String
    var password: String?
    var database: String?
    var tls: TLSMode

    /// `postgres://` or `postgresql://`, then `USER[:PASSWORD]@HOST[:PORT][/DATABASE]` and
    /// optionally `?sslmode=…`; user and password may be percent-encoded. Throws
    /// ``StorageError/Code/cannotOpen`` naming what is wrong.
    init(url: String) throws(StorageError) {
        guard let scheme = Self.schemes.first(where: { url.hasPrefix($0) }) else {
            throw StorageError(
                .cannotOpen, "'\(Self.redacted(url))' is no postgres:// or postgresql:// URL")
        }
        var rest = Substring(url.dropFirst(scheme.count))
        var query = Substring("")
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var path = Substring("")
        if let slash = rest.firstIndex(of: "/") {
            path = rest[rest.index(after: slash)...]
            rest = rest[..<slash]
        }
        var user = Substring("")
        if let at = rest.lastIndex(of: "@") {
            user = rest[..<at]
            rest = rest[rest.index(after: at)...]
        }
        if let colon = user.firstIndex(of: ":") {
            password = try Self.decoded(user[user.index(after: colon)...], url)
            user = user[..<colon]
        }
        username = try Self.decoded(user, url)
        database = path.isEmpty ? nil : try Self.decoded(path, url)
        port = 5432
        if let colon = rest.lastIndex(of: ":"), !rest.hasSuffix("]") {
            guard let number = Int(rest[rest.index(after: colon)...]), (1...65_535).contains(number)
            else {
                throw StorageError(.cannotOpen, "'\(Self.redacted(url))' has no valid port")
            }
            port = number
            rest = rest[..<colon]
        }
        if rest.hasPrefix("["), rest.hasSuffix("]") { rest = rest.dropFirst().dropLast() }
        host = rest.isEmpty ? "localhost" : String(rest)
        if username.isEmpty { username = "postgres" }
        tls = .prefer
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0] == "sslmode",
                let mode = TLSMode(rawValue: String(parts[1]))
            else {
                throw StorageError(
                    .cannotOpen,
                    "'\(Self.redacted(url))': the only option known is sslmode=disable, prefer or "
                        + "require, not '\(pair)'")
            }
            tls = mode
        }
    }

    static let schemes = ["postgres://", "postgresql://"]

    /// Whether `text` is a URL this type reads (else it is a directory).
    static func isURL(_ text: String) -> Bool {
        schemes.contains { text.hasPrefix($0) }
    }

    /// `USER@HOST:PORT/DATABASE`: the password never shows.
    var description: String {
        "\(username)@\(host):\(port)/\(database ?? username)"
    }

    func connectionConfiguration() throws -> PostgresConnection.Configuration {
        let tls: PostgresConnection.Configuration.TLS
        switch self.tls {
        case .disable: tls = .disable
        case .prefer: tls = .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
        case .require: tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
        return PostgresConnection.Configuration(
            host: host, port: port, username: username, password: password, database: database,
            tls: tls)
    }

    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    func clientConfiguration() -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS
        switch self.tls {
        case .disable: tls = .disable
        case .prefer: tls = .prefer(.makeClientConfiguration())
        case .require: tls = .require(.makeClientConfiguration())
        }
        return PostgresClient.Configuration(
            host: host, port: port, username: username, password: password, database: database,
            tls: tls)
    }

    /// The URL with its password replaced, for messages.
    static func redacted(_ url: String) -> String {
        guard let scheme = schemes.first(where: { url.hasPrefix($0) }),
            let at = url.lastIndex(of: "@")
        else { return url }
        let credentials = url[url.index(url.startIndex, offsetBy: scheme.count)..<at]
        guard let colon = credentials.firstIndex(of: ":") else { return url }
        return scheme + credentials[..<colon] + ":***" + url[at...]
    }

    /// Percent-decodes one part of the URL.
    private static func decoded(_ part: Substring, _ url: String) throws(StorageError) -> String {
        var bytes: [UInt8] = []
        var index = part.utf8.startIndex
        let utf8 = part.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let high = utf8.index(after: index)
                guard high < utf8.endIndex, utf8.index(after: high) < utf8.endIndex,
                    let value = UInt8(
                        String(decoding: utf8[high...utf8.index(after: high)], as: UTF8.self),
                        radix: 16)
                else {
                    throw StorageError(
                        .cannotOpen, "'\(redacted(url))' has an invalid percent escape")
                }
                bytes.append(value)
                index = utf8.index(high, offsetBy: 2)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
