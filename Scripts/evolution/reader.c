/*
 * reader: what protobuf-c (libprotobuf-c 1.4.1) built from one schema version makes of some bytes.
 *
 * Built by Scripts/evolution/readers.py against protoc-c output of a descriptor set (the
 * baseline, Schemas/baseline/rtmwire-v1.binpb, or the current schemas) and a generated header,
 * reader_types.h, that lists that output's message descriptors in READER_DESCRIPTORS
 * (NULL-terminated) and includes rtmwire/v1/envelope.pb-c.h.
 *
 * Input (stdin), one request per line:   <message full name> <hex bytes>
 * Output (stdout), one answer per line, tab-separated:
 *   accept <hex of protobuf_c_message_pack()> <oneof cases> <unknown field numbers> [<route>]
 *       oneof cases: the number of the set member of each oneof of the top-level message,
 *       comma-separated, "0" for none ("-" when it has no oneof); unknown field numbers:
 *       comma-separated in the order kept ("-" for none); route (envelopes only): message id,
 *       sender user id, conversation type and id, send time, separated by "|" (the strings in
 *       hex: they may hold any byte, protobuf-c does not check UTF-8)
 *   reject                            protobuf_c_message_unpack() returned NULL
 *   error <reason>                    the request itself was malformed
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <protobuf-c/protobuf-c.h>

#include "reader_types.h"

static const ProtobufCMessageDescriptor *find_descriptor(const char *name) {
    for (size_t i = 0; READER_DESCRIPTORS[i] != NULL; i++) {
        if (strcmp(READER_DESCRIPTORS[i]->name, name) == 0) return READER_DESCRIPTORS[i];
    }
    return NULL;
}

static int hex_value(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

static void print_hex(const uint8_t *bytes, size_t len) {
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < len; i++) {
        putchar(digits[bytes[i] >> 4]);
        putchar(digits[bytes[i] & 15]);
    }
}

/* The set member of each oneof: protobuf-c keeps a oneof's case (the member's field number, 0
 * for none) at the quantifier offset its members share. */
static void print_oneof_cases(const ProtobufCMessage *message) {
    const ProtobufCMessageDescriptor *descriptor = message->descriptor;
    unsigned printed = 0, last_offset = 0;
    for (unsigned i = 0; i < descriptor->n_fields; i++) {
        const ProtobufCFieldDescriptor *field = &descriptor->fields[i];
        if (!(field->flags & PROTOBUF_C_FIELD_FLAG_ONEOF)) continue;
        if (printed > 0 && field->quantifier_offset == last_offset) continue;
        uint32_t oneof_case;
        memcpy(&oneof_case, (const char *)message + field->quantifier_offset, sizeof oneof_case);
        printf("%s%" PRIu32, printed++ ? "," : "", oneof_case);
        last_offset = field->quantifier_offset;
    }
    if (printed == 0) putchar('-');
}

static void print_unknown(const ProtobufCMessage *message) {
    for (unsigned i = 0; i < message->n_unknown_fields; i++) {
        printf("%s%" PRIu32, i ? "," : "", message->unknown_fields[i].tag);
    }
    if (message->n_unknown_fields == 0) putchar('-');
}

static void print_text(const char *text) {
    print_hex((const uint8_t *)text, strlen(text));
}

static void print_route(const Rtmwire__V1__Envelope *envelope) {
    putchar('\t');
    print_text(envelope->message_id);
    putchar('|');
    print_text(envelope->sender ? envelope->sender->user_id : "");
    printf("|%d|", envelope->conversation ? (int)envelope->conversation->type : 0);
    print_text(envelope->conversation ? envelope->conversation->id : "");
    printf("|%" PRId64, envelope->send_time_ms);
}

int main(void) {
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    while ((length = getline(&line, &capacity, stdin)) >= 0) {
        while (length > 0 && (line[length - 1] == '\n' || line[length - 1] == '\r')) line[--length] = 0;
        char *space = strchr(line, ' ');
        if (space == NULL) { printf("error no space\n"); continue; }
        *space = 0;
        const char *hex = space + 1;
        size_t hex_len = strlen(hex);
        const ProtobufCMessageDescriptor *descriptor = find_descriptor(line);
        if (descriptor == NULL) { printf("error unknown type %s\n", line); continue; }
        uint8_t *bytes = malloc(hex_len / 2 + 1);
        if (bytes == NULL) return 1;
        int bad = hex_len % 2 != 0;
        for (size_t i = 0; !bad && i < hex_len; i += 2) {
            int hi = hex_value(hex[i]), lo = hex_value(hex[i + 1]);
            if (hi < 0 || lo < 0) bad = 1; else bytes[i / 2] = (uint8_t)(hi << 4 | lo);
        }
        if (bad) { printf("error bad hex\n"); free(bytes); continue; }
        ProtobufCMessage *message = protobuf_c_message_unpack(descriptor, NULL, hex_len / 2, bytes);
        free(bytes);
        if (message == NULL) { printf("reject\n"); continue; }
        size_t size = protobuf_c_message_get_packed_size(message);
        uint8_t *packed = malloc(size + 1);
        if (packed == NULL) return 1;
        protobuf_c_message_pack(message, packed);
        printf("accept\t");
        print_hex(packed, size);
        putchar('\t');
        print_oneof_cases(message);
        putchar('\t');
        print_unknown(message);
        if (descriptor == &rtmwire__v1__envelope__descriptor) {
            print_route((const Rtmwire__V1__Envelope *)message);
        }
        putchar('\n');
        free(packed);
        protobuf_c_message_free_unpacked(message, NULL);
    }
    free(line);
    return 0;
}
