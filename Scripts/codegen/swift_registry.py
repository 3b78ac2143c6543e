"""MessageRegistry.swift: every message type, by full name."""

from schema import Schema
from swift_source import SwiftSource


def registry_file(schema: Schema) -> str:
    messages = schema.messages_by_name
    out = SwiftSource(schema.origin)
    out.line("/// Every message type of the schemas, by protobuf full name.")
    out.line("public enum RTMMessageTypes {")
    # Embedded Swift has no existential metatypes (`any RTMMessage.Type`): there the visitor
    # below is the only way from a name to a type; the full build has both.
    out.line("#if !hasFeature(Embedded)", 0)
    out.line("/// All message types, sorted by full name.", 1)
    out.line("public static let all: [any RTMMessage.Type] = [", 1)
    out.lines(("%s.self," % m.name for m in messages), 2)
    out.line("]", 1)
    out.line()
    out.line("/// The message type with the full name `fullName` (e.g. `rtmwire.v1.Envelope`), or nil.", 1)
    out.line("public static func type(named fullName: String) -> (any RTMMessage.Type)? {", 1)
    out.line("switch fullName {", 2)
    out.lines(('case "%s": %s.self' % (m.full_name, m.name) for m in messages), 2)
    out.line("default: nil", 2)
    out.line("}", 2)
    out.line("}", 1)
    out.line("#endif", 0)
    out.line()
    out.line("/// Calls `visitor` with the message type whose full name is `fullName` (e.g.", 1)
    out.line("/// `rtmwire.v1.Envelope`) and returns what it returns, or nil for an unknown name. Unlike", 1)
    out.line("/// ``type(named:)`` it needs no existential metatype, so Embedded Swift has it too.", 1)
    out.line("public static func visit<Visitor: RTMMessageTypeVisitor>(", 1)
    out.line("named fullName: String, _ visitor: inout Visitor", 2)
    out.line(") -> Visitor.Result? {", 1)
    out.line("switch fullName {", 2)
    out.lines(('case "%s": visitor.visit(%s.self)' % (m.full_name, m.name) for m in messages), 2)
    out.line("default: nil", 2)
    out.line("}", 2)
    out.line("}", 1)
    out.line("}")
    out.line()
    out.line("/// A generic operation over one message type, chosen by name with")
    out.line("/// ``RTMMessageTypes/visit(named:_:)``.")
    out.line("public protocol RTMMessageTypeVisitor {")
    out.line("/// What the operation returns.", 1)
    out.line("associatedtype Result", 1)
    out.line("/// Runs the operation for the message type `type`.", 1)
    out.line("mutating func visit<Message: RTMMessage>(_ type: Message.Type) -> Result", 1)
    out.line("}")
    return out.text
