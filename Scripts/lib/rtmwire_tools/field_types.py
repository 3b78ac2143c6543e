"""The one table of protobuf field types: for each type RTMWire's schemas use, its wire type, its
Swift type and the Swift snippets that size, encode, decode and map it to JSON, and its kind in
the fuzz schema table. The generators (Scripts/codegen) and the fuzz tools dispatch through this
table; no other file switches on a field type to decide how it is encoded.

Snippet templates take:
  {v}     a value of the type            {raw}   a UInt64 read from the wire
  {type}  the enum or message type name  {name}  the field's schema name
  {json}  a JSONValue                    {path}  a field path expression
The JSON snippets run where `options` (JSONEncodingOptions or JSONDecodingOptions) is in scope.
"""

from dataclasses import dataclass
from typing import Optional

from google.protobuf import descriptor_pb2

FDP = descriptor_pb2.FieldDescriptorProto


@dataclass(frozen=True)
class FieldType:
    swift: str
    """The Swift type of one value."""
    wire_type: int
    """The wire type of a singular value: 0 (varint) or 2 (length-delimited)."""
    default: Optional[str]
    """The proto3 default; None for messages (an absent message is nil)."""
    nonzero: Optional[str]
    """True when {v} differs from the default (which is not encoded); None for messages."""
    size: str
    """The size of {v} on the wire, after its tag."""
    write: str
    """Writes {v}, after its tag (the writer goes backwards)."""
    read: Optional[str]
    """Reads one value; None for messages, which merge."""
    to_json: str
    """{v} as a JSONValue."""
    from_json: Optional[str]
    """A value from {json}; None for messages, which merge. For enums it is optional: nil means
    "an unknown name, skipped" (JSONDecodingOptions.ignoreUnknownFields)."""
    fuzz_kind: str
    """The FieldSchema.Kind of the fuzz schema table."""
    to_varint: Optional[str] = None
    """Varint types: {v} as the UInt64 on the wire (packed runs write these)."""
    from_varint: Optional[str] = None
    """Varint types: a value from {raw}."""

    @property
    def packable(self) -> bool:
        """Repeated fields of varint types are packed."""
        return self.to_varint is not None

    @property
    def is_message(self) -> bool:
        return self.read is None


def _varint(swift, to_varint, from_varint, json_function, default="0", nonzero="{v} != 0",
            size=None, write=None, to_json=None, from_json=None, fuzz_kind=".varint"):
    """A type encoded as one varint."""
    return FieldType(
        swift=swift, wire_type=0, default=default, nonzero=nonzero,
        size=size or "Varint.size(%s)" % to_varint,
        write=write or "writer.writeVarint(%s)" % to_varint,
        read=from_varint.replace("{raw}", "try reader.readVarint()"),
        to_json=to_json or "JSONValue.%s({v})" % json_function,
        from_json=from_json or "try {json}.%s(path: {path})" % json_function,
        fuzz_kind=fuzz_kind, to_varint=to_varint, from_varint=from_varint)


TYPES = {
    FDP.TYPE_STRING: FieldType(
        swift="String", wire_type=2, default='""', nonzero="!{v}.isEmpty",
        size="Varint.sizeWithLengthPrefix({v}.utf8.count)",
        write="writer.writeLengthDelimited({v})", read='try reader.readString(field: "{name}")',
        to_json=".string({v})", from_json="try {json}.proto3String(path: {path})",
        fuzz_kind=".string"),
    FDP.TYPE_BYTES: FieldType(
        swift="[UInt8]", wire_type=2, default="[]", nonzero="!{v}.isEmpty",
        size="Varint.sizeWithLengthPrefix({v}.count)",
        write="writer.writeLengthDelimited({v})", read="try reader.readBytes()",
        to_json="JSONValue.proto3Bytes({v})", from_json="try {json}.proto3Bytes(path: {path})",
        fuzz_kind=".bytes"),
    FDP.TYPE_BOOL: _varint(
        "Bool", "({v} ? 1 : 0)", "{raw} != 0", "proto3Bool", default="false", nonzero="{v}",
        size="1", write="writer.writeByte({v} ? 1 : 0)", to_json=".bool({v})",
        fuzz_kind=".bool"),
    FDP.TYPE_INT32: _varint(
        "Int32", "UInt64(bitPattern: Int64({v}))", "Int32(truncatingIfNeeded: {raw})",
        "proto3Int32"),
    FDP.TYPE_INT64: _varint(
        "Int64", "UInt64(bitPattern: {v})", "Int64(bitPattern: {raw})", "proto3Int64"),
    FDP.TYPE_UINT32: _varint(
        "UInt32", "UInt64({v})", "UInt32(truncatingIfNeeded: {raw})", "proto3UInt32"),
    FDP.TYPE_UINT64: _varint("UInt64", "UInt64({v})", "{raw}", "proto3UInt64"),
    FDP.TYPE_ENUM: _varint(
        "{type}", "UInt64(bitPattern: Int64({v}.rawValue))",
        "{type}(rawValue: Int32(truncatingIfNeeded: {raw}))", None,
        default="{type}(rawValue: 0)", nonzero="{v}.rawValue != 0",
        to_json="{v}._jsonValue(options)",
        from_json="try {type}(_json: {json}, path: {path}, options: options)"),
    FDP.TYPE_MESSAGE: FieldType(
        swift="{type}", wire_type=2, default=None, nonzero=None,
        size="Varint.sizeWithLengthPrefix({v}._wireSize())", write="writer.writeMessage({v})",
        read=None, to_json="{v}._jsonValue(options)", from_json=None, fuzz_kind=".message({index})"),
}


def field_type(field, where: str) -> FieldType:
    """The table entry of a field (a FieldDescriptorProto or a FieldDescriptor); exits naming
    `where` for a type the schemas avoid (floating point, fixed-width, zigzag, groups)."""
    try:
        return TYPES[field.type]
    except KeyError:
        raise SystemExit("%s: unsupported field type %d (the schemas avoid it)"
                         % (where, field.type)) from None
