// rtmwire-binary written with swift-protobuf 1.39 and its generated code for the same schemas.
import SizeIO
import SwiftProtobuf
import SwiftProtobufMessages

do {
    let envelope = try Rtmwire_V1_Envelope(serializedBytes: SizeIO.readInput())
    let bytes: [UInt8] = try envelope.serializedBytes()
    SizeIO.write(bytes)
} catch {
    SizeIO.fail("error: \(error)")
}
