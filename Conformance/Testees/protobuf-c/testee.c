/*
 * The protobuf-c 1.4.1 testee of the RTMWire conformance protocol (Conformance/PROTOCOL.md).
 *
 * Binary in, binary out only: protobuf_c_message_unpack() then protobuf_c_message_pack(), through
 * the C peer of Sources/CRTMWirePeer (protoc-c output of Schemas/ plus a name registry). protobuf-c
 * has no JSON mapping and no RTMWire semantic rules, so JSON and validate requests are skipped.
 * Build: Scripts/build-testee protobuf-c.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rtmwire_peer.h"

enum { FORMAT_BINARY = 1, FORMAT_JSON = 2, FLAG_VALIDATE = 1 };
enum { OK = 0, PARSE_ERROR = 1, SERIALIZE_ERROR = 2, SKIPPED = 3, RUNTIME_ERROR = 4 };
#define MAX_BODY (64u << 20)

/* Reads exactly n bytes. Returns 1 when read, 0 on end-of-file before the first byte, -1 on an
 * error or end-of-file in the middle. */
static int read_exact(uint8_t *buffer, size_t n) {
    size_t done = 0;
    while (done < n) {
        ssize_t got = read(0, buffer + done, n - done);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return (got == 0 && done == 0) ? 0 : -1;
        done += (size_t)got;
    }
    return 1;
}

static int write_all(const uint8_t *buffer, size_t n) {
    while (n > 0) {
        ssize_t put = write(1, buffer, n);
        if (put < 0 && errno == EINTR) continue;
        if (put <= 0) return -1;
        buffer += put;
        n -= (size_t)put;
    }
    return 0;
}

static int respond(uint8_t status, const uint8_t *payload, size_t length) {
    uint8_t header[5];
    uint32_t body = (uint32_t)length + 1;
    for (int i = 0; i < 4; i++) header[i] = (uint8_t)(body >> (8 * i));
    header[4] = status;
    return write_all(header, 5) || write_all(payload, length);
}

static int respond_text(uint8_t status, const char *text) {
    return respond(status, (const uint8_t *)text, strlen(text));
}

/* Answers one request body of `length` bytes. Returns non-zero when writing failed. */
static int answer(const uint8_t *body, size_t length) {
    if (length < 4 || length < 4u + body[3] || body[3] == 0) {
        return respond_text(RUNTIME_ERROR, "malformed request");
    }
    uint8_t input = body[0], output = body[1], flags = body[2];
    if ((input != FORMAT_BINARY && input != FORMAT_JSON) ||
        (output != FORMAT_BINARY && output != FORMAT_JSON) || (flags & ~FLAG_VALIDATE) != 0) {
        return respond_text(RUNTIME_ERROR, "unknown format or flag");
    }
    char name[256];
    memcpy(name, body + 4, body[3]);
    name[body[3]] = '\0';
    const uint8_t *payload = body + 4 + body[3];
    size_t payload_length = length - 4 - body[3];

    if (rtmwire_peer_descriptor(name) == NULL) {
        return respond_text(RUNTIME_ERROR, "unknown message type");
    }
    if (input == FORMAT_JSON || output == FORMAT_JSON) {
        return respond_text(SKIPPED, "protobuf-c has no JSON mapping");
    }
    if (flags & FLAG_VALIDATE) {
        return respond_text(SKIPPED, "protobuf-c does not implement RTMWire's semantic rules");
    }
    uint8_t *packed = NULL;
    size_t packed_length = 0;
    switch (rtmwire_peer_repack(name, payload, payload_length, &packed, &packed_length)) {
    case RTMWIRE_PEER_OK: {
        int failed = respond(OK, packed, packed_length);
        rtmwire_peer_free_buffer(packed);
        return failed;
    }
    case RTMWIRE_PEER_REJECTED:
        return respond_text(PARSE_ERROR, "protobuf_c_message_unpack failed");
    default:
        return respond_text(RUNTIME_ERROR, "out of memory");
    }
}

int main(void) {
    uint8_t header[4];
    for (;;) {
        int got = read_exact(header, 4);
        if (got == 0) return 0;
        if (got < 0) return 2;
        uint32_t length = (uint32_t)header[0] | (uint32_t)header[1] << 8 |
                          (uint32_t)header[2] << 16 | (uint32_t)header[3] << 24;
        if (length > MAX_BODY) return 2;
        uint8_t *body = malloc(length ? length : 1);
        if (body == NULL) return 2;
        if (read_exact(body, length) != 1 && length != 0) return 2;
        int failed = answer(body, length);
        free(body);
        if (failed) return 2;
    }
}
