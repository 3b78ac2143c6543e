#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a listen address reaches this machine alone: `rtmwire serve --no-authentication`
/// listens only on such addresses.
enum LoopbackHost {
    /// True for `localhost`, an IPv4 address in 127.0.0.0/8, `::1` and an IPv4-mapped IPv6
    /// address in 127.0.0.0/8 (`::ffff:127.0.0.1`). Every other name is false: a host name may
    /// resolve anywhere, and `0.0.0.0` or `::` listen on every interface.
    static func contains(_ host: String) -> Bool {
        if host.lowercased() == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { $0[0] == 127 }
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, host, &v6) == 1 else { return false }
        return withUnsafeBytes(of: &v6) { bytes in
            let isLoopback = bytes.prefix(15).allSatisfy { $0 == 0 } && bytes[15] == 1
            let isMappedLoopback =
                bytes.prefix(10).allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
                && bytes[12] == 127
            return isLoopback || isMappedLoopback
        }
    }
}
