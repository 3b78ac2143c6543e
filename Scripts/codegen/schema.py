"""The schemas as the generators see them: messages, fields, oneofs and enums of the RTMWire
descriptor set, with their .proto comments and the FieldType of every field."""

from google.protobuf import descriptor_pb2
from rtmwire_tools import oneofs
from rtmwire_tools.descriptors import name_order
from rtmwire_tools.varint import tag

import naming
from rtmwire_tools.field_types import TYPES, FieldType, field_type

FDP = descriptor_pb2.FieldDescriptorProto

# Source-info path components (descriptor.proto field numbers).
_MESSAGE_TYPE, _ENUM_TYPE = 4, 5  # in FileDescriptorProto
_FIELD, _ONEOF_DECL = 2, 8  # in DescriptorProto
_ENUM_VALUE = 2  # in EnumDescriptorProto


class Comments:
    """The .proto comments of one file, by source-info path."""

    def __init__(self, file_proto):
        self._by_path = {}
        for location in file_proto.source_code_info.location:
            text = location.leading_comments or location.trailing_comments
            if text:
                self._by_path[tuple(location.path)] = text

    def lines(self, path) -> list:
        """The comment at `path` as lines without their comment markers ([] when none)."""
        text = self._by_path.get(tuple(path))
        if not text:
            return []
        lines = [line.strip() for line in text.strip("\n").split("\n")]
        while lines and not lines[-1]:
            lines.pop()
        return lines


class Field:
    def __init__(self, proto, message_name: str, comment: list):
        self.name = proto.name
        self.number = proto.number
        self.prop = naming.swift_property(message_name, proto.name)
        self.case = naming.case_name(proto.name)
        self.json = naming.json_name(proto.name)
        self.repeated = proto.label == FDP.LABEL_REPEATED
        self.type: FieldType = field_type(proto, "%s.%s" % (message_name, proto.name))
        self.type_name = proto.type_name.rsplit(".", 1)[-1] if proto.type_name else None
        self.full_type_name = proto.type_name.lstrip(".") if proto.type_name else None
        self.oneof_index = proto.oneof_index if proto.HasField("oneof_index") else None
        self.oneof = None
        self.comment = comment

    # Snippets of the field's type, with the type name filled in.

    def _fill(self, template: str, **values) -> str:
        return template.format(type=self.type_name, name=self.name, **values)

    @property
    def swift_scalar(self) -> str:
        return self._fill(self.type.swift)

    @property
    def swift_type(self) -> str:
        if self.repeated:
            return "[%s]" % self.swift_scalar
        return self.swift_scalar + "?" if self.is_message else self.swift_scalar

    @property
    def default(self) -> str:
        if self.repeated:
            return "[]"
        return "nil" if self.is_message else self._fill(self.type.default)

    @property
    def is_message(self) -> bool:
        return self.type.is_message

    @property
    def is_enum(self) -> bool:
        return self.type is TYPES[FDP.TYPE_ENUM]

    @property
    def is_string(self) -> bool:
        return self.type.swift == "String"

    @property
    def packed(self) -> bool:
        return self.repeated and self.type.packable

    @property
    def wire_type(self) -> int:
        return 2 if self.packed else self.type.wire_type

    def tag_value(self, wire_type=None) -> int:
        return (self.number << 3) | (self.wire_type if wire_type is None else wire_type)

    @property
    def tag_length(self) -> int:
        """Bytes of the field's tag as written (its varint)."""
        return len(tag(self.number, self.wire_type))

    def nonzero(self, v): return self._fill(self.type.nonzero, v=v)
    def size(self, v): return self._fill(self.type.size, v=v)
    def write(self, v): return self._fill(self.type.write, v=v)
    def to_varint(self, v): return self._fill(self.type.to_varint, v=v)
    def from_varint(self, raw): return self._fill(self.type.from_varint, raw=raw)
    def read(self): return self._fill(self.type.read)
    def to_json(self, v): return self._fill(self.type.to_json, v=v)
    def from_json(self, json, path): return self._fill(self.type.from_json, json=json, path=path)


class Oneof:
    def __init__(self, proto, comment: list):
        self.name = proto.name
        self.prop = naming.camel(proto.name)
        self.enum = naming.camel(proto.name, upper_first=True)
        self.comment = comment
        self.fields = []  # declaration order
        self.room = None  # (first, last) field numbers reserved for newer members, or None

    @property
    def by_number(self) -> list:
        return sorted(self.fields, key=lambda f: f.number)

    def find_room(self, reserved: list):
        """The room for newer members (rtmwire_tools.oneofs; Envelope.body: 30 to 63). An
        unknown field there is a member added by a newer schema version (see OneofMember)."""
        self.room = oneofs.room([f.number for f in self.fields], reserved)


class Message:
    def __init__(self, proto, index: int, file_proto, comments: Comments, origin: str):
        self.name = proto.name
        self.full_name = "%s.%s" % (file_proto.package, proto.name)
        self.file = file_proto.name
        self.source = origin + file_proto.name
        if proto.nested_type or proto.enum_type:
            raise SystemExit("%s: nested types are not supported by the generator" % self.full_name)
        path = [_MESSAGE_TYPE, index]
        self.comment = comments.lines(path)
        self.fields = [Field(f, self.full_name, comments.lines(path + [_FIELD, i]))
                       for i, f in enumerate(proto.field)]
        self.oneofs = [Oneof(o, comments.lines(path + [_ONEOF_DECL, i]))
                       for i, o in enumerate(proto.oneof_decl)]
        for field in self.fields:
            if field.oneof_index is not None:
                field.oneof = self.oneofs[field.oneof_index]
                field.oneof.fields.append(field)
        reserved = [(r.start, r.end - 1) for r in proto.reserved_range]  # ends are exclusive
        for oneof in self.oneofs:
            oneof.find_room(reserved)
        self.by_number = sorted(self.fields, key=lambda f: f.number)

    def members(self) -> list:
        """Stored properties in declaration order: plain fields, and each oneof once."""
        out = []
        for field in self.fields:
            if field.oneof is None:
                out.append(field)
            elif field.oneof not in out:
                out.append(field.oneof)
        return out

    def oneof_is_contiguous(self, oneof: Oneof) -> bool:
        """True when no other field's number lies between the oneof members' numbers."""
        positions = [self.by_number.index(f) for f in oneof.fields]
        return max(positions) - min(positions) + 1 == len(oneof.fields)


class EnumValue:
    def __init__(self, proto, enum_name: str, comment: list):
        prefix = naming.enum_value_prefix(enum_name)
        short = proto.name[len(prefix):] if proto.name.startswith(prefix) else proto.name
        self.swift = naming.camel(short.lower())
        self.proto_name = proto.name
        self.number = proto.number
        self.comment = comment


class Enum:
    def __init__(self, proto, index: int, file_proto, comments: Comments, origin: str):
        self.name = proto.name
        self.full_name = "%s.%s" % (file_proto.package, proto.name)
        self.source = origin + file_proto.name
        path = [_ENUM_TYPE, index]
        self.comment = comments.lines(path)
        self.values = [EnumValue(v, proto.name, comments.lines(path + [_ENUM_VALUE, i]))
                       for i, v in enumerate(proto.value)]


class Schema:
    """Every message and enum of the RTMWire files of a descriptor set. `origin` prefixes the
    .proto file names in the generated files' headers (`Schemas/`, or a descriptor set's path)."""

    def __init__(self, files, origin: str = "Schemas/"):
        self.origin = origin
        self.messages, self.enums = [], []
        for file_proto in files:
            comments = Comments(file_proto)
            self.messages += [Message(m, i, file_proto, comments, origin)
                              for i, m in enumerate(file_proto.message_type)]
            self.enums += [Enum(e, i, file_proto, comments, origin)
                           for i, e in enumerate(file_proto.enum_type)]

    @property
    def messages_by_name(self) -> list:
        """Messages sorted by full name in byte order (RTMMessageTypes.all's order)."""
        return sorted(self.messages, key=lambda m: name_order(m.full_name))
