"""M+Validation.swift: the recursion of the semantic checks through a message.

The generated `_validate` checks repeated-field counts, runs the message's own rules
(`_validateSelf`, hand-written in Sources/RTMWire/Validation/), refuses U+0000 in every string
(protobuf-c cuts strings there) and descends into every sub-message, prefixing error paths.
The decoder passes `checkingNUL: false` when no string it read held U+0000 (it looked while
validating their UTF-8), so that strings are not scanned twice; anything else passes true.
"""

from schema import Field, Message
from swift_source import SwiftSource, extension_file


def _validate_sub_message(name: str) -> str:
    return ('do { try value._validate(limits, checkingNUL: checkingNUL) } '
            'catch { throw error.prefixingPath("%s") }' % name)


def validation_file(m: Message, elements: set) -> str:
    if m.name in elements:
        return extension_file(m, _validate_forwarding, _validate_in_place)
    return extension_file(m, _validate)


def _validate_forwarding(out: SwiftSource, m: Message):
    out.line("public func _validate(_ limits: Limits, checkingNUL: Bool) throws(RTMWireError) {", 1)
    out.line("try withUnsafePointer(to: self) { pointer throws(RTMWireError) in", 2)
    out.line("try Self._validate(InPlace(pointer), limits, checkingNUL: checkingNUL)", 3)
    out.line("}", 2)
    out.line("}", 1)


def _validate_in_place(out: SwiftSource, m: Message):
    out.line("/// `_validate(_:checkingNUL:)` of a message read where it is stored (an element of a", 1)
    out.line("/// repeated field).", 1)
    _validate(out, m, receiver="message")


def _validate(out: SwiftSource, m: Message, receiver: str = None):
    if receiver:
        out.line("static func _validate(", 1)
        out.line("_ %s: InPlace<Self>, _ limits: Limits, checkingNUL: Bool" % receiver, 2)
        out.line(") throws(RTMWireError) {", 1)
    else:
        out.line("public func _validate(_ limits: Limits, checkingNUL: Bool) throws(RTMWireError) {", 1)
    # In place, each field is read through the pointer (see InPlace.pointee).
    recv = receiver + ".pointee" if receiver else "self"
    for f in m.by_number:
        if f.repeated:
            out.line('try Rules.count(%s.%s.count, limits, "%s")' % (recv, f.prop, f.name), 2)
    if receiver:
        out.line("try %s.pointee._validateSelf(limits)" % receiver, 2)
    else:
        out.line("try _validateSelf(limits)", 2)
    for f in m.by_number:
        if f.oneof is None:
            _check_field(out, f, recv)
    for oneof in m.oneofs:
        out.line("switch %s.%s {" % (recv, oneof.prop), 2)
        for f in oneof.fields:
            if f.is_message:
                out.line("case .%s(let value)?:" % f.case, 2)
                out.line(_validate_sub_message(f.name), 3)
            elif f.is_string:
                out.line("case .%s(let value)?:" % f.case, 2)
                out.line('if checkingNUL { try Rules.noNUL(value, "%s") }' % f.name, 3)
            else:
                out.line("case .%s?:" % f.case, 2)
                out.line("break", 3)
        out.line("case nil:", 2)
        out.line("break", 3)
        out.line("}", 2)
    out.line("}", 1)


def _check_field(out: SwiftSource, f: Field, recv: str):
    prop = recv + "." + f.prop
    if f.is_string and f.repeated:
        # Scanned without a throwing call per element (see UTF8Scan.firstIndexContainingNUL);
        # the rule runs only for an offending string.
        out.line("if checkingNUL, let index = UTF8Scan.firstIndexContainingNUL(%s) {" % prop, 2)
        out.line('try Rules.noNUL(%s[index], "%s")' % (prop, f.name), 3)
        out.line("}", 2)
    elif f.is_string:
        out.line('if checkingNUL { try Rules.noNUL(%s, "%s") }' % (prop, f.name), 2)
    elif f.is_message and f.repeated:
        # In place, as the encoder: reading an element out of the array would copy it.
        out.line("try %s.forEachInPlace { element, index throws(RTMWireError) in" % prop, 2)
        out.line("do throws(RTMWireError) { try %s._validate(element, limits, checkingNUL: checkingNUL) } "
                 'catch { throw error.prefixingPath("%s[\\(index)]") }' % (f.swift_scalar, f.name), 3)
        out.line("}", 2)
    elif f.is_message:
        out.line("if let value = %s {" % prop, 2)
        out.line(_validate_sub_message(f.name), 3)
        out.line("}", 2)
