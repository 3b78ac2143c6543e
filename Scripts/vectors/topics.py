"""Every known difference between a runtime and the vectors, explained once.

A case names its topics (model.py); generate.py fails when a runtime departs from a vector and no
topic of that vector explains what that runtime does, and when an explanation here is not borne
out by any vector (so this file can never claim a difference that no longer exists). readme.py
turns the topics into the differences table of Vectors/README.md and of the DocC article
RuntimeDifferences (with SILENT below, each runtime's silent divergences first) and the summary
in README.md, and each line of Conformance/ExpectedFailures/<runtime>.txt names its topic.
"""

from dataclasses import dataclass, field
from typing import Dict


@dataclass(frozen=True)
class Topic:
    title: str  # the input, as a reader would name it
    vectors: str  # what the vectors (and so RTMWire) do with it
    runtimes: Dict[str, str] = field(default_factory=dict)  # runtime -> what it does instead


TOPICS = {
    "utf8": Topic(
        "invalid UTF-8 in a string field", "rejected (`invalidUTF8`)",
        {"protobuf-c": "accepts, copies the bytes", "go-gogo": "accepts, copies the bytes",
         "nanopb": "accepts, copies the bytes"}),
    "nul": Topic(
        "U+0000 inside a string", "kept (checked encode/decode refuse it: `invalidValue`)",
        {"protobuf-c": "cuts the string at the NUL when it re-packs it",
         "nanopb": "cuts the string at the NUL when it re-encodes it"}),
    "groups": Topic(
        "groups (wire types 3 and 4)", "skipped and kept as unknown fields, within `maxDepth`",
        {"protobuf-c": "rejects the message on any group, even an unknown one",
         "php": "rejects the message on any group, even an unknown one",
         "nanopb": "rejects the message on any group, even an unknown one",
         "rust-prost": "rejects a known field given as a group (skips unknown groups)",
         "rust-protobuf": "drops an unknown group; rejects a group inside a group and a known "
                          "field given as a group",
         "go-gogo": "rejects a known field given as a group (keeps unknown groups)"}),
    "depth": Topic(
        "nesting deeper than 32", "rejected (`depthLimitExceeded`: RTMWire's `maxDepth`)",
        {"python": "accepts (its limit is 100)", "cpp": "accepts (its limit is 100)",
         "java": "accepts (its limit is 100)", "java-lite": "accepts (its limit is 100)",
         "go": "accepts (its limit is 10,000)", "python-pure": "accepts (its limit is 100: 99 nested groups)",
         "ruby": "accepts (its limit is 64)",
         "go-gogo": "accepts (no limit: a million nested unknown groups pass)",
         "go-apiv1": "accepts (no limit: a million nested unknown groups pass)",
         "rust-prost": "accepts (its limit is 100)",
         "swift-protobuf": "accepts (its limit is 100: 99 nested groups)"}),
    "wrong-wire-type": Topic(
        "known field with the wrong wire type", "kept as an unknown field; the field keeps its value",
        {"protobuf-c": "rejects the message", "go-gogo": "rejects the message",
         "nanopb": "rejects the message", "rust-prost": "rejects the message",
         "rust-protobuf": "rejects the message"}),
    "bool-wrong-wire-type": Topic(
        "bool field with a non-varint wire type", "kept as an unknown field",
        {"protobuf-c": "does not check a bool's wire type: reads the payload's bytes as the bool",
         "go-gogo": "rejects the message", "nanopb": "rejects the message",
         "rust-prost": "rejects the message", "rust-protobuf": "rejects the message"}),
    "oneof-twice": Topic(
        "a oneof member that occurs twice", "merged, like any sub-message",
        {"protobuf-c": "keeps only the last occurrence", "php": "keeps only the last occurrence",
         "go-gogo": "keeps only the last occurrence", "go-apiv1": "keeps only the last occurrence",
         "rust-protobuf": "keeps only the last occurrence"}),
    "field-number-above-max": Topic(
        "field number 2^29 (one above the maximum)", "rejected (`invalidFieldNumber`)",
        {"protobuf-c": "reads the 5-byte tag into 32 bits and keeps an unknown field",
         "python-pure": "accepts it as an unknown field",
         "php": "keeps the tag's low 32 bits (0) and stops reading there, as at the end: accepts "
                "the message without that field",
         "go-gogo": "accepts it as an unknown field", "go-apiv1": "accepts it as an unknown field"}),
    "group-end-mismatch": Topic(
        "an unknown group closed by another field number", "rejected (`mismatchedGroupEnd`)",
        {"go-gogo": "accepts it and keeps the group's bytes as they came",
         "go-apiv1": "accepts it and keeps the group's bytes as they came",
         "rust-protobuf": "accepts it and drops the group"}),
    "packed-overrun": Topic(
        "a packed run whose declared length cuts its last value", "rejected (`trailingBytes`)",
        {"go-gogo": "reads the cut value on past the run's end (01 ff ff | 01 as 1 and 32767) and "
                    "goes on after it"}),
}
TOPICS.update({
    "unknown-order": Topic(
        "the order of unknown fields", "kept: re-emitted in input order",
        {"java": "re-emits them sorted by field number, each number's fields grouped by wire type"}),
    "unknown-normalized": Topic(
        "non-minimal varints, tags and lengths inside unknown fields", "kept byte for byte",
        {"protobuf-c": "re-writes an unknown field's tag minimally",
         "go": "re-writes an unknown field's tag minimally",
         "cpp": "re-writes an unknown field's tag, length and varint value minimally",
         "java": "re-writes an unknown field's tag, length and varint value minimally",
         "java-lite": "re-writes an unknown field's tag, length and varint value minimally",
         "php": "re-writes an unknown field's tag minimally",
         "go-apiv1": "re-writes an unknown field's tag minimally"}),
    "java-ten-byte-varint": Topic(
        "a 64-bit varint of 10 bytes whose 10th byte is even (00, 02, ...)",
        "read as the low 64 bits of its value",
        {"java": "sets bit 63: 1 written in 10 bytes reads as -9223372036854775807"}),
    "tenth-byte": Topic(
        "a varint whose 10th byte is above 01 (bits past bit 63)", "accepted; those bits are dropped",
        {"go": "rejects it", "go-apiv1": "rejects it", "nanopb": "rejects it",
         "rust-prost": "rejects it"}),
    "bool-high-bits": Topic(
        "a bool whose only set bit is past bit 63", "false (the bits past 63 are dropped)",
        {"protobuf-c": "reads true", "java": "reads true (it sets bit 63 of the 10-byte varint)"}),
    "long-tag-or-length": Topic(
        "a tag or length prefix of 6 to 10 bytes (a valid varint)", "accepted",
        {"python": "rejects it", "protobuf-c": "rejects it", "cpp": "rejects it",
         "ruby": "rejects such a tag (accepts such a length)",
         "swift-protobuf": "rejects such a tag (accepts such a length)"}),
    "tag-low-32-bits": Topic(
        "a tag whose value needs more than 32 bits", "rejected (`invalidFieldNumber`)",
        {"protobuf-c": "accepts it as an unknown field",
         "python-pure": "accepts it as an unknown field",
         "php": "keeps the low 32 bits: reads 2^32 + 10 as field 1",
         "rust-protobuf": "keeps the low 32 bits: reads 2^32 + 10 as field 1",
         "go-gogo": "accepts it as an unknown field", "go-apiv1": "accepts it as an unknown field",
         "cpp": "keeps the low 32 bits: reads 2^32 + 10 as field 1",
         "java": "keeps the low 32 bits: reads 2^32 + 10 as field 1",
         "java-lite": "keeps the low 32 bits: reads 2^32 + 10 as field 1"}),
    "length-low-32-bits": Topic(
        "a length prefix of 2^32 or more", "rejected (`lengthPastEnd`)",
        {"java": "keeps the low 32 bits: reads 2^32 + 2 as 2, 2^63 as 0",
         "java-lite": "keeps the low 32 bits: reads 2^32 + 2 as 2, 2^63 as 0",
         "php": "keeps the low 32 bits in an unknown field or a packed run (rejects it before a "
                "string or sub-message)",
         "rust-protobuf": "keeps the low 32 bits: reads 2^32 + 2 as 2, 2^63 as 0"}),
    "eleven-bytes": Topic(
        "a varint of 11 bytes", "rejected (`varintTooLong`)",
        {"java-lite": "accepts it as a value, tag, length or packed value",
         "nanopb": "accepts it as the value of an unknown field (skipped unchecked)"}),
    "split-scalars": Topic(
        "numbers, enums and bools in a sub-message given in pieces", "merged field by field",
        {"protobuf-c": "keeps only those of the last piece (strings and sub-messages merge)"}),
    "split-unknown": Topic(
        "unknown fields in a sub-message given in pieces", "kept from every piece, in input order",
        {"protobuf-c": "loses those of the earlier pieces"}),
    "empty-twice": Topic(
        "an empty sub-message with a oneof, given twice", "one present, empty sub-message",
        {"protobuf-c": "rejects the message"}),
    "split-replaced": Topic(
        "a singular sub-message given in pieces", "merged, like any sub-message",
        {"php": "keeps only the last piece: the earlier ones' fields, unknown fields included, "
                "are lost",
         "rust-protobuf": "keeps only the last piece: the earlier ones' fields are lost"}),
    "bool-above-32-bits": Topic(
        "a bool written as a varint above 32 bits", "true",
        {"nanopb": "rejects the message (varint overflow)",
         "rust-protobuf": "reads false (it keeps the low 32 bits, all 0)"}),
    "tag-above-32-bits-unknown": Topic(
        "a tag above 32 bits whose low 32 bits name a valid (unknown) field",
        "rejected (`invalidFieldNumber`)",
        {"nanopb": "accepts it as that unknown field, and drops it"}),
    "wrong-wire-type-message": Topic(
        "a message field (a oneof member) given as a varint", "kept as an unknown field",
        {"go-apiv1": "rejects the message"}),
    "empty-bytes-written": Topic(
        "an empty bytes field written explicitly (12 00)", "the default: left out of the bytes "
        "and the JSON",
        {"nanopb": "writes it back (12 00)",
         "go-gogo": "writes it in JSON (`\"payload\": \"\"`)",
         "go-apiv1": "writes it in JSON (`\"payload\": \"\"`)"}),
    "enum-above-32-bits": Topic(
        "an enum varint above 32 bits, or a negative one written in 5 bytes",
        "its low 32 bits, sign-extended: re-encoded in 10 bytes",
        {"nanopb": "refuses a value above 32 bits (`integer too large`); writes -1 back in 5 "
                   "bytes"}),
    "enum-negative": Topic(
        "a negative enum value (open enum), sign-extended in 10 bytes as proto3 writes it",
        "kept as the negative number; re-encoded the same",
        {"nanopb": "refuses it (`integer too large`): it reads an enum as at most 32 bits"}),
    "padded-tag-hides": Topic(
        "invalid content (bad UTF-8, a malformed sub-message) in a field whose tag is padded",
        "rejected like the same content under a minimal tag",
        {"python-pure": "does not recognise the field, so keeps its bytes as an unknown field "
                        "unchecked: accepts"}),
    "tag-zero-padded": Topic(
        "a tag of value 0 written with padding (80 00)", "rejected (`invalidFieldNumber`)",
        {"protobuf-c": "accepts it as an unknown field numbered 0 and writes it back as 00"}),
    "oneof-member-again": Topic(
        "a oneof member given again after another member", "only the member's last run counts: "
        "its value from before the other member is gone",
        {"java": "merges the new run into the member's value from before, which reappears"}),
    "oneof-string-length-minus-one": Topic(
        "a string in a oneof whose length prefix is 2^32 - 1 (-1 in a signed 32-bit integer)",
        "rejected (`lengthPastEnd`)",
        {"java-lite": "throws AssertionError from its UTF-8 check, an Error that a caller "
                      "catching InvalidProtocolBufferException does not catch: the app crashes"}),
    "tag-zero-ends": Topic(
        "a tag of value 0, or one it cannot read (cut short, 11 bytes)",
        "rejected (`invalidFieldNumber`, `truncated`, `varintTooLong`)",
        {"php": "takes it for the end of the message: accepts what came before and drops the rest"}),
    "unknown-tag-sign-extended": Topic(
        "an unknown field numbered 2^28 or above", "kept byte for byte",
        {"php": "re-writes its tag (2^31 or more) sign-extended, as a 10-byte varint that names "
                "no valid field: Google's runtimes and RTMWire then reject the message"}),
    "unknown-fields": Topic(
        "unknown fields (any wire type, any depth)", "kept and re-emitted byte for byte, in input order",
        {"nanopb": "drops them: an envelope of a newer body kind re-encodes without a body",
         "rust-prost": "drops them: an envelope of a newer body kind re-encodes without a body",
         "rust-protobuf": "re-emits them by field number in the order of its hash table (neither "
                          "input nor number order), tags minimal; drops unknown groups"}),
    "packed": Topic(
        "repeated scalars (proto3: packed)", "written as one packed run",
        {"rust-protobuf": "writes them unpacked, one tag per value (every runtime reads that; "
                          "the bytes differ)"}),
    "enum-unknown": Topic(
        "an enum number the schema does not define", "kept as the number (open enums)",
        {"rust-protobuf": "reads the field as 0 (UNSPECIFIED) and keeps the number as an unknown "
                          "field, re-written after the known fields"}),
    "packed-past-end": Topic(
        "a packed run whose length points past the end", "rejected (`lengthPastEnd`)",
        {"rust-protobuf": "reads the values that are there and accepts the message"}),
    "explicit-empty": Topic(
        "an empty string given explicitly on the wire", "read as unset, omitted on re-encode",
        {"nanopb": "keeps it present (an allocated empty string) and re-writes it (12 00)"}),
    "uint32-as-64-bit": Topic(
        "a `uint32` written as a varint above 2^32", "its low 32 bits are kept",
        {"nanopb": "rejects the message (integer too large)"}),
    "padded-tag": Topic(
        "a known field's tag written in more bytes than it needs", "read as that field",
        {"python-pure": "does not recognise the field (it matches tags by their bytes): keeps it "
                        "as an unknown field, byte for byte, and the field stays unset"}),
    "oneof-last": Topic(
        "a field numbered after a set oneof member (an envelope's `reply_to`, 64, or `app_data`, "
        "65, after its body)",
        "written in field-number order: the body, then the later field",
        {"go": "reads it the same, but writes every set oneof member after the other fields: "
               "the later field before the body",
         "go-apiv1": "reads it the same, but writes every set oneof member after the other "
                     "fields: the later field before the body",
         "rust-protobuf": "reads it the same, but writes every set oneof member after the other "
                          "fields: the later field before the body"}),
})

# The silent divergences: (topic, runtime) pairs where the runtime accepts the input without an
# error and reads a value otherwise than the vectors, or loses data an app or a relay cannot
# miss (unknown fields, a string's tail). An app on that runtime cannot tell. Everything else
# a runtime does differently is loud (it refuses the input, or accepts must-reject input as an
# unknown field and reads every known value the same) or in its writing only (other bytes for
# the same message). Generation checks the claim both ways: each pair names a runtime of the
# topic that accepted one of its vectors, and a runtime whose JSON printed other values for a
# vector it had to accept is explained there by a silent pair.
SILENT = {
    "utf8": ("protobuf-c", "go-gogo", "nanopb"),  # a "string" of invalid bytes reaches the app
    "nul": ("protobuf-c", "nanopb"),
    "bool-wrong-wire-type": ("protobuf-c",),
    "oneof-twice": ("protobuf-c", "php", "go-gogo", "go-apiv1", "rust-protobuf"),
    "field-number-above-max": ("php",),  # drops the rest of the message
    "packed-overrun": ("go-gogo",),
    "java-ten-byte-varint": ("java",),
    "bool-high-bits": ("protobuf-c", "java"),
    "tag-low-32-bits": ("cpp", "java", "java-lite", "php", "rust-protobuf"),
    "length-low-32-bits": ("java", "java-lite", "php", "rust-protobuf"),
    "eleven-bytes": ("java-lite",),
    "split-scalars": ("protobuf-c",),
    "split-unknown": ("protobuf-c",),
    "split-replaced": ("php", "rust-protobuf"),
    "tag-zero-ends": ("php",),
    "unknown-fields": ("nanopb", "rust-prost", "rust-protobuf"),  # rust-protobuf: unknown groups
    "enum-unknown": ("rust-protobuf",),
    "packed-past-end": ("rust-protobuf",),
    "padded-tag": ("python-pure",),
    "oneof-member-again": ("java",),
    "bool-above-32-bits": ("rust-protobuf",),
}

# Topics where a runtime's JSON differs from the vector's only by writing a default value that
# proto3 JSON leaves out: the same values, so not silent (generation accepts the JSON there).
JSON_WRITES_DEFAULTS = ("empty-bytes-written",)
