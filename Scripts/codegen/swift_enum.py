"""E.swift: an open enum as a struct (proto3 enums keep unknown values); E+JSON.swift: its
proto3 JSON form."""

from schema import Enum
from swift_source import SwiftSource


def enum_file(e: Enum) -> str:
    out = SwiftSource(e.source)
    out.doc(e.comment)
    out.lines([
        "///",
        "/// An open enumeration, as proto3 requires: a value outside the schema is kept and re-encoded",
        "/// unchanged (``protoName`` is nil for it).",
        "public struct %s: RawRepresentable, Hashable, Sendable, CustomStringConvertible {" % e.name,
    ])
    out.lines([
        "/// The numeric value on the wire.",
        "public var rawValue: Int32",
        "",
        "/// Wraps any numeric value, including ones this schema version does not name.",
        "public init(rawValue: Int32) { self.rawValue = rawValue }",
        "",
    ], 1)
    for value in e.values:
        out.doc(value.comment, 1)
        out.line("public static let %s = %s(rawValue: %d)" % (value.swift, e.name, value.number), 1)
    out.line()
    out.line("/// Every value the schema names, in schema order.", 1)
    out.line("public static let knownValues: [%s] = [%s]"
             % (e.name, ", ".join("." + value.swift for value in e.values)), 1)
    out.line()
    out.line("/// The schema's name for this value (e.g. `%s`), or nil when unnamed."
             % e.values[-1].proto_name, 1)
    out.line("public var protoName: String? {", 1)
    out.line("switch rawValue {", 2)
    out.lines(('case %d: "%s"' % (value.number, value.proto_name) for value in e.values), 2)
    out.line("default: nil", 2)
    out.line("}", 2)
    out.line("}", 1)
    out.line()
    out.line("/// The value the schema names `name`, or nil.", 1)
    out.line("public init?(protoName name: String) {", 1)
    out.line("switch name {", 2)
    out.lines(('case "%s": self = .%s' % (value.proto_name, value.swift) for value in e.values), 2)
    out.line("default: return nil", 2)
    out.line("}", 2)
    out.line("}", 1)
    out.line()
    out.line("/// The schema's name of the value, or its number when the schema does not name it.", 1)
    out.line("public var description: String { protoName ?? String(rawValue) }", 1)
    out.line("}")
    return out.text


def enum_json_file(e: Enum) -> str:
    """E+JSON.swift (in RTMWireJSON): the enum's proto3 JSON form, both ways."""
    out = SwiftSource(e.source)
    out.line("extension %s {" % e.name)
    out.lines([
        "/// The proto3 JSON form: the value's name (its number with `alwaysPrintEnumsAsInts`), or its",
        "/// number when the schema has no name.",
        "func _jsonValue(_ options: JSONEncodingOptions) -> JSONValue {",
        "    if !options.alwaysPrintEnumsAsInts, let protoName { return .string(protoName) }",
        "    return .number(String(rawValue))",
        "}",
        "",
        "/// Reads the proto3 JSON form: a value name or a number. An unknown name is an error, or nil",
        "/// (the value is skipped) with `ignoreUnknownFields`.",
        "init?(_json json: JSONValue, path: String, options: JSONDecodingOptions) throws(RTMWireError) {",
        "    if case .string(let name) = json {",
        "        guard let value = Self(protoName: name) else {",
        "            if options.ignoreUnknownFields { return nil }",
        '            throw RTMWireError(code: .invalidJSON, fieldPath: path, detail: "\\"\\(name)\\" is not a value of %s")'
        % e.full_name,
        "        }",
        "        self = value",
        "    } else {",
        "        self.init(rawValue: try json.proto3Int32(path: path))",
        "    }",
        "}",
    ], 1)
    out.line("}")
    return out.text
