#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// Standard input and output through the C library (no Foundation), the same for every program
/// of the size benchmark.
public enum SizeIO {
    /// All of standard input.
    public static func readInput() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count <= 0 { return bytes }
            bytes += chunk[0..<count]
        }
    }

    /// Writes `bytes` to standard output (1) or standard error (2).
    public static func write(_ bytes: [UInt8], to fd: Int32 = 1) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes {
                systemWrite(fd, $0.baseAddress, $0.count)
            }
            if count <= 0 { return }
            offset += count
        }
    }

    /// Writes `text` and a newline to standard error, and exits with status 1.
    public static func fail(_ text: String) -> Never {
        write(Array((text + "\n").utf8), to: 2)
        exit(1)
    }
}
