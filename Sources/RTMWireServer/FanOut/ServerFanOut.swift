import Logging

/// How one server node hands the other nodes on its database what their connections must get,
/// and takes what they hand it (``PostgresFanOut``).
protocol ServerFanOut: Sendable {
    /// Hands `items` to every other node, in this order.
    func publish(_ items: [FanOutItem]) async throws(StorageError)
    /// The next items other nodes handed this one, once there are any; nil once closed.
    func nextBatch() async -> [FanOutItem]?
    /// Where a failure to hand items over is logged.
    var logger: Logger { get }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension PostgresFanOut: ServerFanOut {
    var logger: Logger { storage.configuration.logger }
}
