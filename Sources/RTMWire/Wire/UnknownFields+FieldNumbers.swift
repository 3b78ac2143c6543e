extension UnknownFields {
    /// The field numbers of the unknown fields, in the order they were read, one per occurrence.
    ///
    /// Fields kept by a decoder are always well-formed. Bytes given to
    /// ``init(encodedFields:)`` may not be: the scan stops at the first malformed field (and at
    /// groups nested deeper than 100) and returns the numbers before it.
    public var fieldNumbers: [Int] {
        var numbers: [Int] = []
        forEachFieldNumber { numbers.append($0) }
        return numbers
    }

    /// The number of the last unknown field numbered within `range`, or nil.
    public func lastFieldNumber(in range: ClosedRange<Int>) -> Int? {
        var last: Int?
        forEachFieldNumber { if range.contains($0) { last = $0 } }
        return last
    }

    private func forEachFieldNumber(_ body: (Int) -> Void) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let start = buffer.baseAddress, !buffer.isEmpty else { return }
            var reader = WireReader(base: start, count: buffer.count, maxDepth: 100)
            while true {
                let tagStart = reader.offset
                guard let tag = try? reader.nextTag() else { return }
                body(Int(tag.fieldNumber))
                guard (try? reader.skipValue(tag, tagStart: tagStart)) != nil else { return }
            }
        }
    }
}
