package rtmwire.testee;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import java.nio.charset.StandardCharsets;

/**
 * The Java testee (protobuf-java 3.21, full runtime, JSON through protobuf-util's JsonFormat) of
 * the RTMWire conformance protocol. RTMWire's semantic rules are not implemented: validate
 * requests are skipped. Build: Scripts/build-testee java.
 */
public final class FullTestee {
    private FullTestee() {}

    public static void main(String[] args) throws Exception {
        Protocol.serve(FullTestee::answer);
    }

    private static Protocol.Response answer(Protocol.Request request) throws Exception {
        Message prototype = (Message) MessageTypes.defaultInstance(request.typeName);
        if (prototype == null) return Protocol.Response.of(Protocol.RUNTIME_ERROR, "unknown message type");
        if ((request.flags & Protocol.VALIDATE) != 0) {
            return Protocol.Response.of(Protocol.SKIPPED, "RTMWire's semantic rules are not implemented");
        }
        Message message;
        try {
            if (request.input == Protocol.BINARY) {
                message = prototype.getParserForType().parseFrom(request.payload);
            } else {
                Message.Builder builder = prototype.newBuilderForType();
                JsonFormat.parser().merge(new String(request.payload, StandardCharsets.UTF_8), builder);
                message = builder.build();
            }
        } catch (InvalidProtocolBufferException error) {
            return Protocol.Response.of(Protocol.PARSE_ERROR, error.getMessage());
        }
        try {
            if (request.output == Protocol.BINARY) return new Protocol.Response(Protocol.OK, message.toByteArray());
            String json = JsonFormat.printer().print(message);
            return new Protocol.Response(Protocol.OK, json.getBytes(StandardCharsets.UTF_8));
        } catch (InvalidProtocolBufferException error) {
            return Protocol.Response.of(Protocol.SERIALIZE_ERROR, error.getMessage());
        }
    }
}
