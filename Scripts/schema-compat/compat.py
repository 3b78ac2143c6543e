"""The rules of Scripts/check-schema-compat: what a schema change may do to rtmwire.v1.

`compare(baseline, current)` takes two FileDescriptorSets and returns one Finding per break.
A change passes when every message, enum, field and enum value of the baseline is still there
and still means the same bytes and the same proto3 JSON. Additive changes pass: new messages,
enums, enum values, fields (in numbers the baseline left free or reserved as room), oneof
members, and removing a field whose number AND name are then reserved.

Finding classes (CONTRIBUTING, "Schema evolution", has the table and the fixture of each):
  package-removed        a package of the baseline has no file any more (renamed or removed)
  syntax-changed         a file's syntax (proto2/proto3/editions) changed
  message-removed        a message of the baseline is gone (renamed, moved to another package)
  enum-removed           an enum of the baseline is gone (renamed, moved)
  field-removed          a field is gone and its number or name is not reserved
  field-number-reused    a number holds a field of another name and another type
  field-renamed          a number holds a field of another name (same type): JSON and text
                         names change
  json-name-changed      a field's JSON name changed (json_name option)
  field-type-changed     a type change outside the compatible ones (TYPE_RULES)
  field-label-changed    singular <-> repeated
  presence-changed       proto3 `optional` added or removed
  oneof-changed          a field entered, left or changed its oneof, or a oneof was renamed
  enum-value-removed     a value (number) of the baseline is gone
  enum-value-renamed     a number has another name (JSON writes names)
  enum-value-renumbered  a name has another number
  reservation-removed    a reserved number or name of the baseline is no longer reserved (a
                         number may become a field: that is what room is for; a name may not,
                         it belonged to a deleted field)

Each finding also says what it breaks (`layer`), so the gate's verdict can be set beside buf's
WIRE and WIRE_JSON rule sets (Scripts/check-schema-compat --buf, Scripts/schema-compat/README.md):
  wire   the bytes: an old writer's bytes read as another value or fail, or a number is left
         free to come back with another meaning (a removed field or enum value, a dropped
         reserved number)
  json   the bytes read the same values, proto3 JSON does not (names, json_name, a type or
         label change whose bytes keep every old value, e.g. bool -> uint32, string -> bytes)
  names  neither the bytes nor the JSON of rtmwire.v1's messages: full names (package, message
         and enum renames, Any type URLs, registries), generated APIs (a oneof's name, proto3
         `optional` presence: the same values are read both ways, only has-presence changes)
The gate fails on every finding whatever its layer.
"""

from dataclasses import dataclass

from google.protobuf import descriptor_pb2

FDP = descriptor_pb2.FieldDescriptorProto
T = FDP.Type

# Type changes that keep both the bytes and the proto3 JSON readable by the other side, as
# (baseline type, new type). Protobuf calls more changes wire-compatible (int32, uint32, int64,
# uint64 and bool interchange; sint32/sint64; fixed32/sfixed32; fixed64/sfixed64; string/bytes
# when valid UTF-8; an embedded message and bytes; enum and int32), but each of the others
# changes what a value means on one side (a sign, a truncation) or its JSON form (bool true vs
# 1, enum names vs numbers, base64 vs text), so the gate refuses them. Widening a 32-bit integer
# to 64 bits keeps every value: a 32-bit reader sees exactly what it saw before as long as the
# writer stays in 32-bit range, and proto3 JSON parsers read both numbers and strings for 64-bit
# integers.
TYPE_RULES = {
    (T.TYPE_INT32, T.TYPE_INT64),
    (T.TYPE_UINT32, T.TYPE_UINT64),
    (T.TYPE_SINT32, T.TYPE_SINT64),
}

# Type changes outside TYPE_RULES whose bytes still read as the same value for everything an old
# writer sends (a bool's 0/1 as an integer; a string's UTF-8 as bytes; an enum's number as an
# integer; a uint32 as an int64): they break proto3 JSON only (`true` vs `1`, text vs base64,
# names vs numbers). Every other type change breaks the bytes (a sign, zigzag, a truncation, a
# wire type, another message).
VALUE_PRESERVING = {
    *((T.TYPE_BOOL, new) for new in (T.TYPE_INT32, T.TYPE_INT64, T.TYPE_UINT32, T.TYPE_UINT64)),
    (T.TYPE_UINT32, T.TYPE_INT64),
    (T.TYPE_STRING, T.TYPE_BYTES),
    (T.TYPE_ENUM, T.TYPE_INT32),
    (T.TYPE_ENUM, T.TYPE_INT64),
}

# Length-delimited types: singular <-> repeated keeps their bytes (a singular reader keeps the
# last element, merging messages; a repeated reader gets one element); packed numbers do not.
LENGTH_DELIMITED = {T.TYPE_STRING, T.TYPE_BYTES, T.TYPE_MESSAGE}

TYPE_NAMES = {value: name[len("TYPE_"):].lower() for name, value in T.items()}


@dataclass(frozen=True)
class Finding:
    kind: str  # one of the classes above
    where: str  # a full name, e.g. rtmwire.v1.Envelope.send_time_ms
    detail: str
    layer: str = "wire"  # what it breaks: wire, json or names (above)

    def __str__(self):
        return "%s: %s: %s" % (self.kind, self.where, self.detail)


def _messages(file_set) -> dict:
    """{full name: (DescriptorProto, file proto)} of every message, nested ones included."""
    found = {}

    def visit(scope, message, file_proto):
        name = "%s.%s" % (scope, message.name) if scope else message.name
        found[name] = (message, file_proto)
        for nested in message.nested_type:
            visit(name, nested, file_proto)

    for file_proto in file_set.file:
        for message in file_proto.message_type:
            visit(file_proto.package, message, file_proto)
    return found


def _enums(file_set) -> dict:
    """{full name: EnumDescriptorProto} of every enum, nested ones included."""
    found = {}
    for name, (message, _) in _messages(file_set).items():
        for enum in message.enum_type:
            found["%s.%s" % (name, enum.name)] = enum
    for file_proto in file_set.file:
        for enum in file_proto.enum_type:
            prefix = file_proto.package + "." if file_proto.package else ""
            found[prefix + enum.name] = enum
    return found


def _json_name(field) -> str:
    if field.HasField("json_name"):
        return field.json_name
    parts = field.name.split("_")
    return parts[0] + "".join(p[:1].upper() + p[1:] for p in parts[1:])


def _type(field) -> str:
    """A field's type for messages: `int64`, `message rtmwire.v1.Sender`, `enum ...`."""
    if field.type in (T.TYPE_MESSAGE, T.TYPE_GROUP, T.TYPE_ENUM):
        return "%s %s" % (TYPE_NAMES[field.type], field.type_name.lstrip("."))
    return TYPE_NAMES[field.type]


def _same_type(old, new) -> bool:
    return old.type == new.type and old.type_name == new.type_name


def _oneof_name(message, field):
    """The real oneof of a field (None for none; proto3 `optional`'s synthetic oneof is not
    one: it is presence, checked on its own)."""
    if not field.HasField("oneof_index") or field.proto3_optional:
        return None
    return message.oneof_decl[field.oneof_index].name


def _oneof_names(message) -> set:
    """The names of a message's real oneofs (not proto3 `optional`'s synthetic ones)."""
    return {_oneof_name(message, f) for f in message.field} - {None}


def _oneof_members(message, oneof: str) -> set:
    """The field numbers of a message's oneof `oneof`."""
    return {f.number for f in message.field if _oneof_name(message, f) == oneof}


def _reserved_numbers(message) -> list:
    return [(r.start, r.end - 1) for r in message.reserved_range]  # descriptor ends are exclusive


def _is_reserved(number: int, message) -> bool:
    return any(lo <= number <= hi for lo, hi in _reserved_numbers(message))


def _syntax(file_proto) -> str:
    return file_proto.syntax or "proto2"


def compare(baseline, current) -> list:
    """Every break of `current` (a FileDescriptorSet) against `baseline`, in a stable order."""
    found = []

    def add(kind, where, detail, layer="wire"):
        found.append(Finding(kind, where, detail, layer))

    packages = {f.package for f in current.file}
    for package in sorted({f.package for f in baseline.file} - packages):
        add("package-removed", package, "no schema file declares package %s any more" % package,
            "names")
    current_files = {f.name: f for f in current.file}
    for old_file in baseline.file:
        new_file = current_files.get(old_file.name)
        if new_file is not None and _syntax(new_file) != _syntax(old_file):
            # proto2 closes enums (an unknown value becomes an unknown field) and gives every
            # field presence: the same bytes read as other values in generated code
            add("syntax-changed", old_file.name,
                "%s -> %s" % (_syntax(old_file), _syntax(new_file)))

    new_messages = _messages(current)
    for name, (old, _) in sorted(_messages(baseline).items()):
        if name not in new_messages:
            add("message-removed", name, "message is gone (renamed or removed)", "names")
            continue
        _compare_message(name, old, new_messages[name][0], add)

    new_enums = _enums(current)
    for name, old in sorted(_enums(baseline).items()):
        if name not in new_enums:
            add("enum-removed", name, "enum is gone (renamed or removed)", "names")
            continue
        _compare_enum(name, old, new_enums[name], add)
    return found


def _compare_message(name, old, new, add):
    new_by_number = {f.number: f for f in new.field}
    new_names = {f.name for f in new.field}
    for field in old.field:
        where = "%s.%s (%d)" % (name, field.name, field.number)
        other = new_by_number.get(field.number)
        if other is None:
            kept_number = _is_reserved(field.number, new)
            kept_name = field.name in new.reserved_name
            if not (kept_number and kept_name):
                missing = [what for what, kept in (("number", kept_number), ("name", kept_name))
                           if not kept]
                add("field-removed", where,
                    "removed without reserving its %s" % " and ".join(missing),
                    "json" if kept_number else "wire")
            continue
        if other.name != field.name:
            if _same_type(field, other):
                add("field-renamed", where, "now named %s" % other.name, "json")
            else:
                add("field-number-reused", where, "number %d now holds %s %s"
                    % (field.number, _type(other), other.name))
            continue
        if _json_name(other) != _json_name(field):
            add("json-name-changed", where,
                "JSON name %s -> %s" % (_json_name(field), _json_name(other)), "json")
        if not _same_type(field, other) and (field.type, other.type) not in TYPE_RULES:
            add("field-type-changed", where, "%s -> %s" % (_type(field), _type(other)),
                "json" if (field.type, other.type) in VALUE_PRESERVING else "wire")
        if (field.label == FDP.LABEL_REPEATED) != (other.label == FDP.LABEL_REPEATED):
            add("field-label-changed", where, "%s -> %s" % (
                "repeated" if field.label == FDP.LABEL_REPEATED else "singular",
                "repeated" if other.label == FDP.LABEL_REPEATED else "singular"),
                "json" if {field.type, other.type} <= LENGTH_DELIMITED else "wire")
        if field.proto3_optional != other.proto3_optional:
            add("presence-changed", where, "proto3 optional %s" % (
                "added" if other.proto3_optional else "removed"), "names")
        old_oneof, new_oneof = _oneof_name(old, field), _oneof_name(new, other)
        if old_oneof != new_oneof:
            # a renamed oneof (the same members under another name) keeps bytes and JSON; a
            # member entering or leaving one lets a writer set two members an old reader
            # holds as one ("last member wins" drops the other)
            renamed = (old_oneof and new_oneof and old_oneof not in _oneof_names(new)
                       and _oneof_members(old, old_oneof) <= _oneof_members(new, new_oneof))
            add("oneof-changed", where, "oneof %s -> %s" % (old_oneof or "(none)",
                                                           new_oneof or "(none)"),
                "names" if renamed else "wire")

    for lo, hi in _reserved_numbers(old):
        dropped = [n for n in range(lo, hi + 1)
                   if n not in new_by_number and not _is_reserved(n, new)]
        if dropped:
            add("reservation-removed", name, "numbers %s no longer reserved"
                % _ranges_text(dropped))
    for reserved in old.reserved_name:
        if reserved not in new.reserved_name:
            add("reservation-removed", name, "name %s no longer reserved%s" % (
                reserved, " (a field took it)" if reserved in new_names else ""), "json")


def _compare_enum(name, old, new, add):
    new_by_number = {}
    for value in new.value:
        new_by_number.setdefault(value.number, []).append(value.name)
    new_by_name = {v.name: v.number for v in new.value}
    reserved = [(r.start, r.end) for r in new.reserved_range]  # enum ends are inclusive
    for value in old.value:
        where = "%s.%s (%d)" % (name, value.name, value.number)
        if value.name in new_by_name and new_by_name[value.name] != value.number:
            add("enum-value-renumbered", where, "now %d" % new_by_name[value.name])
        elif value.number not in new_by_number:
            # old JSON names the value either way; a number left unreserved can come back
            kept = any(lo <= value.number <= hi for lo, hi in reserved)
            add("enum-value-removed", where, "value is gone", "json" if kept else "wire")
        elif value.name not in new_by_number[value.number]:
            add("enum-value-renamed", where, "now named %s" % new_by_number[value.number][0],
                "json")


def _ranges_text(numbers) -> str:
    runs, start = [], None
    for index, n in enumerate(numbers):
        if start is None:
            start = n
        if index + 1 == len(numbers) or numbers[index + 1] != n + 1:
            runs.append(str(start) if start == n else "%d-%d" % (start, n))
            start = None
    return ", ".join(runs)
