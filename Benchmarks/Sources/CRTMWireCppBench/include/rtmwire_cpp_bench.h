/*
 * rtmwire_cpp_bench.h - Google's C++ protobuf (libprotobuf 3.21) in the benchmarks, behind a C
 * interface Swift can call. The message classes are protoc's C++ output for Schemas/, the one
 * the C++ conformance testee uses (Conformance/Testees/cpp/generated, from
 * Scripts/generate-runtimes; generated/ here is a link to it).
 *
 * One RTMWireCppBench holds one corpus message: its encoded bytes (the decode input), the
 * message parsed from them once (the encode input), a buffer of the encoded size and an arena
 * with a block of its own. Every operation works on those and allocates nothing else up front.
 */
#ifndef RTMWIRE_CPP_BENCH_H
#define RTMWIRE_CPP_BENCH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct RTMWireCppBench RTMWireCppBench;

/**
 * Parses count bytes at bytes as an rtmwire.v1.Envelope and keeps them and the message; NULL
 * when libprotobuf rejects them.
 */
RTMWireCppBench *rtmwire_cpp_bench_create(const uint8_t *bytes, size_t count);

/** Releases what rtmwire_cpp_bench_create made. */
void rtmwire_cpp_bench_destroy(RTMWireCppBench *bench);

/** The ways one operation is done. */
typedef enum {
    /** Encode: SerializeToString into a new std::string, released at once. */
    RTMWIRE_CPP_ENCODE_STRING = 0,
    /** Encode: SerializeToArray into the buffer made up front (its size is ByteSizeLong()). */
    RTMWIRE_CPP_ENCODE_ARRAY = 1,
    /** Decode: ParseFromArray into a new Envelope on the stack (its parts on the heap),
        destroyed at once. */
    RTMWIRE_CPP_DECODE_HEAP = 2,
    /** Decode: ParseFromArray into an Envelope created on the arena, then Arena::Reset(); the
        arena's first block is the bench's own, so the arena itself allocates nothing. */
    RTMWIRE_CPP_DECODE_ARENA = 3,
} RTMWireCppOperation;

/**
 * Does one operation; returns the number of bytes encoded or decoded, or 0 when it failed
 * (the benchmarks check every way once before timing, with rtmwire_cpp_bench_output).
 */
size_t rtmwire_cpp_bench_run(RTMWireCppBench *bench, RTMWireCppOperation operation);

/**
 * The bytes one operation produces, for the check before timing: for an encode, its encoding;
 * for a decode, the decoded message encoded again with SerializeToString. Copies at most
 * capacity bytes to out and returns the whole count (0 when the operation failed).
 */
size_t rtmwire_cpp_bench_output(RTMWireCppBench *bench, RTMWireCppOperation operation,
                                uint8_t *out, size_t capacity);

/** Parses the bytes into a new Envelope on the heap and keeps it (for memory figures). */
void *rtmwire_cpp_bench_decode_retained(const RTMWireCppBench *bench);

/** Destroys an Envelope returned by rtmwire_cpp_bench_decode_retained. NULL is ignored. */
void rtmwire_cpp_bench_release(void *decoded);

#ifdef __cplusplus
}
#endif

#endif
