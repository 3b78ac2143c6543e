#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Binary-safe standard input and output.
enum StandardStreams {
    /// Reads all of standard input.
    static func readAll() throws(CLIError) -> [UInt8] {
        try readAll(fd: 0, name: "standard input")
    }

    /// Reads a whole file.
    static func readFile(_ path: String) throws(CLIError) -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw CLIError(
                kind: "io", detail: "cannot open \(path): \(String(cString: strerror(errno)))",
                status: .unavailable)
        }
        defer { close(fd) }
        return try readAll(fd: fd, name: path)
    }

    /// Creates or replaces a file with `bytes`.
    static func writeFile(_ path: String, _ bytes: [UInt8]) throws(CLIError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else {
            throw CLIError(
                kind: "io", detail: "cannot create \(path): \(String(cString: strerror(errno)))",
                status: .unavailable)
        }
        defer { close(fd) }
        write(bytes, fd: fd)
    }

    private static func readAll(fd: Int32, name: String) throws(CLIError) -> [UInt8] {
        var data: [UInt8] = []
        try readChunks(fd: fd, name: name) { data.append(contentsOf: $0) }
        return data
    }

    /// Calls `body` with each piece of `fd` as `read(2)` returns it, so a reader of a pipe sees
    /// bytes as soon as they are written; returns at the end of the input.
    static func readChunks(
        fd: Int32, name: String, _ body: (ArraySlice<UInt8>) throws(CLIError) -> Void
    ) throws(CLIError) {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CLIError(
                    kind: "io", detail: "cannot read \(name): \(String(cString: strerror(errno)))",
                    status: .unavailable)
            }
            if n == 0 { return }
            try body(chunk[0..<n])
        }
    }

    /// Opens `path` for reading (standard input when nil) and calls `body` with its pieces; see
    /// ``readChunks(fd:name:_:)``.
    static func readChunks(
        of path: String?, _ body: (ArraySlice<UInt8>) throws(CLIError) -> Void
    ) throws(CLIError) {
        guard let path else { return try readChunks(fd: 0, name: "standard input", body) }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw CLIError(
                kind: "io", detail: "cannot open \(path): \(String(cString: strerror(errno)))",
                status: .unavailable)
        }
        defer { close(fd) }
        try readChunks(fd: fd, name: path, body)
    }

    /// True when standard output is a terminal.
    static var outputIsTerminal: Bool { isatty(1) == 1 }

    /// True when standard input is a terminal: nothing was piped or redirected in.
    static var inputIsTerminal: Bool { isatty(0) == 1 }

    /// Writes bytes to standard output.
    static func write(_ bytes: [UInt8]) {
        write(bytes, fd: 1)
    }

    /// Writes text to standard output.
    static func write(_ text: String) {
        write(Array(text.utf8), fd: 1)
    }

    /// Writes text to standard error.
    static func writeError(_ text: String) {
        write(Array(text.utf8), fd: 2)
    }

    private static func write(_ bytes: [UInt8], fd: Int32) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { systemWrite(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
    }
}

/// The C library's write(2), named apart from `StandardStreams.write`.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(fd, buffer, count)
}
