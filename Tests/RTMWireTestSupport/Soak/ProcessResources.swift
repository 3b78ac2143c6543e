#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// This process's resident memory and open file descriptors, read from /proc (Linux); nil
/// where /proc is missing.
public struct ProcessResources: Sendable, CustomStringConvertible {
    /// Resident set size in bytes.
    public var residentBytes: Int?
    /// Open file descriptors (entries of /proc/self/fd).
    public var openFiles: Int?

    public static func now() -> ProcessResources {
        ProcessResources(residentBytes: residentBytes(), openFiles: openFiles())
    }

    public var description: String {
        let rss = residentBytes.map { "\($0 / 1024) KiB" } ?? "n/a"
        return "RSS \(rss), open fds \(openFiles.map(String.init) ?? "n/a")"
    }

    /// The second field of /proc/self/statm (resident pages) times the page size.
    private static func residentBytes() -> Int? {
        let descriptor = open("/proc/self/statm", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let fields = bytes[..<count].split(separator: 0x20)
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self))
        else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// What each open descriptor is (`readlink` of /proc/self/fd/N: a path, `socket:[…]`,
    /// `anon_inode:[eventfd]`), to name the one left open when the count does not come back.
    public static func openFileTargets() -> [String] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        var targets: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            var target = [CChar](repeating: 0, count: 512)
            let count = readlink("/proc/self/fd/\(name)", &target, target.count - 1)
            let link =
                count > 0
                ? String(decoding: target[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                : "?"
            targets.append("\(name) → \(link)")
        }
        return targets
    }

    /// Sockets among `targets` (``openFileTargets()``): what a connection could leave open.
    public static func sockets(_ targets: [String]) -> Int {
        targets.filter { $0.contains("socket:") }.count
    }

    private static func openFiles() -> Int? {
        guard let directory = opendir("/proc/self/fd") else { return nil }
        defer { closedir(directory) }
        var count = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix(2)) }
            if name != [0x2E, 0] && name != [0x2E, 0x2E] { count += 1 }
        }
        // opendir's own descriptor is listed too.
        return count - 1
    }
}
