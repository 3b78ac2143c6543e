/* The nanopb testee of the RTMWire conformance protocol (Conformance/PROTOCOL.md): nanopb 0.4.7
 * (Debian's libnanopb-dev, a static library built with PB_ENABLE_MALLOC) with
 * protoc-gen-nanopb's code for Schemas/ (generated/, from Scripts/generate-runtimes: strings,
 * bytes and repeated fields allocated, sub-messages inline) and its registry of full names.
 * Binary only: JSON requests are skipped, as are validate requests (RTMWire's semantic rules).
 * Build: Scripts/build-testee nanopb. */
#define PB_ENABLE_MALLOC 1

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pb_decode.h>
#include <pb_encode.h>

#include "registry.h"

enum { BINARY = 1, JSON = 2, VALIDATE = 1, MAX_BODY = 64 << 20 };
enum { OK, PARSE_ERROR, SERIALIZE_ERROR, SKIPPED, RUNTIME_ERROR };

static int read_exactly(uint8_t *buffer, size_t count) {
    return fread(buffer, 1, count, stdin) == count;
}

static void respond(uint8_t status, const void *payload, size_t length) {
    uint8_t header[5] = {(uint8_t)(length + 1), (uint8_t)((length + 1) >> 8),
                         (uint8_t)((length + 1) >> 16), (uint8_t)((length + 1) >> 24), status};
    fwrite(header, 1, sizeof header, stdout);
    fwrite(payload, 1, length, stdout);
    fflush(stdout);
}

static void respond_text(uint8_t status, const char *text) { respond(status, text, strlen(text)); }

static void answer(const uint8_t *body, size_t length) {
    if (length < 4 || body[3] == 0 || length < 4u + body[3]) {
        respond_text(RUNTIME_ERROR, "malformed request");
        return;
    }
    uint8_t source = body[0], target = body[1], flags = body[2], name_length = body[3];
    if ((source != BINARY && source != JSON) || (target != BINARY && target != JSON) ||
        (flags & ~VALIDATE)) {
        respond_text(RUNTIME_ERROR, "unknown format or flag");
        return;
    }
    const struct testee_message_type *type = testee_find_type((const char *)body + 4, name_length);
    if (type == NULL) {
        respond_text(RUNTIME_ERROR, "unknown message type");
        return;
    }
    if (flags & VALIDATE) {
        respond_text(SKIPPED, "RTMWire's semantic rules are not implemented");
        return;
    }
    if (source == JSON || target == JSON) {
        respond_text(SKIPPED, "nanopb has no JSON mapping");
        return;
    }
    const uint8_t *payload = body + 4 + name_length;
    void *message = calloc(1, type->size);
    if (message == NULL) {
        respond_text(RUNTIME_ERROR, "out of memory");
        return;
    }
    pb_istream_t input = pb_istream_from_buffer(payload, length - 4 - name_length);
    if (!pb_decode(&input, type->fields, message)) {
        respond_text(PARSE_ERROR, PB_GET_ERROR(&input));
        free(message); /* pb_decode releases what it allocated when it fails */
        return;
    }
    size_t size = 0;
    uint8_t *output = NULL;
    if (!pb_get_encoded_size(&size, type->fields, message) ||
        (output = malloc(size ? size : 1)) == NULL) {
        respond_text(SERIALIZE_ERROR, "cannot size the message");
    } else {
        pb_ostream_t stream = pb_ostream_from_buffer(output, size);
        if (pb_encode(&stream, type->fields, message)) {
            respond(OK, output, stream.bytes_written);
        } else {
            respond_text(SERIALIZE_ERROR, PB_GET_ERROR(&stream));
        }
    }
    free(output);
    pb_release(type->fields, message);
    free(message);
}

int main(void) {
    uint8_t header[4];
    for (;;) {
        size_t got = fread(header, 1, 4, stdin);
        if (got == 0 && feof(stdin)) {
            return 0;
        }
        if (got != 4) {
            return 2;
        }
        uint32_t length = header[0] | header[1] << 8 | header[2] << 16 | (uint32_t)header[3] << 24;
        uint8_t *body = length <= MAX_BODY ? malloc(length ? length : 1) : NULL;
        if (body == NULL || !read_exactly(body, length)) {
            return 2;
        }
        answer(body, length);
        free(body);
    }
}
