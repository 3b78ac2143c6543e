/*
 * pbc_probe: asks protobuf-c (libprotobuf-c 1.4.1) what it makes of some bytes.
 *
 * Built by Scripts/vectors/generate.py against a fresh protoc-c output of Schemas/ (never
 * committed) and a generated header, pbc_types.h, that lists every message descriptor of that
 * output in PBC_DESCRIPTORS (a NULL-terminated array).
 *
 * Input (stdin), one request per line:   <message full name> <hex bytes>
 *   e.g. "rtmwire.v1.Envelope 0a0161"; the hex may be empty ("rtmwire.v1.StreamInit ").
 * Output (stdout), one answer per line, in order:
 *   "accept <hex of protobuf_c_message_pack() of the unpacked message>"  (hex may be empty)
 *   "reject"                        protobuf_c_message_unpack() returned NULL
 *   "error <reason>"                the request itself was malformed (unknown type, bad hex)
 * Exit status 0 unless reading stdin or allocating failed.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <protobuf-c/protobuf-c.h>

#include "pbc_types.h"

static const ProtobufCMessageDescriptor *find_descriptor(const char *name) {
    for (size_t i = 0; PBC_DESCRIPTORS[i] != NULL; i++) {
        if (strcmp(PBC_DESCRIPTORS[i]->name, name) == 0) {
            return PBC_DESCRIPTORS[i];
        }
    }
    return NULL;
}

static int hex_value(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decodes hex in place into out; returns the byte count or -1 on malformed hex. */
static long decode_hex(const char *hex, size_t hex_len, uint8_t *out) {
    if (hex_len % 2 != 0) return -1;
    for (size_t i = 0; i < hex_len; i += 2) {
        int hi = hex_value((unsigned char)hex[i]);
        int lo = hex_value((unsigned char)hex[i + 1]);
        if (hi < 0 || lo < 0) return -1;
        out[i / 2] = (uint8_t)(hi << 4 | lo);
    }
    return (long)(hex_len / 2);
}

static void print_hex(const uint8_t *bytes, size_t len) {
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < len; i++) {
        putchar(digits[bytes[i] >> 4]);
        putchar(digits[bytes[i] & 15]);
    }
}

int main(void) {
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;

    while ((length = getline(&line, &capacity, stdin)) != -1) {
        while (length > 0 && isspace((unsigned char)line[length - 1])) {
            line[--length] = '\0';
        }
        if (length == 0) continue;

        char *space = strchr(line, ' ');
        const char *hex = "";
        if (space != NULL) {
            *space = '\0';
            hex = space + 1;
        }
        const ProtobufCMessageDescriptor *descriptor = find_descriptor(line);
        if (descriptor == NULL) {
            printf("error unknown-type %s\n", line);
            continue;
        }
        size_t hex_len = strlen(hex);
        uint8_t *input = malloc(hex_len / 2 + 1);
        if (input == NULL) return 2;
        long input_len = decode_hex(hex, hex_len, input);
        if (input_len < 0) {
            printf("error bad-hex\n");
            free(input);
            continue;
        }

        ProtobufCMessage *message =
            protobuf_c_message_unpack(descriptor, NULL, (size_t)input_len, input);
        if (message == NULL) {
            printf("reject\n");
        } else {
            size_t packed_len = protobuf_c_message_get_packed_size(message);
            uint8_t *packed = malloc(packed_len + 1);
            if (packed == NULL) return 2;
            size_t written = protobuf_c_message_pack(message, packed);
            if (written != packed_len) {
                printf("error pack-size-mismatch\n");
            } else {
                printf("accept ");
                print_hex(packed, written);
                putchar('\n');
            }
            free(packed);
            protobuf_c_message_free_unpacked(message, NULL);
        }
        free(input);
        fflush(stdout);
    }
    free(line);
    return ferror(stdin) ? 2 : 0;
}
