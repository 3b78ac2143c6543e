"""MessageRegistry.swift: every message type, by full name; MessageRegistry+JSON.swift (in
RTMWireJSON): the same lookups for the types' proto3 JSON form."""

from schema import Schema
from swift_source import SwiftSource


def registry_file(schema: Schema) -> str:
    out = SwiftSource(schema.origin)
    out.line("/// Every message type of the schemas, by protobuf full name.")
    out.line("public enum RTMMessageTypes {")
    _lookups(out, schema, "RTMMessage", "all", "type", "visit", "RTMMessageTypeVisitor", [
        "/// All message types, sorted by full name.",
    ], [
        "/// The message type with the full name `fullName` (e.g. `rtmwire.v1.Envelope`), or nil.",
    ], [
        "/// Calls `visitor` with the message type whose full name is `fullName` (e.g.",
        "/// `rtmwire.v1.Envelope`) and returns what it returns, or nil for an unknown name. Unlike",
        "/// ``type(named:)`` it needs no existential metatype, so Embedded Swift has it too.",
    ])
    out.line("}")
    out.line()
    _visitor(out, "RTMMessageTypeVisitor", "RTMMessage", [
        "/// A generic operation over one message type, chosen by name with",
        "/// ``RTMMessageTypes/visit(named:_:)``.",
    ])
    return out.text


def json_registry_file(schema: Schema) -> str:
    out = SwiftSource(schema.origin)
    out.line("extension RTMMessageTypes {")
    _lookups(out, schema, "RTMJSONMessage", "allJSON", "jsonType", "visitJSON",
             "RTMJSONMessageTypeVisitor", [
                 "/// All message types with their proto3 JSON form (every type of `all`), sorted by",
                 "/// full name.",
             ], [
                 "/// The message type with the full name `fullName` (e.g. `rtmwire.v1.Envelope`), with its",
                 "/// proto3 JSON form, or nil.",
             ], [
                 "/// `visit(named:_:)` for an operation that needs the type's proto3 JSON form.",
             ])
    out.line("}")
    out.line()
    _visitor(out, "RTMJSONMessageTypeVisitor", "RTMJSONMessage", [
        "/// A generic operation over one message type and its proto3 JSON form, chosen by name",
        "/// with `RTMMessageTypes.visitJSON(named:_:)`.",
    ])
    return out.text


def _lookups(out: SwiftSource, schema: Schema, protocol: str, all_name: str, type_name: str,
             visit_name: str, visitor: str, all_doc: list, type_doc: list, visit_doc: list):
    """The list of every type, the lookup by name and the visit by name, as `protocol`."""
    messages = schema.messages_by_name
    # Embedded Swift has no existential metatypes (`any RTMMessage.Type`): there the visitor
    # below is the only way from a name to a type; the full build has both.
    out.line("#if !hasFeature(Embedded)", 0)
    out.lines(all_doc, 1)
    out.line("public static let %s: [any %s.Type] = [" % (all_name, protocol), 1)
    out.lines(("%s.self," % m.name for m in messages), 2)
    out.line("]", 1)
    out.line()
    out.lines(type_doc, 1)
    # Emitted into the apps that look types up by name (the tools), not kept in every app
    # (issue 36), as the visitor below.
    out.line("@_alwaysEmitIntoClient", 1)
    out.line("public static func %s(named fullName: String) -> (any %s.Type)? {"
             % (type_name, protocol), 1)
    out.line("switch fullName {", 2)
    out.lines(('case "%s": %s.self' % (m.full_name, m.name) for m in messages), 2)
    out.line("default: nil", 2)
    out.line("}", 2)
    out.line("}", 1)
    out.line("#endif", 0)
    out.line()
    out.lines(visit_doc, 1)
    out.line("@_alwaysEmitIntoClient", 1)
    out.line("public static func %s<Visitor: %s>(" % (visit_name, visitor), 1)
    out.line("named fullName: String, _ visitor: inout Visitor", 2)
    out.line(") -> Visitor.Result? {", 1)
    out.line("switch fullName {", 2)
    out.lines(('case "%s": visitor.visit(%s.self)' % (m.full_name, m.name) for m in messages), 2)
    out.line("default: nil", 2)
    out.line("}", 2)
    out.line("}", 1)


def _visitor(out: SwiftSource, name: str, protocol: str, doc: list):
    out.lines(doc)
    out.line("public protocol %s {" % name)
    out.line("/// What the operation returns.", 1)
    out.line("associatedtype Result", 1)
    out.line("/// Runs the operation for the message type `type`.", 1)
    out.line("mutating func visit<Message: %s>(_ type: Message.Type) -> Result" % protocol, 1)
    out.line("}")
