/* rtmwire-binary written with protobuf-c 1.4 (libprotobuf-c, linked statically) and protoc-c's
 * code for the same schemas (Sources/CRTMWirePeer/generated): decodes one Envelope from standard
 * input and writes its encoding to standard output. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "rtmwire/v1/envelope.pb-c.h"

int main(void) {
    size_t capacity = 65536, count = 0;
    uint8_t *input = malloc(capacity);
    ssize_t got;
    while (input && (got = read(0, input + count, capacity - count)) > 0) {
        count += (size_t)got;
        if (count == capacity) input = realloc(input, capacity *= 2);
    }
    if (!input) return 1;
    Rtmwire__V1__Envelope *envelope = rtmwire__v1__envelope__unpack(NULL, count, input);
    if (!envelope) {
        fputs("error: the input is not an Envelope\n", stderr);
        return 1;
    }
    uint8_t *output = malloc(rtmwire__v1__envelope__get_packed_size(envelope) + 1);
    size_t size = rtmwire__v1__envelope__pack(envelope, output);
    for (size_t offset = 0; offset < size;) {
        ssize_t put = write(1, output + offset, size - offset);
        if (put <= 0) return 1;
        offset += (size_t)put;
    }
    rtmwire__v1__envelope__free_unpacked(envelope, NULL);
    free(output);
    free(input);
    return 0;
}
