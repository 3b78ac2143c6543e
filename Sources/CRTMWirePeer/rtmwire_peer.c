/*
 * rtmwire_peer.c - the hand-written part of the C peer (see include/rtmwire_peer.h).
 */
#include "rtmwire_peer.h"

#include <stdlib.h>
#include <string.h>

#include "rtmwire_peer_registry.h"

const ProtobufCMessageDescriptor *rtmwire_peer_descriptor(const char *full_name) {
    if (full_name == NULL) {
        return NULL;
    }
    size_t low = 0;
    size_t high = rtmwire_peer_registry_count;
    while (low < high) {
        size_t middle = low + (high - low) / 2;
        int order = strcmp(full_name, rtmwire_peer_registry[middle].full_name);
        if (order == 0) {
            return rtmwire_peer_registry[middle].descriptor;
        }
        if (order < 0) {
            high = middle;
        } else {
            low = middle + 1;
        }
    }
    return NULL;
}

/* malloc/free, recording whether an allocation failed, so that unpack can tell an allocation
 * failure from rejected input (protobuf_c_message_unpack returns NULL for both). Messages
 * allocated this way are freed with protobuf-c's default allocator, which uses free. */
static void *tracking_alloc(void *allocator_data, size_t size) {
    void *pointer = malloc(size);
    if (pointer == NULL && size != 0) {
        *(int *)allocator_data = 1;
    }
    return pointer;
}

static void tracking_free(void *allocator_data, void *pointer) {
    (void)allocator_data;
    free(pointer);
}

int rtmwire_peer_unpack(const ProtobufCMessageDescriptor *d, const uint8_t *data, size_t len,
                        ProtobufCMessage **out) {
    static const uint8_t empty = 0;
    if (out == NULL) {
        return RTMWIRE_PEER_REJECTED;
    }
    *out = NULL;
    if (d == NULL) {
        return RTMWIRE_PEER_UNKNOWN_TYPE;
    }
    if (data == NULL) {
        if (len != 0) {
            return RTMWIRE_PEER_REJECTED;
        }
        data = &empty;
    }
    int allocation_failed = 0;
    ProtobufCAllocator allocator = {
        .alloc = tracking_alloc,
        .free = tracking_free,
        .allocator_data = &allocation_failed,
    };
    ProtobufCMessage *message = protobuf_c_message_unpack(d, &allocator, len, data);
    if (message == NULL) {
        return allocation_failed ? RTMWIRE_PEER_OUT_OF_MEMORY : RTMWIRE_PEER_REJECTED;
    }
    *out = message;
    return RTMWIRE_PEER_OK;
}

size_t rtmwire_peer_packed_size(const ProtobufCMessage *m) {
    return protobuf_c_message_get_packed_size(m);
}

size_t rtmwire_peer_pack(const ProtobufCMessage *m, uint8_t *out) {
    return protobuf_c_message_pack(m, out);
}

void rtmwire_peer_free(ProtobufCMessage *m) {
    if (m != NULL) {
        protobuf_c_message_free_unpacked(m, NULL);
    }
}

int rtmwire_peer_repack(const char *full_name, const uint8_t *data, size_t len, uint8_t **out,
                        size_t *out_len) {
    if (out == NULL || out_len == NULL) {
        return RTMWIRE_PEER_REJECTED;
    }
    *out = NULL;
    *out_len = 0;
    const ProtobufCMessageDescriptor *descriptor = rtmwire_peer_descriptor(full_name);
    if (descriptor == NULL) {
        return RTMWIRE_PEER_UNKNOWN_TYPE;
    }
    ProtobufCMessage *message = NULL;
    int status = rtmwire_peer_unpack(descriptor, data, len, &message);
    if (status != RTMWIRE_PEER_OK) {
        return status;
    }
    size_t size = protobuf_c_message_get_packed_size(message);
    uint8_t *buffer = (uint8_t *)malloc(size == 0 ? 1 : size);
    if (buffer == NULL) {
        rtmwire_peer_free(message);
        return RTMWIRE_PEER_OUT_OF_MEMORY;
    }
    size_t written = protobuf_c_message_pack(message, buffer);
    rtmwire_peer_free(message);
    if (written != size) {
        /* protobuf-c's size and pack disagree: cannot happen for a message it unpacked itself. */
        free(buffer);
        return RTMWIRE_PEER_REJECTED;
    }
    *out = buffer;
    *out_len = size;
    return RTMWIRE_PEER_OK;
}

void rtmwire_peer_free_buffer(uint8_t *buffer) {
    free(buffer);
}

size_t rtmwire_peer_message_count(void) {
    return rtmwire_peer_registry_count;
}

const char *rtmwire_peer_message_name(size_t i) {
    if (i >= rtmwire_peer_registry_count) {
        return NULL;
    }
    return rtmwire_peer_registry[i].full_name;
}
