/// How strictly a message is encoded or decoded.
public struct CodecOptions: Hashable, Sendable {
    /// The limits to enforce.
    public var limits: Limits
    /// When true (the default), size limits and semantic rules (required fields, receipt kinds,
    /// media sizes, ...) are enforced. When false, only the wire rules apply, UTF-8 and nesting
    /// depth included: what conformance tools need to look at any well-formed message.
    public var checksSemantics: Bool

    /// Creates options.
    public init(limits: Limits = .default, checksSemantics: Bool = true) {
        self.limits = limits
        self.checksSemantics = checksSemantics
    }

    /// Full checking with the default limits.
    public static let `default` = CodecOptions()
    /// Wire rules only, with the default nesting depth limit.
    public static let wireOnly = CodecOptions(checksSemantics: false)
}
