"""M+Text.swift (in RTMWireText): the fields a message prints in its debugDescription (through TextPrinter)."""

from schema import Message
from swift_source import SwiftSource, extension_file


def text_file(m: Message) -> str:
    return extension_file(m, _print_text, conformance="RTMTextPrintable")


def _print_text(out: SwiftSource, m: Message):
    out.line("public func _printText(to printer: inout TextPrinter) {", 1)
    for f in m.by_number:
        prop = "self." + f.prop
        if f.is_message:
            call = 'printer.message("%s", %%s)' % f.name
        elif f.is_enum:
            call = 'printer.field("%s", enum: %%s)' % f.name
        else:
            call = 'printer.field("%s", %%s)' % f.name
        if f.oneof is not None:
            out.line("if case .%s(let value)? = self.%s { %s }"
                     % (f.case, f.oneof.prop, call % "value"), 2)
        elif f.repeated:
            out.line("for value in %s { %s }" % (prop, call % "value"), 2)
        elif f.is_message:
            out.line("if let value = %s { %s }" % (prop, call % "value"), 2)
        else:
            out.line("if %s { %s }" % (f.nonzero(prop), call % prop), 2)
    out.line("printer.unknownFields(self.unknownFields)", 2)
    out.line("}", 1)
