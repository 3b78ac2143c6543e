package rtmwire.testee;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * The framing of the RTMWire conformance protocol (Conformance/PROTOCOL.md), shared by the full
 * and the lite Java testees: 4-byte little-endian length, then the body.
 */
final class Protocol {
    static final int BINARY = 1, JSON = 2, VALIDATE = 1;
    static final int OK = 0, PARSE_ERROR = 1, SERIALIZE_ERROR = 2, SKIPPED = 3, RUNTIME_ERROR = 4;
    private static final int MAX_BODY = 64 << 20;

    /** One request, already split into its fields. */
    static final class Request {
        int input, output, flags;
        String typeName;
        byte[] payload;
    }

    /** A status and its payload (output bytes, or a message for people). */
    static final class Response {
        final int status;
        final byte[] payload;

        Response(int status, byte[] payload) {
            this.status = status;
            this.payload = payload;
        }

        static Response of(int status, String text) {
            return new Response(status, text.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Answers a request; exceptions are reported by the caller. */
    interface Handler {
        Response answer(Request request) throws Exception;
    }

    private Protocol() {}

    /** Reads requests from stdin until end-of-file, answering each on stdout. */
    static void serve(Handler handler) throws IOException {
        DataInputStream in = new DataInputStream(new BufferedInputStream(System.in));
        OutputStream out = new BufferedOutputStream(System.out);
        byte[] header = new byte[4];
        while (true) {
            int first = in.read();
            if (first < 0) return;
            header[0] = (byte) first;
            in.readFully(header, 1, 3);
            long length = (header[0] & 0xFFL) | (header[1] & 0xFFL) << 8 | (header[2] & 0xFFL) << 16
                    | (header[3] & 0xFFL) << 24;
            if (length > MAX_BODY) throw new EOFException("request longer than 64 MiB");
            byte[] body = new byte[(int) length];
            in.readFully(body);
            Response response = answer(handler, body);
            int size = response.payload.length + 1;
            out.write(new byte[] {(byte) size, (byte) (size >> 8), (byte) (size >> 16), (byte) (size >> 24),
                (byte) response.status});
            out.write(response.payload);
            out.flush();
        }
    }

    private static Response answer(Handler handler, byte[] body) {
        if (body.length < 4 || body[3] == 0 || body.length < 4 + (body[3] & 0xFF)) {
            return Response.of(RUNTIME_ERROR, "malformed request");
        }
        Request request = new Request();
        request.input = body[0];
        request.output = body[1];
        request.flags = body[2];
        int nameLength = body[3] & 0xFF;
        if ((request.input != BINARY && request.input != JSON) || (request.output != BINARY && request.output != JSON)
                || (request.flags & ~VALIDATE) != 0) {
            return Response.of(RUNTIME_ERROR, "unknown format or flag");
        }
        request.typeName = new String(body, 4, nameLength, StandardCharsets.US_ASCII);
        request.payload = java.util.Arrays.copyOfRange(body, 4 + nameLength, body.length);
        try {
            return handler.answer(request);
        } catch (Exception | StackOverflowError error) {
            return Response.of(RUNTIME_ERROR, "unexpected " + error);
        }
    }
}
