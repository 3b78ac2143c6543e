import NIOConcurrencyHelpers

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Swift runtime's hooks on every `throw` (`_swift_willThrow`, and
/// `_swift_willThrowTypedImpl` for typed throws), which swift-testing sets while a test runs.
///
/// swift-testing captures a backtrace for every error thrown anywhere in the process and keeps it
/// in a dictionary keyed by the error box, with a weak reference to the box, until the running
/// test ends (`Backtrace.flushThrownErrorCache()` runs after each test, not during one). A soak is
/// one test that runs for hours, and a connection throws and catches a few errors inside NIO and
/// the transport (a non-blocking `connect`, `getpeername` on a reset socket, the typed errors of
/// the faults), so that cache grows by a few hundred bytes per connection: memory a server
/// outside a test process never holds. While the soak runs alone (strict mode), it replaces the
/// hooks with a counter and puts swift-testing's back afterwards, so that it measures the
/// transport, not the test runner, and reports the errors thrown per connection.
public enum ThrownErrorHook {
    private typealias WillThrow = @convention(c) (UnsafeMutableRawPointer?) -> Void
    private typealias WillThrowTyped =
        @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?) -> Void

    /// The runtime's hook variables (each an atomic function pointer, nil when unset); nil
    /// where the runtime does not export them.
    nonisolated(unsafe) private static let willThrow = symbol("_swift_willThrow")?
        .assumingMemoryBound(to: WillThrow?.self)
    nonisolated(unsafe) private static let willThrowTyped = symbol("_swift_willThrowTypedImpl")?
        .assumingMemoryBound(to: WillThrowTyped?.self)

    private static func symbol(_ name: String) -> UnsafeMutableRawPointer? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name)
    }

    private static let thrown = NIOLockedValueBox(0)

    /// Errors thrown while ``countingInsteadOfCaching(_:)`` ran.
    public static var errorsThrown: Int { thrown.withLockedValue { $0 } }

    /// Whether the runtime's hooks were found.
    public static var isAvailable: Bool { willThrow != nil && willThrowTyped != nil }

    /// Runs `body` with the throw hooks counting errors instead of calling swift-testing's
    /// (whose backtraces are not captured meanwhile), then puts the previous hooks back. Meant
    /// for a test that runs alone in its process: the hooks are global.
    public static func countingInsteadOfCaching<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async rethrows -> Result {
        guard let willThrow, let willThrowTyped else { return try await body() }
        let previous = (willThrow.pointee, willThrowTyped.pointee)
        thrown.withLockedValue { $0 = 0 }
        willThrow.pointee = { _ in ThrownErrorHook.thrown.withLockedValue { $0 += 1 } }
        willThrowTyped.pointee = { _, _, _ in ThrownErrorHook.thrown.withLockedValue { $0 += 1 } }
        defer { (willThrow.pointee, willThrowTyped.pointee) = previous }
        return try await body()
    }
}
