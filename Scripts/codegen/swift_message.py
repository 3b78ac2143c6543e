"""M.swift: the value type of a message."""

from schema import Field, Message
from swift_source import SwiftSource


def message_file(m: Message) -> str:
    out = SwiftSource(m.source)
    out.doc(m.comment)
    out.line("public struct %s: RTMMessage {" % m.name)
    out.line("/// The protobuf full name.", 1)
    out.line('public static let protoFullName = "%s"' % m.full_name, 1)
    out.line()
    parameters = []
    for member in m.members():
        if isinstance(member, Field):
            out.doc(member.comment, 1)
            swift_type, default = member.swift_type, member.default
        else:
            out.doc(member.comment, 1,
                    fallback="The `%s` oneof: at most one member is set." % member.name)
            swift_type, default = member.enum + "?", "nil"
        out.line("public var %s: %s = %s" % (member.prop, swift_type, default), 1)
        parameters.append((member.prop, swift_type, default))
    out.line("/// Fields not in this schema version, kept byte-exact and re-encoded after known ones.", 1)
    out.line("public var unknownFields = UnknownFields()", 1)
    out.line()
    out.line("/// An empty message: every field at its default.", 1)
    out.line("public init() {}", 1)
    out.line()
    if parameters:
        out.line("/// Creates a message; omitted fields keep their defaults.", 1)
        # In the apps that call it, as the accessors below (issue 36).
        out.line("@_alwaysEmitIntoClient", 1)
        out.line("public init(", 1)
        # A bytes field takes any byte collection, as every byte parameter of the API does.
        out.line(",\n".join(
            "        %s: some Collection<UInt8> = [UInt8]()" % name if swift_type == "[UInt8]"
            else "        %s: %s = %s" % (name, swift_type, default)
            for name, swift_type, default in parameters))
        out.line(") {", 1)
        out.line("self.init()", 2)
        out.lines(("self.%s = Array(%s)" % (name, name) if swift_type == "[UInt8]"
                   else "self.%s = %s" % (name, name) for name, swift_type, _ in parameters), 2)
        out.line("}", 1)
    for oneof in m.oneofs:
        out.line()
        out.doc(oneof.comment, 1, fallback="The members of the `%s` oneof." % oneof.name)
        out.line("public enum %s: Hashable, Sendable {" % oneof.enum, 1)
        for field in oneof.fields:
            out.doc(field.comment, 2)
            out.line("case %s(%s)" % (field.case, field.swift_scalar), 2)
        out.line()
        json_name_property(out, oneof)
        out.line("}", 1)
        out.line()
        _member(out, oneof)
        for field in oneof.fields:
            out.line()
            _member_accessor(out, oneof, field)
    out.line("}")
    return out.text


def _member_accessor(out, oneof, field):
    """`envelope.text`: the member's value when `oneof` holds it, else nil; setting a value
    makes it the member, setting nil clears `oneof` only when it held this member."""
    out.line("/// The `%s` member of `%s` when it is the one set, else nil. Setting a value sets" % (
        field.name, oneof.name), 1)
    out.line("/// the member; setting nil clears `%s` only if it held this member." % oneof.prop, 1)
    # Emitted into the apps that use it, not into the library (as every convenience here): a
    # Swift library's public functions are kept by the linker whether an app calls them or not,
    # and these accessors were 60 KB of every app (issue 36; CONTRIBUTING.md, "Binary size").
    out.line("@_alwaysEmitIntoClient", 1)
    out.line("public var %s: %s? {" % (field.case, field.swift_scalar), 1)
    out.line("get {", 2)
    out.line("if case .%s(let value)? = %s { return value }" % (field.case, oneof.prop), 3)
    out.line("return nil", 3)
    out.line("}", 2)
    out.line("set {", 2)
    out.line("if let newValue {", 3)
    out.line("%s = .%s(newValue)" % (oneof.prop, field.case), 4)
    out.line("} else if case .%s? = %s {" % (field.case, oneof.prop), 3)
    out.line("%s = nil" % oneof.prop, 4)
    out.line("}", 3)
    out.line("}", 2)
    out.line("}", 1)


def _member(out, oneof):
    """`<oneof>Member`: the known member, or an unknown field in the oneof's room (a member of a
    newer schema version), or nothing."""
    out.line("/// The member of `%s` this message holds: `.known` for a member of this schema" % oneof.name, 1)
    if oneof.room:
        out.line("/// version, `.unknown(fieldNumber:)` for an unknown field in the numbers reserved for", 1)
        out.line("/// newer members (%d...%d), `.absent` for neither." % oneof.room, 1)
    else:
        out.line("/// version, `.absent` for none (the schema reserves no numbers for newer members).", 1)
    out.line("@_alwaysEmitIntoClient", 1)
    out.line("public var %sMember: OneofMember<%s> {" % (oneof.prop, oneof.enum), 1)
    out.line("if let %s { return .known(%s) }" % (oneof.prop, oneof.prop), 2)
    if oneof.room:
        out.line("if let number = unknownFields.lastFieldNumber(in: %d...%d) {" % oneof.room, 2)
        out.line("return .unknown(fieldNumber: number)", 3)
        out.line("}", 2)
    out.line("return .absent", 2)
    out.line("}", 1)


def json_name_property(out: SwiftSource, oneof):
    """`jsonName`: the member's proto3 JSON name, so that tools print the same name as JSON."""
    out.line("/// The member's name in proto3 JSON (`%s`), as `rtmwire decode` writes it." % oneof.fields[-1].json, 2)
    out.line("@_alwaysEmitIntoClient", 2)
    out.line("public var jsonName: String {", 2)
    out.line("switch self {", 3)
    for f in oneof.fields:
        out.line("case .%s: \"%s\"" % (f.case, f.json), 3)
    out.line("}", 3)
    out.line("}", 2)
