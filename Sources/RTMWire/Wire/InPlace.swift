/// A message read where it is stored, an element of a repeated field in its array's storage,
/// lent for the duration of one call by ``Swift/Array/forEachInPlace(reversed:_:)``.
///
/// Reading an element out of an array copies it, and copying a message retains each of its
/// strings: for a list of small messages (metadata items, reaction counts) those copies cost
/// more than encoding the messages. A field read through this (`element.key`, by member lookup)
/// copies only that field. Generated encoders use it; it is not kept past the call.
@dynamicMemberLookup
@usableFromInline
struct InPlace<Message> {
    @usableFromInline let pointer: UnsafePointer<Message>

    @inlinable
    init(_ pointer: UnsafePointer<Message>) {
        self.pointer = pointer
    }

    /// The field at `field` of the message.
    @inlinable
    subscript<Value>(dynamicMember field: KeyPath<Message, Value>) -> Value {
        pointer.pointee[keyPath: field]
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
