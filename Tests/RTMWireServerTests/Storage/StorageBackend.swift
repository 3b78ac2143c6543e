import Foundation
import PostgresNIO
import Testing

@testable import RTMWireServer

/// The storage backends the storage tests run against.
enum StorageBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// The backends this run can test: PostgreSQL only when the tests were given a server
    /// (``PostgresStorageTests`` has the test that is skipped, saying why, when they were not).
    /// A parameterized case cannot be skipped with a reason: the console would count it passed.
    static let testable: [StorageBackend] = TestPostgres.url == nil ? [.sqlite] : allCases

    /// Runs `body` with a place of its own on this backend (a folder, or a database), removed
    /// afterwards whatever `body` does.
    func withPlace(_ body: (StoragePlace) async throws -> Void) async throws {
        let place: StoragePlace
        switch self {
        case .sqlite: place = try StoragePlace(directory: TemporaryDirectory())
        case .postgres:
            let server = try #require(TestPostgres.url, TestPostgres.skipReason)
            place = try await StoragePlace(database: TestPostgres.createDatabase(on: server))
        }
        do {
            try await body(place)
        } catch {
            await place.remove()
            throw error
        }
        await place.remove()
    }
}

/// Where one test keeps its data: a folder for SQLite, a database of its own for PostgreSQL.
final class StoragePlace: Sendable {
    enum Location: Sendable {
        case directory(String)
        case database(PostgresAddress, server: String)
    }

    let location: Location
    private let directory: TemporaryDirectoryBox?

    init(directory: consuming TemporaryDirectory) {
        location = .directory(directory.path)
        self.directory = TemporaryDirectoryBox(directory)
    }

    init(database: (PostgresAddress, server: String)) {
        location = .database(database.0, server: database.server)
        directory = nil
    }

    /// Opens the storage of this place (again, when it was opened before).
    func open(retention: RetentionPolicy = .default) async throws -> any ServerStorage {
        switch location {
        case .directory(let path):
            return try await SQLiteStorage.open(
                directory: path + "/data",
                configuration: .init(durability: .normal, retention: retention))
        case .database(let address, _):
            guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else {
                try Test.cancel("PostgresStorage needs macOS 13")
            }
            return try await PostgresStorage.open(
                address, configuration: .init(retention: retention))
        }
    }

    /// Deletes what the place holds.
    func remove() async {
        if case .database(let address, let server) = location {
            await TestPostgres.dropDatabase(address.database ?? "", on: server)
        }
    }
}

/// Holds a ``TemporaryDirectory`` (non-copyable) in a class, so that it goes when the place goes.
final class TemporaryDirectoryBox: Sendable {
    let directory: TemporaryDirectory
    init(_ directory: consuming TemporaryDirectory) { self.directory = directory }
}

/// The PostgreSQL server the tests use: `RTMWIRE_TEST_POSTGRES_URL` (Scripts/test starts a
/// throwaway one with Scripts/postgres and sets it). Each test makes a database of its own on
/// it, so tests running in parallel never see each other's rows.
enum TestPostgres {
    static let url = ProcessInfo.processInfo.environment["RTMWIRE_TEST_POSTGRES_URL"]
        .flatMap { $0.isEmpty ? nil : $0 }

    static let skipReason: Comment = """
        RTMWIRE_TEST_POSTGRES_URL is not set, so there is no PostgreSQL server to test against \
        (Scripts/test starts one when PostgreSQL is installed; by hand: Scripts/postgres start DIR)
        """

    /// A new, empty database on `server`: its address and the server's URL.
    static func createDatabase(on server: String) async throws -> (PostgresAddress, server: String)
    {
        var address = try PostgresAddress(url: server)
        // A name made here of hexadecimal digits: identifiers cannot be bound parameters.
        let name = "rtmwire_test_" + UUID().uuidString.lowercased().filter(\.isHexDigit)
        try await withAdminConnection(server) { connection in
            try await connection.query(
                PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: logger)
        }
        address.database = name
        return (address, server)
    }

    /// Drops the database `name` made, closing whatever connections are left on it.
    static func dropDatabase(_ name: String, on server: String) async {
        guard name.hasPrefix("rtmwire_test_"),
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return }
        try? await withAdminConnection(server) { connection in
            try await connection.query(
                PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"),
                logger: logger)
        }
    }

    /// Runs `body` on a connection of its own to `url`'s database.
    static func withAdminConnection(
        _ url: String, _ body: (PostgresConnection) async throws -> Void
    ) async throws {
        let connection = try await PostgresConnection.connect(
            configuration: try PostgresAddress(url: url).connectionConfiguration(), id: 1,
            logger: logger)
        do {
            try await body(connection)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }

    static let logger = Logger(label: "rtmwire.tests.postgres")
}
