#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one process that may use a data directory: an exclusive `flock` on its `rtmwire.lock`,
/// held while ``SQLiteStorage`` is open and released by the kernel however the process ends.
///
/// ``SQLiteStorage`` is the only writer of its database and caches each history's head between
/// commits. A second process on the same directory would number envelopes from heads it never
/// saw and give one position twice, so it is refused at open instead (two nodes share a
/// database through PostgreSQL, not a data directory).
final class DataDirectoryLock: Sendable {
    /// The lock file's name in the data directory.
    static let fileName = "rtmwire.lock"

    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Takes the lock of `directory`, or throws ``StorageError/Code/cannotOpen`` naming the
    /// process that holds it.
    static func acquire(_ directory: String) throws(StorageError) -> DataDirectoryLock {
        let path = directory.hasSuffix("/") ? directory + fileName : directory + "/" + fileName
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw StorageError(.cannotOpen, "cannot open the lock file \(path): \(reason)")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = String(cString: strerror(errno))
            let holder = busy ? holderDescription(descriptor) : ""
            close(descriptor)
            throw StorageError(
                .cannotOpen,
                busy
                    ? "the data directory \(directory) is in use by another rtmwire process"
                        + "\(holder) (\(path) is locked); one process serves a data directory"
                    : "cannot lock \(path): \(reason)")
        }
        // The holder's process id, for the message a second process gets.
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        return DataDirectoryLock(descriptor: descriptor)
    }

    /// " (process N)" from what the holder wrote in the file, or "" when it cannot be read.
    private static func holderDescription(_ descriptor: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return "" }
        let text = String(decoding: buffer[..<count], as: UTF8.self)
        guard let pid = Int32(text.split(separator: "\n").first ?? "") else { return "" }
        return " (process \(pid))"
    }

    deinit {
        // Closing the descriptor releases the lock.
        close(descriptor)
    }
}
