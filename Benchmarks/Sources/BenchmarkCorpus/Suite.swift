/// Every workload of the suite, set up and checked: for each corpus message, every
/// implementation's encoding is compared with the canonical bytes (and each decoding with the
/// corpus message) before anything is timed; a mismatch stops the program.
public struct Suite {
    public var rtmwire: [RTMWireWorkload] = []
    public var rtmwireBuffer: [RTMWireBufferWorkload] = []
    public var rtmwireView: [RTMWireViewWorkload] = []
    public var rtmwireViewHeader: [RTMWireViewHeaderWorkload] = []
    public var protobufC: [ProtobufCWorkload] = []
    public var swiftProtobuf: [SwiftProtobufWorkload] = []
    public var cpp: [CppWorkload] = []
    public var cppArena: [CppArenaWorkload] = []
    public var cppArray: [CppArrayWorkload] = []
    public var jsonSerialization: [JSONSerializationWorkload] = []
    public var jsonCodable: [JSONCodableWorkload] = []
    public var memcpy: [MemcpyWorkload] = []

    public init(messages: [CorpusMessage] = CorpusMessage.allCases) {
        for message in messages {
            let canonical = message.canonicalBytes
            rtmwire.append(RTMWireWorkload(message, canonical: canonical, wireOnly: false))
            rtmwire.append(RTMWireWorkload(message, canonical: canonical, wireOnly: true))
            rtmwireBuffer.append(RTMWireBufferWorkload(message, canonical: canonical))
            rtmwireView.append(RTMWireViewWorkload(message, canonical: canonical))
            rtmwireViewHeader.append(RTMWireViewHeaderWorkload(message, canonical: canonical))
            protobufC.append(ProtobufCWorkload(message, canonical: canonical))
            swiftProtobuf.append(SwiftProtobufWorkload(message, canonical: canonical))
            let cppMessage = CppMessage(message, canonical: canonical)
            cpp.append(CppWorkload(cppMessage))
            cppArena.append(CppArenaWorkload(cppMessage))
            cppArray.append(CppArrayWorkload(cppMessage))
            // The JSON rows are the chat tutorial's message A only: a baseline, not a codec.
            if message == .a {
                jsonSerialization.append(JSONSerializationWorkload(message))
                jsonCodable.append(JSONCodableWorkload(message))
            }
            memcpy.append(MemcpyWorkload(message, canonical: canonical))
        }
    }
}
