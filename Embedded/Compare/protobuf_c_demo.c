// The size table's program in protobuf-c (Embedded/README.md): the envelope of ARM/Demo.swift,
// packed, unpacked, compared, freed. Built for armv7em-none-none-eabi by
// Embedded/Compare/build-sizes against protobuf-c 1.4.1's sources (Debian's version) and the
// generated code of Sources/CRTMWirePeer/generated.

#include <string.h>

#include "rtmwire/v1/envelope.pb-c.h"

static int same(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

int32_t rtmwire_demo(void) {
    Rtmwire__V1__Sender sender = RTMWIRE__V1__SENDER__INIT;
    sender.user_id = "alice";
    sender.display_name = "Alice";
    Rtmwire__V1__Conversation conversation = RTMWIRE__V1__CONVERSATION__INIT;
    conversation.type = RTMWIRE__V1__CONVERSATION_TYPE__CONVERSATION_TYPE_CHANNEL;
    conversation.id = "general";
    Rtmwire__V1__TextMessage text = RTMWIRE__V1__TEXT_MESSAGE__INIT;
    text.text = "hello from a microcontroller";
    Rtmwire__V1__Envelope envelope = RTMWIRE__V1__ENVELOPE__INIT;
    envelope.message_id = "m-0001";
    envelope.sender = &sender;
    envelope.send_time_ms = 1700000000000;
    envelope.conversation = &conversation;
    envelope.body_case = RTMWIRE__V1__ENVELOPE__BODY_TEXT;
    envelope.text = &text;

    size_t size = rtmwire__v1__envelope__get_packed_size(&envelope);
    uint8_t *bytes = malloc(size);
    if (!bytes) return 1;
    rtmwire__v1__envelope__pack(&envelope, bytes);
    Rtmwire__V1__Envelope *decoded = rtmwire__v1__envelope__unpack(NULL, size, bytes);
    int32_t result = 2;
    if (decoded) {
        result = same(decoded->message_id, "m-0001") && decoded->sender &&
                         same(decoded->sender->user_id, "alice") &&
                         same(decoded->sender->display_name, "Alice") &&
                         decoded->send_time_ms == 1700000000000 && decoded->conversation &&
                         decoded->conversation->type == conversation.type &&
                         same(decoded->conversation->id, "general") &&
                         decoded->body_case == RTMWIRE__V1__ENVELOPE__BODY_TEXT &&
                         same(decoded->text->text, "hello from a microcontroller")
                     ? 0
                     : 3;
        rtmwire__v1__envelope__free_unpacked(decoded, NULL);
    }
    free(bytes);
    return result;
}
