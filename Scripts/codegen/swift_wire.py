"""M+Wire.swift: size, encode (backwards, see WireWriter) and decode of a message."""

from schema import Field, Message
from swift_source import SwiftSource, extension_file
from rtmwire_tools.varint import tag


def _write_tag(field: Field) -> str:
    data = tag(field.number, field.wire_type)
    if len(data) == 1:
        return "writer.writeByte(0x%02X)" % data[0]
    if len(data) == 2:
        return "writer.writeTag(0x%02X, 0x%02X)" % (data[0], data[1])
    return "writer.writeVarint(%d)" % field.tag_value()


def _label(field: Field, wire_type=None) -> str:
    """The Swift case label of a raw tag value, e.g. `0x0A`."""
    return "0x%02X" % field.tag_value(wire_type)


def repeated_elements(messages) -> set:
    """Names of the messages that are elements of a repeated field somewhere: they also get an
    in-place encoder (see InPlace), which the repeated field's loop calls."""
    return {f.swift_scalar for m in messages for f in m.fields if f.is_message and f.repeated}


def wire_file(m: Message, elements: set) -> str:
    if m.name in elements:
        return extension_file(m, _size, _encode_forwarding, _encode_in_place, _merge)
    return extension_file(m, _size, _encode, _merge)


def _size(out: SwiftSource, m: Message):
    out.line("public func _wireSize() -> Int {", 1)
    out.line("var total = self.unknownFields.bytes.count", 2)
    for f in m.by_number:
        tag_length = f.tag_length
        prop = "self." + f.prop
        if f.oneof is not None:
            if f is not f.oneof.by_number[0]:
                continue
            # One switch per oneof: each `if case` would copy the whole enum to test it.
            out.line("switch self.%s {" % f.oneof.prop, 2)
            for member in f.oneof.by_number:
                out.line("case .%s(let value)?: total += %d + %s"
                         % (member.case, member.tag_length, member.size("value")), 2)
            out.line("case nil: break", 2)
            out.line("}", 2)
        elif f.is_message and not f.repeated:
            out.line("if let value = %s { total += %d + %s }"
                     % (prop, tag_length, f.size("value")), 2)
        else:
            add_value_size(out, f, prop)
    out.line("return total", 2)
    out.line("}", 1)


def add_value_size(out: SwiftSource, f: Field, prop: str, level: int = 2):
    """Adds the size of a field that is not a sub-message (a packed or repeated run, or one value)
    to `total`: shared by `_wireSize` and the checked walk (swift_validation.py), which writes
    these inside its `if sizing` block, a level deeper."""
    tag_length = f.tag_length
    if f.packed:
        out.line("if !%s.isEmpty {" % prop, level)
        out.line("var packedSize = 0", level + 1)
        out.line("for value in %s { packedSize += %s }" % (prop, f.size("value")), level + 1)
        out.line("total += %d + Varint.sizeWithLengthPrefix(packedSize)" % tag_length, level + 1)
        out.line("}", level)
    elif f.repeated:
        out.line("for value in %s { total += %d + %s }" % (prop, tag_length, f.size("value")),
                 level)
    else:
        out.line("if %s { total += %d + %s }" % (f.nonzero(prop), tag_length, f.size(prop)), level)


def _encode_forwarding(out: SwiftSource, m: Message):
    out.line("public func _encode(to writer: inout WireWriter) {", 1)
    out.line("withUnsafePointer(to: self) { Self._encode(InPlace($0), to: &writer) }", 2)
    out.line("}", 1)


def _encode_in_place(out: SwiftSource, m: Message):
    out.line("/// `_encode(to:)` of a message read where it is stored (an element of a repeated field).", 1)
    _encode(out, m, receiver="message")


def _encode(out: SwiftSource, m: Message, receiver: str = None):
    if receiver:
        out.line("static func _encode(_ %s: InPlace<Self>, to writer: inout WireWriter) {"
                 % receiver, 1)
    else:
        out.line("public func _encode(to writer: inout WireWriter) {", 1)
    # In place, each field is read through the pointer (see InPlace.pointee).
    recv = receiver + ".pointee" if receiver else "self"
    out.line("// Backwards (see WireWriter): unknown fields, which go last, then the fields from the", 2)
    out.line("// highest number down, each value before its tag.", 2)
    out.line("if !%s.unknownFields.isEmpty { writer.writeRaw(%s.unknownFields.bytes) }"
             % (recv, recv), 2)

    def value_then_tag(field, value, level):
        out.line(field.write(value), level)
        out.line(_write_tag(field), level)

    for f in reversed(m.by_number):
        prop = recv + "." + f.prop
        if f.oneof is not None and m.oneof_is_contiguous(f.oneof):
            # Members adjacent in field order: one switch, placed at the last of them.
            if f is not f.oneof.by_number[-1]:
                continue
            # On the unwrapped value: a switch on the optional reads the case twice (the
            # optional's, then the member's), each time from a copy of the whole enum.
            out.line("if let oneof = %s.%s {" % (recv, f.oneof.prop), 2)
            out.line("switch oneof {", 3)
            for member in f.oneof.by_number:
                out.line("case .%s(let value):" % member.case, 3)
                value_then_tag(member, "value", 4)
            out.line("}", 3)
            out.line("}", 2)
            continue
        if f.oneof is not None:
            out.line("if case .%s(let value)? = %s.%s {" % (f.case, recv, f.oneof.prop), 2)
            value_then_tag(f, "value", 3)
        elif f.packed:
            out.line("if !%s.isEmpty {" % prop, 2)
            out.line("writer.writePackedVarints(%s) { %s }" % (prop, f.to_varint("$0")), 3)
            out.line(_write_tag(f), 3)
        elif f.repeated and f.is_message:
            # In place: reading an element out of the array would copy it (retaining each
            # of its strings), which costs more than encoding a small message.
            out.line("%s.forEachInPlace(reversed: true) { element, _ in" % prop, 2)
            out.line("let end = writer.position", 3)
            out.line("%s._encode(element, to: &writer)" % f.swift_scalar, 3)
            out.line("writer.writeVarint(UInt64(end &- writer.position))", 3)
            out.line(_write_tag(f), 3)
        elif f.repeated:
            out.line("for value in %s.reversed() {" % prop, 2)
            value_then_tag(f, "value", 3)
        elif f.is_message:
            out.line("if let value = %s {" % prop, 2)
            value_then_tag(f, "value", 3)
        else:
            out.line("if %s {" % f.nonzero(prop), 2)
            value_then_tag(f, prop, 3)
        out.line("}", 2)
    out.line("}", 1)


def _merge(out: SwiftSource, m: Message):
    out.line("public mutating func _merge(from reader: inout WireReader) throws(RTMWireError) {", 1)
    out.line("while !reader.isAtEnd {", 2)
    out.line("let tagStart = reader.offset", 3)
    preserve = "try reader.preserveUnknown(rawTag: %s, tagStart: tagStart, into: &unknownFields)"
    if not m.by_number:
        out.line(preserve % "reader.readTag()", 3)
    else:
        out.line("let tag = try reader.readTag()", 3)
        out.line("switch tag {", 3)
        for f in m.by_number:
            _decode_case(out, f)
        out.line("default:", 3)
        out.line(preserve % "tag", 4)
        out.line("}", 3)
    out.line("}", 2)
    out.line("}", 1)


def _decode_case(out: SwiftSource, f: Field):
    """One `case` of the decoder's switch on the raw tag value."""
    name = '"%s"' % f.name
    prop = "self." + f.prop
    comment = "  // %s = %d" % (f.name, f.number)
    if f.packed:
        # A packed field also accepts its elements one by one (wire type varint).
        out.line("case %s, %s:%s" % (_label(f, 0), _label(f, 2), comment), 3)
        out.line("try reader.readRepeatedVarint(packed: tag == %s, into: &%s) { %s }"
                 % (_label(f, 2), prop, f.from_varint("$0")), 4)
        return
    out.line("case %s:%s" % (_label(f), comment), 3)
    if f.oneof is not None and f.is_message:
        # Move the oneof out (a repeated occurrence merges into the member already there;
        # another member is replaced): testing it in place would copy the whole enum. The first
        # occurrence, the usual case, finds it empty and moves nothing.
        oneof = "self." + f.oneof.prop
        out.lines([
            "var value = %s()" % f.swift_scalar,
            "if case .some = %s, case .%s(let existing)? = %s.take() { value = existing }"
            % (oneof, f.case, oneof),
            "try reader.mergeMessage(&value, field: %s)" % name,
            "%s = .%s(value)" % (oneof, f.case),
        ], 4)
    elif f.oneof is not None:
        out.line("self.%s = .%s(%s)" % (f.oneof.prop, f.case, f.read()), 4)
    elif f.repeated and f.is_message:
        out.line("try reader.mergeRepeatedMessage(into: &%s, field: %s, fieldStart: tagStart)"
                 % (prop, name), 4)
    elif f.repeated:
        out.line("let value = %s" % f.read(), 4)
        out.line("reader.appendRepeated(value, to: &%s, fieldStart: tagStart)" % prop, 4)
    elif f.is_message:
        # Merge in place: a repeated occurrence merges into the value already there.
        out.line("if %s == nil { %s = %s() }" % (prop, prop, f.swift_scalar), 4)
        out.line("try reader.mergeMessage(&%s!, field: %s)" % (prop, name), 4)
    else:
        out.line("%s = %s" % (prop, f.read()), 4)
