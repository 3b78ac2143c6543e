"""MessageRegistry.swift: every message type, by full name."""

from schema import Schema
from swift_source import SwiftSource


def registry_file(schema: Schema) -> str:
    messages = schema.messages_by_name
    out = SwiftSource(schema.origin)
    out.line("/// Every message type of the schemas, by protobuf full name.")
    out.line("public enum RTMMessageTypes {")
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
    out.line("}")
    return out.text
