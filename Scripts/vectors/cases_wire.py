"""wire.json: every freedom a protobuf decoder has, one vector each, so that every runtime's
reading of it is recorded: field order; unknown fields (their order, wire types and non-minimal
encodings inside them); varints of every length in every position (values, tags, lengths, the
10th byte); packed and unpacked runs; split and repeated sub-messages; repeated oneof members;
huge lengths. envelope.json holds the first vectors of several of these classes.

A varint is read as the low 64 bits of its value, in every position (bits past bit 63 in a 10th
byte are dropped; an 11th byte is an error), and a tag or length is then checked as a number:
that is the rule every vector here follows (Vectors/README.md, "Wire-level rules").
"""

from model import NonCanonical, Reject, Valid, envelope
from wire import (LEN, VARINT, f_fixed32, f_fixed64, f_group, f_len, f_str, f_varint, packed, tag,
                  varint)

KIND = "wire"

DELIVERY = "rtmwire.v1.DeliveryReceipt"
METADATA = "rtmwire.v1.Metadata"
TARGET = "rtmwire.v1.MetadataTarget"
TEXT = "rtmwire.v1.TextMessage"


def build(ctx):
    out = []
    add = out.append

    def fields(name, text="hi", **kw):
        """An envelope's fields, each encoded alone by Google: joined, the canonical bytes."""
        value = envelope(name, "text", {"text": text}, **kw)
        return {key: ctx.enc({key: item}) for key, item in value.items()}

    def header(f) -> bytes:
        """The envelope's fields from fields() but the body, in order."""
        return b"".join(value for key, value in f.items() if key != "text")

    def canonical(name, **kw):
        return b"".join(fields(name, **kw).values())

    def field_body(encoded: bytes) -> bytes:
        """The payload of a field encoded with a 1-byte tag and a 1-byte length."""
        return encoded[2:]

    # ---- field order ------------------------------------------------------------------------
    name = "wire-order-body-first"
    f = fields(name)
    add(NonCanonical(name, "The body (field 16) first, then the header fields in ascending "
                     "order: the oneof member's position does not matter.",
                     f["text"] + f["messageId"] + f["sender"] + f["sendTimeMs"] + f["conversation"]))

    name = "wire-order-nested-reversed"
    mid = fields(name)["messageId"]
    add(NonCanonical(name, "The envelope's fields in ascending order, but inside the sender "
                     "(display_name before user_id) and the conversation (id before type) in "
                     "descending order.",
                     mid + f_len(2, f_str(2, "Alice") + f_str(1, "alice"))
                     + f_varint(3, 1732147200123) + f_len(4, f_str(2, "general") + f_varint(1, 2))
                     + f_len(16, f_str(1, "hi"))))

    item_a = ctx.enc({"key": "a", "value": "1"}, "rtmwire.v1.MetadataItem")
    item_b = ctx.enc({"key": "b", "value": "2"}, "rtmwire.v1.MetadataItem")
    add(NonCanonical("wire-order-repeated-around-scalar", "A Metadata set whose two items "
                     "(field 1) come before and after major_revision (field 2): the items keep "
                     "their order, the scalar moves after them.",
                     f_len(1, item_a) + f_varint(2, 7) + f_len(1, item_b), type=METADATA))

    # ---- unknown fields: wire types, order, non-minimal encodings inside them ---------------
    def unknown_between(name, unknown: bytes, description: str, topic=()):
        f = fields(name)
        add(NonCanonical(name, description, f["messageId"] + f["sender"] + unknown
                         + f["sendTimeMs"] + f["conversation"] + f["text"], topic=topic))

    unknown_between("wire-unknown-varint", f_varint(100, 150),
                    "An unknown varint field (100 = 150) between the sender and the send time: "
                    "kept, byte for byte, after the known fields.")
    unknown_between("wire-unknown-fixed64", f_fixed64(100, 0x0102030405060708),
                    "An unknown fixed64 field (100) between the sender and the send time: kept "
                    "after the known fields.")
    unknown_between("wire-unknown-length-delimited", f_len(100, b"\x00opaque\xff"),
                    "An unknown length-delimited field (100, 8 bytes that are not UTF-8) between "
                    "the sender and the send time: kept after the known fields.")
    unknown_between("wire-unknown-fixed32", f_fixed32(100, 0xDEADBEEF),
                    "An unknown fixed32 field (100) between the sender and the send time: kept "
                    "after the known fields.")
    unknown_between("wire-unknown-group", f_group(100, f_varint(1, 7) + f_str(2, "in")),
                    "An unknown group (field 100: a3 06 ... a4 06) holding a varint and a string, "
                    "between the sender and the send time: kept after the known fields.",
                    topic="groups")
    unknown_between("wire-unknown-numbers-descending",
                    f_varint(105, 1) + f_varint(103, 2) + f_varint(101, 3),
                    "Unknown varint fields 105, 103, 101, in that order: re-emitted in input "
                    "order, not sorted by number.", topic="unknown-order")
    unknown_between("wire-unknown-one-number-mixed-types",
                    f_varint(100, 1) + f_len(100, b"a") + f_varint(101, 2) + f_varint(100, 3)
                    + f_fixed32(100, 4),
                    "Field 100 as a varint, a length-delimited field, again a varint and a "
                    "fixed32, with field 101 in between: re-emitted in input order, not grouped "
                    "by number or by wire type.", topic="unknown-order")
    unknown_between("wire-unknown-every-tag-length",
                    f_varint(63, 1) + f_varint(2048, 2) + f_varint(1 << 18, 3) + f_varint(1 << 25, 4),
                    "Unknown varint fields whose tags take 2, 3, 4 and 5 bytes (fields 63, 2048 = "
                    "2^11, 2^18 and 2^25): kept after the known fields.")
    unknown_between("wire-unknown-overlong-value", f_varint(100, 1, width=3),
                    "An unknown varint field whose value 1 is written in 3 bytes (81 80 00): "
                    "kept byte for byte, so a relay forwards exactly what it received.",
                    topic="unknown-normalized")
    unknown_between("wire-unknown-overlong-value-10-bytes", f_varint(100, 1, width=10),
                    "An unknown varint field whose value 1 is written in 10 bytes (81 80 80 80 80 "
                    "80 80 80 80 00): kept byte for byte.",
                    topic=("unknown-normalized", "java-ten-byte-varint"))
    unknown_between("wire-unknown-padded-tag", f_varint(100, 1, tag_width=5),
                    "An unknown varint field whose tag (a0 06) is padded to 5 bytes (a0 86 80 80 "
                    "00): kept byte for byte.", topic="unknown-normalized")
    unknown_between("wire-unknown-padded-length", f_len(100, b"ab", len_width=5),
                    "An unknown length-delimited field whose length 2 is padded to 5 bytes (82 80 "
                    "80 80 00): kept byte for byte.", topic="unknown-normalized")
    unknown_between("wire-unknown-tenth-byte-overflow", tag(100, VARINT) + b"\xff" * 9 + b"\x7f",
                    "An unknown varint field whose 10th byte is 7f (bits above bit 63 set): a "
                    "valid varint (its value is the low 64 bits), kept byte for byte.",
                    topic=("unknown-normalized", "tenth-byte"))
    unknown_between("wire-unknown-group-overlong-inside",
                    f_group(100, f_varint(1, 5, width=4) + f_len(2, b"x", len_width=3)),
                    "An unknown group holding a varint padded to 4 bytes and a string whose length "
                    "is padded to 3 bytes: kept byte for byte.",
                    topic=("groups", "unknown-normalized"))

    name = "wire-unknown-in-split-submessage"
    f = fields(name)
    add(NonCanonical(name, "The sender in two pieces (user_id, then display_name), each with an "
                     "unknown field (100, then 101): the pieces merge and both unknown fields "
                     "are kept, in input order, after the sender's known fields.",
                     f["messageId"] + f_len(2, f_str(1, "alice") + f_varint(100, 1))
                     + f["sendTimeMs"] + f_len(2, f_str(2, "Alice") + f_varint(101, 2))
                     + f["conversation"] + f["text"], topic=("split-unknown", "split-replaced")))

    # ---- varints: values of every length, padded values, the 10th byte --------------------
    for length in range(1, 10):
        value = 1 << (7 * (length - 1))
        name = "wire-value-%d-byte%s" % (length, "s" if length > 1 else "")
        add(Valid(name, "send_time_ms = %d, whose minimal varint takes exactly %d byte%s."
                  % (value, length, "s" if length > 1 else ""),
                  envelope(name, "text", {"text": "t"}, send_time=str(value))))
    # Only a negative int64 takes 10 bytes, and a negative time is a semantic error: the vector
    # is a semantic reject, whose bytes every runtime still reads and writes back as for a
    # valid vector.
    name = "wire-value-10-bytes"
    add(Reject(name, "send_time_ms = -2, whose minimal varint takes exactly 10 bytes (a negative "
               "int64 always takes 10, the last one 01). Wire-valid; refused by semantic "
               "validation, as every negative time.", "invalidValue", "semantic",
               json=envelope(name, "text", {"text": "t"}, send_time="-2")))
    for width in range(2, 11):
        name = "wire-value-padded-%d-bytes" % width
        value = 1 if width < 10 else 5
        f = fields(name, send_time=str(value))
        add(NonCanonical(name, "send_time_ms = %d written as a %d-byte varint (%s): read as %d, "
                         "re-encoded in one byte." % (value, width, varint(value, width).hex(" "),
                                                      value),
                         f["messageId"] + f["sender"] + tag(3, VARINT) + varint(value, width)
                         + f["conversation"] + f["text"],
                         topic="java-ten-byte-varint" if width == 10 else ()))
    name = "wire-value-tenth-byte-02"
    f = fields(name, send_time="9223372036854775807")
    add(NonCanonical(name, "send_time_ms as ff ff ff ff ff ff ff ff ff 02: bits 0-62 set, bit 63 "
                     "clear, and bit 64 set in the 10th byte. Bits past 63 are dropped: the value "
                     "is INT64_MAX (9 bytes when re-encoded).",
                     f["messageId"] + f["sender"] + tag(3, VARINT) + b"\xff" * 9 + b"\x02"
                     + f["conversation"] + f["text"], topic=("tenth-byte", "java-ten-byte-varint")))
    name = "wire-bool-bit-64-only"
    f = fields(name)
    add(NonCanonical(name, "delivery_options.read_receipt as 80 80 80 80 80 80 80 80 80 02: only "
                     "bit 64 is set, and it is dropped, so the bool is false (the delivery "
                     "options stay present and empty).",
                     header(f)
                     + f_len(5, tag(2, VARINT) + b"\x80" * 9 + b"\x02") + f["text"],
                     topic=("tenth-byte", "bool-high-bits")))

    # ---- tags and lengths of every length --------------------------------------------------
    for width in range(2, 11):
        name = "wire-tag-padded-%d-bytes" % width
        f = fields(name)
        add(NonCanonical(name, "message_id's tag 0a written in %d bytes (%s)%s." % (
            width, tag(1, LEN, width).hex(" "),
            "" if width <= 5 else ": more than the 5 bytes a 32-bit tag needs, still a valid "
            "varint whose value is 10 (field 1, length-delimited)"),
            tag(1, LEN, width) + f["messageId"][1:] + b"".join(list(f.values())[1:]),
            canonical=canonical(name) if width > 5 else None,
            topic=("long-tag-or-length", "padded-tag") if width > 5 else "padded-tag"))
    for width in range(2, 11):
        name = "wire-length-padded-%d-bytes" % width
        f = fields(name)
        mid = field_body(f["messageId"])
        add(NonCanonical(name, "message_id's length 36 written in %d bytes (%s)." % (
            width, varint(36, width).hex(" ")),
            tag(1, LEN) + varint(36, width) + mid + b"".join(list(f.values())[1:]),
            canonical=canonical(name) if width > 5 else None,
            topic="long-tag-or-length" if width > 5 else ()))
    name = "wire-length-submessage-padded-10-bytes"
    f = fields(name)
    sender = field_body(f["sender"])
    add(NonCanonical(name, "The sender's length written in 10 bytes.",
                     f["messageId"] + tag(2, LEN) + varint(len(sender), 10) + sender
                     + b"".join(list(f.values())[2:]), canonical=canonical(name),
                     topic="long-tag-or-length"))
    add(NonCanonical("wire-length-packed-run-padded-10-bytes", "A bare DeliveryReceipt whose "
                     "packed delivered_at_ms run (two times) has its length written in 10 bytes.",
                     f_str(1, "m1") + f_str(1, "m2") + tag(2, LEN) + varint(2, 10) + b"\x01\x02",
                     type=DELIVERY, canonical=f_str(1, "m1") + f_str(1, "m2") + f_len(2, b"\x01\x02"),
                     topic="long-tag-or-length"))
    name = "wire-tag-tenth-byte-overflow"
    f = fields(name)
    add(NonCanonical(name, "message_id's tag as 8a 80 80 80 80 80 80 80 80 02: the low 64 bits "
                     "are 10 (field 1, length-delimited); bit 64 is dropped like in any varint.",
                     b"\x8a" + b"\x80" * 8 + b"\x02" + f["messageId"][1:]
                     + b"".join(list(f.values())[1:]), canonical=canonical(name),
                     topic=("long-tag-or-length", "tenth-byte", "padded-tag")))
    name = "wire-length-tenth-byte-overflow"
    f = fields(name)
    add(NonCanonical(name, "message_id's length as a4 80 80 80 80 80 80 80 80 02: the low 64 bits "
                     "are 36; bit 64 is dropped.",
                     tag(1, LEN) + b"\xa4" + b"\x80" * 8 + b"\x02" + field_body(f["messageId"])
                     + b"".join(list(f.values())[1:]), canonical=canonical(name),
                     topic=("long-tag-or-length", "tenth-byte")))
    add(Reject("wire-tag-above-32-bits", "A bare TextMessage whose first tag is 8a 80 80 80 10 = "
               "2^32 + 10: field number 2^29 + 1, above the maximum. Its low 32 bits read as 0a "
               "(field 1, the text), which is what a parser that keeps only 32 bits of a tag sees.",
               "invalidFieldNumber", "wire", hex=varint((1 << 32) | 0x0A) + b"\x02hi", type=TEXT,
               topic="tag-low-32-bits"))

    add(Reject("wire-tag-above-32-bits-top-bits-set", "A bare TextMessage whose first tag is 8a "
               "80 80 80 7f 00, six bytes: its value needs 39 bits, a field number above the "
               "maximum; its low 32 bits name a valid unknown field, length-delimited and empty "
               "(found by rtmwire conformance fuzz).", "invalidFieldNumber", "wire",
               hex=b"\x8a\x80\x80\x80\x7f\x00" + b"\x0a\x02hi", type=TEXT,
               topic=("tag-low-32-bits", "tag-above-32-bits-unknown")))

    # ---- huge lengths ------------------------------------------------------------------------
    def huge(name, length: int, description: str, topic=()):
        f = fields(name)
        body = field_body(f["messageId"])
        add(Reject(name, description, "lengthPastEnd", "wire",
                   hex=tag(1, LEN) + varint(length) + body[:2], topic=topic))

    huge("wire-length-2-pow-31-minus-1", (1 << 31) - 1, "message_id declares 2^31 - 1 bytes "
         "(ff ff ff ff 07), the largest length a signed 32-bit reader can hold, and 2 follow.")
    huge("wire-length-2-pow-31", 1 << 31, "message_id declares 2^31 bytes (80 80 80 80 08): "
         "negative for a reader that keeps a length in a signed 32-bit integer.")
    huge("wire-length-2-pow-32-plus-2", (1 << 32) + 2, "message_id declares 2^32 + 2 bytes (82 80 "
         "80 80 10) and 2 follow: a reader that keeps the low 32 bits of a length reads a "
         "2-byte id.", topic="length-low-32-bits")
    huge("wire-length-2-pow-64-minus-1", (1 << 64) - 1, "message_id declares 2^64 - 1 bytes (ff "
         "ff ff ff ff ff ff ff ff 01).", topic="length-low-32-bits")
    add(Reject("wire-length-2-pow-32-minus-1-oneof-string", "A MetadataTarget whose user_id, a "
               "string in a oneof, declares 2^32 - 1 bytes (ff ff ff ff 0f) and none follow: -1 "
               "for a reader that keeps a length in a signed 32-bit integer (found by rtmwire "
               "conformance fuzz).", "lengthPastEnd", "wire",
               hex=tag(2, LEN) + varint((1 << 32) - 1), type=TARGET,
               topic="oneof-string-length-minus-one"))
    name = "wire-length-2-pow-32-submessage"
    f = fields(name)
    sender = field_body(f["sender"])
    add(Reject(name, "The sender declares 2^32 + %d bytes and its %d bytes follow, then the rest "
               "of the envelope: the low 32 bits of the length are exactly the sender's."
               % (len(sender), len(sender)), "lengthPastEnd", "wire",
               hex=f["messageId"] + tag(2, LEN) + varint((1 << 32) + len(sender)) + sender
               + b"".join(list(f.values())[2:]), topic="length-low-32-bits"))
    name = "wire-length-2-pow-32-unknown-field"
    add(Reject(name, "An unknown length-delimited field (100) declares 2^32 + 1 bytes and 1 "
               "follows, after a complete envelope.", "lengthPastEnd", "wire",
               hex=canonical(name) + tag(100, LEN) + varint((1 << 32) + 1) + b"x",
               topic="length-low-32-bits"))
    add(Reject("wire-length-2-pow-32-packed-run", "A bare DeliveryReceipt whose packed "
               "delivered_at_ms run declares 2^32 + 2 bytes and two 1-byte times follow.",
               "lengthPastEnd", "wire",
               hex=f_str(1, "m1") + f_str(1, "m2") + tag(2, LEN) + varint((1 << 32) + 2) + b"\x01\x02",
               type=DELIVERY, topic="length-low-32-bits"))

    # ---- varints of 11 bytes, in every position ------------------------------------------------
    eleven = b"\x81" + b"\x80" * 9 + b"\x00"
    add(Reject("wire-varint-11-bytes-value", "A bare DeliveryReceipt with one unpacked time "
               "written as 81 80 80 80 80 80 80 80 80 80 00: eleven bytes, the tenth still with "
               "the continuation bit.", "varintTooLong", "wire", hex=tag(2, VARINT) + eleven,
               type=DELIVERY, topic="eleven-bytes"))
    add(Reject("wire-varint-11-bytes-unknown-value", "A bare TextMessage with an unknown varint "
               "field (100) whose value takes eleven bytes.", "varintTooLong", "wire",
               hex=f_str(1, "hi") + tag(100, VARINT) + eleven, type=TEXT, topic="eleven-bytes"))
    add(Reject("wire-varint-11-bytes-tag", "A bare TextMessage whose tag takes eleven bytes (8a "
               "80 80 80 80 80 80 80 80 80 00).", "varintTooLong", "wire",
               hex=b"\x8a" + b"\x80" * 9 + b"\x00" + b"\x02hi", type=TEXT,
               topic=("eleven-bytes", "tag-zero-ends")))
    add(Reject("wire-varint-11-bytes-length", "A bare TextMessage whose text length takes eleven "
               "bytes (82 80 80 80 80 80 80 80 80 80 00).", "varintTooLong", "wire",
               hex=tag(1, LEN) + b"\x82" + b"\x80" * 9 + b"\x00" + b"hi", type=TEXT,
               topic="eleven-bytes"))
    add(Reject("wire-varint-11-bytes-packed", "A bare DeliveryReceipt whose packed run holds one "
               "time written in eleven bytes.", "varintTooLong", "wire",
               hex=f_len(2, eleven), type=DELIVERY, topic="eleven-bytes"))

    # ---- packed and unpacked runs --------------------------------------------------------------
    ids = f_str(1, "m1") + f_str(1, "m2")
    add(NonCanonical("wire-packed-empty-run", "A bare DeliveryReceipt with an empty packed run "
                     "(12 00) before a packed run of two times: the empty run adds nothing.",
                     ids + f_len(2, b"") + f_len(2, packed([1, 2])), type=DELIVERY))
    add(NonCanonical("wire-packed-only-empty-run", "A bare DeliveryReceipt whose only "
                     "delivered_at_ms run is empty (12 00): no times, and nothing is re-encoded "
                     "for them.", ids + f_len(2, b""), type=DELIVERY))
    add(NonCanonical("wire-packed-overlong-values", "A packed run of two times (1 and 2), each "
                     "padded to 3 bytes: re-encoded as one byte each.",
                     ids + f_len(2, packed([1, 2], width=3)), type=DELIVERY))
    add(NonCanonical("wire-packed-ten-byte-value", "A packed run holding the time 1 padded to 10 "
                     "bytes, then 2.", ids + f_len(2, varint(1, 10) + varint(2)), type=DELIVERY,
                     topic="java-ten-byte-varint"))
    add(NonCanonical("wire-packed-tenth-byte-overflow", "A packed run holding -1 written as ff ff "
                     "ff ff ff ff ff ff ff 7f (bits above 63 dropped), then 2.",
                     ids + f_len(2, b"\xff" * 9 + b"\x7f" + varint(2)), type=DELIVERY,
                     topic="tenth-byte"))
    name = "wire-packed-singular-field"
    f = fields(name)
    add(NonCanonical(name, "send_time_ms (a singular int64) as a one-value packed run (1a 01 05): "
                     "only repeated scalars may be packed, so it is a field with the wrong wire "
                     "type, kept as an unknown field; send_time_ms keeps its value.",
                     f["messageId"] + f["sender"] + f["sendTimeMs"] + f_len(3, b"\x05")
                     + f["conversation"] + f["text"], topic="wrong-wire-type"))

    # ---- split and repeated sub-messages ------------------------------------------------------
    name = "wire-split-later-zero-overrides"
    f = fields(name)
    add(NonCanonical(name, "delivery_options in two pieces: read_receipt = 1, then read_receipt "
                     "= 0 written explicitly. Merging reads fields in order, so the later 0 wins: "
                     "the options stay present, all false (2a 00).",
                     header(f)
                     + f_len(5, f_varint(2, 1)) + f_len(5, f_varint(2, 0)) + f["text"]))
    name = "wire-split-scalars-in-both-pieces"
    f = fields(name)
    add(NonCanonical(name, "delivery_options in two pieces: delivery_receipt = true in the first, "
                     "read_receipt = true in the second. They merge field by field: both are "
                     "true.",
                     header(f)
                     + f_len(5, f_varint(1, 1)) + f_len(5, f_varint(2, 1)) + f["text"],
                     topic=("split-scalars", "split-replaced")))
    name = "wire-split-empty-twice"
    f = fields(name)
    add(NonCanonical(name, "delivery_options present twice, both empty (2a 00 2a 00): one "
                     "present, empty sub-message.",
                     header(f)
                     + f_len(5, b"") + f_len(5, b"") + f["text"]))
    add(NonCanonical("wire-split-empty-twice-with-oneof", "A bare MetadataResponse whose target "
                     "(a MetadataTarget: one oneof, no member set) is given twice, empty both "
                     "times (1a 00 1a 00): one present, empty target.",
                     f_len(3, b"") + f_len(3, b""), type="rtmwire.v1.MetadataResponse",
                     topic="empty-twice"))
    name = "wire-split-three-pieces"
    f = fields(name)
    add(NonCanonical(name, "The conversation in three pieces (type 3, id \"general\", type 2), "
                     "with other fields in between: merged, the last type wins.",
                     f["messageId"] + f_len(4, f_varint(1, 3)) + f["sender"]
                     + f_len(4, f_str(2, "general")) + f["sendTimeMs"] + f_len(4, f_varint(1, 2))
                     + f["text"], topic="split-replaced"))
    add(Valid("wire-repeated-message-elements", "A Metadata set with two items, {key a} and "
              "{value 1}: each occurrence of a repeated message field is a new element, never "
              "merged with the one before.", {"items": [{"key": "a"}, {"value": "1"}]},
              type=METADATA))

    # ---- repeated oneof members -----------------------------------------------------------------
    name = "wire-oneof-a-b-a"
    f = fields(name)
    add(NonCanonical(name, "The body as text \"first\", then custom, then text \"hi\": setting "
                     "custom discards the first text, so the result is the last text alone.",
                     b"".join(list(f.values())[:-1]) + f_len(16, f_str(1, "first"))
                     + f_len(24, f_str(1, "com.example.ping")) + f["text"]))
    name = "wire-oneof-member-twice-second-empty"
    f = fields(name)
    add(NonCanonical(name, "The text body \"hi\", then the text body again, empty (82 01 00): "
                     "the occurrences merge, the text stays \"hi\".",
                     b"".join(f.values()) + f_len(16, b""), topic="oneof-twice"))
    add(NonCanonical("wire-oneof-string-member-twice", "A MetadataTarget whose user_id (a "
                     "string oneof member) occurs twice: the last one wins.",
                     f_str(2, "first-user") + f_str(2, "bob"), type=TARGET))
    return out

