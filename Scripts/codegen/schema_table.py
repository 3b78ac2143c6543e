"""SchemaTable+Generated.swift: every message's fields (number, name, kind, repeated, oneof), for
the wire-level tools that walk bytes without decoding them — RTMWireConformance's
interoperability-profile checker and RTMWireFuzzCheck's differential walker.
Sources/RTMWireConformance/Schema/SchemaTable.swift declares the types."""

import json

from schema import Schema
from swift_source import SwiftSource


def schema_table_file(schema: Schema) -> str:
    messages = schema.messages_by_name
    index = {m.full_name: i for i, m in enumerate(messages)}
    out = SwiftSource("Schemas/")
    out.line("extension SchemaTable {")
    out.line("/// Every message of the schemas, in the order of `RTMMessageTypes.all` (byte order of", 1)
    out.line("/// the full names); `.message(i)` refers to `messages[i]`.", 1)
    out.line("package static let messages: [MessageSchema] = [", 1)
    for m in messages:
        out.line("MessageSchema(", 2)
        out.line("fullName: %s," % json.dumps(m.full_name), 3)
        out.line("fields: [", 3)
        for f in m.by_number:
            kind = f.type.fuzz_kind.format(index=index.get(f.full_type_name))
            oneof = "nil" if f.oneof_index is None else str(f.oneof_index)
            # A uint32's value must fit 32 bits (a runtime may refuse a larger varint).
            bits = ", valueBits: 32" if f.type.swift == "UInt32" else ""
            # An int32 or an enum: a negative value is sign-extended to 64 bits, and parsers
            # truncate (or refuse) a value between 2^31 and 2^64 - 2^31.
            if f.type.swift == "Int32" or f.is_enum:
                bits = ", isSigned32: true"
            out.line("FieldSchema(number: %d, name: %s, kind: %s, isRepeated: %s, oneof: %s%s),"
                     % (f.number, json.dumps(f.name), kind, "true" if f.repeated else "false",
                        oneof, bits), 4)
        out.line("]),", 3)
    out.line("]", 1)
    out.line("}")
    return out.text
