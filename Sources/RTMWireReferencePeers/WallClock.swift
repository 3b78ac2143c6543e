#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Wall-clock time in milliseconds since the Unix epoch, the unit of every RTMWire time field.
///
/// Peers and stores take a clock closure so tests can pin time; this is the default.
public enum WallClock {
    /// Milliseconds since the Unix epoch (UTC), now.
    public static func nowMilliseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1_000 + Int64(spec.tv_nsec) / 1_000_000
    }
}
