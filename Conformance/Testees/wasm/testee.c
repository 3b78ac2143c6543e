// RTMWire's WebAssembly module as a conformance testee (Conformance/PROTOCOL.md): a WASI command
// that reads requests on standard input, answers each with rtmwire_convert
// (Embedded/Wasm/RTMWireWasm.swift, the export a web page calls too) and writes the response on
// standard output. Scripts/build-embedded links it into rtmwire-testee.wasm beside
// rtmwire.wasm, from the same objects; Scripts/build-testee wasm prints
// `wasmkit run .build/embedded/wasm/rtmwire-testee.wasm`.

#include <stddef.h>
#include <stdint.h>

void *malloc(size_t size);
void free(void *pointer);
int32_t rtmwire_convert(const uint8_t *type, int32_t type_length, const uint8_t *input,
                        int32_t input_length, int32_t flags);
const uint8_t *rtmwire_result_ptr(void);
int32_t rtmwire_result_len(void);

// The two WASI calls the loop needs, imported directly: there is no libc on this target.
typedef struct {
    void *buffer;
    size_t length;
} IOVec;
__attribute__((import_module("wasi_snapshot_preview1"), import_name("fd_read"))) uint16_t
wasi_fd_read(int32_t fd, const IOVec *iovs, size_t count, size_t *read);
__attribute__((import_module("wasi_snapshot_preview1"), import_name("fd_write"))) uint16_t
wasi_fd_write(int32_t fd, const IOVec *iovs, size_t count, size_t *written);
__attribute__((import_module("wasi_snapshot_preview1"), import_name("proc_exit"))) _Noreturn void
wasi_proc_exit(int32_t code);

// Reads exactly `length` bytes; returns how many were read before end-of-file or an error.
static size_t read_fully(uint8_t *buffer, size_t length) {
    size_t done = 0;
    while (done < length) {
        IOVec vec = {buffer + done, length - done};
        size_t count = 0;
        if (wasi_fd_read(0, &vec, 1, &count) != 0 || count == 0) break;
        done += count;
    }
    return done;
}

static void write_fully(const uint8_t *buffer, size_t length) {
    while (length > 0) {
        IOVec vec = {(void *)buffer, length};
        size_t count = 0;
        if (wasi_fd_write(1, &vec, 1, &count) != 0 || count == 0) wasi_proc_exit(1);
        buffer += count;
        length -= count;
    }
}

static void respond(uint8_t status, const uint8_t *body, size_t length) {
    uint32_t total = (uint32_t)length + 1;
    uint8_t header[5] = {total, total >> 8, total >> 16, total >> 24, status};
    write_fully(header, sizeof header);
    write_fully(body, length);
}

static void respond_text(uint8_t status, const char *text) {
    size_t length = 0;
    while (text[length]) length++;
    respond(status, (const uint8_t *)text, length);
}

void _start(void) {
    for (;;) {
        uint8_t prefix[4];
        size_t got = read_fully(prefix, 4);
        if (got == 0) wasi_proc_exit(0);  // end of input where a request would start
        if (got < 4) wasi_proc_exit(1);
        uint32_t length = prefix[0] | prefix[1] << 8 | prefix[2] << 16 | (uint32_t)prefix[3] << 24;
        uint8_t *body = malloc(length ? length : 1);
        if (!body || read_fully(body, length) < length) wasi_proc_exit(1);
        // input format, output format, flags, type name length, type name, payload
        if (length < 4 || body[3] == 0 || 4u + body[3] > length || body[0] < 1 || body[0] > 2 ||
            body[1] < 1 || body[1] > 2 || (body[2] & ~1u) != 0) {
            respond_text(4, "malformed request");
        } else {
            int32_t flags = (body[0] == 2 ? 1 : 0) | (body[1] == 2 ? 2 : 0) | (body[2] & 1 ? 4 : 0);
            uint32_t name_length = body[3];
            int32_t status = rtmwire_convert(body + 4, (int32_t)name_length, body + 4 + name_length,
                                             (int32_t)(length - 4 - name_length), flags);
            respond((uint8_t)status, rtmwire_result_ptr(), (size_t)rtmwire_result_len());
        }
        free(body);
    }
}
