import RTMWire

/// A message that describes itself for people (`debugDescription`, which `print` and the
/// debugger show): every type generated from the schemas conforms, in this module
/// (RTMWireText), so that an app that does not import it links no text-printing code.
public protocol RTMTextPrintable: RTMMessage, CustomDebugStringConvertible {
    /// Writes the fields that differ from their defaults, then the unknown fields, for
    /// `debugDescription`. Generated; not meant to be called or implemented by hand.
    func _printText(to printer: inout TextPrinter)
}

extension RTMTextPrintable {
    /// The message for people: its full name, then the fields that are set, one per line, in the
    /// style of protobuf's text format; unknown fields by number, only when there are any. See
    /// ``TextPrinter`` for the exact rules. `print(message)` shows this.
    ///
    /// ```
    /// rtmwire.v1.Envelope {
    ///   message_id: "m1"
    ///   sender {
    ///     user_id: "alice"
    ///   }
    ///   text {
    ///     text: "hi"
    ///   }
    /// }
    /// ```
    public var debugDescription: String {
        var printer = TextPrinter()
        _printText(to: &printer)
        return printer.text.isEmpty
            ? Self.protoFullName + " {}" : Self.protoFullName + " {\n" + printer.text + "}"
    }
}
