// rtmwire-binary, and a view of the input read: the body's kind, from `EnvelopeView`, written to
// standard error.
import RTMWire
import RTMWireViews
import SizeIO

do {
    let input = SizeIO.readInput()
    let view = try EnvelopeView(serializedBytes: input)
    SizeIO.write(Array("\(view.body?.jsonName ?? "none")\n".utf8), to: 2)
    let envelope = try Envelope(serializedBytes: input)
    SizeIO.write(try envelope.serializedBytes())
} catch {
    SizeIO.fail("error: \(error)")
}
