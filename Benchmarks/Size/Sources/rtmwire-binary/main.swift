// Decodes one Envelope from standard input (binary, every check) and writes its encoding to
// standard output: the least an app that sends and receives envelopes does.
import RTMWire
import SizeIO

do {
    let envelope = try Envelope(serializedBytes: SizeIO.readInput())
    SizeIO.write(try envelope.serializedBytes())
} catch {
    SizeIO.fail("error: \(error)")
}
