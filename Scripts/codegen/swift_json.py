"""M+JSON.swift (in RTMWireJSON): the proto3 JSON mapping of a message, with JSONEncodingOptions (proto field
names, enums as numbers) and JSONDecodingOptions (unknown members and enum names skipped)."""

from schema import Field, Message
from swift_source import SwiftSource, extension_file


def json_file(m: Message) -> str:
    return extension_file(m, _to_json, _merge_json, conformance="RTMJSONMessage")


def _name(f: Field) -> str:
    """The member name to write: the JSON name, or the proto name when the options ask for it."""
    if f.name == f.json:
        return '"%s"' % f.json
    return 'options.preserveProtoFieldNames ? "%s" : "%s"' % (f.name, f.json)


def _to_json(out: SwiftSource, m: Message):
    out.line("@_optimize(size)", 1)
    out.line("public func _jsonValue(_ options: JSONEncodingOptions) -> JSONValue {", 1)
    out.line("var members: [JSONMember] = []", 2)
    for f in m.by_number:
        prop = "self." + f.prop
        member = "members.append(JSONMember(%s, %%s))" % _name(f)
        if f.oneof is not None:
            out.line("if case .%s(let value)? = self.%s { %s }"
                     % (f.case, f.oneof.prop, member % f.to_json("value")), 2)
        elif f.repeated:
            out.line("if !%s.isEmpty { %s }"
                     % (prop, member % (".array(%s.map { %s })" % (prop, f.to_json("$0")))), 2)
        elif f.is_message:
            out.line("if let value = %s { %s }" % (prop, member % f.to_json("value")), 2)
        else:
            out.line("if %s { %s }" % (f.nonzero(prop), member % f.to_json(prop)), 2)
    out.line("return .object(members)", 2)
    out.line("}", 1)


def _assign(out: SwiftSource, f: Field, json: str, path: str, assignment: str, level: int):
    """`assignment` (a format taking the value) of the value read from `json`; an enum's unknown
    name, skipped under ignoreUnknownFields, assigns nothing."""
    if f.is_enum:
        out.line("if let value = %s { %s }" % (f.from_json(json, path), assignment % "value"), level)
    else:
        out.line(assignment % f.from_json(json, path), level)


def _merge_json(out: SwiftSource, m: Message):
    out.line("@_optimize(size)", 1)
    out.line("public mutating func _mergeJSON(", 1)
    out.line("_ json: JSONValue, path: String, options: JSONDecodingOptions", 2)
    out.line(") throws(RTMWireError) {", 1)
    out.line("let members = try json.proto3Object(path: path)", 2)
    if m.by_number:
        out.line("var seen = Set<Int>()", 2)
    out.line("for member in members {", 2)
    # The field the key names, found out of line (JSONValue.fieldIndex): a switch on the key
    # itself compared it with every name inline, in every message type (issue 36).
    names = "".join("".join("\\u{%x}%s" % (len(name), name)
                            for name in [f.json] + ([f.name] if f.name != f.json else []))
                    + "\\u{0}" for f in m.by_number)
    assert all(0 < len(f.json) < 256 and len(f.name) < 256 for f in m.by_number)
    out.line('switch JSONValue.fieldIndex(member.key, in: "%s") {' % names, 3)
    for index, f in enumerate(m.by_number):
        prop = "self." + f.prop
        out.line("case %d:  // %s" % (index, f.name), 3)
        # Error paths spell fields by their proto names, whichever key the JSON used, as binary
        # decoding and validation do.
        out.line('let fieldPath = JSONValue.fieldPath(path, "%s")' % f.name, 4)
        out.line("try JSONValue.checkFirstOccurrence(%d, &seen, path: fieldPath)" % f.number, 4)
        out.line("if case .null = member.value { continue }", 4)
        if f.oneof is not None:
            oneof = "self." + f.oneof.prop
            out.line('if %s != nil { throw JSONValue.oneofConflict("%s", path: fieldPath) }'
                     % (oneof, f.oneof.name), 4)
            if f.is_message:
                out.lines([
                    "var value = %s()" % f.swift_scalar,
                    "try value._mergeJSON(member.value, path: fieldPath, options: options)",
                    "%s = .%s(value)" % (oneof, f.case),
                ], 4)
            else:
                _assign(out, f, "member.value", "fieldPath",
                        "%s = .%s(%%s)" % (oneof, f.case), 4)
        elif f.repeated:
            out.line("for (index, element) in try member.value.proto3Array(path: fieldPath).enumerated() {", 4)
            out.line("let elementPath = JSONValue.elementPath(fieldPath, index)", 5)
            if f.is_message:
                out.lines([
                    "var value = %s()" % f.swift_scalar,
                    "try value._mergeJSON(element, path: elementPath, options: options)",
                    "%s.append(value)" % prop,
                ], 5)
            else:
                _assign(out, f, "element", "elementPath", "%s.append(%%s)" % prop, 5)
            out.line("}", 4)
        elif f.is_message:
            out.lines([
                "var value = %s ?? %s()" % (prop, f.swift_scalar),
                "try value._mergeJSON(member.value, path: fieldPath, options: options)",
                "%s = value" % prop,
            ], 4)
        else:
            _assign(out, f, "member.value", "fieldPath", "%s = %%s" % prop, 4)
    out.line("default:", 3)
    out.line("if options.ignoreUnknownFields { continue }", 4)
    out.line('throw JSONValue.unknownField(member.key, in: "%s", parent: path)' % m.full_name, 4)
    out.line("}", 3)
    out.line("}", 2)
    out.line("}", 1)
