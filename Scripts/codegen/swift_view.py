"""M+View.swift: the view of an encoded message (MView) and its up-front check.

A view reads fields from the input's bytes on demand (Sources/RTMWireViews/View/): strings as
RTMStringView, repeated fields as lazy sequences, sub-messages as views. `_checkView` is the
one pass `view(of:)` makes first (`strings: false`): the decoder's wire rules (thrown at once) and
the repeated-count check of the default options (recorded in the walk's one ViewViolation, thrown
after the pass, as the decoder throws it after decoding). A string's UTF-8 and U+0000 are
checked when it is read as text; when that fails, the same pass with `strings: true` finds the
decoder's error for the whole input.
"""

from schema import Field, Message, Schema
from swift_message import json_name_property
from swift_source import SwiftSource
from view_layout import ViewLayout, storage as _storage

# ViewPath.capacity in Sources/RTMWireViews/View/ViewScope.swift.
PATH_CAPACITY = 4


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


def view_file(m: Message, layout: ViewLayout) -> str:
    out = SwiftSource(m.source)
    _view(out, m, layout)
    out.line()
    _check(out, m)
    return out.text


def _tag(f: Field, wire_type=None) -> str:
    return "0x%02X" % f.tag_value(wire_type)


def _stored(f: Field) -> str:
    """The stored property that keeps where a singular field's last occurrence is."""
    return "_" + f.prop


def _read_scalar(f: Field) -> str:
    """The expression that reads a singular scalar into its storage."""
    stored_type = _storage(f)[0]
    if stored_type == "Bool":
        return "try reader.readVarint() != 0"
    if stored_type == "UInt32":
        return "UInt32(truncatingIfNeeded: try reader.readVarint())"
    return "try reader.readVarint()"


def _scalar_value(f: Field, stored: str) -> str:
    """The field's value from its storage `stored`."""
    stored_type = _storage(f)[0]
    if stored_type == "Bool":
        return stored
    if stored_type == "UInt32":
        return f.from_varint("UInt64(%s)" % stored)
    return f.from_varint(stored)


def _fields_of(f: Field) -> str:
    """The stored property holding the recorded fields of a singular sub-message field."""
    return _stored(f) + "Fields"


def _oneof_fields_enum(oneof) -> str:
    """The enum holding the recorded fields of a oneof's message member."""
    return "_%sFields" % oneof.enum


def _message_members(oneof) -> list:
    return [f for f in oneof.by_number if f.is_message]


def _value(f: Field) -> tuple:
    """(Swift type, expression) of a singular field, from its recorded storage."""
    stored = "fields." + _stored(f)
    if f.is_message:
        view = view_name(f.swift_scalar)
        return view + "?", "%s.scope(in: scope, %d).map { %s(scope: $0, fields: fields.%s) }" % (
            stored, f.number, view, _fields_of(f))
    if f.is_string:
        return "RTMStringView", "%s.string(scope)" % stored
    if f.type.swift == "[UInt8]":
        return "RTMBytesView", "%s.bytes(scope)" % stored
    return f.swift_scalar, _scalar_value(f, stored)


def _member_value(f: Field) -> str:
    """A non-message oneof member's value from `member` (its last occurrence)."""
    if f.is_string:
        return "ViewRange(member).string(scope)"
    if f.type.swift == "[UInt8]":
        return "ViewRange(member).bytes(scope)"
    return f.from_varint("member.varint(scope.base)")


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


def _view(out: SwiftSource, m: Message, layout: ViewLayout):
    name = view_name(m.name)
    out.line("/// A view of an encoded `%s`, read in place from bytes that it keeps alive (see" % m.name)
    out.line("/// ``RTMViewable``). The pass that checks the input records where each singular field's")
    out.line("/// last occurrence is, sub-messages included; repeated fields are read when iterated.")
    out.line("public struct %s: RTMMessageView {" % name)
    out.line("/// The message type this views.", 1)
    out.line("public typealias Message = %s" % m.name, 1)
    out.line("@usableFromInline let scope: ViewScope", 1)
    out.line("@usableFromInline var fields: _Fields", 1)
    singular = [f for f in m.by_number if not f.repeated and f.oneof is None]
    out.line()
    lazy = {f.number for f in m.fields if layout.is_lazy(m, f)}
    _fields_struct(out, m, singular, lazy)
    out.line()
    out.lines(_INITS.replace("MESSAGE", m.name).split("\n"), 1)
    out.line()
    _record(out, m, singular, lazy)
    for member in m.members():
        out.line()
        if isinstance(member, Field):
            out.doc(member.comment, 1, fallback="The `%s` field." % member.name)
            swift_type, expression = (_repeated(member) if member.repeated else _value(member))
            # Emitted into the apps that read the field, not into the library: a Swift
            # library's public functions are kept by the linker whether an app calls them or
            # not (issue 36; CONTRIBUTING.md, "Binary size"). Inlined as @inlinable was.
            out.line("@_alwaysEmitIntoClient", 1)
            out.line("public var %s: %s { %s }" % (member.prop, swift_type, expression), 1)
        else:
            _oneof(out, member, lazy)
    out.line()
    _materialized(out, m)
    out.line("}")


# The initializers every view has; MESSAGE is the message type's name. Indented by one level.
_INITS = """/// The view of the message at `scope` whose fields were recorded as `fields`.
@inlinable
init(scope: ViewScope, fields: _Fields) {
    self.scope = scope
    self.fields = fields
}

/// The view of the message at `scope`, an input a view has already checked (an element
/// of a repeated field): its fields are recorded by walking it again. Optimised for size:
/// it calls `_record` rather than carrying a copy of it.
@_optimize(size)
public init(_scope scope: ViewScope) {
    var fields = _Fields()
    var violation = ViewViolation(recordsOnly: true)
    var ranges = scope.checkedRanges()
    while var reader = ranges.next() {
        // Checked when the view was made: cannot fail (see ViewScope.checkedRanges).
        try? Self._record(&reader, .viewRecording, &violation, into: &fields)
    }
    self.init(scope: scope, fields: fields)
}

/// The view of the message `reader` is at (its current scope, whose bytes `scope`
/// keeps alive), after checking it as `MESSAGE._checkView` does without
/// strings, in the same pass that records its fields; made by `view(of:)`.
@inlinable
public init(
    _checking reader: inout WireReader, _ scope: ViewScope, _ options: CodecOptions,
    _ violation: inout ViewViolation
) throws(RTMWireError) {
    self.scope = scope
    self.fields = _Fields()
    try Self._record(&reader, options, &violation, into: &self.fields)
}"""


def _fields_struct(out: SwiftSource, m: Message, singular: list, lazy: set):
    """_Fields: where the message's singular fields are, offsets only (no reference, so a
    view copies it as plain bytes), recorded by the checking pass."""
    out.line("/// Where the singular fields of the message are: offsets into the input, and the recorded", 1)
    out.line("/// fields of each sub-message, merged over its occurrences as the decoder merges them.", 1)
    out.line("@usableFromInline", 1)
    out.line("struct _Fields {", 1)
    for f in singular:
        swift_type, initial = _storage(f)
        out.line("@usableFromInline var %s: %s = %s" % (_stored(f), swift_type, initial), 2)
        if f.is_message:
            out.line("@usableFromInline var %s = %s._Fields()"
                     % (_fields_of(f), view_name(f.swift_scalar)), 2)
    for oneof in m.oneofs:
        out.line("/// The last occurrence of a member, and where that member's last run starts.", 2)
        out.line("@usableFromInline var %s: ViewField? = nil" % _stored(oneof), 2)
        out.line("@usableFromInline var %sFrom: Int32 = 0" % _stored(oneof), 2)
        out.line("@usableFromInline var %sRun = ViewOccurrences()" % _stored(oneof), 2)
        if _message_members(oneof):
            out.line("@usableFromInline var %sFields = %s.none"
                     % (_stored(oneof), _oneof_fields_enum(oneof)), 2)
    out.line()
    out.line("@inlinable init() {}", 2)
    out.line("}", 1)
    for oneof in m.oneofs:
        members = _message_members(oneof)
        if not members:
            continue
        out.line()
        out.line("/// The recorded fields of the `%s` member that is set, when it is a message." % oneof.name, 1)
        out.line("@usableFromInline", 1)
        out.line("enum %s {" % _oneof_fields_enum(oneof), 1)
        out.line("case none", 2)
        for f in members:
            if f.number in lazy:
                out.line("/// Checked by the pass, recorded when read (see Scripts/codegen/view_layout.py).", 2)
                out.line("case %s" % f.case, 2)
            else:
                out.line("case %s(%s._Fields)" % (f.case, view_name(f.swift_scalar)), 2)
        out.line("}", 1)


def _record_oneof(out: SwiftSource, oneof, indent: int):
    """The statements that record `field`, an occurrence of a member of `oneof`."""
    # A member other than the last one seen starts a new run; the last member wins.
    stored = "fields." + _stored(oneof)
    out.line("if %s?.tag != field.tag {" % stored, indent)
    out.line("%sFrom = field.tagStart32" % stored, indent + 1)
    out.line("%sRun = ViewOccurrences()" % stored, indent + 1)
    out.line("}", indent)
    out.line("%s = field" % stored, indent)
    out.line("%sRun.add(field)" % stored, indent)


def _walk(out: SwiftSource, fields: list, case):
    """The loop over a message's fields that a checker runs: `case(f)` writes each field's case."""
    out.line("while !reader.isAtEnd {", 2)
    out.line("let tagStart = reader.offset", 3)
    out.line("let tag = try reader.readTag()", 3)
    if fields:
        out.line("switch tag {", 3)
        for f in fields:
            case(f)
        out.line("default:", 3)
        out.line("try reader._skipUnknown(rawTag: tag, tagStart: tagStart)", 4)
        out.line("}", 3)
    else:
        out.line("try reader._skipUnknown(rawTag: tag, tagStart: tagStart)", 3)
    out.line("}", 2)


def _count_checks(out: SwiftSource, repeated: list, last_returns: bool = True):
    """The repeated-count checks, in field order, each recording its violation and returning."""
    for i, f in enumerate(repeated):
        out.line('if %s > options.limits.maxRepeatedCount {' % _count(f), 2)
        out.line('violation.recordOwn(Rules.countViolation(%s, options.limits, "%s"))'
                 % (_count(f), f.name), 3)
        if last_returns or i < len(repeated) - 1:
            out.line("return", 3)
        out.line("}", 2)


def _record_message(out: SwiftSource, f: Field, into: str):
    """`let field = ...`: the occurrence of sub-message `f`, checked, its fields recorded into
    the `_Fields` value `into`."""
    out.line("let field = try reader._viewMessage(", 4)
    out.line("tag: tag, tagStart: tagStart, field: \"%s\", &violation" % f.name, 5)
    out.line(") { reader, violation throws(RTMWireError) in", 4)
    out.line("try %s._record(&reader, options, &violation, into: &%s)"
             % (view_name(f.swift_scalar), into), 5)
    out.line("}", 4)


def _record(out: SwiftSource, m: Message, singular: list, lazy: set):
    """_record: the one pass that checks the message's structure, as `_checkView` with
    `strings: false` does (the same errors, and the same violations recorded), and records
    where its fields are, its sub-messages' included: a view walks its input once."""
    out.line("/// Checks the message `reader` is at as `%s._checkView` does without strings" % m.name, 1)
    out.line("/// (the same errors and violations) and records where its fields are in `fields`,", 1)
    out.line("/// merging into what an earlier occurrence recorded.", 1)
    out.line("@usableFromInline", 1)
    out.line("static func _record(", 1)
    out.line("_ reader: inout WireReader, _ options: CodecOptions, _ violation: inout ViewViolation,", 2)
    out.line("into fields: inout _Fields", 2)
    out.line(") throws(RTMWireError) {", 1)
    fields = m.by_number
    repeated = [f for f in fields if f.repeated]
    has_messages = any(f.is_message for f in fields)
    if repeated and has_messages:
        out.line("let firstHere = violation.isEmpty", 2)
    for f in repeated:
        out.line("var %s = 0" % _count(f), 2)

    def case(f: Field):
        comment = "  // %s = %d" % (f.name, f.number)
        if f.repeated:
            if f.is_string:
                out.line("case %s:%s" % (_tag(f), comment), 3)
                out.line("try reader._skipLengthDelimited()", 4)
                out.line("%s &+= 1" % _count(f), 4)
            else:
                _check_case(out, f, strings="false")
            return
        out.line("case %s:%s" % (_tag(f), comment), 3)
        view = view_name(f.swift_scalar)
        if f.is_message and f.oneof is None:
            _record_message(out, f, "fields." + _fields_of(f))
            out.line("fields.%s.add(field)" % _stored(f), 4)
            return
        if f.is_message and f.number in lazy:
            # Checked here; what this records is dropped, and recorded again when read.
            out.line("var member = %s._Fields()" % view, 4)
            _record_message(out, f, "member")
            out.line("fields.%sFields = .%s" % (_stored(f.oneof), f.case), 4)
        elif f.is_message:
            enum_value = "fields.%sFields" % _stored(f.oneof)
            out.line("var member = %s._Fields()" % view, 4)
            out.line("if fields.%s?.tag == tag, case .%s(let previous) = %s {"
                     % (_stored(f.oneof), f.case, enum_value), 4)
            out.line("member = previous", 5)
            out.line("}", 4)
            _record_message(out, f, "member")
            out.line("%s = .%s(member)" % (enum_value, f.case), 4)
        elif f.is_string or f.type.swift == "[UInt8]":
            out.line("let field = try reader._viewLengthDelimited(tag: tag, tagStart: tagStart)", 4)
        elif f.oneof is None:
            out.line("fields.%s = %s" % (_stored(f), _read_scalar(f)), 4)
            return
        else:
            out.line("let field = try reader._viewVarint(tag: tag, tagStart: tagStart)", 4)
        if f.oneof is None:
            out.line("fields.%s = ViewRange(field)" % _stored(f), 4)
            return
        if not f.is_message and _message_members(f.oneof):
            out.line("fields.%sFields = .none" % _stored(f.oneof), 4)
        _record_oneof(out, f.oneof, 4)

    _walk(out, fields, case)
    if repeated:
        first = "firstHere" if has_messages else "violation.isEmpty"
        out.line("guard options.checksSemantics, %s else { return }" % first, 2)
        # In the order of `_checkView`: counts first (strings are not checked here).
        _count_checks(out, repeated, last_returns=False)
    out.line("}", 1)


def _oneof(out: SwiftSource, oneof, lazy: set):
    out.doc(oneof.comment, 1, fallback="The member of the `%s` oneof, if one is set." % oneof.name)
    out.line("@_alwaysEmitIntoClient", 1)
    out.line("public var %s: %s? {" % (oneof.prop, oneof.enum), 1)
    stored = "fields." + _stored(oneof)
    members = _message_members(oneof)
    if members:
        # A message member that is set occurred at least once: `scope(in:)` is never nil here.
        out.line("switch %sFields {" % stored, 2)
        for f in members:
            view = view_name(f.swift_scalar)
            out.line("case .%s%s:" % (f.case, "" if f.number in lazy else "(let recorded)"), 2)
            out.line("let memberScope = %sRun.scope(in: scope, %d, from: Int(%sFrom)) ?? scope"
                     % (stored, f.number, stored), 3)
            if f.number in lazy:
                out.line("return .%s(%s(_scope: memberScope))" % (f.case, view), 3)
            else:
                out.line("return .%s(%s(scope: memberScope, fields: recorded))" % (f.case, view), 3)
        out.line("case .none: break", 2)
        out.line("}", 2)
    scalars = [f for f in oneof.by_number if not f.is_message]
    if scalars:
        out.line("guard let member = %s else { return nil }" % stored, 2)
        out.line("switch member.tag {", 2)
        for f in scalars:
            out.line("case %s: return .%s(%s)" % (_tag(f), f.case, _member_value(f)), 2)
        out.line("default: return nil", 2)
        out.line("}", 2)
    else:
        out.line("return nil", 2)
    out.line("}", 1)
    out.line()
    out.doc(oneof.comment, 1, fallback="The members of the `%s` oneof." % oneof.name)
    out.line("public enum %s {" % oneof.enum, 1)
    for f in oneof.fields:
        out.doc(f.comment, 2, fallback="The `%s` member." % f.name)
        out.line("case %s(%s)" % (f.case, _value(f)[0].rstrip("?")), 2)
    out.line()
    json_name_property(out, oneof)
    out.line("}", 1)


def _materialized(out: SwiftSource, m: Message):
    out.line("/// A `%s` holding a copy of the viewed fields (strings and bytes are copied;" % m.name, 1)
    out.line("/// unknown fields are not kept). Throws the decoder's error when a string it copies fails", 1)
    out.line("/// its check (see ``RTMStringView/string``).", 1)
    # Optimised for size: it allocates a copy of every string, so a call per getter is noise,
    # and inlined, every getter of every view was copied into it.
    out.line("@_optimize(size)", 1)
    out.line("public func materialized() throws(RTMWireError) -> %s {" % m.name, 1)
    out.line("var message = %s()" % m.name, 2)
    for member in m.members():
        if isinstance(member, Field):
            out.line("message.%s = %s" % (member.prop, _copy(member, "self." + member.prop)), 2)
            continue
        out.line("switch self.%s {" % member.prop, 2)
        for f in member.by_number:
            out.line("case .%s(let value)?:" % f.case, 2)
            out.line("message.%s = .%s(%s)" % (member.prop, f.case, _copy(f, "value", True)), 3)
        out.line("case nil:", 2)
        out.line("break", 3)
        out.line("}", 2)
    out.line("return message", 2)
    out.line("}", 1)


def _copy(f: Field, value: str, unwrapped: bool = False) -> str:
    """`value` (as the view reads the field) as the message's property holds it."""
    if f.repeated:
        if f.is_message:
            return "try %s.materializedElements()" % value
        if f.is_string:
            return "try %s.strings()" % value
        return "Array(%s)" % value
    if f.is_message:
        return "try %s.materialized()" % value if unwrapped else "try %s?.materialized()" % value
    if f.is_string:
        return "try %s.string" % value
    if f.type.swift == "[UInt8]":
        return "Array(%s)" % value
    return value


def _flag(f: Field) -> str:
    return "nul" + f.prop[0].upper() + f.prop[1:]


def _count(f: Field) -> str:
    return "count" + f.prop[0].upper() + f.prop[1:]


def _check(out: SwiftSource, m: Message):
    out.line("extension %s: RTMViewable {" % m.name)
    out.line("/// The view of an encoded `%s`, read in place." % m.name, 1)
    out.line("public typealias View = %s" % view_name(m.name), 1)
    out.line("/// The checker this type's views find a failed string's error with (see ``ViewRoot``).", 1)
    out.line("public static let _viewRoot = ViewRoot(_checkView(_:_:strings:_:))", 1)
    out.line()
    # Optimised for size: it checks the elements of repeated message fields and finds a failed
    # string's error; the view's own pass is `_record` (issue 36; CONTRIBUTING.md, "Binary
    # size", gives what it costs the view of a metadata request).
    out.line("@_optimize(size)", 1)
    out.line("public static func _checkView(", 1)
    out.line("_ reader: inout WireReader, _ options: CodecOptions, strings: Bool,", 2)
    out.line("_ violation: inout ViewViolation", 2)
    out.line(") throws(RTMWireError) {", 1)
    fields = m.by_number
    has_messages = any(f.is_message for f in fields)
    string_oneofs = [o for o in m.oneofs if any(f.is_string for f in o.fields)]
    has_own = (any(f.repeated or (f.is_string and f.oneof is None) for f in fields)
               or bool(string_oneofs))
    if has_messages and has_own:
        # The message's own checks run after the walk and win over what its sub-messages
        # recorded during it, not over what was recorded before it began.
        out.line("let firstHere = violation.isEmpty", 2)
    for f in fields:
        if f.repeated:
            out.line("var %s = 0" % _count(f), 2)
        if f.is_string and f.oneof is None:
            out.line("var %s = false" % _flag(f), 2)
    for oneof in string_oneofs:
        # The last member wins: only a string member that stays set can hold U+0000.
        out.line("var %sNUL: StaticString? = nil" % oneof.prop, 2)
    _walk(out, fields, lambda f: _check_case(out, f))
    if not has_own:
        out.line("}", 1)
        out.line("}")
        return
    first = "firstHere" if has_messages else "violation.isEmpty"
    out.line("guard options.checksSemantics, %s else { return }" % first, 2)
    # In the order of the generated `_checkedWireSize`: counts, strings, then sub-messages.
    _count_checks(out, [f for f in fields if f.repeated])
    for f in fields:
        if f.is_string and f.oneof is None:
            out.line('if %s {' % _flag(f), 2)
            out.line('violation.recordOwn(Rules.nulViolation("%s"))' % f.name, 3)
            out.line("return", 3)
            out.line("}", 2)
    for oneof in string_oneofs:
        out.line("if let field = %sNUL {" % oneof.prop, 2)
        out.line("violation.recordOwn(Rules.nulViolation(field))", 3)
        out.line("return", 3)
        out.line("}", 2)
    out.line("}", 1)
    out.line("}")


def _check_case(out: SwiftSource, f: Field, strings: str = "strings"):
    name = '"%s"' % f.name
    comment = "  // %s = %d" % (f.name, f.number)
    if f.packed:
        out.line("case %s, %s:%s" % (_tag(f, 0), _tag(f, 2), comment), 3)
        out.line("%s &+= try reader._checkRepeatedVarint(packed: tag == %s)"
                 % (_count(f), _tag(f, 2)), 4)
        return
    out.line("case %s:%s" % (_tag(f), comment), 3)
    if f.is_message:
        index = ", index: %s" % _count(f) if f.repeated else ""
        out.line("try reader._checkMessage(", 4)
        out.line("%s.self, field: %s%s, options: options, strings: %s, &violation)"
                 % (f.swift_scalar, name, index, strings), 5)
        if f.oneof is not None and any(o.is_string for o in f.oneof.fields):
            out.line("%sNUL = nil" % f.oneof.prop, 4)
    elif f.is_string and f.repeated:
        out.line("if try reader._checkString(field: %s, validating: strings) { %s = true }" % (name, _flag(f)), 4)
    elif f.is_string and f.oneof is not None:
        out.line("%sNUL = try reader._checkString(field: %s, validating: strings) ? %s : nil"
                 % (f.oneof.prop, name, name), 4)
    elif f.is_string:
        out.line("%s = try reader._checkString(field: %s, validating: strings)" % (_flag(f), name), 4)
    elif f.type.swift == "[UInt8]":
        out.line("try reader._skipLengthDelimited()", 4)
        if f.oneof is not None and any(o.is_string for o in f.oneof.fields):
            out.line("%sNUL = nil" % f.oneof.prop, 4)
    else:
        out.line("try reader._skipVarint()", 4)
        if f.oneof is not None and any(o.is_string for o in f.oneof.fields):
            out.line("%sNUL = nil" % f.oneof.prop, 4)
    if f.repeated:
        out.line("%s &+= 1" % _count(f), 4)
