#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// read(2), named apart from the methods called `read` that use it.
func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// write(2), named apart from the methods called `write` that use it.
func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}

/// pipe(2) with both ends close-on-exec. (Swift's Glibc module lacks pipe2: callers that spawn
/// hold a lock from here to the spawn, so that no other spawn inherits the ends meanwhile.)
func makePipe(_ fds: inout [Int32]) -> Bool {
    guard pipe(&fds) == 0 else { return false }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return true
}

/// The text of the current `errno`.
func errnoText() -> String { String(cString: strerror(errno)) }

extension String {
    /// The string without trailing spaces (table rows padded to column widths).
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
