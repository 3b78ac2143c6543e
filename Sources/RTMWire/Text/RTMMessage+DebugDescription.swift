extension RTMMessage {
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
