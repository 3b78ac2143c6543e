import RTMWire

extension Envelope {
    /// Applies the sender's rules and limits without encoding: what a transport calls before it
    /// hands an envelope to a pipeline, so a refused envelope never reaches the wire.
    func checkBeforeSending(_ options: CodecOptions) throws(RTMWireError) {
        guard options.checksSemantics else { return }
        try validate(limits: options.limits)
        let size = serializedSize
        if size > options.limits.maxMessageBytes {
            throw RTMWireError(
                code: .limitExceeded,
                limit: .init(
                    name: "maxMessageBytes", allowed: options.limits.maxMessageBytes, actual: size),
                detail: "encoded message is larger than the message size limit")
        }
    }
}
