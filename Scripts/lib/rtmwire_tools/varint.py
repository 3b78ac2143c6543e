"""Protobuf varints and tags as bytes."""


def varint(value: int, width: int = 0) -> bytes:
    """The varint of `value` (negative numbers as their 64-bit two's complement).

    width > 0 pads the encoding with 0x80 continuation bytes to exactly `width` bytes (an
    overlong but valid varint when width <= 10); the value must fit.
    """
    if value < 0:
        value += 1 << 64
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            break
    if width:
        if len(out) > width:
            raise ValueError("value does not fit the requested width")
        while len(out) < width:
            out[-1] |= 0x80
            out.append(0x00)
    return bytes(out)


def tag(field: int, wire_type: int, width: int = 0) -> bytes:
    """A field tag; `field` is not range-checked so invalid numbers can be written."""
    return varint((field << 3) | wire_type, width)
