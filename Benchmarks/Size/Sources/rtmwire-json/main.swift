// rtmwire-binary, and the envelope's proto3 JSON written to standard error.
import RTMWire
import RTMWireJSON
import SizeIO

do {
    let envelope = try Envelope(serializedBytes: SizeIO.readInput())
    SizeIO.write(try envelope.serializedBytes())
    SizeIO.write(Array((envelope.jsonString() + "\n").utf8), to: 2)
} catch {
    SizeIO.fail("error: \(error)")
}
