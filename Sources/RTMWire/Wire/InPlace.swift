/// A message read where it is stored, an element of a repeated field in its array's storage,
/// lent for the duration of one call by ``Swift/Array/forEachInPlace(reversed:_:)``.
///
/// Reading an element out of an array copies it, and copying a message retains each of its
/// strings: for a list of small messages (metadata items, reaction counts) those copies cost
/// more than encoding the messages. A field read through ``pointee`` (`element.pointee.key`)
/// copies only that field. Generated encoders use it; it is not kept past the call.
@usableFromInline
struct InPlace<Message> {
    @usableFromInline let pointer: UnsafePointer<Message>

    @inlinable
    init(_ pointer: UnsafePointer<Message>) {
        self.pointer = pointer
    }

    /// The message where it is stored, read by address: `pointee.key` loads that one field, as a
    /// stored property of an `UnsafePointer`'s `pointee` does. (A key-path member lookup did the
    /// same once optimised, but Embedded Swift has no key paths.)
    @inlinable
    var pointee: Message {
        unsafeAddress { pointer }
    }
}

extension Array {
    /// Calls `body` with each element in place and its index: first to last, or last to first
    /// when `reversed` (the backwards encoder's order).
    @inlinable
    func forEachInPlace<Failure: Error>(
        reversed: Bool = false, _ body: (InPlace<Element>, Int) throws(Failure) -> Void
    ) throws(Failure) {
        // The buffer's base address is nil only when it is empty, and then no index is visited.
        try withUnsafeBufferPointer { buffer throws(Failure) in
            guard let base = buffer.baseAddress else { return }
            if reversed {
                var index = buffer.count
                while index > 0 {
                    index &-= 1
                    try body(InPlace(base + index), index)
                }
            } else {
                for index in 0..<buffer.count { try body(InPlace(base + index), index) }
            }
        }
    }
}
