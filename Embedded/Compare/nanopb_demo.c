// The size table's program in nanopb (Embedded/README.md): the envelope of ARM/Demo.swift,
// encoded with pb_encode, decoded with pb_decode, compared, released. Built for
// armv7em-none-none-eabi by Embedded/Compare/build-sizes against nanopb 0.4.7's sources (the
// version of Debian's nanopb, whose generated code is Conformance/Testees/nanopb/generated).

#include <pb_decode.h>
#include <pb_encode.h>

#include "rtmwire/v1/envelope.pb.h"

static int same(const char *a, const char *b) { return a && b && strcmp(a, b) == 0; }

int32_t rtmwire_demo(void) {
    rtmwire_v1_Envelope envelope = rtmwire_v1_Envelope_init_zero;
    envelope.message_id = "m-0001";
    envelope.has_sender = true;
    envelope.sender.user_id = "alice";
    envelope.sender.display_name = "Alice";
    envelope.send_time_ms = 1700000000000;
    envelope.has_conversation = true;
    envelope.conversation.type = rtmwire_v1_ConversationType_CONVERSATION_TYPE_CHANNEL;
    envelope.conversation.id = "general";
    envelope.which_body = rtmwire_v1_Envelope_text_tag;
    envelope.body.text.text = "hello from a microcontroller";

    size_t size = 0;
    if (!pb_get_encoded_size(&size, rtmwire_v1_Envelope_fields, &envelope)) return 1;
    pb_byte_t *bytes = malloc(size);
    if (!bytes) return 1;
    pb_ostream_t output = pb_ostream_from_buffer(bytes, size);
    if (!pb_encode(&output, rtmwire_v1_Envelope_fields, &envelope)) return 1;

    rtmwire_v1_Envelope decoded = rtmwire_v1_Envelope_init_zero;
    pb_istream_t input = pb_istream_from_buffer(bytes, output.bytes_written);
    int32_t result = 2;
    if (pb_decode(&input, rtmwire_v1_Envelope_fields, &decoded)) {
        result = same(decoded.message_id, "m-0001") && decoded.has_sender &&
                         same(decoded.sender.user_id, "alice") &&
                         same(decoded.sender.display_name, "Alice") &&
                         decoded.send_time_ms == 1700000000000 && decoded.has_conversation &&
                         decoded.conversation.type == envelope.conversation.type &&
                         same(decoded.conversation.id, "general") &&
                         decoded.which_body == rtmwire_v1_Envelope_text_tag &&
                         same(decoded.body.text.text, "hello from a microcontroller")
                     ? 0
                     : 3;
    }
    pb_release(rtmwire_v1_Envelope_fields, &decoded);
    free(bytes);
    return result;
}
