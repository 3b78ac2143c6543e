import NIOCore
import RTMWire
import RTMWireNIO
import RTMWireTransport

/// What a server-side connection saw before it ended.
struct ServerOutcome: Sendable {
    var envelopes: [Envelope]
    var error: (any Error)?
}

/// Receives until the end or the first error, echoing every envelope when `echo` is set.
func serve(_ connection: some EnvelopeConnection, echo: Bool) async -> ServerOutcome {
    await serve(connection, echoes: { _ in echo })
}

/// Receives until the end or the first error, echoing the envelopes `echoes` picks.
func serve(_ connection: some EnvelopeConnection, echoes: (Envelope) -> Bool) async
    -> ServerOutcome
{
    var envelopes: [Envelope] = []
    do {
        while let envelope = try await connection.receive() {
            envelopes.append(envelope)
            if echoes(envelope) { try await connection.send(envelope) }
        }
        await connection.close()
        return ServerOutcome(envelopes: envelopes, error: nil)
    } catch {
        return ServerOutcome(envelopes: envelopes, error: error)
    }
}

/// Decodes a whole delimited stream.
func decodeAll(_ bytes: [UInt8]) throws -> [Envelope] {
    var decoder = EnvelopeFrameDecoder()
    var buffer = ByteBuffer(bytes: bytes)
    var envelopes: [Envelope] = []
    while let envelope = try decoder.decodeFrame(from: &buffer) { envelopes.append(envelope) }
    return envelopes
}
