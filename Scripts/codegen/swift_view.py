"""M+View.swift: the borrowed view of an encoded message (MView) and its up-front check.

A view reads fields from the input's bytes on demand (Sources/RTMWire/View/): strings as
RTMStringView, repeated fields as lazy sequences, sub-messages as views. `_checkView` is the
one pass `withView` makes first: the decoder's wire rules and UTF-8 (thrown at once), and the
U+0000 and repeated-count checks of the default options (returned, thrown after the pass, as the
decoder throws them after decoding).
"""

from schema import Field, Message, Schema
from swift_source import SwiftSource

# ViewPath.capacity in Sources/RTMWire/View/ViewScope.swift.
PATH_CAPACITY = 6


def view_name(type_name: str) -> str:
    return type_name + "View"


def check_nesting(schema: Schema):
    """Exits unless every chain of singular sub-messages fits a view path (no recursion)."""
    by_name = {m.full_name: m for m in schema.messages}

    def depth(m: Message, seen: tuple) -> int:
        if m.full_name in seen:
            raise SystemExit("%s: recursive singular sub-messages cannot be viewed" % m.full_name)
        steps = [depth(by_name[f.full_type_name], seen + (m.full_name,)) + 1
                 for f in m.fields if f.is_message and not f.repeated]
        return max(steps, default=0)

    for m in schema.messages:
        if depth(m, ()) > PATH_CAPACITY:
            raise SystemExit("%s: sub-messages nest deeper than a view path holds" % m.full_name)


def view_file(m: Message) -> str:
    out = SwiftSource(m.source)
    _view(out, m)
    out.line()
    _check(out, m)
    return out.text


def _tag(f: Field, wire_type=None) -> str:
    return "0x%02X" % f.tag_value(wire_type)


def _value(f: Field) -> tuple:
    """(Swift type, expression) of a singular field read from `scope`."""
    tag = _tag(f)
    if f.is_message:
        view = view_name(f.swift_scalar)
        return view + "?", "scope.contains(%s) ? %s(_scope: scope.appending(%d)) : nil" % (
            tag, view, f.number)
    if f.is_string:
        return "RTMStringView", "scope.string(%s)" % tag
    if f.type.swift == "[UInt8]":
        return "UnsafeRawBufferPointer", "scope.bytes(%s)" % tag
    return f.swift_scalar, f.from_varint("scope.varint(%s)" % tag)


def _repeated(f: Field) -> tuple:
    """(Swift type, expression) of a repeated field read from `scope`."""
    if f.is_message:
        view = view_name(f.swift_scalar)
        return ("RTMRepeatedMessageView<%s>" % view,
                "RTMRepeatedMessageView(scope, tag: %s)" % _tag(f))
    if f.is_string:
        return "RTMRepeatedStringView", "RTMRepeatedStringView(scope, tag: %s)" % _tag(f)
    if f.packed:
        return ("RTMRepeatedScalarView<%s>" % f.swift_scalar,
                "RTMRepeatedScalarView(scope, tag: %s) { %s }"
                % (_tag(f, 0), f.from_varint("$0")))
    raise SystemExit("%s: repeated bytes fields cannot be viewed yet" % f.name)


def _view(out: SwiftSource, m: Message):
    name = view_name(m.name)
    out.line("/// A borrowed view of an encoded ``%s``, valid only inside the `withView` closure that" % m.name)
    out.line("/// lends it (see ``RTMViewable``): fields are read from the input's bytes when asked for.")
    out.line("public struct %s: RTMMessageView {" % name)
    out.line("@usableFromInline let scope: ViewScope", 1)
    out.line()
    out.line("/// The view of the message at `scope`; made by `withView` and by enclosing views.", 1)
    out.line("@inlinable", 1)
    out.line("public init(_scope scope: ViewScope) { self.scope = scope }", 1)
    for member in m.members():
        out.line()
        if isinstance(member, Field):
            out.doc(member.comment, 1, fallback="The `%s` field." % member.name)
            swift_type, expression = (_repeated(member) if member.repeated else _value(member))
            out.line("@inlinable", 1)
            out.line("public var %s: %s { %s }" % (member.prop, swift_type, expression), 1)
        else:
            _oneof(out, member)
    out.line("}")


def _oneof(out: SwiftSource, oneof):
    out.doc(oneof.comment, 1, fallback="The member of the `%s` oneof, if one is set." % oneof.name)
    out.line("@inlinable", 1)
    out.line("public var %s: %s? {" % (oneof.prop, oneof.enum), 2 - 1)
    tags = ", ".join(_tag(f) for f in oneof.by_number)
    out.line("let isMember = { (tag: UInt64) -> Bool in", 2)
    out.line("switch tag {", 3)
    out.line("case %s: true" % tags, 3)
    out.line("default: false", 3)
    out.line("}", 3)
    out.line("}", 2)
    out.line("guard let member = scope.oneofMember(isMember) else { return nil }", 2)
    out.line("switch member.tag {", 2)
    for f in oneof.by_number:
        out.line("case %s:" % _tag(f), 2)
        if f.is_message:
            out.line("return .%s(%s(_scope: scope.appending(%d, from: member.from)))"
                     % (f.case, view_name(f.swift_scalar), f.number), 3)
        else:
            out.line("return .%s(%s)" % (f.case, _value(f)[1]), 3)
    out.line("default:", 2)
    out.line("return nil", 3)
    out.line("}", 2)
    out.line("}", 1)
    out.line()
    out.doc(oneof.comment, 1, fallback="The members of the `%s` oneof." % oneof.name)
    out.line("public enum %s {" % oneof.enum, 1)
    for f in oneof.fields:
        out.doc(f.comment, 2, fallback="The `%s` member." % f.name)
        out.line("case %s(%s)" % (f.case, _value(f)[0].rstrip("?")), 2)
    out.line("}", 1)


def _flag(f: Field) -> str:
    return "nul" + f.prop[0].upper() + f.prop[1:]


def _count(f: Field) -> str:
    return "count" + f.prop[0].upper() + f.prop[1:]


def _check(out: SwiftSource, m: Message):
    out.line("extension %s: RTMViewable {" % m.name)
    out.line("/// The borrowed view of an encoded ``%s``." % m.name, 1)
    out.line("public typealias View = %s" % view_name(m.name), 1)
    out.line()
    out.line("public static func _checkView(", 1)
    out.line("_ reader: inout WireReader, _ options: CodecOptions", 2)
    out.line(") throws(RTMWireError) -> RTMWireError? {", 1)
    fields = m.by_number
    has_messages = any(f.is_message for f in fields)
    if has_messages:
        out.line("var violation: RTMWireError? = nil", 2)
    for f in fields:
        if f.repeated:
            out.line("var %s = 0" % _count(f), 2)
        if f.is_string and f.oneof is None:
            out.line("var %s = false" % _flag(f), 2)
    for oneof in m.oneofs:
        if any(f.is_string for f in oneof.fields):
            # The last member wins: only a string member that stays set can hold U+0000.
            out.line("var %sNUL: StaticString? = nil" % oneof.prop, 2)
    out.line("while !reader.isAtEnd {", 2)
    out.line("let tagStart = reader.offset", 3)
    out.line("let tag = try reader.readTag()", 3)
    if fields:
        out.line("switch tag {", 3)
        for f in fields:
            _check_case(out, f)
        out.line("default:", 3)
        out.line("try reader._skipUnknown(rawTag: tag, tagStart: tagStart)", 4)
        out.line("}", 3)
    else:
        out.line("try reader._skipUnknown(rawTag: tag, tagStart: tagStart)", 3)
    out.line("}", 2)
    out.line("guard options.checksSemantics else { return nil }", 2)
    # In the order of the generated `_validate`: counts, strings, then sub-messages.
    for f in fields:
        if f.repeated:
            out.line('if %s > options.limits.maxRepeatedCount {' % _count(f), 2)
            out.line('return Rules.countViolation(%s, options.limits, "%s")' % (_count(f), f.name), 3)
            out.line("}", 2)
    for f in fields:
        if f.is_string and f.oneof is None:
            out.line('if %s { return Rules.nulViolation("%s") }' % (_flag(f), f.name), 2)
    for oneof in m.oneofs:
        if any(f.is_string for f in oneof.fields):
            out.line("if let field = %sNUL { return Rules.nulViolation(field) }" % oneof.prop, 2)
    out.line("return %s" % ("violation" if has_messages else "nil"), 2)
    out.line("}", 1)
    out.line("}")


def _check_case(out: SwiftSource, f: Field):
    name = '"%s"' % f.name
    comment = "  // %s = %d" % (f.name, f.number)
    if f.packed:
        out.line("case %s, %s:%s" % (_tag(f, 0), _tag(f, 2), comment), 3)
        out.line("%s &+= try reader._checkRepeatedVarint(packed: tag == %s)"
                 % (_count(f), _tag(f, 2)), 4)
        return
    out.line("case %s:%s" % (_tag(f), comment), 3)
    if f.is_message:
        path = name
        if f.repeated:
            path = '"%s[\\(%s)]"' % (f.name, _count(f))
        out.line("if let found = try reader._checkMessage(%s.self, field: %s, options: options),"
                 % (f.swift_scalar, name), 4)
        out.line("violation == nil", 5)
        out.line("{", 4)
        out.line("violation = found.prefixingPath(%s)" % path, 5)
        out.line("}", 4)
        if f.oneof is not None and any(o.is_string for o in f.oneof.fields):
            out.line("%sNUL = nil" % f.oneof.prop, 4)
    elif f.is_string and f.repeated:
        out.line("if try reader._checkString(field: %s) { %s = true }" % (name, _flag(f)), 4)
    elif f.is_string and f.oneof is not None:
        out.line("%sNUL = try reader._checkString(field: %s) ? %s : nil"
                 % (f.oneof.prop, name, name), 4)
    elif f.is_string:
        out.line("%s = try reader._checkString(field: %s)" % (_flag(f), name), 4)
    elif f.type.swift == "[UInt8]":
        out.line("_ = try reader.readLengthPrefix()", 4)
        if f.oneof is not None and any(o.is_string for o in f.oneof.fields):
            out.line("%sNUL = nil" % f.oneof.prop, 4)
    else:
        out.line("_ = try reader.readVarint()", 4)
        if f.oneof is not None and any(o.is_string for o in f.oneof.fields):
            out.line("%sNUL = nil" % f.oneof.prop, 4)
    if f.repeated:
        out.line("%s &+= 1" % _count(f), 4)
