"""M+Validation.swift: the recursion of the semantic checks through a message.

The generated `_checkedWireSize` checks repeated-field counts, runs the message's own rules
(`_validateSelf`, hand-written in Sources/RTMWire/Validation/), refuses U+0000 in every string
(protobuf-c cuts strings there) and descends into every sub-message, prefixing error paths,
adding up the encoded size as it goes. The decoder passes `checkingNUL: false` when no string it
read held U+0000 (it looked while validating their UTF-8), so that strings are not scanned twice;
anything else passes true.

It is the only checking walk. The encoders need checks and size together (a walk of each cost a
small envelope's encode about a tenth of its instructions: a call per sub-message and a copy of
the body's enum to switch on it); `_validate` (RTMMessage.swift) passes `sizing: false`, which
skips the size arithmetic (3 to 7% of a decode): the sizes of fields that are not messages are
added after the checks, in one `if sizing` block, so the checks and their order are the same
either way. A second, check-only walk was as large again in every app's binary (issue 36;
CONTRIBUTING.md, "Binary size").
"""

from schema import Field, Message
from swift_source import SwiftSource, extension_file
from swift_wire import add_value_size


def validation_file(m: Message, elements: set) -> str:
    if m.name in elements:
        return extension_file(m, _forwarding("_checkedWireSize", " -> Int"),
                              _checked_size_in_place)
    return extension_file(m, _checked_size)


def _forwarding(name: str, returns: str):
    """The public method of a repeated field's element type: it reads `self` in place."""
    def section(out: SwiftSource, m: Message):
        out.line("public func %s(" % name, 1)
        out.line("_ limits: Limits, checkingNUL: Bool, sizing: Bool", 2)
        out.line(") throws(RTMWireError)%s {" % returns, 1)
        out.line("try withUnsafePointer(to: self) { pointer throws(RTMWireError) in", 2)
        out.line("try Self.%s(InPlace(pointer), limits, checkingNUL: checkingNUL, sizing: sizing)"
                 % name, 3)
        out.line("}", 2)
        out.line("}", 1)
    return section


def _open(out: SwiftSource, m: Message, name: str, returns: str, receiver: str = None) -> str:
    """Writes the signature (static and in place with a receiver) and the checks every walk
    starts with: repeated-field counts, then the message's own rules. Returns the expression
    that reads the message."""
    if receiver:
        out.line("static func %s(" % name, 1)
        out.line("_ %s: InPlace<Self>, _ limits: Limits, checkingNUL: Bool, sizing: Bool"
                 % receiver, 2)
        out.line(") throws(RTMWireError)%s {" % returns, 1)
    else:
        out.line("public func %s(" % name, 1)
        out.line("_ limits: Limits, checkingNUL: Bool, sizing: Bool", 2)
        out.line(") throws(RTMWireError)%s {" % returns, 1)
    # In place, each field is read through the pointer (see InPlace.pointee).
    recv = receiver + ".pointee" if receiver else "self"
    for f in m.by_number:
        if f.repeated:
            out.line('try Rules.count(%s.%s.count, limits, "%s")' % (recv, f.prop, f.name), 2)
    if receiver:
        out.line("try %s.pointee._validateSelf(limits)" % receiver, 2)
    else:
        out.line("try _validateSelf(limits)", 2)
    return recv


_SUB_MESSAGE_CALL = "value._checkedWireSize(limits, checkingNUL: checkingNUL, sizing: sizing)"


def _checked_sub_message(name: str, tag_length: int, call: str) -> str:
    return ("do { total += %d + Varint.sizeWithLengthPrefix(try %s) } "
            'catch { throw error.prefixingPath(field: "%s") }' % (tag_length, call, name))


def _checked_size_in_place(out: SwiftSource, m: Message):
    out.line("/// `_checkedWireSize(_:checkingNUL:sizing:)` of a message read where it is stored (an element", 1)
    out.line("/// of a repeated field).", 1)
    _checked_size(out, m, receiver="message")


def _checked_size(out: SwiftSource, m: Message, receiver: str = None):
    recv = _open(out, m, "_checkedWireSize", " -> Int", receiver)
    out.line("var total = %s.unknownFields.bytes.count" % recv, 2)
    for f in m.by_number:
        if f.oneof is not None:
            continue
        prop = recv + "." + f.prop
        tag_length = f.tag_length
        if f.is_message and f.repeated:
            out.line("try %s.forEachInPlace { element, index throws(RTMWireError) in" % prop, 2)
            out.line("do throws(RTMWireError) { total += %d + Varint.sizeWithLengthPrefix(try %s._checkedWireSize(element, limits, checkingNUL: checkingNUL, sizing: sizing)) } "
                     'catch { throw error.prefixingPath(field: "%s", index: index) }' % (tag_length, f.swift_scalar, f.name), 3)
            out.line("}", 2)
            continue
        if f.is_message:
            out.line("if let value = %s {" % prop, 2)
            out.line(_checked_sub_message(f.name, tag_length, _SUB_MESSAGE_CALL), 3)
            out.line("}", 2)
            continue
        if f.is_string:
            _check_field(out, f, recv)
    for oneof in m.oneofs:
        # On the unwrapped value, as the encoder (see swift_wire.py).
        out.line("if let oneof = %s.%s {" % (recv, oneof.prop), 2)
        out.line("switch oneof {", 3)
        for f in oneof.fields:
            out.line("case .%s(let value):" % f.case, 3)
            if f.is_message:
                out.line(_checked_sub_message(f.name, f.tag_length, _SUB_MESSAGE_CALL), 4)
                continue
            if f.is_string:
                out.line('if checkingNUL { try Rules.noNUL(value, "%s") }' % f.name, 4)
            out.line("if sizing { total += %d + %s }" % (f.tag_length, f.size("value")), 4)
        out.line("}", 3)
        out.line("}", 2)
    # The sizes of the other fields, which no check needs, after the checks: one branch.
    plain = [f for f in m.by_number if f.oneof is None and not f.is_message]
    if plain:
        out.line("if sizing {", 2)
        for f in plain:
            add_value_size(out, f, recv + "." + f.prop, level=3)
        out.line("}", 2)
    out.line("return total", 2)
    out.line("}", 1)


def _check_field(out: SwiftSource, f: Field, recv: str):
    """The U+0000 check of a string field."""
    prop = recv + "." + f.prop
    if f.repeated:
        # Scanned without a throwing call per element (see UTF8Scan.firstIndexContainingNUL);
        # the rule runs only for an offending string.
        out.line("if checkingNUL, let index = UTF8Scan.firstIndexContainingNUL(%s) {" % prop, 2)
        out.line('try Rules.noNUL(%s[index], "%s")' % (prop, f.name), 3)
        out.line("}", 2)
    else:
        out.line('if checkingNUL { try Rules.noNUL(%s, "%s") }' % (prop, f.name), 2)
