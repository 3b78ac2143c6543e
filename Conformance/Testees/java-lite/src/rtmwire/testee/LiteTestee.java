package rtmwire.testee;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageLite;

/**
 * The Java lite testee (protobuf-java 3.21, lite runtime: the code Android apps generate with
 * `--java_out=lite:`) of the RTMWire conformance protocol. The lite runtime has no JSON mapping
 * and RTMWire's semantic rules are not implemented: JSON and validate requests are skipped.
 * Shares Protocol.java with the full testee. Build: Scripts/build-testee java-lite.
 */
public final class LiteTestee {
    private LiteTestee() {}

    public static void main(String[] args) throws Exception {
        Protocol.serve(LiteTestee::answer);
    }

    private static Protocol.Response answer(Protocol.Request request) throws Exception {
        MessageLite prototype = MessageTypes.defaultInstance(request.typeName);
        if (prototype == null) return Protocol.Response.of(Protocol.RUNTIME_ERROR, "unknown message type");
        if (request.input == Protocol.JSON || request.output == Protocol.JSON) {
            return Protocol.Response.of(Protocol.SKIPPED, "the lite runtime has no JSON mapping");
        }
        if ((request.flags & Protocol.VALIDATE) != 0) {
            return Protocol.Response.of(Protocol.SKIPPED, "RTMWire's semantic rules are not implemented");
        }
        MessageLite message;
        try {
            message = prototype.getParserForType().parseFrom(request.payload);
        } catch (InvalidProtocolBufferException error) {
            return Protocol.Response.of(Protocol.PARSE_ERROR, error.getMessage());
        }
        return new Protocol.Response(Protocol.OK, message.toByteArray());
    }
}
