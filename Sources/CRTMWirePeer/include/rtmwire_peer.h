/*
 * rtmwire_peer.h - the C peer of RTMWire: protobuf-c (libprotobuf-c) driven by the descriptors
 * protoc-c generated from Schemas/. Used by the Swift tests and benchmarks (through the
 * RTMWirePeer Swift target) to compare RTMWire's encoding with an independent implementation.
 * Independent of Swift.
 *
 * Messages are named by their full protobuf name, e.g. "rtmwire.v1.Envelope". Unpacked messages
 * are allocated with malloc and must be released with rtmwire_peer_free.
 */
#ifndef RTMWIRE_PEER_H
#define RTMWIRE_PEER_H

#include <stddef.h>
#include <stdint.h>

#include <protobuf-c/protobuf-c.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes of rtmwire_peer_unpack and rtmwire_peer_repack. */
/** Success. */
#define RTMWIRE_PEER_OK 0
/** No message of that full name in the schemas (or a NULL name or descriptor). */
#define RTMWIRE_PEER_UNKNOWN_TYPE 1
/** protobuf-c rejected the input (malformed, truncated, wrong wire type, ...). */
#define RTMWIRE_PEER_REJECTED 2
/** An allocation failed. */
#define RTMWIRE_PEER_OUT_OF_MEMORY 3

/**
 * The descriptor of the message with this full name (e.g. "rtmwire.v1.Envelope"), or NULL when
 * the schemas define no such message (or full_name is NULL).
 */
const ProtobufCMessageDescriptor *rtmwire_peer_descriptor(const char *full_name);

/**
 * Unpacks len bytes at data as a message of descriptor d. On success stores the message in *out
 * (release it with rtmwire_peer_free) and returns RTMWIRE_PEER_OK. Otherwise stores NULL in *out
 * and returns RTMWIRE_PEER_UNKNOWN_TYPE when d is NULL, RTMWIRE_PEER_OUT_OF_MEMORY when an
 * allocation failed and RTMWIRE_PEER_REJECTED when protobuf-c rejected the bytes (or out is NULL,
 * or data is NULL with a non-zero len). data may be NULL when len is 0.
 */
int rtmwire_peer_unpack(const ProtobufCMessageDescriptor *d, const uint8_t *data, size_t len,
                        ProtobufCMessage **out);

/** The number of bytes rtmwire_peer_pack writes for m. */
size_t rtmwire_peer_packed_size(const ProtobufCMessage *m);

/**
 * Packs m into out, which must have room for rtmwire_peer_packed_size(m) bytes; returns the
 * number of bytes written.
 */
size_t rtmwire_peer_pack(const ProtobufCMessage *m, uint8_t *out);

/** Releases a message returned by rtmwire_peer_unpack. NULL is ignored. */
void rtmwire_peer_free(ProtobufCMessage *m);

/**
 * Unpacks len bytes at data as the message named full_name, then packs it again into a new
 * buffer. On success stores the buffer in *out (release it with rtmwire_peer_free_buffer; it is
 * never NULL, even for 0 bytes) and its length in *out_len and returns RTMWIRE_PEER_OK.
 * Otherwise stores NULL and 0 and returns RTMWIRE_PEER_UNKNOWN_TYPE, RTMWIRE_PEER_REJECTED or
 * RTMWIRE_PEER_OUT_OF_MEMORY (RTMWIRE_PEER_REJECTED too when out or out_len is NULL).
 */
int rtmwire_peer_repack(const char *full_name, const uint8_t *data, size_t len, uint8_t **out,
                        size_t *out_len);

/** Releases a buffer returned by rtmwire_peer_repack. NULL is ignored. */
void rtmwire_peer_free_buffer(uint8_t *buffer);

/** The number of messages the schemas define. */
size_t rtmwire_peer_message_count(void);

/**
 * The full name of message i (0 <= i < rtmwire_peer_message_count()), in byte order of the
 * names; NULL when i is out of range.
 */
const char *rtmwire_peer_message_name(size_t i);

#ifdef __cplusplus
}
#endif

#endif /* RTMWIRE_PEER_H */
