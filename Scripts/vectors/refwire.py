"""A reference wire checker: the wire-level rules of Vectors/README.md, written down as code.

It does not build messages (Google's protobuf does that); it walks the bytes with the schema and
reports the FIRST wire-level error in input order, with the error names of RTMWireError.Code.
generate.py runs it on every vector: valid and non-canonical vectors must pass, and each wire-level
reject vector must fail with exactly the error it names, so the names in Vectors/ follow one
consistent rule set rather than ad-hoc judgement.

Rules (Vectors/README.md repeats them for implementers):
- A value (tag, varint, fixed32, fixed64) that runs past the end of the input is `truncated` when
  the enclosing region is the whole input (the top-level message, or a group inside it), and
  `trailingBytes` when the region is a length-delimited sub-message or packed run whose declared
  length ends inside the value.
- A length prefix that points past the end of its region: `lengthPastEnd`.
- A varint whose 10th byte still has the continuation bit: `varintTooLong`.
- Field number 0 or above 2^29-1: `invalidFieldNumber`; wire type 6 or 7: `invalidWireType`.
- An end-group tag outside a group, or naming another field: `mismatchedGroupEnd`; a region
  that ends while a group is open: `unterminatedGroup`.
- Known string fields must hold valid UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing
  above U+10FFFF): `invalidUTF8`.
- Depth: the top-level message's fields are at depth 0; the contents of a sub-message or group
  are one deeper than the field that holds it; entering contents deeper than max_depth (32) is
  `depthLimitExceeded`.
- A known field with an unexpected wire type is an unknown field (as Google's parsers do); an
  unknown field's bytes are only checked for well-formedness.
"""

from google.protobuf.descriptor import FieldDescriptor as FD
from rtmwire_tools.limits import swift_limit_defaults

MAX_FIELD_NUMBER = (1 << 29) - 1
DEFAULT_MAX_DEPTH = swift_limit_defaults()["maxDepth"]

_VARINT_TYPES = {FD.TYPE_INT32, FD.TYPE_INT64, FD.TYPE_UINT32, FD.TYPE_UINT64, FD.TYPE_SINT32,
                 FD.TYPE_SINT64, FD.TYPE_BOOL, FD.TYPE_ENUM}
_FIXED64_TYPES = {FD.TYPE_FIXED64, FD.TYPE_SFIXED64, FD.TYPE_DOUBLE}
_FIXED32_TYPES = {FD.TYPE_FIXED32, FD.TYPE_SFIXED32, FD.TYPE_FLOAT}


class WireError(Exception):
    def __init__(self, code: str, offset: int):
        super().__init__("%s at byte %d" % (code, offset))
        self.code = code
        self.offset = offset


def _native_wire_type(field) -> int:
    if field.type in _VARINT_TYPES:
        return 0
    if field.type in _FIXED64_TYPES:
        return 1
    if field.type in _FIXED32_TYPES:
        return 5
    if field.type == FD.TYPE_GROUP:
        return 3
    return 2


def _is_repeated(field) -> bool:
    # `label` is deprecated in newer protobuf releases; prefer `is_repeated` when present.
    flag = getattr(field, "is_repeated", None)
    if flag is not None:
        return bool(flag)
    return field.label == FD.LABEL_REPEATED


class _Checker:
    def __init__(self, data: bytes, max_depth: int):
        self.data = data
        self.max_depth = max_depth

    def _short(self, bounded: bool, offset: int):
        raise WireError("trailingBytes" if bounded else "truncated", offset)

    def varint(self, pos: int, end: int, bounded: bool):
        start = pos
        value = 0
        for index in range(10):
            if pos >= end:
                self._short(bounded, start)
            byte = self.data[pos]
            pos += 1
            value |= (byte & 0x7F) << (7 * index)
            if not byte & 0x80:
                return value & 0xFFFFFFFFFFFFFFFF, pos
        raise WireError("varintTooLong", start)

    def fixed(self, pos: int, end: int, size: int, bounded: bool) -> int:
        if end - pos < size:
            self._short(bounded, pos)
        return pos + size

    def enter(self, depth: int, offset: int) -> int:
        if depth + 1 > self.max_depth:
            raise WireError("depthLimitExceeded", offset)
        return depth + 1

    def fields(self, desc, pos: int, end: int, depth: int, bounded: bool, group: int = 0) -> int:
        """Checks the fields in [pos, end); desc None = all unknown. group = open group's field."""
        while pos < end:
            tag_offset = pos
            key, pos = self.varint(pos, end, bounded)
            number, wire_type = key >> 3, key & 7
            if number == 0 or number > MAX_FIELD_NUMBER:
                raise WireError("invalidFieldNumber", tag_offset)
            if wire_type in (6, 7):
                raise WireError("invalidWireType", tag_offset)
            if wire_type == 4:
                if group == number:
                    return pos
                raise WireError("mismatchedGroupEnd", tag_offset)
            field = desc.fields_by_number.get(number) if desc is not None else None
            if field is not None:
                native = _native_wire_type(field)
                packable = _is_repeated(field) and native in (0, 1, 5)
                if not (wire_type == native or (packable and wire_type == 2)):
                    field = None  # wrong wire type: an unknown field
            if wire_type == 0:
                _, pos = self.varint(pos, end, bounded)
            elif wire_type == 1:
                pos = self.fixed(pos, end, 8, bounded)
            elif wire_type == 5:
                pos = self.fixed(pos, end, 4, bounded)
            elif wire_type == 3:
                inner = self.enter(depth, tag_offset)
                pos = self.fields(None, pos, end, inner, bounded, group=number)
            else:
                length_offset = pos
                length, pos = self.varint(pos, end, bounded)
                if length > end - pos:
                    raise WireError("lengthPastEnd", length_offset)
                stop = pos + length
                if field is not None:
                    self.payload(field, pos, stop, depth, tag_offset)
                pos = stop
        if group:
            raise WireError("unterminatedGroup", end)
        return pos

    def payload(self, field, pos: int, stop: int, depth: int, tag_offset: int):
        if field.type == FD.TYPE_MESSAGE:
            inner = self.enter(depth, tag_offset)
            self.fields(field.message_type, pos, stop, inner, True)
        elif field.type == FD.TYPE_STRING:
            try:
                self.data[pos:stop].decode("utf-8", errors="strict")
            except UnicodeDecodeError as error:
                raise WireError("invalidUTF8", pos + error.start) from None
        elif field.type != FD.TYPE_BYTES:  # a packed run of scalars
            native = _native_wire_type(field)
            while pos < stop:
                if native == 0:
                    _, pos = self.varint(pos, stop, True)
                else:
                    pos = self.fixed(pos, stop, 8 if native == 1 else 4, True)


def check(desc, data: bytes, max_depth: int = DEFAULT_MAX_DEPTH):
    """Returns None when `data` is wire-valid for message `desc`, else the first WireError."""
    try:
        _Checker(data, max_depth).fields(desc, 0, len(data), 0, False)
    except WireError as error:
        return error
    return None
