"""Hand-made protobuf wire bytes for the non-canonical and reject vectors.

Everything here builds bytes; nothing parses. The canonical bytes of a vector always come from
Google's protobuf, never from these helpers: they exist to write what no conforming encoder emits
(overlong varints, unknown fields, groups, truncations, wrong wire types).
"""

from rtmwire_tools.varint import tag, varint  # noqa: F401  (shared; the case modules import them here)

VARINT, FIXED64, LEN, START_GROUP, END_GROUP, FIXED32 = 0, 1, 2, 3, 4, 5

MAX_FIELD_NUMBER = (1 << 29) - 1


def f_varint(field: int, value: int, width: int = 0, tag_width: int = 0) -> bytes:
    return tag(field, VARINT, tag_width) + varint(value, width)


def f_len(field: int, payload: bytes, len_width: int = 0, tag_width: int = 0) -> bytes:
    return tag(field, LEN, tag_width) + varint(len(payload), len_width) + payload


def f_str(field: int, text: str) -> bytes:
    return f_len(field, text.encode("utf-8"))


def f_fixed32(field: int, value: int) -> bytes:
    return tag(field, FIXED32) + (value & 0xFFFFFFFF).to_bytes(4, "little")


def f_fixed64(field: int, value: int) -> bytes:
    return tag(field, FIXED64) + (value & 0xFFFFFFFFFFFFFFFF).to_bytes(8, "little")


def f_group(field: int, content: bytes, end_field: int = -1) -> bytes:
    """A group: start tag, content, end tag (of `end_field` when given, to mismatch it)."""
    return tag(field, START_GROUP) + content + tag(field if end_field < 0 else end_field, END_GROUP)


def nested_groups(field: int, depth: int, innermost: bytes) -> bytes:
    """`depth` groups of `field` nested inside each other, `innermost` inside the deepest."""
    body = innermost
    for _ in range(depth):
        body = f_group(field, body)
    return body


def packed(values, width: int = 0) -> bytes:
    return b"".join(varint(v, width) for v in values)
