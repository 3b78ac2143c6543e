// rtmwire-binary with both of the others' extras: a view of the input read (the body's kind,
// from `EnvelopeView`) and the envelope's proto3 JSON, both written to standard error. What an
// app that uses every form of the codec pays.
import RTMWire
import RTMWireJSON
import RTMWireViews
import SizeIO

do {
    let input = SizeIO.readInput()
    let view = try EnvelopeView(serializedBytes: input)
    SizeIO.write(Array("\(view.body?.jsonName ?? "none")\n".utf8), to: 2)
    let envelope = try Envelope(serializedBytes: input)
    SizeIO.write(try envelope.serializedBytes())
    SizeIO.write(Array((envelope.jsonString() + "\n").utf8), to: 2)
} catch {
    SizeIO.fail("error: \(error)")
}
