"""envelope.json: the header fields, and the wire rules shown on the envelope."""

from model import CHANNEL, GROUP, PEER, NonCanonical, Reject, Valid, envelope, uid, without
from wire import (END_GROUP, FIXED32, FIXED64, LEN, MAX_FIELD_NUMBER, START_GROUP, VARINT,
                  f_fixed32, f_fixed64, f_group, f_len, f_str, f_varint, nested_groups, tag, varint)

KIND = "envelope"

TEXT = "rtmwire.v1.TextMessage"
REFERENCE = "rtmwire.v1.MessageReference"
STREAM_REFERENCE = "rtmwire.v1.StreamReference"
UNICODE_NAME = "李小龍 🐉 مريم שרה e\u0301 👩🏽\u200d💻"


def build(ctx):
    out = []
    add = out.append

    def text_body(text="hi"):
        return f_len(16, ctx.enc({"text": text}, TEXT))

    def header(name, **kw):
        return ctx.enc(envelope(name, None, **kw))

    # ---- valid ------------------------------------------------------------------------------
    add(Valid("envelope-minimal-header",
              "The smallest valid envelope: message id, sender user id, conversation and a text "
              "body; no display name, no send time, no delivery options.",
              envelope("envelope-minimal-header", "text", {"text": "hi"},
                       sender={"userId": "u1"}, send_time=None, conversation=(PEER, "u2"))))
    add(Valid("envelope-every-header-field",
              "Every header field set: message id, sender user id and display name, send time, "
              "channel conversation and all three delivery options (a group may ask only for "
              "group read receipts).",
              envelope("envelope-every-header-field", "text", {"text": "Hello channel"},
                       conversation=(CHANNEL, "lobby"),
                       delivery={"deliveryReceipt": True, "readReceipt": True,
                                 "groupReadReceipt": True})))
    add(Valid("envelope-app-data", "A text with app data (Sendbird data, RongCloud "
              "extensions): two entries in the sender's order, one Unicode value.",
              dict(envelope("envelope-app-data", "text", {"text": "vote: lunch?"}),
                   appData=[{"key": "poll", "value": "lunch"},
                            {"key": "emoji", "value": "🍜"}]), topic="oneof-last"))
    add(Valid("envelope-group-read-receipt-option",
              "A group message asking for group read receipts (isNeedGroupAck), the one receipt "
              "option a group has.",
              envelope("envelope-group-read-receipt-option", "text", {"text": "read it?"},
                       conversation=(GROUP, "group-1001"), delivery={"groupReadReceipt": True})))
    add(Valid("envelope-conversation-channel",
              "A channel conversation (id = channel name) with the read receipt option only.",
              envelope("envelope-conversation-channel", "text", {"text": "to the channel"},
                       conversation=(CHANNEL, "lobby"), delivery={"readReceipt": True})))
    add(Valid("envelope-delivery-receipt-only",
              "A peer conversation asking only for a delivery receipt.",
              envelope("envelope-delivery-receipt-only", "text", {"text": "ping"},
                       conversation=(PEER, "bob"), delivery={"deliveryReceipt": True})))
    add(Valid("envelope-delivery-options-present-all-false",
              "delivery_options present with every flag false: a set sub-message is always "
              "encoded, even when empty (2a 00).",
              envelope("envelope-delivery-options-present-all-false", "text", {"text": "x"},
                       delivery={})))
    add(Valid("envelope-send-time-one", "send_time_ms = 1: the smallest stamped time.",
              envelope("envelope-send-time-one", "text", {"text": "t"}, send_time="1")))
    add(Valid("envelope-send-time-int64-max",
              "send_time_ms = 9223372036854775807 (INT64_MAX): a 9-byte varint.",
              envelope("envelope-send-time-int64-max", "text", {"text": "t"},
                       send_time="9223372036854775807")))
    add(Valid("envelope-unicode-header",
              "Unicode in the header strings: CJK, emoji with skin tone and ZWJ, Arabic and Hebrew "
              "(RTL), a combining acute accent.",
              envelope("envelope-unicode-header", "text", {"text": "مرحبا"},
                       sender={"userId": "用户-42", "displayName": UNICODE_NAME},
                       conversation=(GROUP, "群组-🎉-קבוצה"))))

    def reply(name, reference, body_field="text", body=None, **kw):
        value = envelope(name, body_field, body or {"text": "Agreed 👍"}, **kw)
        value["replyTo"] = reference
        return value

    # Go writes a set oneof member after every other field, so it re-encodes an envelope with
    # a reply as header, reply_to, body: each of these vectors names that topic.
    oneof_last = "oneof-last"

    add(Valid("envelope-reply", "A text replying to an earlier message: reply_to (field 64, tag "
              "82 04, after the body) with the replied message's id, its sender and an excerpt.",
              reply("envelope-reply", {"messageUid": uid("text-typical"), "senderUserId": "bob",
                                       "excerpt": "Hello, world! See you at 10:30?"},
                    conversation=(GROUP, "team")), topic=oneof_last))
    add(Valid("envelope-reply-id-only", "A reply naming only the replied message; an image body "
              "(any body may reply).",
              reply("envelope-reply-id-only", {"messageUid": "m-0"}, "image",
                    {"mediaId": "media-1", "size": "1200"}), topic=oneof_last))
    add(Valid("envelope-reply-excerpt-at-limit", "An excerpt of exactly 1,024 bytes "
              "(maxExcerptBytes): 256 four-byte emoji.",
              reply("envelope-reply-excerpt-at-limit",
                    {"messageUid": "m-0", "excerpt": "\U0001F600" * 256}), topic=oneof_last))
    add(Valid("envelope-inner-message-reference", "A bare MessageReference with every field.",
              {"messageUid": "m-0", "senderUserId": "bob", "excerpt": "quoted"}, type=REFERENCE))
    twin = {"messageUid": "BJ9N-Q7RS-PD5G-0001", "senderUserId": "alice",
            "excerpt": "What is RTM?"}
    if ctx.enc(twin, REFERENCE) != ctx.enc(twin, STREAM_REFERENCE):
        raise ValueError("MessageReference and StreamReference no longer encode alike")
    add(Valid("envelope-inner-stream-reference-bytes-as-reply", "The bytes of a StreamReference "
              "(stream-every-field's reference) read as a MessageReference: same numbers, types "
              "and names, so the same bytes and the same JSON (generation checks both encode "
              "alike).", twin, type=REFERENCE))

    # ---- noncanonical -----------------------------------------------------------------------
    name = "envelope-reply-before-header"
    add(NonCanonical(name, "reply_to written first: re-encoded after the body (field 64 is the "
                     "highest).", ctx.enc({"replyTo": {"messageUid": "m-0"}})
                     + ctx.enc(envelope(name, "text", {"text": "ok"})), topic=oneof_last))

    name = "envelope-fields-reordered"
    base = envelope(name, "text", {"text": "reordered"}, conversation=(PEER, "bob"),
                    delivery={"readReceipt": True})
    parts = [ctx.enc({k: v}) for k, v in base.items()]
    add(NonCanonical(name, "Every field in reverse field-number order: body, delivery options, "
                     "conversation, send time, sender, message id. Canonical order is ascending.",
                     b"".join(reversed(parts))))

    name = "envelope-duplicated-scalar-last-wins"
    add(NonCanonical(name, "send_time_ms appears twice (1 then 1732147200123): the last one wins.",
                     header(name, send_time=None) + f_varint(3, 1) + f_varint(3, 1732147200123)
                     + text_body()))

    name = "envelope-duplicated-string-last-wins"
    add(NonCanonical(name, "message_id appears twice: the last one wins.",
                     f_str(1, "first-id-is-discarded") + header(name) + text_body()))

    name = "envelope-sender-split-merged"
    sender1 = ctx.enc({"userId": "alice"}, "rtmwire.v1.Sender")
    sender2 = ctx.enc({"displayName": "Alice"}, "rtmwire.v1.Sender")
    add(NonCanonical(name, "The sender sub-message in two occurrences (user_id in the first, "
                     "display_name in the second): they merge into one sender.",
                     f_str(1, uid(name)) + f_len(2, sender1)
                     + ctx.enc({"conversation": {"type": PEER, "id": "bob"}}) + f_len(2, sender2)
                     + text_body(), topic="split-replaced"))

    name = "envelope-conversation-split-merged"
    add(NonCanonical(name, "The conversation in two occurrences: type in the first, id in the "
                     "second, then a third that overrides the type: merged field by field, the "
                     "last value of each scalar wins.",
                     f_str(1, uid(name)) + ctx.enc({"sender": {"userId": "alice"}})
                     + f_len(4, f_varint(1, 2)) + f_len(4, f_str(2, "bob"))
                     + f_len(4, f_varint(1, 1)) + text_body(), topic="split-replaced"))

    name = "envelope-explicit-defaults-dropped"
    add(NonCanonical(name, "Default values written explicitly (send_time_ms 0, display_name \"\", "
                     "delivery flags false): they decode as unset and are omitted on re-encode; "
                     "the delivery_options sub-message itself stays present (2a 00).",
                     f_str(1, uid(name)) + f_len(2, f_str(1, "alice") + f_str(2, ""))
                     + f_varint(3, 0) + ctx.enc({"conversation": {"type": PEER, "id": "bob"}})
                     + f_len(5, f_varint(1, 0) + f_varint(2, 0) + f_varint(3, 0)) + text_body(),
                     topic="explicit-empty"))

    name = "envelope-body-last-member-wins"
    add(NonCanonical(name, "Two different body members (text, then custom): the last one set wins "
                     "and the text is discarded.",
                     header(name) + text_body("discarded")
                     + f_len(24, ctx.enc({"type": "com.example.ping"}, "rtmwire.v1.CustomMessage"))))

    name = "envelope-unknown-every-wire-type"
    add(NonCanonical(name, "Unknown fields of every wire type (varint 100, fixed64 101, "
                     "length-delimited 102, fixed32 103, and group 104 holding a varint, a "
                     "length-delimited field and a nested group) interleaved with the known "
                     "fields: kept byte-exact, in their order, after all known fields.",
                     f_varint(100, 150) + f_str(1, uid(name))
                     + f_fixed64(101, 0x0102030405060708)
                     + ctx.enc({"sender": {"userId": "alice"}}) + f_len(102, b"opaque")
                     + ctx.enc({"conversation": {"type": PEER, "id": "bob"}})
                     + f_fixed32(103, 0xDEADBEEF)
                     + f_group(104, f_varint(1, 7) + f_len(2, b"in-group") + f_group(3, f_fixed32(4, 1)))
                     + text_body(), topic="groups"))

    name = "envelope-unknown-no-groups"
    add(NonCanonical(name, "Unknown varint, fixed64, length-delimited and fixed32 fields before "
                     "the known ones (no group, so protobuf-c accepts it too): kept byte-exact "
                     "after the known fields.",
                     f_varint(100, 1) + f_fixed64(101, 2) + f_len(102, b"\x00\xff")
                     + f_fixed32(103, 3) + header(name) + text_body()))

    name = "envelope-unknown-in-nested-messages"
    add(NonCanonical(name, "Unknown fields inside the sender (field 15, in its reserved range), "
                     "the conversation (field 9, length-delimited) and the text body (field 15, "
                     "fixed32): each stays inside its own sub-message, after that message's "
                     "known fields.",
                     f_str(1, uid(name)) + f_len(2, f_varint(15, 1) + f_str(1, "alice"))
                     + f_len(4, f_len(9, b"x") + f_varint(1, 1) + f_str(2, "bob"))
                     + f_len(16, f_fixed32(15, 5) + f_str(1, "hi"))))

    name = "envelope-unknown-reserved-numbers"
    add(NonCanonical(name, "Fields 6 (reserved header range) and 62 (reserved body range) are "
                     "unknown to v1: kept after the known fields.",
                     header(name) + f_varint(6, 1) + text_body() + f_str(62, "future body")))

    name = "envelope-unknown-body-kind"
    add(NonCanonical(name, "No body this schema knows, but field 40 (length-delimited) in the "
                     "room reserved for newer body kinds (40-63), before the header: a body kind "
                     "of a newer schema version. It is kept after the header, and the envelope "
                     "is valid: readers report an unknown kind (RTMWire: bodyMember "
                     ".unknown(fieldNumber: 40)) and route it by its header. Its JSON has no body "
                     "(proto3 JSON drops unknown fields).",
                     f_len(40, f_str(1, "poll?")) + header(name)))

    name = "envelope-unknown-max-field-number"
    add(NonCanonical(name, "An unknown varint field numbered 2^29-1 = 536870911, the largest "
                     "valid field number (tag f8 ff ff ff 0f), before the header: accepted, and "
                     "kept after the known fields.",
                     f_varint(MAX_FIELD_NUMBER, 1) + header(name) + text_body(),
                     topic="unknown-tag-sign-extended"))

    name = "envelope-overlong-varint"
    add(NonCanonical(name, "send_time_ms = 1 written as a 10-byte varint (81 80 80 80 80 80 80 80 "
                     "80 00): decoded as 1, re-encoded as 18 01.",
                     header(name, send_time=None) + f_varint(3, 1, width=10) + text_body(),
                     topic="java-ten-byte-varint"))

    name = "envelope-varint-tenth-byte-overflow"
    add(NonCanonical(name, "A 10-byte varint whose last byte is 7e carries bits above bit 63 "
                     "(and leaves bit 63 clear): they are dropped (send_time_ms = INT64_MAX), as "
                     "Google's and protobuf-c's parsers do.",
                     header(name, send_time=None) + tag(3, VARINT) + b"\xff" * 9 + b"\x7e"
                     + text_body(), topic=("tenth-byte", "java-ten-byte-varint")))

    name = "envelope-padded-length-prefix"
    mid = uid(name).encode()
    add(NonCanonical(name, "The message_id length prefix (36) padded to 5 bytes (a4 80 80 80 00) "
                     "and the body's length 4 padded to 5 bytes too (84 80 80 80 00): canonical lengths are "
                     "minimal.",
                     tag(1, LEN) + varint(len(mid), width=5) + mid
                     + header(name)[2 + len(mid):]
                     + tag(16, LEN) + varint(4, width=5) + f_str(1, "hi")))

    name = "envelope-padded-tag"
    mid = uid(name).encode()
    add(NonCanonical(name, "Tags written with padding: message_id's tag 0a as 8a 80 80 80 00 (5 "
                     "bytes, the most a 32-bit tag may take) and the text body's tag 82 01 as "
                     "82 81 80 00.",
                     tag(1, LEN, width=5) + varint(len(mid)) + mid + header(name)[2 + len(mid):]
                     + tag(16, LEN, width=4) + varint(4) + f_str(1, "hi"), topic="padded-tag"))

    name = "envelope-padded-tag-invalid-utf8"
    mid = uid(name).encode()
    add(Reject(name, "message_id's tag padded to 2 bytes (8a 00) and its value ending in c3 28, "
               "invalid UTF-8: rejected like any invalid string, whatever its tag looks like "
               "(found by rtmwire conformance fuzz).",
               "invalidUTF8", "wire",
               hex=tag(1, LEN, width=2) + varint(len(mid) + 2) + mid + b"\xc3\x28"
               + header(name)[2 + len(mid):] + text_body(), topic="padded-tag-hides"))
    name = "envelope-padded-tag-malformed-body"
    add(Reject(name, "The text body's tag padded to 3 bytes (82 81 00), its body a text field "
               "that declares 5 bytes where 2 follow: the body is malformed, whatever its tag "
               "looks like (found by rtmwire conformance fuzz).",
               "lengthPastEnd", "wire",
               hex=header(name) + tag(16, LEN, width=3) + varint(4) + tag(1, LEN) + b"\x05hi",
               topic="padded-tag-hides"))

    name = "envelope-wrong-wire-type-known-field"
    add(NonCanonical(name, "send_time_ms (field 3, varint) arrives as fixed64: Google's parsers "
                     "keep it as an unknown field (so send_time_ms stays 0 and the bytes are "
                     "re-emitted after the known fields); protobuf-c fails the whole unpack.",
                     header(name, send_time=None) + f_fixed64(3, 1732147200123) + text_body(),
                     topic="wrong-wire-type"))

    name = "envelope-wrong-wire-type-string-as-varint"
    add(NonCanonical(name, "message_id (field 1, length-delimited) also arrives as a varint: that "
                     "occurrence is an unknown field; the real message_id is kept.",
                     header(name) + f_varint(1, 5) + text_body(), topic="wrong-wire-type"))

    name = "envelope-oneof-member-again-after-another"
    add(NonCanonical(name, "A text body (\"first\", mentioning bob), then a custom body, then a "
                     "text body (\"second\"): text is the oneof's last member and only its last "
                     "run counts, so the text is \"second\" with no mention; the first run went "
                     "with the switch to custom (found by rtmwire conformance fuzz).",
                     header(name) + f_len(16, f_str(1, "first") + f_len(2, f_str(1, "bob")))
                     + f_len(24, b"") + f_len(16, f_str(1, "second")),
                     topic="oneof-member-again"))

    name = "envelope-body-member-as-varint"
    add(NonCanonical(name, "Field 24 (the custom body, a message) arrives as a varint before a text "
                     "body: an unknown field, kept and re-emitted after the known fields; the "
                     "body stays the text (found by rtmwire conformance fuzz).",
                     header(name) + f_varint(24, 46) + text_body(),
                     topic=("wrong-wire-type-message", "wrong-wire-type")))

    name = "envelope-known-field-as-group"
    add(NonCanonical(name, "Field 2 (sender, a message) arrives a second time as a group: it is "
                     "an unknown group for Google's parsers, kept byte-exact; protobuf-c rejects "
                     "groups.",
                     header(name) + f_group(2, f_str(1, "mallory")) + text_body(),
                     topic="groups"))

    name = "envelope-bool-as-two"
    add(NonCanonical(name, "delivery_options.read_receipt written as varint 2: any non-zero bool "
                     "is true; re-encoded as 1.",
                     header(name) + f_len(5, f_varint(2, 2)) + text_body()))

    name = "envelope-bool-as-2-pow-32"
    add(NonCanonical(name, "delivery_options.delivery_receipt written as 2^32 (80 80 80 80 10): "
                     "any non-zero bool is true; re-encoded as 1 (found by rtmwire conformance "
                     "fuzz).",
                     header(name) + f_len(5, f_varint(1, 1 << 32)) + text_body(),
                     topic="bool-above-32-bits"))

    name = "envelope-conversation-type-unknown-enum"
    add(NonCanonical(name, "conversation.type = 99, a value v1 does not define. Enums are open: "
                     "the number is kept (JSON shows 99) and re-encoded; semantic validation "
                     "accepts it (only UNSPECIFIED = 0 is rejected). Written with the conversation "
                     "before the sender and its id before its type.",
                     f_str(1, uid(name)) + f_len(4, f_str(2, "future-kind") + f_varint(1, 99))
                     + ctx.enc({"sender": {"userId": "alice"}}) + text_body(),
                     topic="enum-unknown"))

    name = "envelope-depth-32-groups"
    add(NonCanonical(name, "An unknown group (field 100) nested 32 deep at the envelope's top "
                     "level (between the header and the body), the innermost holding a varint: "
                     "that varint is at depth 32 = maxDepth, so it is accepted and kept (after the "
                     "body). protobuf-c rejects any group.",
                     header(name) + nested_groups(100, 32, f_varint(1, 1)) + text_body(),
                     topic="groups"))

    # ---- reject: wire ---------------------------------------------------------------------------
    name = "envelope-truncated-tag-alone"
    add(Reject(name, "The input is one byte, 82: the first byte of a two-byte tag, then the end.",
               "truncated", "wire", hex=b"\x82", topic="tag-zero-ends"))
    name = "envelope-truncated-tag-after-fields"
    add(Reject(name, "A complete header, then 82 (the first byte of the body's two-byte tag) and "
               "the end of the input.", "truncated", "wire", hex=header(name) + b"\x82",
               topic="tag-zero-ends"))
    name = "envelope-truncated-varint"
    add(Reject(name, "send_time_ms's varint breaks off after two continuation bytes (18 ff ff).",
               "truncated", "wire", hex=header(name, send_time=None) + b"\x18\xff\xff"))
    name = "envelope-truncated-fixed32"
    add(Reject(name, "An unknown fixed32 field (103) with only 3 of its 4 bytes.",
               "truncated", "wire", hex=header(name) + text_body() + tag(103, FIXED32) + b"\x01\x02\x03"))
    name = "envelope-truncated-fixed64"
    add(Reject(name, "An unknown fixed64 field (101) with only 7 of its 8 bytes.",
               "truncated", "wire",
               hex=header(name) + text_body() + tag(101, FIXED64) + b"\x01\x02\x03\x04\x05\x06\x07"))
    name = "envelope-length-past-end"
    add(Reject(name, "message_id declares 36 bytes but only 35 follow before the input ends.",
               "lengthPastEnd", "wire", hex=f_str(1, uid(name))[:-1]))
    name = "envelope-length-huge"
    add(Reject(name, "message_id declares 4,294,967,295 bytes (ff ff ff ff 0f) and 3 follow: a "
               "decoder must refuse before allocating anything for it.",
               "lengthPastEnd", "wire", hex=tag(1, LEN) + varint(0xFFFFFFFF) + b"abc"))
    name = "envelope-length-2-pow-63"
    add(Reject(name, "The text body declares 2^63 bytes (a 10-byte length varint).",
               "lengthPastEnd", "wire", hex=header(name) + tag(16, LEN) + varint(1 << 63) + b"\x0a\x00",
               topic="length-low-32-bits"))
    name = "envelope-length-past-enclosing-message"
    add(Reject(name, "The sender sub-message is 4 bytes long, but its user_id declares 5 bytes: "
               "the input has more bytes, the enclosing message does not.",
               "lengthPastEnd", "wire",
               hex=f_str(1, uid(name)) + f_len(2, b"\x0a\x05ab") + ctx.enc(
                   {"conversation": {"type": PEER, "id": "bob"}}) + text_body()))
    name = "envelope-varint-too-long"
    add(Reject(name, "send_time_ms as an 11-byte varint (ten bytes with the continuation bit, "
               "then 00).", "varintTooLong", "wire",
               hex=header(name, send_time=None) + tag(3, VARINT) + b"\x81" + b"\x80" * 9 + b"\x00",
               topic="eleven-bytes"))
    name = "envelope-field-number-zero"
    add(Reject(name, "A tag with field number 0 (02 = field 0, length-delimited) after the header.",
               "invalidFieldNumber", "wire", hex=header(name) + b"\x02\x00" + text_body()))
    name = "envelope-field-number-zero-varint"
    add(Reject(name, "A 00 byte where a tag is expected: field number 0, varint.",
               "invalidFieldNumber", "wire", hex=b"\x00\x00" + header(name) + text_body(),
               topic="tag-zero-ends"))
    name = "envelope-field-number-zero-padded"
    add(Reject(name, "A tag of value 0 written in two bytes (80 00), then a varint value: field "
               "number 0 is invalid however it is written (found by rtmwire conformance fuzz).",
               "invalidFieldNumber", "wire", hex=header(name) + b"\x80\x00\x01" + text_body(),
               topic=("tag-zero-padded", "tag-zero-ends")))
    name = "envelope-field-number-2-pow-29"
    add(Reject(name, "Field number 2^29 = 536870912, one above the maximum (tag 80 80 80 80 10). "
               "Google rejects it; protobuf-c reads the 5-byte tag into 32 bits and accepts it as "
               "an unknown field.",
               "invalidFieldNumber", "wire",
               hex=header(name) + text_body() + tag(1 << 29, VARINT) + b"\x01", topic="field-number-above-max"))
    name = "envelope-wire-type-6"
    add(Reject(name, "A tag with wire type 6 (field 100: a6 06).", "invalidWireType", "wire",
               hex=header(name) + tag(100, 6) + b"\x00" + text_body()))
    name = "envelope-wire-type-7"
    add(Reject(name, "A tag with wire type 7 (field 1: 0f).", "invalidWireType", "wire",
               hex=header(name) + b"\x0f\x00" + text_body()))
    name = "envelope-end-group-without-start"
    add(Reject(name, "An end-group tag for field 100 (a4 06) with no group open.",
               "mismatchedGroupEnd", "wire", hex=header(name) + tag(100, END_GROUP) + text_body()))
    name = "envelope-end-group-mismatched"
    add(Reject(name, "A group opened as field 100 (a3 06) and closed as field 101 (ac 06).",
               "mismatchedGroupEnd", "wire",
               hex=header(name) + text_body() + f_group(100, f_varint(1, 1), end_field=101),
               topic="group-end-mismatch"))
    name = "envelope-end-group-inside-submessage"
    add(Reject(name, "An end-group tag (field 7) inside the sender sub-message, where no group "
               "is open.", "mismatchedGroupEnd", "wire",
               hex=f_str(1, uid(name)) + f_len(2, f_str(1, "alice") + tag(7, END_GROUP))
               + ctx.enc({"conversation": {"type": PEER, "id": "bob"}}) + text_body()))
    name = "envelope-unterminated-group"
    add(Reject(name, "A group (field 100) that holds a varint and never ends before the input "
               "does.", "unterminatedGroup", "wire",
               hex=header(name) + text_body() + tag(100, START_GROUP) + f_varint(1, 1)))
    name = "envelope-unterminated-group-in-submessage"
    add(Reject(name, "A group opened inside the sender sub-message is still open when the "
               "sender's declared length ends (its end tag follows outside).",
               "unterminatedGroup", "wire",
               hex=f_str(1, uid(name)) + f_len(2, f_str(1, "alice") + tag(9, START_GROUP))
               + tag(9, END_GROUP) + ctx.enc({"conversation": {"type": PEER, "id": "bob"}})
               + text_body()))
    for label, bad, what in [("overlong", b"\xc0\x80", "the overlong encoding C0 80 of U+0000"),
                             ("surrogate", b"\xed\xa0\x80", "ED A0 80, the surrogate U+D800"),
                             ("truncated", b"\xe4\xb8", "E4 B8, a 3-byte sequence cut after 2"),
                             ("ff", b"\xff", "the byte FF, never valid in UTF-8")]:
        where = {"overlong": "message_id", "surrogate": "sender.user_id",
                 "truncated": "sender.display_name", "ff": "conversation.id"}[label]
        name = "envelope-invalid-utf8-" + label
        if where == "message_id":
            data = f_len(1, b"id-" + bad) + ctx.enc(envelope(name, "text", {"text": "x"}, message_id=""))
        elif where == "sender.user_id":
            data = f_str(1, uid(name)) + f_len(2, f_len(1, b"al" + bad + b"ice")) + ctx.enc(
                without(envelope(name, "text", {"text": "x"}, message_id=""), "sender"))
        elif where == "sender.display_name":
            data = f_str(1, uid(name)) + f_len(2, f_str(1, "alice") + f_len(2, b"Al" + bad)) + ctx.enc(
                without(envelope(name, "text", {"text": "x"}, message_id=""), "sender"))
        else:
            data = header(name, conversation=None) + f_len(4, f_varint(1, 2) + f_len(2, b"gen" + bad)) + text_body()
        add(Reject(name, "%s holds %s: Google's parsers reject invalid UTF-8 in a proto3 string; "
                   "protobuf-c does not check UTF-8 and accepts it." % (where, what),
                   "invalidUTF8", "wire", hex=data))
    name = "envelope-trailing-bytes-in-varint"
    add(Reject(name, "The conversation sub-message declares 2 bytes, 08 81: its type varint "
               "still has the continuation bit when the sub-message ends. The bytes after it "
               "(the message_id field, 0a 24 ...) are a valid field of the envelope, not the rest "
               "of the varint.", "trailingBytes", "wire",
               hex=ctx.enc({"sender": {"userId": "alice"}}) + f_len(4, b"\x08\x81")
               + f_str(1, uid(name)) + text_body()))
    name = "envelope-trailing-bytes-in-tag"
    add(Reject(name, "The sender sub-message ends with 82, the first byte of a two-byte tag that "
               "its declared length cuts; the conversation field follows in the envelope.",
               "trailingBytes", "wire",
               hex=f_str(1, uid(name)) + f_len(2, f_str(1, "alice") + b"\x82")
               + ctx.enc({"conversation": {"type": PEER, "id": "bob"}}) + text_body()))
    name = "envelope-trailing-bytes-in-fixed32"
    add(Reject(name, "The text body declares 4 bytes: an unknown fixed32 tag (7d = field 15) and "
               "3 of its 4 bytes; the body ends inside the value. The message_id field follows "
               "in the envelope.", "trailingBytes", "wire",
               hex=ctx.enc(envelope(name, None, message_id="")) + f_len(16, tag(15, FIXED32) + b"\x01\x02\x03")
               + f_str(1, uid(name))))
    name = "envelope-depth-33-groups"
    add(Reject(name, "An unknown group (field 100) nested 33 deep at the envelope's top level, the "
               "innermost holding a varint at depth 33 > maxDepth 32. Google's parsers allow "
               "depth 100 and accept it; protobuf-c rejects any group.",
               "depthLimitExceeded", "wire",
               hex=header(name) + text_body() + nested_groups(100, 33, f_varint(1, 1))))

    # ---- reject: semantic ---------------------------------------------------------------------
    def sem(name, description, error, value):
        add(Reject(name, description, error, "semantic", json=value))

    sem("envelope-missing-message-id", "message_id is empty.", "missingField",
        envelope("x", "text", {"text": "hi"}, message_id=""))
    sem("envelope-missing-sender", "No sender.", "missingField",
        without(envelope("envelope-missing-sender", "text", {"text": "hi"}), "sender"))
    sem("envelope-missing-sender-user-id", "A sender with a display name but an empty user_id.",
        "missingField", envelope("envelope-missing-sender-user-id", "text", {"text": "hi"},
                                 sender={"displayName": "Anonymous"}))
    sem("envelope-missing-conversation", "No conversation.", "missingField",
        envelope("envelope-missing-conversation", "text", {"text": "hi"}, conversation=None))
    sem("envelope-missing-conversation-id", "A channel conversation with an empty id.",
        "missingField", envelope("envelope-missing-conversation-id", "text", {"text": "hi"},
                                 conversation=(CHANNEL, "")))
    sem("envelope-conversation-type-unspecified",
        "conversation.type is CONVERSATION_TYPE_UNSPECIFIED (0, so absent on the wire).",
        "invalidValue", envelope("envelope-conversation-type-unspecified", "text", {"text": "hi"},
                                 conversation=("CONVERSATION_TYPE_UNSPECIFIED", "general")))
    sem("envelope-missing-body", "A complete header and no body.", "missingField",
        envelope("envelope-missing-body", None))
    sem("envelope-group-delivery-receipt-option", "A group message asking for delivery "
        "receipts: a group has only group read receipts.", "invalidValue",
        envelope("envelope-group-delivery-receipt-option", "text", {"text": "hi"},
                 conversation=(GROUP, "group-1001"), delivery={"deliveryReceipt": True}))
    sem("envelope-group-read-receipt-option-one-to-one", "A group message asking for one-to-one "
        "read receipts (read_receipt) instead of group_read_receipt.", "invalidValue",
        envelope("envelope-group-read-receipt-option-one-to-one", "text", {"text": "hi"},
                 conversation=(GROUP, "group-1001"), delivery={"readReceipt": True}))
    add(Reject("envelope-app-data-key-twice", "App data with the key 'priority' twice.",
               "invalidValue", "semantic",
               json=dict(envelope("envelope-app-data-key-twice", "text", {"text": "hi"}),
                         appData=[{"key": "priority", "value": "high"},
                                  {"key": "priority", "value": "low"}]), topic=oneof_last))
    add(Reject("envelope-app-data-empty-key", "An app data entry without a key.", "missingField",
               "semantic", json=dict(envelope("envelope-app-data-empty-key", "text", {"text": "hi"}),
                                     appData=[{"value": "orphan"}]), topic=oneof_last))
    sem("envelope-send-time-minus-one", "send_time_ms = -1, one below 0 (not stamped): a "
        "negative time is invalid. Wire-valid: ten bytes ff ff ff ff ff ff ff ff ff 01.",
        "invalidValue", envelope("envelope-send-time-minus-one", "text", {"text": "t"},
                                 send_time="-1"))
    sem("envelope-send-time-int64-min", "send_time_ms = -9223372036854775808 (INT64_MIN): "
        "invalid, as every negative time. Wire-valid: a 10-byte varint, 80 80 80 80 80 80 80 80 "
        "80 01.", "invalidValue",
        envelope("envelope-send-time-int64-min", "text", {"text": "t"},
                 send_time="-9223372036854775808"))
    add(Reject("envelope-reply-empty-message-uid", "A reply reference (sender and excerpt) "
               "that names no message.", "missingField", "semantic",
               json=reply("envelope-reply-empty-message-uid",
                          {"senderUserId": "bob", "excerpt": "hi"}), topic=oneof_last))
    add(Reject("envelope-reply-excerpt-over-limit", "An excerpt of 1,025 bytes: one over "
               "maxExcerptBytes.", "limitExceeded", "semantic",
               json=reply("envelope-reply-excerpt-over-limit",
                          {"messageUid": "m-0", "excerpt": "\U0001F600" * 256 + "."}),
               limit="maxExcerptBytes", topic=oneof_last))
    return out
